// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/inventory.h"

#include <QJsonArray>

namespace cm {

namespace {

QJsonArray toArray(const QStringList &l)
{
    return QJsonArray::fromStringList(l);
}

QStringList toStringList(const QJsonValue &v)
{
    QStringList out;
    const QJsonArray a = v.toArray();
    for (const QJsonValue &e : a)
        if (e.isString())
            out << e.toString();
    return out;
}

// Sizes go to JSON as numbers (doubles: exact up to 2^53 bytes = 8 PiB) and come back
// from numbers or strings.
quint64 toU64(const QJsonValue &v)
{
    if (v.isString())
        return v.toString().toULongLong();
    const double d = v.toDouble();
    return d > 0 ? static_cast<quint64>(d) : 0;
}

const BlockDevice *findIn(const QList<BlockDevice> &list, const QString &key)
{
    for (const BlockDevice &d : list) {
        if (d.name == key || (!d.path.isEmpty() && d.path == key))
            return &d;
        if (const BlockDevice *c = findIn(d.children, key))
            return c;
    }
    return nullptr;
}

} // namespace

bool operator==(const BlockDevice &a, const BlockDevice &b)
{
    return a.name == b.name && a.path == b.path && a.type == b.type && a.model == b.model && a.vendor == b.vendor
        && a.transport == b.transport && a.serial == b.serial && a.sizeBytes == b.sizeBytes
        && a.rotational == b.rotational && a.readOnly == b.readOnly && a.fstype == b.fstype && a.ptType == b.ptType
        && a.mountpoints == b.mountpoints && a.holders == b.holders && a.writeCache == b.writeCache
        && a.children == b.children;
}

bool operator==(const NodeInventory &a, const NodeInventory &b)
{
    return a.hostname == b.hostname && a.kernel == b.kernel && a.os == b.os && a.cpuModel == b.cpuModel
        && a.cpuCores == b.cpuCores && a.memTotalBytes == b.memTotalBytes && a.memAvailableBytes == b.memAvailableBytes
        && a.disks == b.disks && a.nics == b.nics && a.warnings == b.warnings;
}

QJsonObject BlockDevice::toJson() const
{
    QJsonObject o {
        {QStringLiteral("name"), name},
        {QStringLiteral("path"), path},
        {QStringLiteral("type"), type},
        {QStringLiteral("model"), model},
        {QStringLiteral("vendor"), vendor},
        {QStringLiteral("transport"), transport},
        {QStringLiteral("serial"), serial},
        {QStringLiteral("sizeBytes"), static_cast<double>(sizeBytes)},
        {QStringLiteral("rotational"), rotational},
        {QStringLiteral("readOnly"), readOnly},
        {QStringLiteral("fstype"), fstype},
        {QStringLiteral("ptType"), ptType},
        {QStringLiteral("mountpoints"), toArray(mountpoints)},
        {QStringLiteral("holders"), toArray(holders)},
        {QStringLiteral("writeCache"), writeCache},
    };
    QJsonArray kids;
    for (const BlockDevice &c : children)
        kids.append(c.toJson());
    o.insert(QStringLiteral("children"), kids);
    return o;
}

BlockDevice BlockDevice::fromJson(const QJsonObject &o)
{
    BlockDevice d;
    d.name = o.value(QStringLiteral("name")).toString();
    d.path = o.value(QStringLiteral("path")).toString();
    d.type = o.value(QStringLiteral("type")).toString();
    d.model = o.value(QStringLiteral("model")).toString();
    d.vendor = o.value(QStringLiteral("vendor")).toString();
    d.transport = o.value(QStringLiteral("transport")).toString();
    d.serial = o.value(QStringLiteral("serial")).toString();
    d.sizeBytes = toU64(o.value(QStringLiteral("sizeBytes")));
    d.rotational = o.value(QStringLiteral("rotational")).toBool();
    d.readOnly = o.value(QStringLiteral("readOnly")).toBool();
    d.fstype = o.value(QStringLiteral("fstype")).toString();
    d.ptType = o.value(QStringLiteral("ptType")).toString();
    d.mountpoints = toStringList(o.value(QStringLiteral("mountpoints")));
    d.holders = toStringList(o.value(QStringLiteral("holders")));
    d.writeCache = o.value(QStringLiteral("writeCache")).toString();
    const QJsonArray kids = o.value(QStringLiteral("children")).toArray();
    for (const QJsonValue &k : kids)
        if (k.isObject())
            d.children.append(BlockDevice::fromJson(k.toObject()));
    return d;
}

QJsonObject NicInfo::toJson() const
{
    return QJsonObject {
        {QStringLiteral("name"), name},
        {QStringLiteral("mac"), mac},
        {QStringLiteral("mtu"), mtu},
        {QStringLiteral("operState"), operState},
        {QStringLiteral("speedMbps"), speedMbps},
        {QStringLiteral("addresses"), toArray(addresses)},
        {QStringLiteral("master"), master},
    };
}

NicInfo NicInfo::fromJson(const QJsonObject &o)
{
    NicInfo n;
    n.name = o.value(QStringLiteral("name")).toString();
    n.mac = o.value(QStringLiteral("mac")).toString();
    n.mtu = o.value(QStringLiteral("mtu")).toInt();
    n.operState = o.value(QStringLiteral("operState")).toString();
    n.speedMbps = o.value(QStringLiteral("speedMbps")).toInt(-1);
    n.addresses = toStringList(o.value(QStringLiteral("addresses")));
    n.master = o.value(QStringLiteral("master")).toString();
    return n;
}

QJsonObject NodeInventory::toJson() const
{
    QJsonArray disksA, nicsA;
    for (const BlockDevice &d : disks)
        disksA.append(d.toJson());
    for (const NicInfo &n : nics)
        nicsA.append(n.toJson());
    return QJsonObject {
        {QStringLiteral("hostname"), hostname},
        {QStringLiteral("kernel"), kernel},
        {QStringLiteral("os"), os},
        {QStringLiteral("cpuModel"), cpuModel},
        {QStringLiteral("cpuCores"), cpuCores},
        {QStringLiteral("memTotalBytes"), static_cast<double>(memTotalBytes)},
        {QStringLiteral("memAvailableBytes"), static_cast<double>(memAvailableBytes)},
        {QStringLiteral("disks"), disksA},
        {QStringLiteral("nics"), nicsA},
        {QStringLiteral("warnings"), toArray(warnings)},
    };
}

NodeInventory NodeInventory::fromJson(const QJsonObject &o)
{
    NodeInventory inv;
    inv.hostname = o.value(QStringLiteral("hostname")).toString();
    inv.kernel = o.value(QStringLiteral("kernel")).toString();
    inv.os = o.value(QStringLiteral("os")).toString();
    inv.cpuModel = o.value(QStringLiteral("cpuModel")).toString();
    inv.cpuCores = o.value(QStringLiteral("cpuCores")).toInt();
    inv.memTotalBytes = toU64(o.value(QStringLiteral("memTotalBytes")));
    inv.memAvailableBytes = toU64(o.value(QStringLiteral("memAvailableBytes")));
    for (const QJsonValue &v : o.value(QStringLiteral("disks")).toArray())
        if (v.isObject())
            inv.disks.append(BlockDevice::fromJson(v.toObject()));
    for (const QJsonValue &v : o.value(QStringLiteral("nics")).toArray())
        if (v.isObject())
            inv.nics.append(NicInfo::fromJson(v.toObject()));
    inv.warnings = toStringList(o.value(QStringLiteral("warnings")));
    return inv;
}

const BlockDevice *NodeInventory::findDevice(const QString &nameOrPath) const
{
    return findIn(disks, nameOrPath);
}

const NicInfo *NodeInventory::findNic(const QString &name) const
{
    for (const NicInfo &n : nics)
        if (n.name == name)
            return &n;
    return nullptr;
}

} // namespace cm
