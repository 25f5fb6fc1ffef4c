// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/osdwriteloop.h"

#include "model/metric.h"

#include <QLoggingCategory>
#include <QRandomGenerator>

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <random>

#include <rados/librados.h>

Q_LOGGING_CATEGORY(lcOsdWrite, "clustermark.core.ceph.osdwrite", QtInfoMsg)

namespace cm {

namespace {
using Clock = std::chrono::steady_clock;
constexpr auto kPoll = std::chrono::milliseconds(50); // cancel is checked at least this often
} // namespace

// Shared by the waiting loop and librados' completion callback (which owns one
// reference), so an op abandoned after a cancel can still complete safely.
struct OsdWriteLoop::Op {
    std::mutex mutex;
    std::condition_variable cv;
    bool done = false;
    int rc = 0;
    Clock::time_point at;

    static void onComplete(rados_completion_t c, void *arg)
    {
        const auto at = Clock::now();
        auto *holder = static_cast<std::shared_ptr<Op> *>(arg);
        const int rc = rados_aio_get_return_value(c);
        {
            std::lock_guard lk((*holder)->mutex);
            (*holder)->done = true;
            (*holder)->rc = rc;
            (*holder)->at = at;
            (*holder)->cv.notify_all();
        }
        delete holder;
    }
};

OsdWriteLoop::OsdWriteLoop(RadosClient &client, OsdWriteJob job)
    : m_client(client)
    , m_job(std::move(job))
{
    m_buffer.resize(size_t(m_job.blockSize));
    // Incompressible data, so nothing on the way can shortcut the writes.
    QRandomGenerator gen(QRandomGenerator::global()->generate());
    gen.fillRange(reinterpret_cast<quint32 *>(m_buffer.data()), qsizetype(m_buffer.size() / sizeof(quint32)));
}

OsdWriteLoop::~OsdWriteLoop()
{
    if (m_ioctx)
        rados_ioctx_destroy(static_cast<rados_ioctx_t>(m_ioctx));
}

Error OsdWriteLoop::open()
{
    if (m_ioctx)
        return {};
    if (!m_client.isConnected())
        return Error(Error::Code::Internal, QStringLiteral("not connected"), target());
    if (m_job.blockSize == 0 || m_job.objectSize < m_job.blockSize || m_job.objects.isEmpty())
        return Error(
            Error::Code::InvalidInput, QStringLiteral("no objects, or a block larger than the object"), target());
    rados_ioctx_t io = nullptr;
    const int r = rados_ioctx_create(static_cast<rados_t>(m_client.handle()), m_job.pool.toUtf8().constData(), &io);
    if (r < 0)
        return Error(r == -ENOENT ? Error::Code::PathMissing : Error::Code::CommandFailed,
            QStringLiteral("cannot open pool %1: %2").arg(m_job.pool, QString::fromLocal8Bit(strerror(-r))), target());
    m_ioctx = io;
    return {};
}

Error OsdWriteLoop::write(const QString &object, quint64 offset, const CancelToken &cancel, quint64 *ns)
{
    auto io = static_cast<rados_ioctx_t>(m_ioctx);
    auto op = std::make_shared<Op>();
    auto *holder = new std::shared_ptr<Op>(op);
    rados_completion_t c = nullptr;
    int r = rados_aio_create_completion2(holder, &Op::onComplete, &c);
    if (r < 0) {
        delete holder;
        return Error(Error::Code::Internal, QStringLiteral("cannot create a librados completion"), target());
    }
    const QByteArray oid = object.toUtf8();
    const auto issued = Clock::now();
    r = rados_aio_write(io, oid.constData(), c, m_buffer.data(), m_buffer.size(), offset);
    if (r < 0) { // never queued: the callback will not run
        rados_aio_release(c);
        delete holder;
    } else {
        bool cancelled = false;
        Clock::time_point giveUp = Clock::time_point::max();
        std::unique_lock lk(op->mutex);
        while (!op->done) {
            op->cv.wait_for(lk, kPoll);
            if (op->done)
                break;
            if (!cancelled && cancel.isCancelled()) {
                cancelled = true;
                giveUp = Clock::now() + std::chrono::seconds(m_job.opTimeoutSec + 2);
                lk.unlock();
                rados_aio_cancel(io, c);
                lk.lock();
            } else if (Clock::now() >= giveUp) {
                // Bounded by the OSD op timeout, so this does not happen; the op keeps
                // its completion and its share of Op.
                qCWarning(lcOsdWrite) << target() << "write did not complete after cancel; abandoned";
                return Error(
                    Error::Code::Cancelled, QStringLiteral("cancelled (a write was still in flight)"), target());
            }
        }
        r = op->rc;
        lk.unlock();
        rados_aio_release(c);
        if (r >= 0) {
            *ns = quint64(std::chrono::duration_cast<std::chrono::nanoseconds>(op->at - issued).count());
            return {};
        }
        if (cancelled && r == -ECANCELED)
            return Error(Error::Code::Cancelled, QStringLiteral("cancelled"), target());
    }
    const int e = -r;
    const Error::Code code = e == ETIMEDOUT ? Error::Code::Timeout
        : (e == ENOTCONN || e == ESHUTDOWN) ? Error::Code::Unreachable
                                            : Error::Code::CommandFailed;
    QString msg = QStringLiteral("write of %1 bytes to %2 at offset %3 failed: %4")
                      .arg(m_buffer.size())
                      .arg(object)
                      .arg(offset)
                      .arg(QString::fromLocal8Bit(strerror(e)));
    if (e == ETIMEDOUT)
        msg += QStringLiteral(" (no answer from %1 within the OSD op timeout of %2 s: is it down?)")
                   .arg(target())
                   .arg(m_job.opTimeoutSec);
    return Error(code, msg, target());
}

Error OsdWriteLoop::warmUp(const CancelToken &cancel, int retrySec)
{
    if (Error e = open())
        return e;
    const auto deadline = Clock::now() + std::chrono::seconds(qMax(0, retrySec));
    const quint64 lastBlock = (m_job.objectSize / m_job.blockSize - 1) * m_job.blockSize;
    for (const QString &o : std::as_const(m_job.objects)) {
        if (m_created.contains(o))
            continue;
        for (;;) {
            if (cancel.isCancelled())
                return Error(Error::Code::Cancelled, QStringLiteral("cancelled while creating objects"), target());
            quint64 ns = 0;
            const Error e = write(o, lastBlock, cancel, &ns);
            if (!e) {
                m_created << o;
                ++m_warmupOps;
                break;
            }
            if (e.code != Error::Code::Timeout || Clock::now() >= deadline)
                return e;
            qCInfo(lcOsdWrite) << target() << "object creation timed out, retrying (PGs not active yet?)";
        }
    }
    return {};
}

Error OsdWriteLoop::run(const CancelToken &cancel, const SampleSink &sink)
{
    if (Error e = open())
        return e;
    std::mt19937_64 rng(QRandomGenerator::global()->generate64());
    std::uniform_int_distribution<qsizetype> pickObject(0, m_job.objects.size() - 1);
    std::uniform_int_distribution<quint64> pickBlock(0, m_job.objectSize / m_job.blockSize - 1);
    const auto interval = std::chrono::milliseconds(qMax(50, m_job.intervalMs));
    const auto start = Clock::now();
    const auto end = start + std::chrono::seconds(m_job.runtimeSec);
    auto lastTick = start;
    auto nextTick = start + interval;
    LatencyHistogram current;
    Error result;
    for (;;) {
        const auto now = Clock::now();
        if (cancel.isCancelled()) {
            result = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), target());
            break;
        }
        if (now >= end)
            break;
        if (now >= nextTick) {
            emitInterval(current, std::chrono::duration<double>(now - lastTick).count(), sink);
            current.clear();
            lastTick = now;
            while (nextTick <= now)
                nextTick += interval;
        }
        quint64 ns = 0;
        const QString &object = m_job.objects.at(pickObject(rng));
        if (Error e = write(object, pickBlock(rng) * m_job.blockSize, cancel, &ns)) {
            result = e;
            break;
        }
        current.add(ns);
    }
    const auto finish = Clock::now();
    if (!current.isEmpty() || finish - lastTick >= interval / 2)
        emitInterval(current, std::chrono::duration<double>(finish - lastTick).count(), sink);
    m_runtimeMs = std::chrono::duration_cast<std::chrono::milliseconds>(finish - start).count();
    qCInfo(lcOsdWrite) << target() << m_total.count() << "writes in" << m_runtimeMs << "ms, p50"
                       << m_total.percentile(50) / 1000 << "us" << (result ? result.message : QString());
    return result;
}

