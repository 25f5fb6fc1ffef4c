// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/lsblkparser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cm {

namespace {

constexpr int MaxDepth = 32; // real trees are 3-4 deep (disk, part, lvm, crypt)

QString text(const QJsonValue &v)
{
    if (v.isString())
        return v.toString().trimmed(); // older lsblk pads MODEL with spaces
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 17);
    if (v.isBool())
        return v.toBool() ? QStringLiteral("1") : QStringLiteral("0");
    return {};
}

quint64 number(const QJsonValue &v, bool *ok)
{
    *ok = true;
    if (v.isDouble()) {
        const double d = v.toDouble();
        if (d >= 0 && d < 1.8e19)
            return static_cast<quint64>(d);
    } else if (v.isString()) {
        bool conv = false;
        const quint64 n = v.toString().trimmed().toULongLong(&conv);
        if (conv)
            return n;
    } else if (v.isNull() || v.isUndefined()) {
        return 0;
    }
    *ok = false;
    return 0;
}

bool flag(const QJsonValue &v, bool *ok)
{
    *ok = true;
    if (v.isBool())
        return v.toBool();
    if (v.isDouble())
        return v.toDouble() != 0;
    if (v.isString()) {
        const QString s = v.toString().trimmed().toLower();
        if (s == QLatin1String("1") || s == QLatin1String("true"))
            return true;
        if (s == QLatin1String("0") || s == QLatin1String("false") || s.isEmpty())
            return false;
    } else if (v.isNull() || v.isUndefined()) {
        return false;
    }
    *ok = false;
    return false;
}

QString defaultPath(const QString &name, const QString &type)
{
    if (name.isEmpty())
        return {};
    if (type == QLatin1String("lvm") || type == QLatin1String("crypt") || type == QLatin1String("dm")
        || type == QLatin1String("mpath"))
        return QStringLiteral("/dev/mapper/") + name;
    return QStringLiteral("/dev/") + name;
}

BlockDevice parseDevice(const QJsonObject &o, int depth, QStringList &warnings)
{
    BlockDevice d;
    d.name = text(o.value(QLatin1String("name")));
    d.type = text(o.value(QLatin1String("type")));
    d.path = text(o.value(QLatin1String("path")));
    if (d.path.isEmpty())
        d.path = defaultPath(d.name, d.type);
    d.model = text(o.value(QLatin1String("model")));
    d.vendor = text(o.value(QLatin1String("vendor")));
    d.transport = text(o.value(QLatin1String("tran")));
    d.serial = text(o.value(QLatin1String("serial")));
    d.fstype = text(o.value(QLatin1String("fstype")));
    d.ptType = text(o.value(QLatin1String("pttype")));

    bool ok = true;
    d.sizeBytes = number(o.value(QLatin1String("size")), &ok);
    if (!ok)
        warnings << QStringLiteral("lsblk: %1: size is not a byte count (was -b given?)").arg(d.name);
    d.rotational = flag(o.value(QLatin1String("rota")), &ok);
    if (!ok)
        warnings << QStringLiteral("lsblk: %1: unexpected ROTA value").arg(d.name);
    d.readOnly = flag(o.value(QLatin1String("ro")), &ok);
    if (!ok)
        warnings << QStringLiteral("lsblk: %1: unexpected RO value").arg(d.name);

    const QJsonValue mps = o.value(QLatin1String("mountpoints"));
    if (mps.isArray()) {
        for (const QJsonValue &m : mps.toArray())
            if (m.isString() && !m.toString().isEmpty())
                d.mountpoints << m.toString();
    } else {
        const QJsonValue mp = o.value(QLatin1String("mountpoint"));
        if (mp.isString() && !mp.toString().isEmpty())
            d.mountpoints << mp.toString();
    }

    const QJsonValue kids = o.value(QLatin1String("children"));
    if (kids.isArray()) {
        if (depth >= MaxDepth) {
            warnings << QStringLiteral("lsblk: %1: device tree deeper than %2 levels, rest ignored")
                            .arg(d.name)
                            .arg(MaxDepth);
        } else {
            for (const QJsonValue &k : kids.toArray()) {
                if (!k.isObject()) {
                    warnings << QStringLiteral("lsblk: %1: a child entry is not an object").arg(d.name);
                    continue;
                }
                d.children.append(parseDevice(k.toObject(), depth + 1, warnings));
            }
        }
    }
    if (d.name.isEmpty())
        warnings << QStringLiteral("lsblk: a device without a name");
    return d;
}

} // namespace

LsblkResult parseLsblk(const QByteArray &json)
{
    LsblkResult res;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError) {
        res.error = Error(Error::Code::ParseError,
            QStringLiteral("lsblk output is not JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset),
            QStringLiteral("lsblk"));
        return res;
    }
    const QJsonValue list = doc.object().value(QLatin1String("blockdevices"));
    if (!doc.isObject() || !list.isArray()) {
        res.error = Error(Error::Code::ParseError, QStringLiteral("lsblk output has no \"blockdevices\" array"),
            QStringLiteral("lsblk"));
        return res;
    }
    for (const QJsonValue &v : list.toArray()) {
        if (!v.isObject()) {
            res.warnings << QStringLiteral("lsblk: a top-level entry is not an object");
            continue;
        }
        res.devices.append(parseDevice(v.toObject(), 0, res.warnings));
    }
    return res;
}

} // namespace cm
