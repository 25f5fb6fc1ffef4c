// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/cephpoller.h"

#include "ceph/cephenvironmentprobe.h"
#include "ceph/leftovercleaner.h"
#include "ceph/radosclient.h"
#include "model/metric.h"
#include "parse/cephcounters.h"
#include "parse/cephstatus.h"

#include <rados/librados.h>

#include <chrono>

namespace cm {

namespace {

QByteArray command(RadosClient &client, const QString &prefix, Error *error)
{
    QByteArray out;
    *error = client.monCommand(
        {{QStringLiteral("prefix"), prefix}, {QStringLiteral("format"), QStringLiteral("json")}}, &out);
    return out;
}

// CrossCheckPools' stand-ins (a CephFS's data pools, RGW's data pools) as pool names.
QStringList resolvePools(RadosClient &client, const QStringList &pools, Error *error)
{
    QStringList out;
    for (const QString &p : pools) {
        if (p.startsWith(QLatin1String("@fs-data:"))) {
            const QByteArray json = command(client, QStringLiteral("fs ls"), error);
            QStringList data;
            if (!*error)
                *error = parseCephFsDataPools(json, p.mid(int(strlen("@fs-data:"))), &data);
            out << data;
        } else if (p == CrossCheckPools::rgwDataPools()) {
            for (const QString &name : LeftoverCleaner::listPools(client, error))
                if (name.endsWith(QLatin1String(".rgw.buckets.data")))
                    out << name;
        } else {
            out << p;
        }
        if (*error)
            return {};
    }
    // A stand-in may name nothing yet (RGW makes its data pool with the first object):
    // a pool that does not exist has counted nothing.
    out.removeDuplicates();
    return out;
}

CephPoller::PoolReading readPools(RadosClient *client, const QStringList &wanted)
{
    CephPoller::PoolReading reading;
    if (!client || !client->isConnected()) {
        reading.error = Error(Error::Code::Internal, QStringLiteral("not connected to a Ceph cluster"));
        return reading;
    }
    // The newest OSD map, so that a pool made a moment ago is known.
    rados_wait_for_latest_osdmap(static_cast<rados_t>(client->handle()));
    reading.pools = resolvePools(*client, wanted, &reading.error);
    for (const QString &pool : std::as_const(reading.pools)) {
        if (reading.error)
            break;
        rados_ioctx_t io = nullptr;
        int r = rados_ioctx_create(static_cast<rados_t>(client->handle()), pool.toUtf8().constData(), &io);
        rados_pool_stat_t st {};
        if (r >= 0) {
            r = rados_ioctx_pool_stat(io, &st);
            rados_ioctx_destroy(io);
        }
        if (r < 0) {
            reading.error = Error(Error::Code::CommandFailed,
                QStringLiteral("cannot read the counters of pool %1: %2")
                    .arg(pool, QString::fromLocal8Bit(strerror(-r))),
                pool);
            break;
        }
        PoolCounters c;
        c.readBytes = double(st.num_rd_kb) * 1024;
        c.readOps = double(st.num_rd);
        c.writeBytes = double(st.num_wr_kb) * 1024;
        c.writeOps = double(st.num_wr);
        reading.counts += c;
    }
    return reading;
}

} // namespace

CephPoller::CephPoller(CephConnectionSpec spec, Clock now, Sink sink, Log log, Metadata metadata, int intervalMs)
    : m_spec(std::move(spec))
    , m_now(std::move(now))
    , m_sink(std::move(sink))
    , m_log(std::move(log))
    , m_metadata(std::move(metadata))
    , m_intervalMs(intervalMs)
{ }

CephPoller::~CephPoller()
{
    m_stop.cancel();
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
    serveRequests(nullptr); // anything asked after the loop ended
}

void CephPoller::start()
{
    m_thread = std::thread([this] { loop(); });
}

void CephPoller::ask(Request request)
{
    {
        std::lock_guard lock(m_mutex);
        if (!m_done) {
            m_requests << std::move(request);
            m_wake.notify_all();
            return;
        }
    }
    request(nullptr); // the loop ended: "not connected"
}

std::future<CephPoller::PoolReading> CephPoller::poolCounters(const QStringList &pools)
{
    auto reply = std::make_shared<std::promise<PoolReading>>();
    auto future = reply->get_future();
    ask([reply, pools](RadosClient *client) { reply->set_value(readPools(client, pools)); });
    return future;
}

std::future<CephPoller::EnvironmentReading> CephPoller::environment(const QStringList &pools)
{
    auto reply = std::make_shared<std::promise<EnvironmentReading>>();
    auto future = reply->get_future();
    ask([reply, pools](RadosClient *client) {
        EnvironmentReading r;
        if (!client || !client->isConnected()) {
            r.problems << QStringLiteral("not connected to a Ceph cluster");
        } else {
            Error e;
            const QStringList names = resolvePools(*client, pools, &e);
            if (e)
                r.problems << e.message;
            r.environment = probeCephEnvironment(*client, names, &r.problems);
        }
        reply->set_value(std::move(r));
    });
    return future;
}

void CephPoller::serveRequests(RadosClient *client)
{
    QList<Request> requests;
    {
        std::lock_guard lock(m_mutex);
        requests.swap(m_requests);
        if (!client)
            m_done = true;
    }
    for (const Request &r : std::as_const(requests))
        r(client);
}

void CephPoller::loop()
{
    RadosClient client;
    if (const Error e = client.connect(m_spec)) {
        if (m_log)
            m_log(QStringLiteral("Ceph is not watched: %1").arg(e.message));
        serveRequests(nullptr);
        return;
    }
    readMetadata(client);
    int lastHealth = int(CephHealthSnapshot::Health::Unknown);
    auto next = std::chrono::steady_clock::now();
    while (!m_stop.isCancelled()) {
        serveRequests(&client);
        if (std::chrono::steady_clock::now() >= next) {
            pollOnce(client, &lastHealth);
            next = std::chrono::steady_clock::now() + std::chrono::milliseconds(m_intervalMs);
        }
        std::unique_lock lock(m_mutex);
        m_wake.wait_until(lock, std::min(next, std::chrono::steady_clock::now() + std::chrono::milliseconds(50)),
            [&] { return !m_requests.isEmpty() || m_stop.isCancelled(); });
    }
    serveRequests(nullptr);
}

void CephPoller::readMetadata(RadosClient &client)
{
    if (!m_metadata)
        return;
    Error e;
    const QByteArray out = command(client, QStringLiteral("osd metadata"), &e);
    QList<CephOsdMetadata> osds;
    if (!e)
        e = parseCephOsdMetadataList(out, &osds);
    if (e && m_log)
        m_log(QStringLiteral("Ceph OSD metadata not read: %1").arg(e.message));
    else
        m_metadata(osds);
}

void CephPoller::pollOnce(RadosClient &client, int *lastHealth)
{
    Error e;
    const QByteArray status = command(client, QStringLiteral("status"), &e);
    const double t = m_now();
    SampleList out;
    if (e) {
        if (m_log)
            m_log(QStringLiteral("Ceph status failed: %1").arg(e.message));
        out << Sample {-1, Target, metric::CephHealth, t, double(int(CephHealthSnapshot::Health::Unknown))};
    } else {
        Error pe;
        const CephHealthSnapshot s = parseCephHealthSnapshot(status, &pe);
        if (!pe) {
            out << Sample {-1, Target, metric::CephHealth, t, double(int(s.health))}
                << Sample {-1, Target, metric::CephPgsRecovering, t, double(s.pgsRecovering)}
                << Sample {-1, Target, metric::CephPgsBackfilling, t, double(s.pgsBackfilling)}
                << Sample {-1, Target, metric::CephPgsScrubbing, t, double(s.pgsScrubbing)};
            if (int(s.health) != *lastHealth && m_log)
                m_log(QStringLiteral("Ceph: %1%2")
                          .arg(CephHealthSnapshot::healthName(s.health),
                              s.checks.isEmpty() ? QString()
                                                 : QStringLiteral(" — ") + s.checks.join(QStringLiteral("; "))));
            *lastHealth = int(s.health);
        }
    }
    QList<CephOsdPerf> perf;
    const QByteArray perfJson = command(client, QStringLiteral("osd perf"), &e);
    if (!e && !parseCephOsdPerf(perfJson, &perf))
        for (const CephOsdPerf &p : std::as_const(perf))
            out << Sample {-1, metric::osdTarget(p.id), metric::OsdCommitLat, t, p.commitNs}
                << Sample {-1, metric::osdTarget(p.id), metric::OsdApplyLat, t, p.applyNs};
    QList<CephPoolIoRate> pools;
    const QByteArray poolJson = command(client, QStringLiteral("osd pool stats"), &e);
    if (!e && !parseCephPoolIoRates(poolJson, &pools))
        for (const CephPoolIoRate &p : std::as_const(pools)) {
            if (!p.active())
                continue; // idle pools: no series
            const QString target = metric::poolTarget(p.pool);
            out << Sample {-1, target, metric::PoolReadBw, t, p.readBytesPerSec}
                << Sample {-1, target, metric::PoolWriteBw, t, p.writeBytesPerSec}
                << Sample {-1, target, metric::PoolReadIops, t, p.readOpsPerSec}
                << Sample {-1, target, metric::PoolWriteIops, t, p.writeOpsPerSec};
        }
    if (!out.isEmpty())
        m_sink(out);
}

} // namespace cm
