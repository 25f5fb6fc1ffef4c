// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/osdlatency/osdlatencykind.h"

#include "bench/osdlatency/osdlatencyrunner.h"
#include "bench/planbuilder.h"

namespace cm {

namespace {

PlanStep osdStep(int runtime)
{
    return PlanStep {QStringLiteral("write-4k-qd1-per-osd"), QStringLiteral("4k QD1 write per OSD"),
        {{QStringLiteral("bs"), QStringLiteral("4k")}, {QStringLiteral("iodepth"), 1},
            {QStringLiteral("runtime"), runtime},
            {QStringLiteral("objectsPerOsd"), OsdLatencyStepOptions::kDefaultObjectsPerOsd}}};
}

} // namespace

QList<Preset> OsdLatencyKind::presets() const
{
    return {Preset {QStringLiteral("standard"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "Per-OSD latency")),
                kindText(QT_TRANSLATE_NOOP(
                    "cm::RunnerKind", "4k writes at random offsets in 4 MiB objects, QD1, 10 s per OSD")),
                {osdStep(10)}},
        Preset {QStringLiteral("quick"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "Per-OSD latency (quick)")),
            kindText(
                QT_TRANSLATE_NOOP("cm::RunnerKind", "4k writes at random offsets in 4 MiB objects, QD1, 3 s per OSD")),
            {osdStep(3)}}};
}

bool OsdLatencyKind::usesTempPool(const Plan &plan)
{
    return target(plan).usesTempPool();
}

OsdLatencyTarget OsdLatencyKind::target(const Plan &plan)
{
    Error ignored; // validate() refused a bad target before anything runs
    return OsdLatencyTarget::read(plan.target, &ignored);
}

OsdLatencyStepOptions OsdLatencyKind::stepOptions(const Plan &plan, int stepIndex)
{
    Error ignored;
    return OsdLatencyStepOptions::read(plan.steps.at(stepIndex), target(plan).objectBytes(), &ignored);
}

Error OsdLatencyKind::validate(const Plan &plan) const
{
    auto bad = [](const QString &m) { return Error(Error::Code::InvalidInput, m, QStringLiteral("osd-latency")); };
    if (plan.kind != kindId())
        return bad(QStringLiteral("plan kind is %1, not osd-latency").arg(plan.kind));
    if (plan.nodes.size() != 1 || !plan.nodes.first().isLocal())
        return bad(
            QStringLiteral("the per-OSD latency benchmark runs in the app itself: its node is this machine (local)"));
    Error e;
    const OsdLatencyTarget t = OsdLatencyTarget::read(plan.target, &e);
    if (e)
        return e;
    if (plan.steps.isEmpty())
        return bad(QStringLiteral("the plan has no step"));
    for (const PlanStep &s : plan.steps) {
        OsdLatencyStepOptions::read(s, t.objectBytes(), &e);
        if (e)
            return e;
    }
    return {};
}

QString OsdLatencyKind::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    const OsdLatencyTarget t = target(plan);
    const OsdLatencyStepOptions o = stepOptions(plan, stepIndex);
    QStringList osds;
    for (int id : t.osds)
        osds << QStringLiteral("osd.%1").arg(id);
    const QString pool = t.usesTempPool()
        ? QStringLiteral("temporary pool %1<random> (size 1, created and removed)").arg(poolPrefix())
        : QStringLiteral("pool %1 (its %2* objects removed afterwards)").arg(t.pool, poolPrefix());
    return QStringLiteral(
        "[this machine] librados: %1; %2 objects per OSD whose primary is that OSD (mon \"osd map\"); "
        "%3 writes at random offsets in %4 objects, QD1, %5 s per OSD, %6, on %7")
        .arg(pool)
        .arg(o.objectsPerOsd)
        .arg(o.bs, t.objectSize)
        .arg(o.runtimeSec)
        .arg(t.parallel ? QStringLiteral("parallel") : QStringLiteral("sequential"),
            osds.isEmpty() ? QStringLiteral("every OSD up and in") : osds.join(QStringLiteral(", ")));
}

double OsdLatencyKind::estimatedSeconds(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return 0;
    const OsdLatencyTarget t = target(plan);
    const int runtime = stepOptions(plan, stepIndex).runtimeSec;
    const int osds = t.osds.isEmpty() ? 3 : int(t.osds.size());
    return (t.parallel ? runtime : runtime * osds) + 5 + (t.usesTempPool() ? 3 : 0);
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
