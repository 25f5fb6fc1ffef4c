// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/osdlatency/osdlatencyrunner.h"

#include "bench/osdlatency/osdlatencykind.h"
#include "model/paramreader.h"
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
    return ns >= 1e6 ? QStringLiteral("%1 ms").arg(ns / 1e6, 0, 'f', 2)
                     : QStringLiteral("%1 µs").arg(ns / 1e3, 0, 'f', 0);
}

QJsonObject osdEntry(const OsdLatencyRunner::OsdInfo &info, const OsdWriteLoop *loop, const Error &error)
{
    const LatencyHistogram h = loop ? loop->histogram() : LatencyHistogram();
    const double secs = loop && loop->runtimeMs() > 0 ? double(loop->runtimeMs()) / 1000.0 : 0;
    QJsonObject bins;
    const LatencyBins b = h.bins();
    for (auto it = b.cbegin(); it != b.cend(); ++it)
        bins.insert(QString::number(it.key()), double(it.value()));
    QJsonObject o {{QStringLiteral("id"), info.id}, {QStringLiteral("host"), info.host},
        {QStringLiteral("deviceClass"), info.deviceClass},
        {QStringLiteral("rotational"), info.rotational ? QJsonValue(*info.rotational) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("ops"), double(h.count())}, {QStringLiteral("p50"), h.percentile(50)},
        {QStringLiteral("p99"), h.percentile(99)}, {QStringLiteral("p999"), h.percentile(99.9)},
        {QStringLiteral("mean"), h.mean()}, {QStringLiteral("max"), double(h.max())},
        {QStringLiteral("iops"), secs > 0 ? double(h.count()) / secs : 0.0}, {QStringLiteral("histogram"), bins},
        {QStringLiteral("outlier"), false}, {QStringLiteral("outlierReason"), QString()}};
    if (error && error.code != Error::Code::Cancelled)
        o.insert(QStringLiteral("error"), error.message);
    return o;
}

// One run of the step: its parameters, this worker's librados handle, the pool and one
// write loop per OSD.
class OsdLatencyStep {
public:
    OsdLatencyStep(const Plan &plan, int stepIndex, StepContext &ctx);
    StepOutcome run();

private:
    void log(const QString &line) const;
    Error preparePool(int clusterOsds);
    Error makeLoops();
    void measure();
    Error cleanUp();
    void summarize();
    Error stepError(const Error &mapError, const Error &cleanup) const;

    const Plan &m_plan;
    int m_stepIndex;
    StepContext &m_ctx;
    bool m_tempPool = false;
    bool m_parallel = false;
    QString m_objectSizeText;
    quint64 m_objectSize = 0;
    quint64 m_blockSize = 0;
    int m_runtime = 10;
    int m_perOsd = 0;
    QList<int> m_wanted; // empty: every OSD up and in
    QString m_poolName; // empty: a temporary pool
    CephConnectionSpec m_spec;
    StepOutcome m_out;
    RadosClient m_client; // this worker's own handle; outlives the loops
    QList<OsdLatencyRunner::OsdInfo> m_osds;
    QString m_pool;
    std::vector<std::unique_ptr<OsdWriteLoop>> m_loops;
    std::vector<Error> m_errors; // one per OSD; parallel threads write distinct entries
};

} // namespace

OsdLatencyRunner::OsdLatencyRunner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

CephConnectionSpec OsdLatencyRunner::connectionSpec(const Plan &plan)
{
    return OsdLatencyKind::target(plan).connection;
}

