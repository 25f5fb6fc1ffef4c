// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/rbdiorun.h"

#include <QRandomGenerator>

#include <algorithm>
#include <cstring>

namespace cm {

namespace {
constexpr auto kPoll = std::chrono::milliseconds(50); // cancel is checked at least this often
}

RbdIoRun::RbdIoRun(rbd_image_t image, const RbdWorkload &w, quint64 imageSize, QString target)
    : m_image(image)
    , m_w(w)
    , m_size(imageSize)
    , m_blocks(imageSize / w.blockSize)
    , m_target(std::move(target))
    , m_rng(QRandomGenerator::global()->generate64())
    , m_blockMap(m_blocks)
{
    const size_t bs = size_t(w.blockSize);
    m_buffers.resize(bs * size_t(w.queueDepth));
    // Incompressible data, so nothing on the way can shortcut the writes.
    QRandomGenerator gen(QRandomGenerator::global()->generate());
    const size_t words = m_buffers.size() / sizeof(quint32);
    gen.fillRange(reinterpret_cast<quint32 *>(m_buffers.data()), qsizetype(words));
    m_slots.resize(size_t(w.queueDepth));
    for (size_t i = 0; i < m_slots.size(); ++i) {
        m_slots[i].run = this;
        m_slots[i].buf = m_buffers.data() + i * bs;
    }
}

void RbdIoRun::onComplete(rbd_completion_t c, void *arg)
{
    const auto done = Clock::now();
    const ssize_t r = rbd_aio_get_return_value(c);
    rbd_aio_release(c);
    auto *slot = static_cast<Slot *>(arg);
    slot->run->completed(slot, r, done);
}

void RbdIoRun::completed(Slot *s, ssize_t r, Clock::time_point done)
{
    bool reissue = false;
    {
        std::lock_guard lk(m_mutex);
        --m_inflight;
        m_lastCompletion = done;
        if (r < 0) {
            fail(int(r), s);
        } else {
            DirStats &d = m_interval[s->isRead ? 0 : 1];
            ++d.ios;
            d.bytes += m_w.blockSize;
            const auto lat = std::chrono::duration_cast<std::chrono::nanoseconds>(done - s->issued);
            d.lat.add(quint64(lat.count()));
            if (lat > m_slowestOp) {
                m_slowestOp = lat;
                m_slowestOffset = s->offset;
            }
        }
        if (!m_stop && !m_failed) {
            if (m_w.issue == RbdWorkload::Issue::FromCompletion) {
                prepare(s);
                ++m_inflight;
                reissue = true;
            } else {
                m_ready.push_back(s);
                m_cv.notify_all();
            }
        } else if (m_inflight == 0 || m_failed) {
            m_cv.notify_all();
        }
    }
    // After the lock is released this callback touches the run only when it has an op
    // in flight (reissue), which keeps the run alive.
    if (reissue)
        submit(s);
}

void RbdIoRun::prepare(Slot *s)
{
    switch (m_w.mode) {
    case RbdWorkload::Mode::Read:
    case RbdWorkload::Mode::RandRead: s->isRead = true; break;
    case RbdWorkload::Mode::Write:
    case RbdWorkload::Mode::RandWrite: s->isRead = false; break;
    case RbdWorkload::Mode::RandRW:
        s->isRead = int(std::uniform_int_distribution<int>(0, 99)(m_rng)) < m_w.readPercent;
        break;
    }
    if (m_w.random()) {
        s->offset = m_blockMap.next(m_rng) * m_w.blockSize;
    } else {
        s->offset = m_seqNext;
        m_seqNext += m_w.blockSize;
        if (m_seqNext + m_w.blockSize > m_size)
            m_seqNext = 0;
    }
}

void RbdIoRun::submit(Slot *s)
{
    rbd_completion_t c = nullptr;
    int r = rbd_aio_create_completion(s, &RbdIoRun::onComplete, &c);
    if (r >= 0) {
        s->issued = Clock::now();
        r = s->isRead ? rbd_aio_read(m_image, s->offset, size_t(m_w.blockSize), s->buf, c)
                      : rbd_aio_write(m_image, s->offset, size_t(m_w.blockSize), s->buf, c);
        if (r < 0)
            rbd_aio_release(c);
    }
    if (r < 0) {
        std::lock_guard lk(m_mutex);
        --m_inflight;
        fail(r, s);
        m_cv.notify_all();
    }
}

void RbdIoRun::fail(int r, const Slot *s)
{
    if (m_failed)
        return;
    m_failed = true;
    m_stuckOffset = s->offset;
    const int e = r < 0 ? -r : r;
    const Error::Code code = e == ETIMEDOUT ? Error::Code::Timeout
        : (e == ENOTCONN || e == ESHUTDOWN) ? Error::Code::Unreachable
                                            : Error::Code::CommandFailed;
    m_error = Error(code,
        QStringLiteral("librbd %1 of %2 bytes at offset %3 failed: %4")
            .arg(s->isRead ? QStringLiteral("read") : QStringLiteral("write"))
            .arg(m_w.blockSize)
            .arg(s->offset)
            .arg(QString::fromLocal8Bit(strerror(e))),
        m_target);
}

Error RbdIoRun::execute(const CancelToken &cancel, const std::function<void(const SampleList &)> &sink)
{
    const auto interval = std::chrono::milliseconds(m_w.intervalMs);
    const auto start = Clock::now();
    const auto end = start + std::chrono::seconds(m_w.runtimeSec);
    auto lastTick = start;
    auto nextTick = start + interval;
    const auto stallLimit = std::chrono::seconds(m_w.stallTimeoutSec);
    {
        std::lock_guard lk(m_mutex);
        m_lastCompletion = start;
        for (Slot &s : m_slots) {
            prepare(&s);
            ++m_inflight;
        }
    }
    for (Slot &s : m_slots)
        submit(&s);

    std::vector<Slot *> ready;
    for (;;) {
        std::unique_lock lk(m_mutex);
        const auto wake = std::min({nextTick, end, Clock::now() + kPoll});
        m_cv.wait_until(lk, wake, [&] { return !m_ready.empty() || m_failed; });
        const auto now = Clock::now();
        if (!m_failed && m_w.stallTimeoutSec > 0)
            checkStall(now, stallLimit);
        if (m_failed || cancel.isCancelled() || now >= end) {
            m_stop = true;
            m_ready.clear();
            break;
        }
        ready.clear();
        ready.swap(m_ready);
        for (Slot *s : ready) {
            prepare(s);
            ++m_inflight;
        }
        const bool tick = now >= nextTick;
        Stats snap;
        if (tick)
            std::swap(snap, m_interval);
        lk.unlock();
        for (Slot *s : ready)
            submit(s);
        if (tick) {
            emitInterval(snap, std::chrono::duration<double>(now - lastTick).count(),
                std::chrono::duration<double>(now - start).count(), sink);
            lastTick = now;
            while (nextTick <= now)
                nextTick += interval;
        }
    }
    // Drain: ops are bounded by the client's OSD op timeout.
    Stats last;
    {
        std::unique_lock lk(m_mutex);
        m_cv.wait(lk, [&] { return m_inflight == 0; });
        std::swap(last, m_interval);
    }
    const auto finish = Clock::now();
    // The last interval runs to the end of the drain, so every completed op is in a sample.
    if (last[0].ios || last[1].ios || finish - lastTick >= interval / 2)
        emitInterval(last, std::chrono::duration<double>(finish - lastTick).count(),
            std::chrono::duration<double>(finish - start).count(), sink);
    m_runtimeMs = std::chrono::duration_cast<std::chrono::milliseconds>(finish - start).count();
    std::lock_guard lk(m_mutex);
    return m_failed ? m_error : Error();
}

void RbdIoRun::checkStall(Clock::time_point now, std::chrono::seconds stallLimit)
{
    if (m_inflight > 0 && now - m_lastCompletion >= stallLimit) {
        m_failed = true;
        Clock::time_point oldest = now;
        for (const Slot &s : m_slots)
            if (s.issued < oldest) {
                oldest = s.issued;
                m_stuckOffset = s.offset;
            }
        m_error = Error(Error::Code::Timeout,
            QStringLiteral("no I/O completed for %1 s with %2 ops in flight: an OSD is not answering")
                .arg(m_w.stallTimeoutSec)
                .arg(m_inflight),
            m_target);
    } else if (m_slowestOp >= stallLimit / 2) {
        // An op that took half the OSD op timeout or more: with the writeback cache, the
        // write behind a flush that times out waits the rest of that timeout (the op
        // timeout less the time the cache took to fill, measured 2.5–3.9 s of 4 s).
        // Healthy ops take milliseconds; Ceph itself calls an op slow only at 30 s.
        m_failed = true;
        m_stuckOffset = m_slowestOffset;
        m_error = Error(Error::Code::Timeout,
            QStringLiteral("one %1 took %2 s (the OSD op timeout is %3 s): an OSD is not answering")
                .arg(m_w.writes() ? QStringLiteral("write") : QStringLiteral("read"))
                .arg(std::chrono::duration<double>(m_slowestOp).count(), 0, 'f', 1)
                .arg(m_w.stallTimeoutSec),
            m_target);
    }
    m_slowestOp = std::chrono::nanoseconds(0);
}

void RbdIoRun::emitInterval(const Stats &s, double secs, double t, const std::function<void(const SampleList &)> &sink)
{
    addIoStats(m_total, s);
    ++m_intervals;
    if (!sink || secs <= 0)
        return;
    IoSampleLabels labels;
    labels.step = m_w.step;
    labels.target = m_target;
    labels.timeOffset = m_w.timeOffset;
    labels.reads = m_w.reads();
    labels.writes = m_w.writes();
    labels.stepSoFar = &m_total;
    sink(ioIntervalSamples(s, secs, t, labels));
}

} // namespace cm
