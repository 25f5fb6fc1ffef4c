// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/rados/radosrunner.h"

#include "bench/rados/radoskind.h"
#include "bench/rados/radosrunstate.h"
#include "ceph/radosclient.h"
#include "ceph/radosobjectengine.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace cm {

namespace {

// The OSDs' caches together, from the first OSD's running config: bluestore_cache_size,
// or osd_memory_target when that is 0 (autotuned). 0 when unknown.
double osdCacheEstimate(RadosClient &client, int *osdCount)
{
    QByteArray out;
    if (client.monCommand(
            {{QStringLiteral("prefix"), QStringLiteral("osd ls")}, {QStringLiteral("format"), QStringLiteral("json")}},
            &out))
        return 0;
    const QJsonArray ids = QJsonDocument::fromJson(out).array();
    *osdCount = int(ids.size());
    if (ids.isEmpty())
        return 0;
    const QString who = QStringLiteral("osd.%1").arg(ids.first().toInt());
    auto value = [&](const QString &key) {
        QByteArray v;
        if (client.monCommand({{QStringLiteral("prefix"), QStringLiteral("config show")}, {QStringLiteral("who"), who},
                                  {QStringLiteral("key"), key}},
                &v))
            return -1.0;
        bool ok = false;
        const double d = QString::fromUtf8(v).trimmed().toDouble(&ok);
        return ok ? d : -1.0;
    };
    double perOsd = value(QStringLiteral("bluestore_cache_size"));
    if (perOsd == 0)
        perOsd = value(QStringLiteral("osd_memory_target"));
    return perOsd > 0 ? perOsd * double(ids.size()) : 0;
}

} // namespace

RadosRunner::RadosRunner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

StepOutcome RadosRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    Error targetError; // validate() refused a bad target before the run
    const QString pool = RadosKind::Target::read(m_plan.target, &targetError).pool;
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
    w.beforeMeasure = [&ctx] { return !ctx.waitForStart || ctx.waitForStart() >= 0; };
    w.target = out.target;

    RadosClient client; // this worker's own handle (one thread each)
    if (const Error ce = client.connect(RadosKind::connectionSpec(m_plan))) {
        out.error = ce;
        return out;
    }
    out.environment.insert(QStringLiteral("ceph_fsid"), client.fsid());
    int osds = 0;
    const double cache = osdCacheEstimate(client, &osds);
    const double set = double(w.workingSetBytes());
    out.environment.insert(QStringLiteral("working_set_bytes"), set);
    if (cache > 0) {
        out.environment.insert(QStringLiteral("osd_cache_estimate_bytes"), cache);
        out.environment.insert(QStringLiteral("working_set_exceeds_caches"), set > cache);
        if (set <= cache && ctx.log)
            ctx.log(QStringLiteral(
                "%1: warning: the working set (%2 MiB) fits in the OSDs' caches (about %3 MiB on %4 OSDs): "
                "reads will be served from memory; raise the object count")
                        .arg(ctx.nodeName)
                        .arg(set / 1048576, 0, 'f', 0)
                        .arg(cache / 1048576, 0, 'f', 0)
                        .arg(osds));
    }
    if (ctx.log)
        ctx.log(QStringLiteral("%1: %2").arg(ctx.nodeName, out.command));
    RadosObjectEngine engine(client);
    // The run's shared set (objects stay for the next steps), or a set of this step's own.
    auto *state = dynamic_cast<RadosRunState *>(ctx.runState.get());
    out.error = engine.run(
        pool, w, ctx.cancel,
        [&](const SampleList &s) {
            if (ctx.emitSamples)
                ctx.emitSamples(s);
        },
        state ? &state->objects() : nullptr);
    out.summary = engine.summary();
    out.environment.insert(QStringLiteral("object_prefix"), engine.objectPrefix());
    if (ctx.log && !state && !engine.objectPrefix().isEmpty())
        ctx.log(QStringLiteral("%1: removed %2 object(s) %3*%4")
                    .arg(ctx.nodeName)
                    .arg(engine.objectsRemoved())
                    .arg(engine.objectPrefix(),
                        engine.objectsLeft() ? QStringLiteral(", %1 could not be removed").arg(engine.objectsLeft())
                                             : QString()));
    return out;
}

} // namespace cm
