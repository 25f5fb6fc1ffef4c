// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The timed I/O phase of an RbdEngine job on an open image (internal to core/ceph).
// Completion callbacks run on librbd's threads: every shared field is guarded by
// m_mutex, and notifications are sent with it held so the run can be destroyed as
// soon as the drain sees no op in flight.
#include "ceph/aiostats.h"
#include "ceph/rbdworkload.h"
#include "model/error.h"
#include "model/sample.h"
#include "util/canceltoken.h"
#include "util/randomblockmap.h"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <random>
#include <vector>

#include <rbd/librbd.h>

namespace cm {

class RbdIoRun {
public:
    using Clock = std::chrono::steady_clock;
    using DirStats = IoDirStats;
    using Stats = IoStats; // [0] read, [1] write

    RbdIoRun(rbd_image_t image, const RbdWorkload &w, quint64 imageSize, QString target);
    RbdIoRun(const RbdIoRun &) = delete;
    RbdIoRun &operator=(const RbdIoRun &) = delete;

    // Runs for the workload's runtime (or until cancel or the first I/O error), then
    // waits for every op in flight. Samples go to sink on this thread.
    Error execute(const CancelToken &cancel, const std::function<void(const SampleList &)> &sink);

    const Stats &totals() const { return m_total; }
    // After a stall error: the offset of the op that waited (to name its OSD).
    quint64 stuckOffset() const { return m_stuckOffset; }
    qint64 runtimeMs() const { return m_runtimeMs; }
    int intervals() const { return m_intervals; }

private:
    struct Slot {
        RbdIoRun *run = nullptr;
        char *buf = nullptr;
        bool isRead = false;
        quint64 offset = 0;
        Clock::time_point issued;
    };

    static void onComplete(rbd_completion_t c, void *arg);
    void completed(Slot *s, ssize_t r, Clock::time_point done);
    void prepare(Slot *s); // m_mutex held
    void submit(Slot *s);
    void fail(int r, const Slot *s); // m_mutex held
    // The stall watchdog (m_mutex held): nothing completed for the limit, or one op took
    // half as long or more; sets the error and m_stuckOffset.
    void checkStall(Clock::time_point now, std::chrono::seconds stallLimit);
    void emitInterval(const Stats &s, double secs, double t, const std::function<void(const SampleList &)> &sink);

    rbd_image_t m_image;
    RbdWorkload m_w;
    quint64 m_size;
    quint64 m_blocks;
    QString m_target;
    std::vector<char> m_buffers;
    std::vector<Slot> m_slots;

    std::mutex m_mutex;
    std::condition_variable m_cv;
    int m_inflight = 0;
    bool m_stop = false;
    bool m_failed = false;
    Clock::time_point m_lastCompletion;
    // The slowest completed op since the last check: with the writeback cache, writes
    // are acknowledged from memory until it is full and then wait for a flush that ends
    // at the OSD op timeout; each such write completes short of the stall limit.
    std::chrono::nanoseconds m_slowestOp {0};
    quint64 m_slowestOffset = 0;
    quint64 m_stuckOffset = 0;
    Error m_error;
    std::vector<Slot *> m_ready; // Issue::FromWorker: completed slots to reissue
    Stats m_interval;
    std::mt19937_64 m_rng;
    RandomBlockMap m_blockMap; // random offsets: each block once per pass (as fio)
    quint64 m_seqNext = 0;

    Stats m_total;
    qint64 m_runtimeMs = 0;
    int m_intervals = 0;
};

} // namespace cm
