// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/rbd/rbdnativerunner.h"

#include "bench/rbd/rbdkind.h"
#include "ceph/radosclient.h"
#include "ceph/rbdengine.h"

namespace cm {

RbdNativeRunner::RbdNativeRunner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

StepOutcome RbdNativeRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    const RbdTarget target = RbdKind::target(m_plan);
    const RbdStepOptions options = RbdKind::stepOptions(step);
    const QString &pool = target.pool;
    out.environment.insert(QStringLiteral("rbd_engine"), QStringLiteral("native"));
    out.command = RbdKind::nativeCommand(target, options);
    const bool cacheOff = target.cacheOffFor(options);
    out.environment.insert(
        QStringLiteral("rbd_cache"), cacheOff ? QStringLiteral("off") : QStringLiteral("as configured"));

    RadosClient client; // this worker's own handle (one thread each)
    if (const Error e = client.connect(target.connection)) {
        out.error = e;
        return out;
    }
    // Left to the cluster: what its configuration made of it (`ceph config set client
    // rbd_cache false` turns it off for every client).
    const QString configured = client.configValue("rbd_cache");
    if (!cacheOff)
        out.environment.insert(
            QStringLiteral("rbd_cache"), QStringLiteral("as configured (rbd_cache = %1)").arg(configured));
    const bool clusterCacheOff = !cacheOff && configured == QLatin1String("false");
    RbdWorkload w;
    const auto mode = RbdWorkload::parseMode(options.rw);
    if (!mode) {
        out.error
            = Error(Error::Code::InvalidInput, QStringLiteral("rw mode not supported by the native engine"), step.id);
        return out;
    }
    w.mode = *mode;
    w.blockSize = options.blockBytes();
    w.queueDepth = options.iodepth;
    w.runtimeSec = options.runtimeSec;
    w.imageSize = target.imageBytes();
    w.dataPool = target.dataPool;
    w.cache = cacheOff || clusterCacheOff ? RbdWorkload::Cache::Off : RbdWorkload::Cache::Writeback;
    w.step = ctx.stepIndex;
    w.timeOffset = ctx.now ? ctx.now() : 0;
    w.beforeMeasure = [&ctx] { return !ctx.waitForStart || ctx.waitForStart() >= 0; };
    RbdEngine engine(client);
    out.target = ctx.nodeName + QLatin1Char(':') + pool + QStringLiteral("/(native)");
    w.target = out.target;
    if (ctx.log)
        ctx.log(QStringLiteral("%1: %2").arg(ctx.nodeName, out.command));
    out.error = engine.run(pool, w, ctx.cancel, [&](const SampleList &s) {
        if (ctx.emitSamples)
            ctx.emitSamples(s);
    });
    out.summary = engine.summary();
    out.summary.insert(QStringLiteral("client_cache"),
        cacheOff || clusterCacheOff ? QStringLiteral("off") : QStringLiteral("cluster"));
    out.environment.insert(QStringLiteral("image"), engine.imageName());
    if (engine.imageLeft())
        out.leftovers << Leftover::make(Leftover::Kind::Image, pool, engine.imageName());
    return out;
}

} // namespace cm
