// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/rbd/rbdnativerunner.h"

#include "bench/rbd/rbdkind.h"
#include "ceph/radosclient.h"
#include "ceph/rbdengine.h"

#include <QRegularExpression>

namespace cm {

RbdNativeRunner::RbdNativeRunner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

quint64 RbdNativeRunner::parseSize(const QString &text)
{
    static const QRegularExpression re(QStringLiteral(R"(^([0-9]+)([kKmMgGtT]?)(i?[bB]?)$)"));
    const auto m = re.match(text.trimmed());
    if (!m.hasMatch())
        return 0;
    quint64 v = m.captured(1).toULongLong();
    const QString unit = m.captured(2).toLower();
    const int shift = unit == QLatin1String("k") ? 10
        : unit == QLatin1String("m")             ? 20
        : unit == QLatin1String("g")             ? 30
        : unit == QLatin1String("t")             ? 40
                                                 : 0;
    return v << shift;
}

StepOutcome RbdNativeRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    const QString pool = m_plan.target.value(QStringLiteral("pool")).toString();
    out.environment.insert(QStringLiteral("rbd_engine"), QStringLiteral("native"));
    out.command = QStringLiteral("[this machine] librbd %1 bs=%2 iodepth=%3 runtime=%4 pool=%5")
                      .arg(step.params.value(QStringLiteral("rw")).toString(),
                          step.params.value(QStringLiteral("bs")).toString())
                      .arg(step.params.value(QStringLiteral("iodepth")).toInt(1))
                      .arg(step.params.value(QStringLiteral("runtime")).toInt(30))
                      .arg(pool);
    if (RbdKind::cacheOff(m_plan))
        out.command += QStringLiteral(" rbd_cache=false");
    out.environment.insert(QStringLiteral("rbd_cache"),
        RbdKind::cacheOff(m_plan) ? QStringLiteral("off") : QStringLiteral("as configured"));

    const CephConnectionSpec spec = CephConnectionSpec::fromJson(m_plan.target);
    RadosClient client; // this worker's own handle (one thread each)
    if (const Error e = client.connect(spec)) {
        out.error = e;
        return out;
    }
    RbdWorkload w;
    const auto mode = RbdWorkload::parseMode(step.params.value(QStringLiteral("rw")).toString());
    if (!mode) {
        out.error
            = Error(Error::Code::InvalidInput, QStringLiteral("rw mode not supported by the native engine"), step.id);
        return out;
    }
    w.mode = *mode;
    w.blockSize = parseSize(step.params.value(QStringLiteral("bs")).toString());
    w.queueDepth = step.params.value(QStringLiteral("iodepth")).toInt(1);
    w.runtimeSec = step.params.value(QStringLiteral("runtime")).toInt(30);
    w.imageSize = parseSize(m_plan.target.value(QStringLiteral("imageSize")).toString(QStringLiteral("1G")));
    w.cache = RbdKind::cacheOff(m_plan) ? RbdWorkload::Cache::Off : RbdWorkload::Cache::Writeback;
    w.step = ctx.stepIndex;
    w.timeOffset = ctx.now ? ctx.now() : 0;
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
    out.environment.insert(QStringLiteral("image"), engine.imageName());
    if (engine.imageLeft())
        out.leftovers << Leftover::make(Leftover::Kind::Image, pool, engine.imageName());
    return out;
}

} // namespace cm