Error OsdLatencyRunner::selectOsds(RadosClient &client, const QList<int> &wanted, QList<OsdInfo> *out, int *clusterOsds)
{
    out->clear();
    QByteArray reply;
    CephInventory inv;
    Error e = client.monCommand(
        {{QStringLiteral("prefix"), QStringLiteral("osd tree")}, {QStringLiteral("format"), QStringLiteral("json")}},
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
                    .arg(id)
                    .arg(!o->up ? QStringLiteral("down") : QStringLiteral("out")),
                QStringLiteral("osd.%1").arg(id));
        OsdInfo info {id, o->host, o->deviceClass, std::nullopt};
        QByteArray md;
        CephOsdMetadata meta;
        const Error me
            = client.monCommand({{QStringLiteral("prefix"), QStringLiteral("osd metadata")}, {QStringLiteral("id"), id},
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
    return OsdLatencyStep(m_plan, m_stepIndex, ctx).run();
}

namespace {

OsdLatencyStep::OsdLatencyStep(const Plan &plan, int stepIndex, StepContext &ctx)
    : m_plan(plan)
    , m_stepIndex(stepIndex)
    , m_ctx(ctx)
{
    const OsdLatencyTarget t = OsdLatencyKind::target(m_plan);
    const OsdLatencyStepOptions o = OsdLatencyKind::stepOptions(m_plan, m_stepIndex);
    m_tempPool = t.usesTempPool();
    m_parallel = t.parallel;
    m_objectSizeText = t.objectSize;
    m_objectSize = t.objectBytes();
    m_blockSize = o.blockBytes();
    m_runtime = o.runtimeSec;
    m_perOsd = o.objectsPerOsd;
    m_wanted = t.osds;
    m_poolName = t.pool;
    m_spec = OsdLatencyRunner::connectionSpec(m_plan);
}

void OsdLatencyStep::log(const QString &line) const
{
    qCInfo(lcOsdLat).noquote() << line;
    if (m_ctx.log)
        m_ctx.log(QStringLiteral("%1: %2").arg(m_ctx.nodeName, line));
}

StepOutcome OsdLatencyStep::run()
{
    m_out.command = OsdLatencyKind().commandPreview(m_plan, m_stepIndex, {});
    if (const Error e = OsdLatencyKind().validate(m_plan)) {
        m_out.error = e;
        return m_out;
    }
    if (const Error e = m_client.connect(m_spec)) {
        m_out.error = e;
        return m_out;
    }
    int clusterOsds = 0;
    if (const Error e = OsdLatencyRunner::selectOsds(m_client, m_wanted, &m_osds, &clusterOsds)) {
        m_out.error = e;
        return m_out;
    }
    if (const Error e = preparePool(clusterOsds)) {
        m_out.error = e;
        return m_out;
    }
    m_out.target = m_ctx.nodeName + QLatin1Char(':') + m_pool + QStringLiteral("/(per-OSD)");
    m_out.environment.insert(QStringLiteral("pool"), m_pool);
    m_out.environment.insert(QStringLiteral("temp_pool"), m_tempPool);
    m_out.environment.insert(QStringLiteral("client_op_timeout_s"), m_spec.timeoutSec);

    const Error mapError = makeLoops();
    if (!mapError)
        measure();
    // On every way out.
    const Error cleanup = cleanUp();
    summarize();
    m_out.error = stepError(mapError, cleanup);
    return m_out;
}

Error OsdLatencyStep::preparePool(int clusterOsds)
{
    m_pool = m_poolName;
    if (m_tempPool) {
        m_pool = BenchPool::randomName(OsdLatencyKind::poolPrefix());
        const int pgNum = BenchPool::pgNumFor(clusterOsds);
        log(QStringLiteral("creating the temporary pool %1 (size 1, %2 PGs)").arg(m_pool).arg(pgNum));
        if (const Error e = BenchPool::createSizeOne(m_client, m_pool, pgNum))
            return e;
        m_out.environment.insert(QStringLiteral("pool_size"), 1);
        return {};
    }
    // A replicated pool also waits for the replicas: say so, the figures are not per-OSD then.
    QByteArray reply;
    if (!m_client.monCommand(
            {{QStringLiteral("prefix"), QStringLiteral("osd pool get")}, {QStringLiteral("pool"), m_pool},
                {QStringLiteral("var"), QStringLiteral("size")}, {QStringLiteral("format"), QStringLiteral("json")}},
            &reply)) {
        const int size = QJsonDocument::fromJson(reply).object().value(QStringLiteral("size")).toInt(0);
        m_out.environment.insert(QStringLiteral("pool_size"), size);
        if (size > 1)
            log(QStringLiteral("pool %1 has size %2: every write also waits for %3 replica(s) on other OSDs; "
                               "a pool of size 1 measures each OSD alone")
                    .arg(m_pool)
                    .arg(size)
                    .arg(size - 1));
    }
    return {};
}

// Finds objects whose primary is each OSD and makes one write loop per OSD (also when
// the mapping failed, so the summary lists every OSD). Returns the mapping's error.
Error OsdLatencyStep::makeLoops()
{
    QList<int> ids;
    for (const OsdLatencyRunner::OsdInfo &o : std::as_const(m_osds))
        ids << o.id;
    OsdObjectMapper mapper(m_client, m_pool);
    const Error mapError = mapper.map(ids, m_perOsd, m_ctx.cancel);
    if (!mapError)
        log(QStringLiteral("%1 objects per OSD found in %2 tries of \"osd map\"").arg(m_perOsd).arg(mapper.tries()));
    for (const OsdLatencyRunner::OsdInfo &o : std::as_const(m_osds)) {
        OsdWriteJob job;
        job.osd = o.id;
        job.pool = m_pool;
        job.objects = mapper.objects().value(o.id);
        job.objectSize = m_objectSize;
        job.blockSize = m_blockSize;
        job.runtimeSec = m_runtime;
        job.opTimeoutSec = m_spec.timeoutSec;
        job.step = m_ctx.stepIndex;
        job.now = m_ctx.now;
        m_loops.push_back(std::make_unique<OsdWriteLoop>(m_client, job));
        m_errors.emplace_back();
    }
    return mapError;
}

// Objects first (untimed), then the timed writes. A new pool's PGs may still be
// peering: its first writes may retry for a while.
void OsdLatencyStep::measure()
{
    auto sink = [this](const SampleList &s) {
        if (m_ctx.emitSamples)
            m_ctx.emitSamples(s);
    };
    const int retrySec = m_tempPool ? qMax(20, 2 * m_spec.timeoutSec) : 0;
    for (size_t i = 0; i < m_loops.size() && !m_ctx.cancel.isCancelled(); ++i)
        m_errors[i] = m_loops[i]->warmUp(m_ctx.cancel, retrySec);
    auto measureOne = [&](size_t i) {
        if (m_errors[i] || m_ctx.cancel.isCancelled())
            return;
        m_errors[i] = m_loops[i]->run(m_ctx.cancel, sink);
    };
    log(QStringLiteral("timing %1-byte writes in %2 objects, QD1, %3 s per OSD, %4 OSD(s) %5")
            .arg(m_blockSize)
            .arg(m_objectSizeText)
            .arg(m_runtime)
            .arg(m_osds.size())
            .arg(m_parallel ? QStringLiteral("in parallel") : QStringLiteral("one after the other")));
    if (m_parallel) {
        std::vector<std::thread> threads;
        for (size_t i = 0; i < m_loops.size(); ++i)
            threads.emplace_back(measureOne, i);
        for (std::thread &th : threads)
            th.join();
    } else {
        for (size_t i = 0; i < m_loops.size(); ++i)
            measureOne(i);
    }
}

Error OsdLatencyStep::cleanUp()
{
    if (m_tempPool) {
        // No op is in flight any more; the objects go with the pool.
        const Error cleanup = BenchPool::remove(m_client, m_pool);
        if (!cleanup)
            log(QStringLiteral("removed the temporary pool %1").arg(m_pool));
        return cleanup;
    }
    QStringList left;
    for (auto &l : m_loops)
        left += l->removeObjects(m_spec.timeoutSec);
    if (left.isEmpty())
        return {};
    return Error(Error::Code::CommandFailed,
        QStringLiteral("%1 benchmark object(s) could not be removed from pool %2: %3")
            .arg(left.size())
            .arg(m_pool, left.mid(0, 8).join(QStringLiteral(", "))),
        m_pool);
}

// In OSD id order, each OSD judged against the median of its device class.
void OsdLatencyStep::summarize()
{
    QList<OsdLatencyPoint> points;
    QJsonArray entries;
    for (qsizetype i = 0; i < m_osds.size(); ++i) {
        const OsdWriteLoop *loop = size_t(i) < m_loops.size() ? m_loops[size_t(i)].get() : nullptr;
        QJsonObject e = osdEntry(m_osds.at(i), loop, size_t(i) < m_errors.size() ? m_errors[size_t(i)] : Error());
        points << OsdLatencyPoint {m_osds.at(i).id, m_osds.at(i).deviceClass, e.value(QStringLiteral("p50")).toDouble(),
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
                .arg(usText(e.value(QStringLiteral("p50")).toDouble()),
                    usText(e.value(QStringLiteral("p99")).toDouble()),
                    verdicts.at(i).outlier ? QStringLiteral(" — OUTLIER: ") + verdicts.at(i).reason : QString(),
                    e.contains(QStringLiteral("error"))
                        ? QStringLiteral(" — ") + e.value(QStringLiteral("error")).toString()
                        : QString()));
    }
    m_out.summary = QJsonObject {{QStringLiteral("osds"), entries},
        {QStringLiteral("mode"), m_parallel ? QStringLiteral("parallel") : QStringLiteral("sequential")},
        {QStringLiteral("pool"), m_pool}, {QStringLiteral("objectSize"), m_objectSizeText},
        {QStringLiteral("blockSize"), double(m_blockSize)}, {QStringLiteral("runtimeSec"), m_runtime},
        {QStringLiteral("objectsPerOsd"), m_perOsd}, {QStringLiteral("tempPool"), m_tempPool}};
}

// Cancel, else the mapping's or the first OSD's error, plus the clean-up's.
Error OsdLatencyStep::stepError(const Error &mapError, const Error &cleanup) const
{
    Error first = mapError;
    for (const Error &e : m_errors)
        if (!first && e)
            first = e;
    if (m_ctx.cancel.isCancelled())
        first = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), m_out.target);
    if (first && first.code != Error::Code::Cancelled && !first.context.isEmpty()
        && !first.message.startsWith(first.context))
        first.message = first.context + QStringLiteral(": ") + first.message;
    if (cleanup) {
        if (first)
            first.message += QStringLiteral("; ") + cleanup.message;
        else
            first = cleanup;
    }
    return first;
}

} // namespace

} // namespace cm
