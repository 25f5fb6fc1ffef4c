// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/crosscheck.h"

#include <QJsonArray>

#include <cmath>

namespace cm {

namespace {

double percent(double ceph, double client)
{
    return client > 0 ? (ceph - client) / client * 100.0 : 0.0;
}

QString signedPercent(double p)
{
    const QString n = QString::number(std::abs(p), 'f', std::abs(p) < 10 ? 1 : 0);
    return (p < 0 ? QStringLiteral("−") : QStringLiteral("+")) + n + QStringLiteral(" %");
}

} // namespace

IoCounts IoCounts::fromSummary(const QJsonObject &summary)
{
    const QJsonObject r = summary.value(QStringLiteral("read")).toObject();
    const QJsonObject w = summary.value(QStringLiteral("write")).toObject();
    return {r.value(QStringLiteral("io_bytes")).toDouble(), r.value(QStringLiteral("total_ios")).toDouble(),
        w.value(QStringLiteral("io_bytes")).toDouble(), w.value(QStringLiteral("total_ios")).toDouble()};
}

double CrossCheckDirection::bytesDiffPercent() const
{
    return percent(cephBytes, clientBytes);
}

std::optional<double> CrossCheckDirection::opsDiffPercent() const
{
    if (!cephOps || clientOps <= 0)
        return std::nullopt;
    return percent(*cephOps, clientOps);
}

bool CrossCheck::flagged() const
{
    return !settled || worstPercent() > kFlagPercent;
}

double CrossCheck::worstPercent() const
{
    double worst = 0;
    for (const CrossCheckDirection &d : dirs)
        worst = std::max(worst, std::abs(d.bytesDiffPercent()));
    return worst;
}

QJsonObject CrossCheck::toJson() const
{
    QJsonArray a;
    for (const CrossCheckDirection &d : dirs) {
        QJsonObject o {{QStringLiteral("dir"), d.dir}, {QStringLiteral("client_bytes"), d.clientBytes},
            {QStringLiteral("ceph_bytes"), d.cephBytes}, {QStringLiteral("client_ops"), d.clientOps},
            {QStringLiteral("bytes_diff_pct"), d.bytesDiffPercent()}};
        if (d.cephOps)
            o.insert(QStringLiteral("ceph_ops"), *d.cephOps);
        a.append(o);
    }
    return {{QStringLiteral("pools"), QJsonArray::fromStringList(pools)}, {QStringLiteral("dirs"), a},
        {QStringLiteral("settled"), settled}, {QStringLiteral("flagged"), flagged()}};
}

std::optional<CrossCheck> CrossCheck::fromJson(const QJsonValue &v)
{
    if (!v.isObject())
        return std::nullopt;
    const QJsonObject o = v.toObject();
    CrossCheck c;
    for (const QJsonValue &p : o.value(QStringLiteral("pools")).toArray())
        c.pools << p.toString();
    c.settled = o.value(QStringLiteral("settled")).toBool(true);
    for (const QJsonValue &dv : o.value(QStringLiteral("dirs")).toArray()) {
        const QJsonObject d = dv.toObject();
        CrossCheckDirection x;
        x.dir = d.value(QStringLiteral("dir")).toString();
        x.clientBytes = d.value(QStringLiteral("client_bytes")).toDouble();
        x.cephBytes = d.value(QStringLiteral("ceph_bytes")).toDouble();
        x.clientOps = d.value(QStringLiteral("client_ops")).toDouble();
        if (d.value(QStringLiteral("ceph_ops")).isDouble())
            x.cephOps = d.value(QStringLiteral("ceph_ops")).toDouble();
        if (x.dir.isEmpty() || !std::isfinite(x.clientBytes) || !std::isfinite(x.cephBytes))
            return std::nullopt;
        c.dirs << x;
    }
    if (c.dirs.isEmpty())
        return std::nullopt;
    return c;
}

QString CrossCheck::describe() const
{
    QStringList parts;
    for (const CrossCheckDirection &d : dirs) {
        QString s = QStringLiteral("%1 %2 bytes").arg(d.dir, signedPercent(d.bytesDiffPercent()));
        if (const auto ops = d.opsDiffPercent())
            s += QStringLiteral(", %1 ops").arg(signedPercent(*ops));
        parts << s;
    }
    QString text = QStringLiteral("Ceph's count: %1 (pool %2)")
                       .arg(parts.join(QStringLiteral("; ")), pools.join(QStringLiteral(", ")));
    if (!settled)
        text += QStringLiteral(", still moving when checked");
    else if (flagged())
        text += QStringLiteral(": off by more than %1 %").arg(kFlagPercent);
    return text;
}

CrossCheck judgeCrossCheck(const CrossCheckPools &spec, const IoCounts &client, const IoCounts &cephDelta, bool settled)
{
    CrossCheck c;
    c.pools = spec.pools;
    c.settled = settled;
    if (client.readBytes > 0)
        c.dirs << CrossCheckDirection {QStringLiteral("read"), client.readBytes, cephDelta.readBytes, client.readOps,
            spec.opsComparable ? std::optional<double>(cephDelta.readOps) : std::nullopt};
    if (client.writeBytes > 0)
        c.dirs << CrossCheckDirection {
            QStringLiteral("write"), client.writeBytes, cephDelta.writeBytes, client.writeOps, std::nullopt};
    return c;
}

} // namespace cm
