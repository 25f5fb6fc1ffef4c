#include "bench/osdlatency/osdlatencyrunner.h"

#include "bench/osdlatency/osdlatencykind.h"
#include "bench/rbd/rbdnativerunner.h"
#include "ceph/benchpool.h"
#include "ceph/osdobjectmapper.h"
#include "ceph/osdwriteloop.h"
#include "ceph/radosclient.h"
#include "model/cephinventory.h"
#include "parse/cephjson.h"
#include "parse/cephosdmap.h"
#include "stats/osdoutliers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>

#include <memory>
#include <thread>
#include <vector>

Q_LOGGING_CATEGORY(lcOsdLat, "clustermark.core.bench.osdlatency", QtInfoMsg)

namespace cm {

namespace {

QString usText(double ns)
{
    return ns >= 1e6 ? QStringLiteral("%1 ms").arg(ns / 1e6, 0, 'f', 2) : QStringLiteral("%1 µs").arg(ns / 1e3, 0, 'f', 0);
}

QJsonObject osdEntry(const OsdLatencyRunner::OsdInfo &info, const OsdWriteLoop *loop, const Error &error)
{
    const LatencyHistogram h = loop ? loop->histogram() : LatencyHistogram();
    const double secs = loop && loop->runtimeMs() > 0 ? double(loop->runtimeMs()) / 1000.0 : 0;
    QJsonObject bins;
    const LatencyBins b = h.bins();
    for (auto it = b.cbegin(); it != b.cend(); ++it)
        bins.insert(QString::number(it.key()), double(it.value()));
    QJsonObject o{{QStringLiteral("id"), info.id},
                  {QStringLiteral("host"), info.host},
                  {QStringLiteral("deviceClass"), info.deviceClass},
                  {QStringLiteral("rotational"), info.rotational ? QJsonValue(*info.rotational) : QJsonValue(QJsonValue::Null)},
                  {QStringLiteral("ops"), double(h.count())},
                  {QStringLiteral("p50"), h.percentile(50)},
                  {QStringLiteral("p99"), h.percentile(99)},
                  {QStringLiteral("p999"), h.percentile(99.9)},
                  {QStringLiteral("mean"), h.mean()},
                  {QStringLiteral("max"), double(h.max())},
                  {QStringLiteral("iops"), secs > 0 ? double(h.count()) / secs : 0.0},
                  {QStringLiteral("histogram"), bins},
                  {QStringLiteral("outlier"), false},
                  {QStringLiteral("outlierReason"), QString()}};
    if (error && error.code != Error::Code::Cancelled)
        o.insert(QStringLiteral("error"), error.message);
    return o;
}

} // namespace

OsdLatencyRunner::OsdLatencyRunner(Plan plan, int stepIndex) : m_plan(std::move(plan)), m_stepIndex(stepIndex) {}

CephConnectionSpec OsdLatencyRunner::connectionSpec(const Plan &plan)
{
    return CephConnectionSpec::fromJson(plan.target, CephConnectionSpec().timeoutSec, QStringLiteral("opTimeout"));
}

Error OsdLatencyRunner::selectOsds(RadosClient &client, const QList<int> &wanted, QList<OsdInfo> *out, int *clusterOsds)
{
    out->clear();
    QByteArray reply;
    CephInventory inv;
    Error e = client.monCommand({{QStringLiteral("prefix"), QStringLiteral("osd tree")}, {QStringLiteral("format"), QStringLiteral("json")}},
                                &reply);
    if (!e)
        e = parseCephOsdTree(reply, &inv);
    if (e)
        return e;
    if (clusterOsds)
        *clusterOsds = int(inv.osds.size());
    QList<int> ids = wanted;
    if (ids.isEmpty()) {
        for (const CephOsd &o : std::as_const(inv.osds))
            if (o.up && o.in)
                ids << o.id;
        if (ids.isEmpty())
            return Error(Error::Code::CommandFailed, QStringLiteral("no OSD is up and in"), QStringLiteral("osd tree"));
    }
    std::sort(ids.begin(), ids.end());
    for (int id : std::as_const(ids)) {
        const CephOsd *o = inv.osd(id);
        if (!o)
            return Error(Error::Code::InvalidInput, QStringLiteral("osd.%1 is not in the cluster's OSD tree").arg(id),
                         QStringLiteral("osd.%1").arg(id));
        if (!o->up || !o->in)
            return Error(Error::Code::CommandFailed,
                         QStringLiteral("osd.%1 is %2: it is primary of no PG, so it cannot be measured")
                             .arg(id).arg(!o->up ? QStringLiteral("down") : QStringLiteral("out")),
                         QStringLiteral("osd.%1").arg(id));
        OsdInfo info{id, o->host, o->deviceClass, std::nullopt};
        QByteArray md;
        CephOsdMetadata meta;
        const Error me = client.monCommand({{QStringLiteral("prefix"), QStringLiteral("osd metadata")}, {QStringLiteral("id"), id},
                                            {QStringLiteral("format"), QStringLiteral("json")}},
                                           &md);
        if (!me && !parseCephOsdMetadata(md, &meta)) {
            info.rotational = meta.rotational;
            if (info.host.isEmpty())
                info.host = meta.hostname;
        } else {
            qCInfo(lcOsdLat) << "no metadata for osd." << id << me.message;
        }
        out->append(info);
    }
    return {};
}

StepOutcome OsdLatencyRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    const QJsonObject &t = m_plan.target;
    const bool tempPool = OsdLatencyKind::usesTempPool(m_plan);
    const bool parallel = t.value(QStringLiteral("mode")).toString() == QLatin1String("parallel");
    const QString objectSizeText = t.value(QStringLiteral("objectSize")).toString(QStringLiteral("4M"));
    const quint64 objectSize = RbdNativeRunner::parseSize(objectSizeText);
    const quint64 blockSize = RbdNativeRunner::parseSize(step.params.value(QStringLiteral("bs")).toString(QStringLiteral("4k")));
    const int runtime = step.params.value(QStringLiteral("runtime")).toInt(10);
    const int perOsd = step.params.value(QStringLiteral("objectsPerOsd")).toInt(OsdLatencyKind::kDefaultObjectsPerOsd);
    const CephConnectionSpec spec = connectionSpec(m_plan);
    out.command = OsdLatencyKind().commandPreview(m_plan, m_stepIndex, {});
    auto log = [&](const QString &line) {
        qCInfo(lcOsdLat).noquote() << line;
        if (ctx.log)
            ctx.log(QStringLiteral("%1: %2").arg(ctx.nodeName, line));
    };
    if (const Error e = OsdLatencyKind().validate(m_plan)) {
        out.error = e;
        return out;
    }

