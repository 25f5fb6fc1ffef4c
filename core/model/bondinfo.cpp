// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/bondinfo.h"

#include <QJsonArray>
#include <QSet>

namespace cm {

namespace {

int intOr(const QJsonObject &o, const char *key, int dflt = -1)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? v.toInt(dflt) : dflt;
}

QString str(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toString();
}

} // namespace

QJsonObject BondSlave::toJson() const
{
    return QJsonObject {
        {QStringLiteral("name"), name},
        {QStringLiteral("miiStatus"), miiStatus},
        {QStringLiteral("speedMbps"), speedMbps},
        {QStringLiteral("duplex"), duplex},
        {QStringLiteral("linkFailureCount"), linkFailureCount},
        {QStringLiteral("permanentHwAddr"), permanentHwAddr},
        {QStringLiteral("queueId"), queueId},
        {QStringLiteral("aggregatorId"), aggregatorId},
        {QStringLiteral("actorChurnState"), actorChurnState},
        {QStringLiteral("partnerChurnState"), partnerChurnState},
        {QStringLiteral("actorPortState"), actorPortState},
        {QStringLiteral("partnerPortState"), partnerPortState},
        {QStringLiteral("partnerSystemMac"), partnerSystemMac},
    };
}

BondSlave BondSlave::fromJson(const QJsonObject &o)
{
    BondSlave s;
    s.name = str(o, "name");
    s.miiStatus = str(o, "miiStatus");
    s.speedMbps = intOr(o, "speedMbps");
    s.duplex = str(o, "duplex");
    s.linkFailureCount = intOr(o, "linkFailureCount", 0);
    s.permanentHwAddr = str(o, "permanentHwAddr");
    s.queueId = intOr(o, "queueId");
    s.aggregatorId = intOr(o, "aggregatorId");
    s.actorChurnState = str(o, "actorChurnState");
    s.partnerChurnState = str(o, "partnerChurnState");
    s.actorPortState = intOr(o, "actorPortState");
    s.partnerPortState = intOr(o, "partnerPortState");
    s.partnerSystemMac = str(o, "partnerSystemMac");
    return s;
}

QJsonObject BondAdInfo::toJson() const
{
    return QJsonObject {
        {QStringLiteral("present"), present},
        {QStringLiteral("lacpActive"), lacpActive},
        {QStringLiteral("lacpRate"), lacpRate},
        {QStringLiteral("minLinks"), minLinks},
        {QStringLiteral("adSelect"), adSelect},
        {QStringLiteral("systemPriority"), systemPriority},
        {QStringLiteral("systemMac"), systemMac},
        {QStringLiteral("aggregatorReported"), aggregatorReported},
        {QStringLiteral("hasActiveAggregator"), hasActiveAggregator},
        {QStringLiteral("activeAggregatorId"), activeAggregatorId},
        {QStringLiteral("numberOfPorts"), numberOfPorts},
        {QStringLiteral("actorKey"), actorKey},
        {QStringLiteral("partnerKey"), partnerKey},
        {QStringLiteral("partnerMac"), partnerMac},
    };
}

BondAdInfo BondAdInfo::fromJson(const QJsonObject &o)
{
    BondAdInfo a;
    a.present = o.value(QLatin1String("present")).toBool();
    a.lacpActive = str(o, "lacpActive");
    a.lacpRate = str(o, "lacpRate");
    a.minLinks = intOr(o, "minLinks");
    a.adSelect = str(o, "adSelect");
    a.systemPriority = intOr(o, "systemPriority");
    a.systemMac = str(o, "systemMac");
    a.aggregatorReported = o.value(QLatin1String("aggregatorReported")).toBool();
    a.hasActiveAggregator = o.value(QLatin1String("hasActiveAggregator")).toBool();
    a.activeAggregatorId = intOr(o, "activeAggregatorId");
    a.numberOfPorts = intOr(o, "numberOfPorts");
    a.actorKey = intOr(o, "actorKey");
    a.partnerKey = intOr(o, "partnerKey");
    a.partnerMac = str(o, "partnerMac");
    return a;
}

qint64 BondInfo::sumSlaveSpeedMbps() const
{
    qint64 sum = 0;
    for (const BondSlave &s : slaves)
        if (s.isUp() && s.speedMbps > 0)
            sum += s.speedMbps;
    return sum;
}

QStringList BondInfo::carryingSlaves() const
{
    QStringList out;
    for (const BondSlave &s : slaves) {
        if (!s.isUp())
            continue;
        if (mode == QLatin1String("active-backup") && s.name != currentlyActiveSlave)
            continue;
        // Without the aggregator lines (not root) every up slave may carry traffic.
        if (mode == QLatin1String("802.3ad") && ad.aggregatorReported
            && (!ad.hasActiveAggregator || s.aggregatorId != ad.activeAggregatorId))
            continue;
        out << s.name;
    }
    return out;
}

