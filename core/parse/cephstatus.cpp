// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/cephstatus.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cm {

QString CephHealthSnapshot::healthName(Health h)
{
    switch (h) {
    case Health::Ok: return QStringLiteral("HEALTH_OK");
    case Health::Warn: return QStringLiteral("HEALTH_WARN");
    case Health::Err: return QStringLiteral("HEALTH_ERR");
    case Health::Unknown: break;
    }
    return QStringLiteral("unknown");
}

CephHealthSnapshot parseCephHealthSnapshot(const QByteArray &json, Error *error, QStringList *warnings)
{
    CephHealthSnapshot s;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error)
            *error = Error(Error::Code::ParseError,
                QStringLiteral("ceph status is not a JSON object: %1 at offset %2")
                    .arg(pe.errorString())
                    .arg(pe.offset),
                QStringLiteral("ceph status"));
        return s;
    }
    const QJsonObject root = doc.object();
    const QJsonObject health = root.value(QStringLiteral("health")).toObject();
    const QString status = health.value(QStringLiteral("status")).toString();
    if (status == QLatin1String("HEALTH_OK"))
        s.health = CephHealthSnapshot::Health::Ok;
    else if (status == QLatin1String("HEALTH_WARN"))
        s.health = CephHealthSnapshot::Health::Warn;
    else if (status == QLatin1String("HEALTH_ERR"))
        s.health = CephHealthSnapshot::Health::Err;
    else if (warnings)
        *warnings << QStringLiteral("unknown health status \"%1\"").arg(status);
    const QJsonObject checks = health.value(QStringLiteral("checks")).toObject();
    for (auto it = checks.begin(); it != checks.end(); ++it) {
        const QString msg = it.value()
                                .toObject()
                                .value(QStringLiteral("summary"))
                                .toObject()
                                .value(QStringLiteral("message"))
                                .toString();
        s.checks << (msg.isEmpty() ? it.key() : it.key() + QStringLiteral(": ") + msg);
    }
    const QJsonObject pgmap = root.value(QStringLiteral("pgmap")).toObject();
    if (pgmap.isEmpty() && warnings)
        *warnings << QStringLiteral("ceph status without a pgmap");
    s.pgsTotal = pgmap.value(QStringLiteral("num_pgs")).toInt();
    for (const QJsonValue &v : pgmap.value(QStringLiteral("pgs_by_state")).toArray()) {
        const QJsonObject o = v.toObject();
        const QString state = o.value(QStringLiteral("state_name")).toString();
        const int count = qMax(0, o.value(QStringLiteral("count")).toInt());
        if (state.contains(QLatin1String("recover")))
            s.pgsRecovering += count;
        if (state.contains(QLatin1String("backfill")))
            s.pgsBackfilling += count;
        if (state.contains(QLatin1String("scrub")))
            s.pgsScrubbing += count;
        if (state.contains(QLatin1String("degraded")))
            s.pgsDegraded += count;
    }
    if (error)
        *error = {};
    return s;
}

} // namespace cm