    RadosClient client;   // this worker's own handle
    if (const Error e = client.connect(spec)) {
        out.error = e;
        return out;
    }
    QList<int> wanted;
    for (const QJsonValue &v : t.value(QStringLiteral("osds")).toArray())
        wanted << v.toInt();
    QList<OsdInfo> osds;
    int clusterOsds = 0;
    if (const Error e = selectOsds(client, wanted, &osds, &clusterOsds)) {
        out.error = e;
        return out;
    }

    QString pool = t.value(QStringLiteral("pool")).toString();
    if (tempPool) {
        pool = BenchPool::randomName(OsdLatencyKind::poolPrefix());
        const int pgNum = BenchPool::pgNumFor(clusterOsds);
        log(QStringLiteral("creating the temporary pool %1 (size 1, %2 PGs)").arg(pool).arg(pgNum));
        if (const Error e = BenchPool::createSizeOne(client, pool, pgNum)) {
            out.error = e;
            return out;
        }
        out.environment.insert(QStringLiteral("pool_size"), 1);
    } else {
        // A replicated pool also waits for the replicas: say so, the figures are not per-OSD then.
        QByteArray reply;
        if (!client.monCommand({{QStringLiteral("prefix"), QStringLiteral("osd pool get")}, {QStringLiteral("pool"), pool},
                                {QStringLiteral("var"), QStringLiteral("size")}, {QStringLiteral("format"), QStringLiteral("json")}},
                               &reply)) {
            const int size = QJsonDocument::fromJson(reply).object().value(QStringLiteral("size")).toInt(0);
            out.environment.insert(QStringLiteral("pool_size"), size);
            if (size > 1)
                log(QStringLiteral("pool %1 has size %2: every write also waits for %3 replica(s) on other OSDs; "
                                   "a pool of size 1 measures each OSD alone")
                        .arg(pool).arg(size).arg(size - 1));
        }
    }
    out.target = ctx.nodeName + QLatin1Char(':') + pool + QStringLiteral("/(per-OSD)");
    out.environment.insert(QStringLiteral("pool"), pool);
    out.environment.insert(QStringLiteral("temp_pool"), tempPool);
    out.environment.insert(QStringLiteral("client_op_timeout_s"), spec.timeoutSec);

