// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Ceph's own view of a run (docs/ARCHITECTURE.md §2): while a run goes on and a Ceph
// cluster is connected, polls every 2 s on its own thread and librados handle:
// - `status`: samples for target "ceph": ceph.health (0 OK, 1 WARN, 2 ERR) and the
//   number of PGs recovering, backfilling and scrubbing (the charts mark where these
//   leave 0);
// - `osd perf`: each OSD's commit and apply latency (target osd.N);
// - `osd pool stats`: the client I/O rate of each pool that has some (target pool:NAME).
// Once at the start, `osd metadata` (host, devices, rotational) goes to the metadata
// callback, so a slow OSD can be shown beside its host's disk.
//
// It also reads, on request and on its own thread, a pool's cumulative client counters
// for the step cross-check (`poolCounters`) and the cluster's environment for a step's
// record (`environment`).
#include "ceph/cephconnectionspec.h"
#include "model/error.h"
#include "model/sample.h"
#include "parse/cephenvironment.h"
#include "parse/cephosdmap.h"
#include "stats/crosscheck.h"
#include "util/canceltoken.h"

#include <condition_variable>
#include <functional>
#include <future>
#include <mutex>
#include <thread>

namespace cm {

class RadosClient;

// A pool's client counters since it was made (PG stats as the mgr last summed them):
// they lag the I/O by the mgr's stats and digest periods. Deletes count as write ops.
using PoolCounters = IoCounts;

class CephPoller {
public:
    using Clock = std::function<double()>;
    using Sink = std::function<void(const SampleList &)>;
    using Log = std::function<void(const QString &)>;
    using Metadata = std::function<void(const QList<CephOsdMetadata> &)>;

    CephPoller(
        CephConnectionSpec spec, Clock now, Sink sink, Log log = {}, Metadata metadata = {}, int intervalMs = 2000);
    ~CephPoller(); // stops and joins (within one mon op timeout at worst)
    void start();

    struct PoolReading {
        PoolCounters counts; // summed over the pools
        QStringList pools; // the names read (stand-ins resolved; one may resolve to none yet)
        Error error; // not connected, a named pool that does not exist
    };
    // The counters of `pools`, read on the poller's thread.
    std::future<PoolReading> poolCounters(const QStringList &pools);

    struct EnvironmentReading {
        CephEnvironment environment;
        QStringList problems; // what could not be read
    };
    // The cluster's environment with `pools` (stand-ins resolved), on the poller's thread.
    std::future<EnvironmentReading> environment(const QStringList &pools);

    static inline const QString Target = QStringLiteral("ceph");

private:
    // Work for the poller's thread; null client: not connected (it answers with that).
    using Request = std::function<void(RadosClient *client)>;
    void ask(Request request);
    void loop();
    void pollOnce(RadosClient &client, int *lastHealth);
    void serveRequests(RadosClient *client);
    void readMetadata(RadosClient &client);

    CephConnectionSpec m_spec;
    Clock m_now;
    Sink m_sink;
    Log m_log;
    Metadata m_metadata;
    int m_intervalMs;
    CancelToken m_stop;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    QList<Request> m_requests;
    bool m_done = false; // the loop ended: requests are answered at once
    std::thread m_thread;
};

} // namespace cm
