// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/ipaddrparser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cm {

namespace {

int toInt(const QJsonValue &v)
{
    if (v.isDouble()) {
        const double d = v.toDouble();
        return (d >= 0 && d <= 1e9) ? static_cast<int>(d) : 0;
    }
    if (v.isString())
        return v.toString().toInt();
    return 0;
}

} // namespace

IpAddrResult parseIpAddr(const QByteArray &json)
{
    IpAddrResult res;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError) {
        res.error = Error(Error::Code::ParseError,
            QStringLiteral("ip -j addr output is not JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset),
            QStringLiteral("ip"));
        return res;
    }
    if (!doc.isArray()) {
        res.error = Error(
            Error::Code::ParseError, QStringLiteral("ip -j addr output is not a JSON array"), QStringLiteral("ip"));
        return res;
    }
    for (const QJsonValue &v : doc.array()) {
        const QJsonObject o = v.toObject();
        if (o.isEmpty())
            continue; // iproute2 4.x prints {} for links filtered out
        NicInfo n;
        n.name = o.value(QLatin1String("ifname")).toString();
        if (n.name.isEmpty()) {
            res.warnings << QStringLiteral("ip: an entry without \"ifname\" was skipped");
            continue;
        }
        n.mac = o.value(QLatin1String("address")).toString();
        n.mtu = toInt(o.value(QLatin1String("mtu")));
        n.operState = o.value(QLatin1String("operstate")).toString();
        n.master = o.value(QLatin1String("master")).toString();
        const QJsonValue addrs = o.value(QLatin1String("addr_info"));
        for (const QJsonValue &a : addrs.toArray()) {
            const QJsonObject ao = a.toObject();
            const QString local = ao.value(QLatin1String("local")).toString();
            if (local.isEmpty())
                continue;
            const QJsonValue plen = ao.value(QLatin1String("prefixlen"));
            n.addresses << (plen.isUndefined() ? local : local + QLatin1Char('/') + QString::number(toInt(plen)));
        }
        res.nics.append(n);
    }
    return res;
}

} // namespace cm
