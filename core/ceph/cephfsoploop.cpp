// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/cephfsoploop.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>

namespace cm {

namespace {
using Clock = std::chrono::steady_clock;
constexpr auto kPoll = std::chrono::milliseconds(50); // cancel is checked at least this often

// What the workers and the ticking thread share; everything but stop under mutex.
struct LoopShared {
    std::mutex mutex;
    std::condition_variable cv;
    IoStats interval;
    std::atomic<bool> stop {false};
    int running = 0;
    bool failed = false;
    Error error;
    Clock::time_point lastCompletion;
    std::vector<Clock::time_point> opStarted; // per thread; max() between ops
};

Error opFailure(const CephFsOpLoop::Config &c, int t, quint64 i, qint64 r)
{
    const int e = int(-r);
    const Error::Code code = e == ETIMEDOUT ? Error::Code::Timeout
        : (e == ENOTCONN || e == ESHUTDOWN) ? Error::Code::Unreachable
                                            : Error::Code::CommandFailed;
    return Error(code,
        QStringLiteral("libcephfs %1 failed (thread %2, op %3): %4")
            .arg(c.opName)
            .arg(t)
            .arg(i)
            .arg(QString::fromLocal8Bit(strerror(e))),
        c.context);
}

// Thread t's ops, one at a time, until stop, kDone or the first failure.
void runWorker(LoopShared &sh, const CephFsOpLoop::Config &c, const CephFsOpLoop::Op &op, int t, quint64 &opsDone)
{
    const size_t slot = c.direction == 0 ? 0 : 1;
    for (quint64 i = 0; !sh.stop.load(std::memory_order_relaxed); ++i) {
        const auto begin = Clock::now();
        {
            std::lock_guard lk(sh.mutex);
            sh.opStarted[size_t(t)] = begin;
        }
        const qint64 r = op(t, i);
        const auto end = Clock::now();
        std::lock_guard lk(sh.mutex);
        sh.opStarted[size_t(t)] = Clock::time_point::max();
        if (r == CephFsOpLoop::kDone)
            break;
        if (r < 0) {
            if (!sh.failed) {
                sh.failed = true;
                sh.error = opFailure(c, t, i, r);
                sh.cv.notify_all();
            }
            break;
        }
        IoDirStats &d = sh.interval[slot];
        ++d.ios;
        d.bytes += quint64(r);
        d.lat.add(quint64(std::chrono::duration_cast<std::chrono::nanoseconds>(end - begin).count()));
        ++opsDone;
        sh.lastCompletion = end;
    }
    std::lock_guard lk(sh.mutex);
    --sh.running;
    sh.cv.notify_all();
}

// Only an op that has been running that long is a stall (not a thread between ops).
// Called with the mutex held.
bool stalled(const LoopShared &sh, int stallTimeoutSec, Clock::time_point now)
{
    Clock::time_point oldest = Clock::time_point::max();
    for (const auto &s : sh.opStarted)
        oldest = std::min(oldest, s);
    return oldest != Clock::time_point::max()
        && now - std::max(oldest, sh.lastCompletion) >= std::chrono::seconds(stallTimeoutSec);
}

} // namespace

Error CephFsOpLoop::run(const Config &c, const Op &op, const CancelToken &cancel, const Tick &tick)
{
    m_total = {};
    m_perThread.assign(size_t(qMax(1, c.threads)), 0);
    m_runtimeMs = 0;
    m_intervals = 0;

    LoopShared sh;
    sh.running = c.threads;
    sh.opStarted.assign(size_t(c.threads), Clock::time_point::max());
    const auto interval_ = std::chrono::milliseconds(qMax(100, c.intervalMs));
    const auto start = Clock::now();
    const auto endAt = start + std::chrono::seconds(c.runtimeSec);
    sh.lastCompletion = start;
    std::vector<std::thread> threads;
    threads.reserve(size_t(c.threads));
    for (int t = 0; t < c.threads; ++t)
        threads.emplace_back([&, t] { runWorker(sh, c, op, t, m_perThread[size_t(t)]); });

    auto lastTick = start;
    auto nextTick = start + interval_;
    auto emitInterval = [&](const IoStats &s, Clock::time_point now) {
        addIoStats(m_total, s);
        ++m_intervals;
        if (tick)
            tick(s, std::chrono::duration<double>(now - lastTick).count(),
                std::chrono::duration<double>(now - start).count());
        lastTick = now;
    };
    for (;;) {
        std::unique_lock lk(sh.mutex);
        sh.cv.wait_until(
            lk, std::min({nextTick, endAt, Clock::now() + kPoll}), [&] { return sh.failed || sh.running == 0; });
        const auto now = Clock::now();
        if (!sh.failed && c.stallTimeoutSec > 0 && stalled(sh, c.stallTimeoutSec, now)) {
            sh.failed = true;
            sh.error = Error(Error::Code::Timeout,
                QStringLiteral("no %1 completed for %2 s: the cluster is not answering")
                    .arg(c.opName)
                    .arg(c.stallTimeoutSec),
                c.context);
        }
        if (sh.failed || sh.running == 0 || cancel.isCancelled() || now >= endAt) {
            sh.stop = true;
            break;
        }
        if (now >= nextTick) {
            IoStats snap;
            std::swap(snap, sh.interval);
            lk.unlock();
            emitInterval(snap, now);
            while (nextTick <= now)
                nextTick += interval_;
        }
    }
    // Every worker finishes the op it is in (bounded by the client's op timeouts).
    for (std::thread &t : threads)
        t.join();
    IoStats last;
    {
        std::lock_guard lk(sh.mutex);
        std::swap(last, sh.interval);
    }
    const auto finish = Clock::now();
    // The last interval runs to the end of the drain, so every completed op is in a sample.
    if (last[0].ios || last[1].ios || finish - lastTick >= interval_ / 2)
        emitInterval(last, finish);
    m_runtimeMs = std::chrono::duration_cast<std::chrono::milliseconds>(finish - start).count();
    return sh.failed ? sh.error : Error();
}

} // namespace cm
