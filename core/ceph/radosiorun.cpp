// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/radosiorun.h"

#include <QRandomGenerator>

#include <algorithm>
#include <cstring>

namespace cm {

namespace {

constexpr auto kPoll = std::chrono::milliseconds(50); // cancel is checked at least this often

const char *opText(RadosIoRun::Op op)
{
    switch (op) {
    case RadosIoRun::Op::Write: return "write";
    case RadosIoRun::Op::WriteFull: return "write_full";
    case RadosIoRun::Op::Read: return "read";
    case RadosIoRun::Op::Stat: return "stat";
    case RadosIoRun::Op::Remove: return "remove";
    }
    return "?";
}

bool isRead(RadosIoRun::Op op)
{
    return op == RadosIoRun::Op::Read || op == RadosIoRun::Op::Stat;
}

bool movesData(RadosIoRun::Op op)
{
    return op == RadosIoRun::Op::Read || op == RadosIoRun::Op::Write || op == RadosIoRun::Op::WriteFull;
}

} // namespace

QByteArray RadosIoRun::objectName(const QByteArray &prefix, quint32 index)
{
    return prefix + QByteArray::number(index);
}

RadosIoRun::RadosIoRun(rados_ioctx_t io, QByteArray namePrefix, Job job, Flags flags, QString target)
    : m_io(io)
    , m_prefix(std::move(namePrefix))
    , m_job(std::move(job))
    , m_flags(flags)
    , m_target(std::move(target))
    , m_rng(QRandomGenerator::global()->generate64())
{
    // A pass never has more ops in flight than objects to go through.
    if (!timed()) {
        m_job.queueDepth = int(std::min<size_t>(size_t(qMax(0, m_job.queueDepth)), m_job.indices.size()));
        m_exhausted = m_job.indices.empty();
    }
    const size_t bs = movesData(m_job.op) ? size_t(m_job.blockSize) : 0;
    m_buffers.resize(bs * size_t(m_job.queueDepth));
    if (!m_buffers.empty() && m_job.op != Op::Read) {
        // Incompressible data, so nothing on the way can shortcut the writes.
        QRandomGenerator gen(QRandomGenerator::global()->generate());
        gen.fillRange(reinterpret_cast<quint32 *>(m_buffers.data()), qsizetype(m_buffers.size() / sizeof(quint32)));
    }
    m_slots.resize(size_t(m_job.queueDepth));
    for (size_t i = 0; i < m_slots.size(); ++i) {
        m_slots[i].run = this;
        m_slots[i].buf = bs ? m_buffers.data() + i * bs : nullptr;
        m_slots[i].op = m_job.op;
    }
}

void RadosIoRun::onComplete(rados_completion_t c, void *arg)
{
    const auto done = Clock::now();
    const int r = rados_aio_get_return_value(c);
    rados_aio_release(c); // librados holds its own reference while the callback runs
    auto *slot = static_cast<Slot *>(arg);
    slot->run->completed(slot, r, done);
}

void RadosIoRun::completed(Slot *s, int r, Clock::time_point done)
{
    bool reissue = false;
    {
        std::lock_guard lk(m_mutex);
        --m_inflight;
        auto mark = [&](std::vector<char> *v) {
            if (v && s->index < v->size())
                (*v)[s->index] = 1;
        };
        if (r < 0) {
            if (s->op == Op::Remove && r == -ENOENT) {
                ++m_missing;
                mark(m_flags.gone);
            } else {
                fail(opError(r, s));
            }
        } else if (s->op == Op::Read && quint64(r) != m_job.blockSize) {
            fail(Error(Error::Code::CommandFailed,
                QStringLiteral("short read of object %1: %2 of %3 bytes at offset %4 (the object is smaller than the "
                               "set's object size)")
                    .arg(QString::fromUtf8(s->name))
                    .arg(r)
                    .arg(m_job.blockSize)
                    .arg(s->offset),
                m_target));
        } else {
            if (s->op == Op::WriteFull)
                mark(m_flags.whole);
            else if (s->op == Op::Remove)
                mark(m_flags.gone);
            IoDirStats &d = m_interval[isRead(s->op) ? 0 : 1];
            ++d.ios;
            if (movesData(s->op))
                d.bytes += m_job.blockSize;
            d.lat.add(quint64(std::chrono::duration_cast<std::chrono::nanoseconds>(done - s->issued).count()));
        }
        if (!m_stop && !m_failed && prepare(s)) {
            ++m_inflight;
            reissue = true;
        } else if (m_inflight == 0 || m_failed) {
            m_cv.notify_all();
        }
    }
    // After the lock is released the callback touches the run only when it has an op
    // in flight (reissue), which keeps the run alive.
    if (reissue)
        submit(s);
}

bool RadosIoRun::prepare(Slot *s)
{
    s->offset = 0;
    if (!timed()) {
        if (m_next >= m_job.indices.size()) {
            m_exhausted = true;
            return false;
        }
        s->index = m_job.indices[m_next++];
    } else if (m_job.op == Op::WriteFull) {
        s->index = quint32(m_next++ % m_job.objects);
    } else {
        s->index = std::uniform_int_distribution<quint32>(0, m_job.objects - 1)(m_rng);
        const quint64 blocks = m_job.blockSize ? m_job.objectSize / m_job.blockSize : 1;
        if (blocks > 1)
            s->offset = std::uniform_int_distribution<quint64>(0, blocks - 1)(m_rng) * m_job.blockSize;
    }
    if ((s->op == Op::Write || s->op == Op::WriteFull) && m_flags.touched && s->index < m_flags.touched->size())
        (*m_flags.touched)[s->index] = 1;
    s->name = objectName(m_prefix, s->index);
    return true;
}

void RadosIoRun::submit(Slot *s)
{
    rados_completion_t c = nullptr;
    int r = rados_aio_create_completion2(s, &RadosIoRun::onComplete, &c);
    if (r >= 0) {
        const char *oid = s->name.constData();
        const size_t len = size_t(m_job.blockSize);
        s->issued = Clock::now();
        switch (s->op) {
        case Op::Write: r = rados_aio_write(m_io, oid, c, s->buf, len, s->offset); break;
        case Op::WriteFull: r = rados_aio_write_full(m_io, oid, c, s->buf, len); break;
        case Op::Read: r = rados_aio_read(m_io, oid, c, s->buf, len, s->offset); break;
        case Op::Stat: r = rados_aio_stat(m_io, oid, c, &s->statSize, &s->statMtime); break;
        case Op::Remove: r = rados_aio_remove(m_io, oid, c); break;
        }
        if (r < 0)
            rados_aio_release(c);
    }
    if (r < 0) {
        std::lock_guard lk(m_mutex);
        --m_inflight;
        fail(opError(r, s));
        m_cv.notify_all();
    }
}

Error RadosIoRun::opError(int r, const Slot *s) const
{
    const int e = r < 0 ? -r : r;
    const QString name = QString::fromUtf8(s->name);
    if (e == ENOENT && isRead(s->op))
        return Error(Error::Code::PathMissing,
            QStringLiteral("object %1 does not exist (a %2 of a missing object is never counted)")
                .arg(name, QLatin1String(opText(s->op))),
            m_target);
    if (e == ETIMEDOUT)
        return Error(Error::Code::Timeout,
            QStringLiteral("librados %1 of object %2 timed out (OSD op timeout): an OSD down or unreachable?")
                .arg(QLatin1String(opText(s->op)), name),
            m_target);
    const Error::Code code = (e == ENOTCONN || e == ESHUTDOWN) ? Error::Code::Unreachable
        : (e == EACCES || e == EPERM)                          ? Error::Code::AuthDenied
                                                               : Error::Code::CommandFailed;
    return Error(code,
        QStringLiteral("librados %1 of object %2 (%3 bytes at offset %4) failed: %5")
            .arg(QLatin1String(opText(s->op)), name)
            .arg(movesData(s->op) ? m_job.blockSize : 0)
            .arg(s->offset)
            .arg(QString::fromLocal8Bit(strerror(e))),
        m_target);
}

void RadosIoRun::fail(const Error &e)
{
    if (m_failed)
        return;
    m_failed = true;
    m_error = e;
}

Error RadosIoRun::execute(
    const CancelToken &cancel, const IoSampleLabels &labels, const std::function<void(const SampleList &)> &sink)
{
    const auto interval = std::chrono::milliseconds(qMax(100, m_job.intervalMs));
    const auto start = Clock::now();
    const auto end = timed() ? start + std::chrono::seconds(m_job.runtimeSec) : Clock::time_point::max();
    auto lastTick = start;
    auto nextTick = start + interval;
    auto emitInterval = [&](const IoStats &s, Clock::time_point now) {
        addIoStats(m_total, s);
        ++m_intervals;
        if (sink) {
            IoSampleLabels withTotal = labels;
            withTotal.stepSoFar = &m_total;
            const SampleList out = ioIntervalSamples(s, std::chrono::duration<double>(now - lastTick).count(),
                std::chrono::duration<double>(now - start).count(), withTotal);
            if (!out.isEmpty())
                sink(out);
        }
        lastTick = now;
    };

    std::vector<Slot *> first;
    {
        std::lock_guard lk(m_mutex);
        for (Slot &s : m_slots) {
            if (!prepare(&s))
                break;
            ++m_inflight;
            first.push_back(&s);
        }
    }
    for (Slot *s : first)
        submit(s);

    for (;;) {
        std::unique_lock lk(m_mutex);
        const auto wake = std::min({nextTick, end, Clock::now() + kPoll});
        m_cv.wait_until(lk, wake, [&] { return m_failed || (m_exhausted && m_inflight == 0); });
        const auto now = Clock::now();
        if (m_failed || cancel.isCancelled() || now >= end || (m_exhausted && m_inflight == 0)) {
            m_stop = true;
            break;
        }
        if (now >= nextTick) {
            IoStats snap;
            std::swap(snap, m_interval);
            lk.unlock();
            emitInterval(snap, now);
            while (nextTick <= now)
                nextTick += interval;
        }
    }
    // Drain: every op is bounded by the client's OSD op timeout.
    IoStats last;
    {
        std::unique_lock lk(m_mutex);
        m_cv.wait(lk, [&] { return m_inflight == 0; });
        std::swap(last, m_interval);
    }
    const auto finish = Clock::now();
    // The last interval runs to the end of the drain, so every completed op is in a sample.
    if (last[0].ios || last[1].ios || finish - lastTick >= interval / 2)
        emitInterval(last, finish);
    m_runtimeMs = std::chrono::duration_cast<std::chrono::milliseconds>(finish - start).count();
    std::lock_guard lk(m_mutex);
    return m_failed ? m_error : Error();
}

} // namespace cm
