// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/cephinventory.h"

#include <QJsonArray>

namespace cm {

namespace {

QJsonArray strings(const QStringList &l)
{
    return QJsonArray::fromStringList(l);
}

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &s : v.toArray())
        out << s.toString();
    return out;
}

template <typename T> QJsonArray toArray(const QList<T> &list)
{
    QJsonArray a;
    for (const T &x : list)
        a.append(x.toJson());
    return a;
}

template <typename T> QList<T> fromArray(const QJsonValue &v)
{
    QList<T> out;
    for (const QJsonValue &x : v.toArray())
        out << T::fromJson(x.toObject());
    return out;
}

} // namespace

QJsonObject CephHealthCheck::toJson() const
{
    return {
        {QStringLiteral("code"), code}, {QStringLiteral("severity"), severity}, {QStringLiteral("summary"), summary}};
}

CephHealthCheck CephHealthCheck::fromJson(const QJsonObject &o)
{
    return {o.value(QStringLiteral("code")).toString(), o.value(QStringLiteral("severity")).toString(),
        o.value(QStringLiteral("summary")).toString()};
}

QJsonObject CephOsd::toJson() const
{
    return {{QStringLiteral("id"), id}, {QStringLiteral("name"), name}, {QStringLiteral("host"), host},
        {QStringLiteral("deviceClass"), deviceClass}, {QStringLiteral("up"), up}, {QStringLiteral("in"), in},
        {QStringLiteral("crushWeight"), crushWeight}, {QStringLiteral("reweight"), reweight},
        {QStringLiteral("utilization"), utilization}, {QStringLiteral("kb"), double(kb)},
        {QStringLiteral("kbUsed"), double(kbUsed)}, {QStringLiteral("pgs"), pgs}};
}

CephOsd CephOsd::fromJson(const QJsonObject &o)
{
    CephOsd d;
    d.id = o.value(QStringLiteral("id")).toInt(-1);
    d.name = o.value(QStringLiteral("name")).toString();
    d.host = o.value(QStringLiteral("host")).toString();
    d.deviceClass = o.value(QStringLiteral("deviceClass")).toString();
    d.up = o.value(QStringLiteral("up")).toBool();
    d.in = o.value(QStringLiteral("in")).toBool();
    d.crushWeight = o.value(QStringLiteral("crushWeight")).toDouble();
    d.reweight = o.value(QStringLiteral("reweight")).toDouble();
    d.utilization = o.value(QStringLiteral("utilization")).toDouble();
    d.kb = qint64(o.value(QStringLiteral("kb")).toDouble());
    d.kbUsed = qint64(o.value(QStringLiteral("kbUsed")).toDouble());
    d.pgs = o.value(QStringLiteral("pgs")).toInt();
    return d;
}

QJsonObject CephPool::toJson() const
{
    QJsonObject o {{QStringLiteral("id"), id}, {QStringLiteral("name"), name}, {QStringLiteral("size"), size},
        {QStringLiteral("minSize"), minSize}, {QStringLiteral("pgNum"), pgNum},
        {QStringLiteral("type"), isErasure() ? QStringLiteral("erasure") : QStringLiteral("replicated")},
        {QStringLiteral("applications"), strings(applications)}, {QStringLiteral("crushRule"), crushRule}};
    if (isErasure()) {
        o.insert(QStringLiteral("erasureCodeProfile"), erasureCodeProfile);
        o.insert(QStringLiteral("k"), k);
        o.insert(QStringLiteral("m"), m);
    }
    return o;
}

CephPool CephPool::fromJson(const QJsonObject &o)
{
    CephPool p;
    p.id = o.value(QStringLiteral("id")).toInt(-1);
    p.name = o.value(QStringLiteral("name")).toString();
    p.size = o.value(QStringLiteral("size")).toInt();
    p.minSize = o.value(QStringLiteral("minSize")).toInt();
    p.pgNum = o.value(QStringLiteral("pgNum")).toInt();
    p.type = o.value(QStringLiteral("type")).toString() == QLatin1String("erasure") ? Type::Erasure : Type::Replicated;
    p.erasureCodeProfile = o.value(QStringLiteral("erasureCodeProfile")).toString();
    p.k = o.value(QStringLiteral("k")).toInt();
    p.m = o.value(QStringLiteral("m")).toInt();
    p.applications = strings(o.value(QStringLiteral("applications")));
    p.crushRule = o.value(QStringLiteral("crushRule")).toInt();
    return p;
}