QStringList BondInfo::problems() const
{
    QStringList out;
    if (!miiStatus.isEmpty() && miiStatus != QLatin1String("up"))
        out << QStringLiteral("bond MII status is %1").arg(miiStatus);
    if (slaves.isEmpty())
        out << QStringLiteral("bond has no slaves");
    QSet<int> speeds;
    for (const BondSlave &s : slaves) {
        if (!s.isUp())
            out << QStringLiteral("slave %1 is %2")
                       .arg(s.name, s.miiStatus.isEmpty() ? QStringLiteral("not up") : s.miiStatus);
        if (s.isUp() && s.speedMbps > 0)
            speeds.insert(s.speedMbps);
        if (mode == QLatin1String("802.3ad") && ad.hasActiveAggregator && s.aggregatorId != ad.activeAggregatorId)
            out << QStringLiteral("slave %1 is in aggregator %2, not in the active aggregator %3: it carries nothing")
                       .arg(s.name, s.aggregatorId < 0 ? QStringLiteral("N/A") : QString::number(s.aggregatorId))
                       .arg(ad.activeAggregatorId);
    }
    if (speeds.size() > 1)
        out << QStringLiteral("slaves run at different speeds");
    if (mode == QLatin1String("802.3ad")) {
        if (ad.aggregatorReported && !ad.hasActiveAggregator)
            out << QStringLiteral("no active aggregator");
        if (ad.hasActiveAggregator && ad.partnerMac == QLatin1String("00:00:00:00:00:00"))
            out << QStringLiteral("no LACP partner answered (partner MAC 00:00:00:00:00:00)");
    }
    if ((mode == QLatin1String("802.3ad") || mode == QLatin1String("balance-xor"))
        && (transmitHashPolicy == QLatin1String("layer2") || transmitHashPolicy == QLatin1String("layer2+3")))
        out << QStringLiteral("transmit hash policy %1 sends all traffic between two hosts over one link")
                   .arg(transmitHashPolicy);
    return out;
}

const BondSlave *BondInfo::findSlave(const QString &n) const
{
    for (const BondSlave &s : slaves)
        if (s.name == n)
            return &s;
    return nullptr;
}

QJsonObject BondInfo::toJson() const
{
    QJsonArray sl;
    for (const BondSlave &s : slaves)
        sl.append(s.toJson());
    return QJsonObject {
        {QStringLiteral("name"), name},
        {QStringLiteral("driverVersion"), driverVersion},
        {QStringLiteral("mode"), mode},
        {QStringLiteral("modeDescription"), modeDescription},
        {QStringLiteral("failOverMac"), failOverMac},
        {QStringLiteral("transmitHashPolicy"), transmitHashPolicy},
        {QStringLiteral("transmitHashPolicyId"), transmitHashPolicyId},
        {QStringLiteral("primarySlave"), primarySlave},
        {QStringLiteral("currentlyActiveSlave"), currentlyActiveSlave},
        {QStringLiteral("miiStatus"), miiStatus},
        {QStringLiteral("miiPollingMs"), miiPollingMs},
        {QStringLiteral("upDelayMs"), upDelayMs},
        {QStringLiteral("downDelayMs"), downDelayMs},
        {QStringLiteral("arpPollingMs"), arpPollingMs},
        {QStringLiteral("arpTargets"), QJsonArray::fromStringList(arpTargets)},
        {QStringLiteral("slaves"), sl},
        {QStringLiteral("ad"), ad.toJson()},
    };
}

BondInfo BondInfo::fromJson(const QJsonObject &o)
{
    BondInfo b;
    b.name = str(o, "name");
    b.driverVersion = str(o, "driverVersion");
    b.mode = str(o, "mode");
    b.modeDescription = str(o, "modeDescription");
    b.failOverMac = str(o, "failOverMac");
    b.transmitHashPolicy = str(o, "transmitHashPolicy");
    b.transmitHashPolicyId = intOr(o, "transmitHashPolicyId");
    b.primarySlave = str(o, "primarySlave");
    b.currentlyActiveSlave = str(o, "currentlyActiveSlave");
    b.miiStatus = str(o, "miiStatus");
    b.miiPollingMs = intOr(o, "miiPollingMs");
    b.upDelayMs = intOr(o, "upDelayMs");
    b.downDelayMs = intOr(o, "downDelayMs");
    b.arpPollingMs = intOr(o, "arpPollingMs");
    for (const QJsonValue &v : o.value(QLatin1String("arpTargets")).toArray())
        b.arpTargets << v.toString();
    for (const QJsonValue &v : o.value(QLatin1String("slaves")).toArray())
        b.slaves << BondSlave::fromJson(v.toObject());
    b.ad = BondAdInfo::fromJson(o.value(QLatin1String("ad")).toObject());
    return b;
}

} // namespace cm
