#include "bench/radosrunner.h"

#include "bench/radoskind.h"
#include "ceph/radosclient.h"
#include "ceph/radosobjectengine.h"

namespace cm {

RadosRunner::RadosRunner(Plan plan, int stepIndex) : m_plan(std::move(plan)), m_stepIndex(stepIndex) {}

StepOutcome RadosRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    const QString pool = m_plan.target.value(QStringLiteral("pool")).toString();
    out.command = RadosKind::describeStep(m_plan, step);
    out.target = ctx.nodeName + QLatin1Char(':') + pool + QStringLiteral("/(rados)");
    out.environment.insert(QStringLiteral("rados_engine"), QStringLiteral("librados"));

    Error e;
    RadosWorkload w = RadosKind::workload(m_plan, step, &e);
    if (e) {
        out.error = e;
        return out;
    }
    w.step = ctx.stepIndex;
    w.timeOffset = ctx.now ? ctx.now() : 0;
    w.target = out.target;

    RadosClient client;   // this worker's own handle (one thread each)
    if (const Error ce = client.connect(RadosKind::connectionSpec(m_plan))) {
        out.error = ce;
        return out;
    }
    out.environment.insert(QStringLiteral("ceph_fsid"), client.fsid());
    if (ctx.log)
        ctx.log(QStringLiteral("%1: %2").arg(ctx.nodeName, out.command));
    RadosObjectEngine engine(client);
    out.error = engine.run(pool, w, ctx.cancel, [&](const SampleList &s) {
        if (ctx.emitSamples)
            ctx.emitSamples(s);
    });
    out.summary = engine.summary();
    out.environment.insert(QStringLiteral("object_prefix"), engine.objectPrefix());
    if (ctx.log && !engine.objectPrefix().isEmpty())
        ctx.log(QStringLiteral("%1: removed %2 object(s) %3*%4")
                    .arg(ctx.nodeName)
                    .arg(engine.objectsRemoved())
                    .arg(engine.objectPrefix(),
                         engine.objectsLeft() ? QStringLiteral(", %1 could not be removed").arg(engine.objectsLeft()) : QString()));
    return out;
}

} // namespace cm