QJsonObject CephFilesystem::toJson() const
{
    return {{QStringLiteral("name"), name}, {QStringLiteral("metadataPool"), metadataPool},
        {QStringLiteral("dataPools"), strings(dataPools)}, {QStringLiteral("mdsActive"), mdsActive}};
}

CephFilesystem CephFilesystem::fromJson(const QJsonObject &o)
{
    return {o.value(QStringLiteral("name")).toString(), o.value(QStringLiteral("metadataPool")).toString(),
        strings(o.value(QStringLiteral("dataPools"))), o.value(QStringLiteral("mdsActive")).toInt()};
}

QJsonObject CephRgwDaemon::toJson() const
{
    return {{QStringLiteral("name"), name}, {QStringLiteral("host"), host}, {QStringLiteral("endpoint"), endpoint}};
}

CephRgwDaemon CephRgwDaemon::fromJson(const QJsonObject &o)
{
    return {o.value(QStringLiteral("name")).toString(), o.value(QStringLiteral("host")).toString(),
        o.value(QStringLiteral("endpoint")).toString()};
}

const CephPool *CephInventory::pool(const QString &name) const
{
    for (const CephPool &p : pools)
        if (p.name == name)
            return &p;
    return nullptr;
}

const CephOsd *CephInventory::osd(int id) const
{
    for (const CephOsd &o : osds)
        if (o.id == id)
            return &o;
    return nullptr;
}

bool CephInventory::hasCheck(const QString &code) const
{
    for (const CephHealthCheck &c : checks)
        if (c.code == code)
            return true;
    return false;
}

QJsonObject CephInventory::toJson() const
{
    QJsonObject v;
    for (auto it = versions.begin(); it != versions.end(); ++it)
        v.insert(it.key(), strings(it.value()));
    QJsonObject h;
    for (auto it = hosts.begin(); it != hosts.end(); ++it) {
        QJsonArray ids;
        for (int id : it.value())
            ids.append(id);
        h.insert(it.key(), ids);
    }
    return {{QStringLiteral("fsid"), fsid}, {QStringLiteral("health"), healthStatus},
        {QStringLiteral("checks"), toArray(checks)}, {QStringLiteral("versions"), v}, {QStringLiteral("hosts"), h},
        {QStringLiteral("osds"), toArray(osds)}, {QStringLiteral("pools"), toArray(pools)},
        {QStringLiteral("filesystems"), toArray(filesystems)}, {QStringLiteral("rgwDaemons"), toArray(rgwDaemons)},
        {QStringLiteral("warnings"), strings(warnings)}};
}

CephInventory CephInventory::fromJson(const QJsonObject &o)
{
    CephInventory inv;
    inv.fsid = o.value(QStringLiteral("fsid")).toString();
    inv.healthStatus = o.value(QStringLiteral("health")).toString();
    inv.checks = fromArray<CephHealthCheck>(o.value(QStringLiteral("checks")));
    const QJsonObject v = o.value(QStringLiteral("versions")).toObject();
    for (auto it = v.begin(); it != v.end(); ++it)
        inv.versions.insert(it.key(), strings(it.value()));
    const QJsonObject h = o.value(QStringLiteral("hosts")).toObject();
    for (auto it = h.begin(); it != h.end(); ++it) {
        QList<int> ids;
        for (const QJsonValue &id : it.value().toArray())
            ids << id.toInt();
        inv.hosts.insert(it.key(), ids);
    }
    inv.osds = fromArray<CephOsd>(o.value(QStringLiteral("osds")));
    inv.pools = fromArray<CephPool>(o.value(QStringLiteral("pools")));
    inv.filesystems = fromArray<CephFilesystem>(o.value(QStringLiteral("filesystems")));
    inv.rgwDaemons = fromArray<CephRgwDaemon>(o.value(QStringLiteral("rgwDaemons")));
    inv.warnings = strings(o.value(QStringLiteral("warnings")));
    return inv;
}

} // namespace cm