    std::vector<std::unique_ptr<OsdWriteLoop>> loops;
    std::vector<Error> errors;   // one per OSD; parallel threads write distinct entries
    Error mapError;
    {
        QList<int> ids;
        for (const OsdInfo &o : std::as_const(osds))
            ids << o.id;
        OsdObjectMapper mapper(client, pool);
        mapError = mapper.map(ids, perOsd, ctx.cancel);
        if (!mapError)
            log(QStringLiteral("%1 objects per OSD found in %2 tries of \"osd map\"").arg(perOsd).arg(mapper.tries()));
        for (const OsdInfo &o : std::as_const(osds)) {
            OsdWriteJob job;
            job.osd = o.id;
            job.pool = pool;
            job.objects = mapper.objects().value(o.id);
            job.objectSize = objectSize;
            job.blockSize = blockSize;
            job.runtimeSec = runtime;
            job.opTimeoutSec = spec.timeoutSec;
            job.step = ctx.stepIndex;
            job.now = ctx.now;
            loops.push_back(std::make_unique<OsdWriteLoop>(client, job));
            errors.emplace_back();
        }
    }
    auto sink = [&ctx](const SampleList &s) {
        if (ctx.emitSamples)
            ctx.emitSamples(s);
    };
    if (!mapError) {
        // Objects first (untimed), then the timed writes. A new pool's PGs may still be
        // peering: its first writes may retry for a while.
        const int retrySec = tempPool ? qMax(20, 2 * spec.timeoutSec) : 0;
        for (size_t i = 0; i < loops.size() && !ctx.cancel.isCancelled(); ++i)
            errors[i] = loops[i]->warmUp(ctx.cancel, retrySec);
        auto measure = [&](size_t i) {
            if (errors[i] || ctx.cancel.isCancelled())
                return;
            errors[i] = loops[i]->run(ctx.cancel, sink);
        };
        log(QStringLiteral("timing %1-byte writes in %2 objects, QD1, %3 s per OSD, %4 OSD(s) %5")
                .arg(blockSize).arg(objectSizeText).arg(runtime).arg(osds.size())
                .arg(parallel ? QStringLiteral("in parallel") : QStringLiteral("one after the other")));
        if (parallel) {
            std::vector<std::thread> threads;
            for (size_t i = 0; i < loops.size(); ++i)
                threads.emplace_back(measure, i);
            for (std::thread &th : threads)
                th.join();
        } else {
            for (size_t i = 0; i < loops.size(); ++i)
                measure(i);
        }
    }

    // Clean up on every way out.
    Error cleanup;
    if (tempPool) {
        // No op is in flight any more; the objects go with the pool.
        cleanup = BenchPool::remove(client, pool);
        if (!cleanup)
            log(QStringLiteral("removed the temporary pool %1").arg(pool));
    } else {
        QStringList left;
        for (auto &l : loops)
            left += l->removeObjects(spec.timeoutSec);
        if (!left.isEmpty())
            cleanup = Error(Error::Code::CommandFailed,
                            QStringLiteral("%1 benchmark object(s) could not be removed from pool %2: %3")
                                .arg(left.size()).arg(pool, left.mid(0, 8).join(QStringLiteral(", "))),
                            pool);
    }

    // Summary, in OSD id order.
    QList<OsdLatencyPoint> points;
    QJsonArray entries;
    for (qsizetype i = 0; i < osds.size(); ++i) {
        const OsdWriteLoop *loop = size_t(i) < loops.size() ? loops[size_t(i)].get() : nullptr;
        QJsonObject e = osdEntry(osds.at(i), loop, size_t(i) < errors.size() ? errors[size_t(i)] : Error());
        points << OsdLatencyPoint{osds.at(i).id, osds.at(i).deviceClass, e.value(QStringLiteral("p50")).toDouble(),
                                  quint64(e.value(QStringLiteral("ops")).toDouble())};
        entries.append(e);
    }
    const QList<OsdOutlierVerdict> verdicts = OsdOutliers::judge(points);
    for (qsizetype i = 0; i < entries.size(); ++i) {
        QJsonObject e = entries.at(i).toObject();
        e.insert(QStringLiteral("outlier"), verdicts.at(i).outlier);
        e.insert(QStringLiteral("outlierReason"), verdicts.at(i).reason);
        entries.replace(i, e);
        log(QStringLiteral("osd.%1 (%2, %3): %4 writes, p50 %5, p99 %6%7%8")
                .arg(e.value(QStringLiteral("id")).toInt())
                .arg(e.value(QStringLiteral("host")).toString(), e.value(QStringLiteral("deviceClass")).toString())
                .arg(e.value(QStringLiteral("ops")).toDouble(), 0, 'f', 0)
                .arg(usText(e.value(QStringLiteral("p50")).toDouble()), usText(e.value(QStringLiteral("p99")).toDouble()),
                     verdicts.at(i).outlier ? QStringLiteral(" — OUTLIER: ") + verdicts.at(i).reason : QString(),
                     e.contains(QStringLiteral("error")) ? QStringLiteral(" — ") + e.value(QStringLiteral("error")).toString() : QString()));
    }
    out.summary = QJsonObject{{QStringLiteral("osds"), entries},
                              {QStringLiteral("mode"), parallel ? QStringLiteral("parallel") : QStringLiteral("sequential")},
                              {QStringLiteral("pool"), pool},
                              {QStringLiteral("objectSize"), objectSizeText},
                              {QStringLiteral("blockSize"), double(blockSize)},
                              {QStringLiteral("runtimeSec"), runtime},
                              {QStringLiteral("objectsPerOsd"), perOsd},
                              {QStringLiteral("tempPool"), tempPool}};

    // The step's error: cancel, else the mapping's or the first OSD's, plus the clean-up's.
    Error first = mapError;
    for (const Error &e : errors)
        if (!first && e)
            first = e;
    if (ctx.cancel.isCancelled())
        first = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), out.target);
    if (first && first.code != Error::Code::Cancelled && !first.context.isEmpty() && !first.message.startsWith(first.context))
        first.message = first.context + QStringLiteral(": ") + first.message;
    if (cleanup) {
        if (first)
            first.message += QStringLiteral("; ") + cleanup.message;
        else
            first = cleanup;
    }
    out.error = first;
    return out;
}

} // namespace cm
