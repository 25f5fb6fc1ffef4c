// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/cephfs/cephfsnativerunner.h"

#include "bench/cephfs/cephfskind.h"
#include "ceph/cephfsengine.h"
#include "ceph/cephfsmount.h"

namespace cm {

CephFsNativeRunner::CephFsNativeRunner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

StepOutcome CephFsNativeRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    const QString fsName = m_plan.target.value(QStringLiteral("fsName")).toString();
    const QString dir = m_plan.target.value(QStringLiteral("dir")).toString(QStringLiteral("/"));
    out.command = CephFsKind::describeStep(m_plan, step);
    out.target = ctx.nodeName + QLatin1Char(':') + (fsName.isEmpty() ? QStringLiteral("cephfs") : fsName)
        + QStringLiteral("(native)");
    out.environment.insert(QStringLiteral("cephfs_engine"), QStringLiteral("libcephfs"));

    Error e;
    CephFsWorkload w = CephFsKind::workload(step, &e);
    if (e) {
        out.error = e;
        return out;
    }
    w.step = ctx.stepIndex;
    w.timeOffset = ctx.now ? ctx.now() : 0;
    w.beforeMeasure = [&ctx] { return !ctx.waitForStart || ctx.waitForStart() >= 0; };
    w.target = out.target;

    const CephConnectionSpec spec = CephFsKind::connectionSpec(m_plan);
    CephFsMount mount; // this worker's own client (one per step)
    if (const Error me = mount.mount(spec, fsName)) {
        out.error = me;
        return out;
    }
    if (ctx.log)
        ctx.log(QStringLiteral("%1: %2").arg(ctx.nodeName, out.command));
    CephFsEngine engine(mount, spec, fsName);
    engine.setLayoutPool(m_plan.target.value(QStringLiteral("layoutPool")).toString());
    out.error = engine.run(dir, w, ctx.cancel, [&](const SampleList &s) {
        if (ctx.emitSamples)
            ctx.emitSamples(s);
    });
    out.summary = engine.summary();
    if (!engine.folder().isEmpty()) {
        out.environment.insert(QStringLiteral("cephfs_folder"), engine.folder());
        if (ctx.log)
            ctx.log(QStringLiteral("%1: %2 %3 (%4 entries)")
                        .arg(ctx.nodeName,
                            engine.folderRemoved() ? QStringLiteral("removed") : QStringLiteral("could not remove"),
                            engine.folder())
                        .arg(engine.entriesRemoved()));
    }
    return out;
}

} // namespace cm
