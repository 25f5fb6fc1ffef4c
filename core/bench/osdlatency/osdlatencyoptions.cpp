// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/osdlatency/osdlatencyoptions.h"

#include "bench/osdlatency/osdlatencykind.h"
#include "bench/planbuilder.h"
#include "model/paramreader.h"

#include <QJsonArray>
#include <QSet>

namespace cm {

namespace {

const QString kKind = QStringLiteral("osd-latency");

// "osds": a list of distinct OSD ids.
QList<int> readOsdIds(const QJsonObject &target, ParamReader &r)
{
    QList<int> ids;
    const QJsonValue v = target.value(QStringLiteral("osds"));
    if (v.isUndefined())
        return ids;
    if (!v.isArray()) {
        r.fail(QStringLiteral("\"osds\" must be a list of OSD ids"));
        return ids;
    }
    QSet<int> seen;
    for (const QJsonValue &id : v.toArray()) {
        const double d = id.toDouble(-1);
        if (!id.isDouble() || d < 0 || d > 1e6 || d != double(int(d))) {
            r.fail(QStringLiteral("\"osds\": %1 is not an OSD id").arg(id.toVariant().toString()));
            return {};
        }
        if (seen.contains(int(d))) {
            r.fail(QStringLiteral("\"osds\": osd.%1 is listed twice").arg(int(d)));
            return {};
        }
        seen.insert(int(d));
        ids << int(d);
    }
    return ids;
}

} // namespace

OsdLatencyTarget OsdLatencyTarget::read(const QJsonObject &target, Error *error)
{
    OsdLatencyTarget t;
    ParamReader r(target, QStringLiteral("target"), kKind);
    r.allowOnly(QStringList {QStringLiteral("pool"), QStringLiteral("poolConsent"), QStringLiteral("mode"),
                    QStringLiteral("osds"), QStringLiteral("objectSize"), QStringLiteral("opTimeout")}
        + cephTargetKeys());
    // An empty pool name is the same as none: the temporary pool.
    t.pool = r.text(QStringLiteral("pool"), QString(), 256);
    if (r.ok() && !t.pool.isEmpty() && !isCephName(t.pool))
        r.fail(QStringLiteral("pool name \"%1\" is not valid (letters, digits, '_', '.' and '-')").arg(t.pool));
    t.poolConsent = r.flag(QStringLiteral("poolConsent"));
    const QString mode = r.text(QStringLiteral("mode"), QStringLiteral("sequential"), 32);
    if (mode != QLatin1String("sequential") && mode != QLatin1String("parallel"))
        r.fail(QStringLiteral("mode \"%1\" is not sequential or parallel").arg(mode));
    t.parallel = mode == QLatin1String("parallel");
    t.osds = readOsdIds(target, r);
    t.objectSize = r.size(QStringLiteral("objectSize"), t.objectSize, 512, qint64(128) << 20);
    t.connection = readCephConnection(r);
    t.connection.timeoutSec
        = r.integer(QStringLiteral("opTimeout"), t.connection.timeoutSec, 1, 600, QStringLiteral("s"));
    if (r.ok() && t.usesTempPool() && !t.poolConsent)
        r.fail(QStringLiteral("no pool given: a temporary pool of size 1 (no redundancy), %1<random>, will be "
                              "created for the benchmark and removed afterwards; agree to that (\"poolConsent\": "
                              "true, CLI --create-temp-pool) or name an existing pool")
                   .arg(OsdLatencyKind::poolPrefix()));
    *error = r.error();
    return t;
}

QJsonObject OsdLatencyTarget::toJson() const
{
    QJsonObject o = connection.toJson();
    o.insert(QStringLiteral("opTimeout"), connection.timeoutSec);
    if (!pool.isEmpty())
        o.insert(QStringLiteral("pool"), pool);
    o.insert(QStringLiteral("poolConsent"), poolConsent);
    o.insert(QStringLiteral("mode"), parallel ? QStringLiteral("parallel") : QStringLiteral("sequential"));
    if (!osds.isEmpty()) {
        QJsonArray a;
        for (int id : osds)
            a.append(id);
        o.insert(QStringLiteral("osds"), a);
    }
    o.insert(QStringLiteral("objectSize"), objectSize);
    return o;
}

quint64 OsdLatencyTarget::objectBytes() const
{
    return sizeBytes(objectSize);
}

OsdLatencyStepOptions OsdLatencyStepOptions::read(const PlanStep &step, quint64 objectBytes, Error *error)
{
    OsdLatencyStepOptions o;
    ParamReader r(step.params, QStringLiteral("step %1").arg(step.id), kKind);
    // The wizard's shared page writes "numjobs" too: one writer per OSD is the method.
    r.allowOnly({QStringLiteral("bs"), QStringLiteral("iodepth"), QStringLiteral("runtime"),
        QStringLiteral("objectsPerOsd"), QStringLiteral("numjobs")});
    if (r.integer(QStringLiteral("numjobs"), 1, 1, 256) != 1)
        r.fail(QStringLiteral("\"numjobs\" must be 1: each OSD is written by one writer at queue depth 1"));
    o.bs = r.size(QStringLiteral("bs"), o.bs, 512, qint64(128) << 20);
    if (r.ok() && (o.blockBytes() > objectBytes || objectBytes % o.blockBytes() != 0))
        r.fail(QStringLiteral("block size %1 must divide the object size").arg(o.bs));
    if (r.integer(QStringLiteral("iodepth"), 1, 1, 1024) != 1)
        r.fail(QStringLiteral("the per-OSD latency benchmark runs at queue depth 1 (\"iodepth\": 1)"));
    o.runtimeSec = r.integer(QStringLiteral("runtime"), o.runtimeSec, 1, 3600, QStringLiteral("s per OSD"));
    o.objectsPerOsd = r.integer(QStringLiteral("objectsPerOsd"), o.objectsPerOsd, 1, 1024);
    *error = r.error();
    return o;
}

QJsonObject OsdLatencyStepOptions::toJson() const
{
    return {{QStringLiteral("bs"), bs}, {QStringLiteral("iodepth"), 1}, {QStringLiteral("runtime"), runtimeSec},
        {QStringLiteral("objectsPerOsd"), objectsPerOsd}};
}

quint64 OsdLatencyStepOptions::blockBytes() const
{
    return sizeBytes(bs);
}

} // namespace cm
