// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The timed part of the per-OSD latency benchmark for ONE OSD: QD1 writes of blockSize
// bytes at random block-aligned offsets inside its objects (each object's primary is
// that OSD), every op timed from submit to completion. Owns its own ioctx on the shared
// cluster handle (librados handles are thread-safe; ioctxs are per thread), so the
// parallel mode runs one loop per OSD on its own thread.
//
// Every op is bounded by the client's OSD op timeout (CephConnectionSpec::timeoutSec):
// a dead OSD gives an error for that OSD after at most that long, never a hang. A
// cancel is seen within 50 ms; an op in flight is then cancelled and awaited.
#include "ceph/radosclient.h"
#include "model/error.h"
#include "model/sample.h"
#include "stats/latencyhistogram.h"
#include "util/canceltoken.h"

#include <QStringList>

#include <functional>
#include <memory>

namespace cm {

struct OsdWriteJob {
    int osd = -1;
    QString pool;
    QStringList objects; // names whose primary is `osd`
    quint64 objectSize = 4ull << 20; // offsets fall inside [0, objectSize)
    quint64 blockSize = 4096;
    int runtimeSec = 10;
    int intervalMs = 1000;
    int opTimeoutSec = 10; // the client's OSD op timeout (for messages and bounds)
    int step = 0; // sample labels
    std::function<double()> now; // seconds since the run started
};

class OsdWriteLoop {
public:
    using SampleSink = std::function<void(const SampleList &)>;

    OsdWriteLoop(RadosClient &client, OsdWriteJob job);
    ~OsdWriteLoop();
    OsdWriteLoop(const OsdWriteLoop &) = delete;
    OsdWriteLoop &operator=(const OsdWriteLoop &) = delete;

    QString target() const { return QStringLiteral("osd.%1").arg(m_job.osd); }

    // Creates every object with one untimed block write at its end (so it has its full
    // size). A write that times out is retried until retrySec have passed: a new pool's
    // PGs may not be active yet.
    Error warmUp(const CancelToken &cancel, int retrySec);
    // QD1 timed writes for the runtime; one set of samples per interval (target
    // "osd.N": write.iops, write.lat.p50, write.lat.p99, write.lat.mean) to sink, on
    // this thread. Stops at the first failed op (that error is returned).
    Error run(const CancelToken &cancel, const SampleSink &sink);
    // Removes the objects warmUp() created (asynchronously, all at once; waits up to
    // timeoutSec). Returns the names that could not be removed.
    QStringList removeObjects(int timeoutSec);

    const LatencyHistogram &histogram() const { return m_total; }
    quint64 ops() const { return m_total.count(); }
    quint64 warmupOps() const { return m_warmupOps; }
    qint64 runtimeMs() const { return m_runtimeMs; }
    QStringList created() const { return m_created; }

private:
    struct Op;
    Error open();
    // One write, waited for; *ns its latency. Error::Code::Cancelled when cancelled.
    Error write(const QString &object, quint64 offset, const CancelToken &cancel, quint64 *ns);
    void emitInterval(const LatencyHistogram &h, double secs, const SampleSink &sink);

    RadosClient &m_client;
    OsdWriteJob m_job;
    void *m_ioctx = nullptr; // rados_ioctx_t
    std::vector<char> m_buffer;
    LatencyHistogram m_total;
    quint64 m_warmupOps = 0;
    qint64 m_runtimeMs = 0;
    QStringList m_created;
};

} // namespace cm
