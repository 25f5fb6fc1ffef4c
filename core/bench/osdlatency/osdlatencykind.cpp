// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/osdlatency/osdlatencykind.h"

#include "bench/osdlatency/osdlatencyrunner.h"
#include "bench/planbuilder.h"
#include "bench/rbd/rbdnativerunner.h"

#include <QJsonArray>
#include <QSet>

namespace cm {

namespace {

PlanStep osdStep(int runtime)
{
    return PlanStep {QStringLiteral("write-4k-qd1-per-osd"), QStringLiteral("4k QD1 write per OSD"),
        {{QStringLiteral("bs"), QStringLiteral("4k")}, {QStringLiteral("iodepth"), 1},
            {QStringLiteral("runtime"), runtime},
            {QStringLiteral("objectsPerOsd"), OsdLatencyKind::kDefaultObjectsPerOsd}}};
}

} // namespace

QList<Preset> OsdLatencyKind::presets() const
{
    return {Preset {QStringLiteral("standard"), QStringLiteral("Per-OSD latency"),
                QStringLiteral("4k writes at random offsets in 4 MiB objects, QD1, 10 s per OSD"), {osdStep(10)}},
        Preset {QStringLiteral("quick"), QStringLiteral("Per-OSD latency (quick)"),
            QStringLiteral("4k writes at random offsets in 4 MiB objects, QD1, 3 s per OSD"), {osdStep(3)}}};
}

bool OsdLatencyKind::usesTempPool(const Plan &plan)
{
    return plan.target.value(QStringLiteral("pool")).toString().isEmpty();
}

Error OsdLatencyKind::validate(const Plan &plan) const
{
    auto bad = [](const QString &m) { return Error(Error::Code::InvalidInput, m, QStringLiteral("osd-latency")); };
    const QJsonObject &t = plan.target;
    if (plan.kind != kindId())
        return bad(QStringLiteral("plan kind is %1, not osd-latency").arg(plan.kind));
    if (plan.nodes.size() != 1 || !plan.nodes.first().isLocal())
        return bad(
            QStringLiteral("the per-OSD latency benchmark runs in the app itself: its node is this machine (local)"));
    if (!isCephName(t.value(QStringLiteral("client")).toString(QStringLiteral("admin"))))
        return bad(QStringLiteral("client name is not valid"));
    if (const Error e = checkCephFiles(t, kindId()))
        return e;
    if (usesTempPool(plan)) {
        if (!t.value(QStringLiteral("poolConsent")).toBool())
            return bad(QStringLiteral("no pool given: a temporary pool of size 1 (no redundancy), %1<random>, will be "
                                      "created for the benchmark and removed afterwards; agree to that "
                                      "(\"poolConsent\": true, CLI --create-temp-pool) or name an existing pool")
                           .arg(poolPrefix()));
    } else if (!isCephName(t.value(QStringLiteral("pool")).toString())) {
        return bad(QStringLiteral("pool name \"%1\" is not valid").arg(t.value(QStringLiteral("pool")).toString()));
    }
    const QString mode = t.value(QStringLiteral("mode")).toString(QStringLiteral("sequential"));
    if (mode != QLatin1String("sequential") && mode != QLatin1String("parallel"))
        return bad(QStringLiteral("mode \"%1\" is not sequential or parallel").arg(mode));
    if (t.contains(QStringLiteral("osds"))) {
        if (!t.value(QStringLiteral("osds")).isArray())
            return bad(QStringLiteral("osds must be a list of OSD ids"));
        QSet<int> seen;
        for (const QJsonValue &v : t.value(QStringLiteral("osds")).toArray()) {
            const double d = v.toDouble(-1);
            if (!v.isDouble() || d < 0 || d > 1e6 || d != double(int(d)))
                return bad(QStringLiteral("osds: %1 is not an OSD id").arg(v.toVariant().toString()));
            if (seen.contains(int(d)))
                return bad(QStringLiteral("osds: osd.%1 is listed twice").arg(int(d)));
            seen.insert(int(d));
        }
    }
    const quint64 objectSize
        = RbdNativeRunner::parseSize(t.value(QStringLiteral("objectSize")).toString(QStringLiteral("4M")));
    if (objectSize == 0 || objectSize > (128ull << 20))
        return bad(QStringLiteral("object size must be a size like 4M, at most 128M"));
    if (t.contains(QStringLiteral("opTimeout"))) {
        const int to = t.value(QStringLiteral("opTimeout")).toInt(0);
        if (to < 1 || to > 600)
            return bad(QStringLiteral("opTimeout must be 1..600 s"));
    }
    if (plan.steps.isEmpty())
        return bad(QStringLiteral("the plan has no step"));
    for (const PlanStep &s : plan.steps) {
        const quint64 bs
            = RbdNativeRunner::parseSize(s.params.value(QStringLiteral("bs")).toString(QStringLiteral("4k")));
        if (bs == 0 || bs > objectSize || objectSize % bs != 0)
            return bad(QStringLiteral("step %1: block size must divide the object size").arg(s.id));
        if (s.params.value(QStringLiteral("iodepth")).toInt(1) != 1)
            return bad(QStringLiteral("step %1: the per-OSD latency benchmark runs at queue depth 1").arg(s.id));
        const int rt = s.params.value(QStringLiteral("runtime")).toInt(0);
        if (rt < 1 || rt > 3600)
            return bad(QStringLiteral("step %1: runtime must be 1..3600 s per OSD").arg(s.id));
        const int n = s.params.value(QStringLiteral("objectsPerOsd")).toInt(kDefaultObjectsPerOsd);
        if (n < 1 || n > 1024)
            return bad(QStringLiteral("step %1: objectsPerOsd must be 1..1024").arg(s.id));
    }
    return {};
}

QString OsdLatencyKind::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    const QJsonObject &t = plan.target;
    const QJsonObject &p = plan.steps.at(stepIndex).params;
    QStringList osds;
    for (const QJsonValue &v : t.value(QStringLiteral("osds")).toArray())
        osds << QStringLiteral("osd.%1").arg(v.toInt());
    const QString pool = usesTempPool(plan)
        ? QStringLiteral("temporary pool %1<random> (size 1, created and removed)").arg(poolPrefix())
        : QStringLiteral("pool %1 (its %2* objects removed afterwards)")
              .arg(t.value(QStringLiteral("pool")).toString(), poolPrefix());
    return QStringLiteral(
        "[this machine] librados: %1; %2 objects per OSD whose primary is that OSD (mon \"osd map\"); "
        "%3 writes at random offsets in %4 objects, QD1, %5 s per OSD, %6, on %7")
        .arg(pool)
        .arg(p.value(QStringLiteral("objectsPerOsd")).toInt(kDefaultObjectsPerOsd))
        .arg(p.value(QStringLiteral("bs")).toString(QStringLiteral("4k")),
            t.value(QStringLiteral("objectSize")).toString(QStringLiteral("4M")))
        .arg(p.value(QStringLiteral("runtime")).toInt(10))
        .arg(t.value(QStringLiteral("mode")).toString(QStringLiteral("sequential")),
            osds.isEmpty() ? QStringLiteral("every OSD up and in") : osds.join(QStringLiteral(", ")));
}

double OsdLatencyKind::estimatedSeconds(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return 0;
    const int runtime = plan.steps.at(stepIndex).params.value(QStringLiteral("runtime")).toInt(10);
    const qsizetype listed = plan.target.value(QStringLiteral("osds")).toArray().size();
    const int osds = listed > 0 ? int(listed) : 3;
    const bool parallel = plan.target.value(QStringLiteral("mode")).toString() == QLatin1String("parallel");
    return (parallel ? runtime : runtime * osds) + 5 + (usesTempPool(plan) ? 3 : 0);
}

std::unique_ptr<StepRunner> OsdLatencyKind::createStepRunner(const Plan &plan, int stepIndex) const
{
    return std::make_unique<OsdLatencyRunner>(plan, stepIndex);
}

Plan OsdLatencyKind::makePlan(
    const QString &preset, const QList<NodeSpec> &nodes, const QJsonObject &target, int runtimeSec, Error *error)
{
    return planFromPreset(OsdLatencyKind(), preset, nodes, target, runtimeSec, error);
}

} // namespace cm