void OsdWriteLoop::emitInterval(const LatencyHistogram &h, double secs, const SampleSink &sink)
{
    m_total.merge(h);
    if (!sink || secs <= 0)
        return;
    const double t = m_job.now ? m_job.now() : 0;
    const QString tgt = target();
    SampleList out;
    out << Sample {m_job.step, tgt, metric::WriteIops, t, double(h.count()) / secs};
    if (!h.isEmpty()) {
        out << Sample {m_job.step, tgt, metric::WriteLatP50, t, h.percentile(50)}
            << Sample {m_job.step, tgt, metric::WriteLatP99, t, h.percentile(99)}
            << Sample {m_job.step, tgt, metric::WriteLatMean, t, h.mean()};
    }
    if (!m_total.isEmpty())
        out << Sample {m_job.step, tgt, metric::stepSoFar(metric::WriteLatP50), t, m_total.percentile(50)}
            << Sample {m_job.step, tgt, metric::stepSoFar(metric::WriteLatP99), t, m_total.percentile(99)};
    sink(out);
}

QStringList OsdWriteLoop::removeObjects(int timeoutSec)
{
    if (m_created.isEmpty() || !m_ioctx)
        return {};
    auto io = static_cast<rados_ioctx_t>(m_ioctx);
    struct Pending {
        QString name;
        QByteArray oid;
        rados_completion_t c = nullptr;
        std::shared_ptr<Op> op;
    };
    std::vector<Pending> pending;
    QStringList failed;
    for (const QString &name : std::as_const(m_created)) {
        Pending p {name, name.toUtf8(), nullptr, std::make_shared<Op>()};
        auto *holder = new std::shared_ptr<Op>(p.op);
        if (rados_aio_create_completion2(holder, &Op::onComplete, &p.c) < 0) {
            delete holder;
            failed << name;
            continue;
        }
        if (rados_aio_remove(io, p.oid.constData(), p.c) < 0) {
            rados_aio_release(p.c);
            delete holder;
            failed << name;
            continue;
        }
        pending.push_back(std::move(p));
    }
    const auto deadline = Clock::now() + std::chrono::seconds(qMax(1, timeoutSec) + 2);
    for (Pending &p : pending) {
        std::unique_lock lk(p.op->mutex);
        if (!p.op->cv.wait_until(lk, deadline, [&] { return p.op->done; })) {
            failed << p.name; // left in flight: its completion is not released
            continue;
        }
        const int rc = p.op->rc;
        lk.unlock();
        rados_aio_release(p.c);
        if (rc < 0 && rc != -ENOENT)
            failed << p.name;
    }
    QStringList gone = m_created;
    for (const QString &f : std::as_const(failed))
        gone.removeAll(f);
    for (const QString &g : gone)
        m_created.removeAll(g);
    return failed;
}

} // namespace cm
