// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The timed phase of a CephFsEngine job (internal to core/ceph): N worker threads each
// call a synchronous op (a libcephfs read, write, create, stat or unlink) in a loop,
// one op in flight per thread, until the runtime is up, every thread ran out of work,
// the first op failed, or cancel. The calling thread hands one interval of counts and
// latencies at a time to `tick`, and returns after every worker has finished its op.
#include "ceph/aiostats.h"
#include "model/error.h"
#include "util/canceltoken.h"

#include <functional>

namespace cm {

class CephFsOpLoop {
public:
    // An op: performs op number `index` of `thread`. Returns the bytes it moved (>= 0),
    // kDone when the thread has no more work, or a negative errno.
    using Op = std::function<qint64(int thread, quint64 index)>;
    static constexpr qint64 kDone = -1000000;

    struct Config {
        int threads = 1;
        int runtimeSec = 30;
        int intervalMs = 1000;
        int direction = 1; // IoStats slot ops are counted in: 0 read, 1 write
        QString opName; // "write", "stat"… for error messages
        QString context; // the folder, for error messages
        int stallTimeoutSec = 0; // > 0: no op completed for this long = an error
    };
    // One interval: its stats, its length and its end (seconds since the loop began).
    using Tick = std::function<void(const IoStats &interval, double secs, double t)>;

    Error run(const Config &config, const Op &op, const CancelToken &cancel, const Tick &tick);

    const IoStats &totals() const { return m_total; }
    quint64 opsPerThread(int thread) const
    {
        return thread >= 0 && thread < int(m_perThread.size()) ? m_perThread[size_t(thread)] : 0;
    }
    qint64 runtimeMs() const { return m_runtimeMs; }
    int intervals() const { return m_intervals; }

private:
    IoStats m_total;
    std::vector<quint64> m_perThread;
    qint64 m_runtimeMs = 0;
    int m_intervals = 0;
};

} // namespace cm
