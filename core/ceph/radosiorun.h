// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The async I/O loop of a RadosObjectEngine job on an open pool (internal to core/ceph),
// built like RbdIoRun: exactly queueDepth rados_aio ops in flight, the next one issued
// from the completion callback (librados's finisher thread). Every shared field is
// guarded by m_mutex, and notifications are sent with it held, so the run can be
// destroyed as soon as the drain sees no op in flight.
//
// Two shapes: timed (random objects of the set, or round-robin whole-object writes, for
// runtimeSec) and one pass over a list of objects (prefill writes, clean-up removes).
#include "ceph/aiostats.h"
#include "model/error.h"
#include "util/canceltoken.h"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <random>
#include <vector>

#include <rados/librados.h>

namespace cm {

class RadosIoRun {
public:
    using Clock = std::chrono::steady_clock;
    enum class Op { Write, WriteFull, Read, Stat, Remove };
    struct Job {
        Op op = Op::WriteFull;
        quint64 blockSize = 4ull << 20; // WriteFull: the object size
        quint64 objectSize = 4ull << 20;
        int queueDepth = 16;
        int runtimeSec = 0; // > 0: timed over objects 0..objects-1
        quint32 objects = 0;
        std::vector<quint32> indices; // runtimeSec == 0: one op on each, in order
        int intervalMs = 1000;
    };

    // One flag per object index, each optional: `touched` marks every object a write
    // was issued to (the caller removes those afterwards), `whole` every object a whole-
    // object write succeeded on, `gone` every object a remove found absent or removed.
    struct Flags {
        std::vector<char> *touched = nullptr;
        std::vector<char> *whole = nullptr;
        std::vector<char> *gone = nullptr;
    };
    RadosIoRun(rados_ioctx_t io, QByteArray namePrefix, Job job, Flags flags, QString target);
    RadosIoRun(const RadosIoRun &) = delete;
    RadosIoRun &operator=(const RadosIoRun &) = delete;

    // Runs until the time is up / the list is done, a cancel, or the first error, then
    // waits for every op in flight. Per-interval samples go to sink on this thread.
    Error execute(
        const CancelToken &cancel, const IoSampleLabels &labels, const std::function<void(const SampleList &)> &sink);

    const IoStats &totals() const { return m_total; }
    qint64 runtimeMs() const { return m_runtimeMs; }
    int intervals() const { return m_intervals; }
    quint64 missing() const { return m_missing; } // Remove: objects already gone

    static QByteArray objectName(const QByteArray &prefix, quint32 index);

private:
    struct Slot {
        RadosIoRun *run = nullptr;
        char *buf = nullptr;
        Op op = Op::Write;
        quint32 index = 0;
        quint64 offset = 0;
        QByteArray name;
        uint64_t statSize = 0;
        time_t statMtime = 0;
        Clock::time_point issued;
    };

    static void onComplete(rados_completion_t c, void *arg);
    void completed(Slot *s, int r, Clock::time_point done);
    bool prepare(Slot *s); // m_mutex held; false when a pass has nothing left
    void submit(Slot *s);
    void fail(const Error &e); // m_mutex held
    Error opError(int r, const Slot *s) const;
    bool timed() const { return m_job.runtimeSec > 0; }

    rados_ioctx_t m_io;
    QByteArray m_prefix;
    Job m_job;
    Flags m_flags;
    QString m_target;
    std::vector<char> m_buffers;
    std::vector<Slot> m_slots;

    std::mutex m_mutex;
    std::condition_variable m_cv;
    int m_inflight = 0;
    bool m_stop = false;
    bool m_failed = false;
    bool m_exhausted = false; // a pass issued its last op
    Error m_error;
    IoStats m_interval;
    std::mt19937_64 m_rng;
    size_t m_next = 0; // round-robin / pass position
    quint64 m_missing = 0;

    IoStats m_total;
    qint64 m_runtimeMs = 0;
    int m_intervals = 0;
};

} // namespace cm
