// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/radosobjectengine.h"

#include "ceph/aiostats.h"
#include "ceph/radosclient.h"
#include "ceph/radosiorun.h"
#include "ceph/radosobjectset.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QRandomGenerator>

#include <algorithm>
#include <cstring>
#include <rados/librados.h>

Q_LOGGING_CATEGORY(lcRadosBench, "clustermark.core.radosbench", QtInfoMsg)

namespace cm {

Error RadosObjectEngine::validate(const RadosWorkload &w)
{
    auto bad = [](const QString &m) { return Error(Error::Code::InvalidInput, m); };
    if (w.objectSize == 0 || w.objectSize > (64ull << 20))
        return bad(QStringLiteral("object size must be between 1 byte and 64 MiB (got %1)").arg(w.objectSize));
    if (w.op != RadosWorkload::Op::Stat) {
        if (w.blockSize == 0 || w.blockSize > w.objectSize)
            return bad(QStringLiteral("block size must be between 1 byte and the object size %1 (got %2)")
                           .arg(w.objectSize)
                           .arg(w.blockSize));
        if (w.objectSize % w.blockSize != 0)
            return bad(
                QStringLiteral("block size %1 does not divide the object size %2").arg(w.blockSize).arg(w.objectSize));
    }
    if (w.objects < 1 || w.objects > 10000000)
        return bad(QStringLiteral("object count must be between 1 and 10000000 (got %1)").arg(w.objects));
    if (w.queueDepth < 1 || w.queueDepth > 1024)
        return bad(QStringLiteral("queue depth must be between 1 and 1024 (got %1)").arg(w.queueDepth));
    if (w.blockSize * quint64(w.queueDepth) > (1ull << 30))
        return bad(QStringLiteral("block size × queue depth must not exceed 1 GiB"));
    if (w.runtimeSec < 1)
        return bad(QStringLiteral("runtime must be at least 1 s (got %1)").arg(w.runtimeSec));
    if (w.intervalMs < 100)
        return bad(QStringLiteral("sample interval must be at least 100 ms"));
    return {};
}

namespace {

struct Removal {
    Error error;
    quint64 removed = 0;
    quint64 left = 0;
    qint64 ms = 0;
};

// Removes the touched objects, kRemoveDepth at a time; never cancelled, stops at the first failure.
Removal removeTouched(rados_ioctx_t io, const QByteArray &prefix, const std::vector<char> &touched,
    const QString &target, std::vector<char> *gone)
{
    RadosIoRun::Job rm;
    rm.op = RadosIoRun::Op::Remove;
    rm.blockSize = 0;
    rm.queueDepth = RadosObjectEngine::kRemoveDepth;
    for (size_t i = 0; i < touched.size(); ++i)
        if (touched[i])
            rm.indices.push_back(quint32(i));
    const quint64 count = rm.indices.size();
    QElapsedTimer t;
    t.start();
    RadosIoRun::Flags flags;
    flags.gone = gone;
    RadosIoRun remover(io, prefix, std::move(rm), flags, target);
    Removal out;
    out.error = remover.execute(CancelToken(), {}, {});
    out.ms = t.elapsed();
    out.removed = remover.totals()[1].ios;
    out.left = count - out.removed - remover.missing();
    qCInfo(lcRadosBench) << "removed" << out.removed << "of" << count << "objects"
                         << QString::fromUtf8(prefix) + QLatin1Char('*') << "in" << out.ms << "ms";
    if (out.error)
        qCWarning(lcRadosBench) << "clean-up of" << QString::fromUtf8(prefix) << "stopped:" << out.error.toString();
    return out;
}

Error openPool(RadosClient &client, const QString &pool, rados_ioctx_t *io)
{
    if (!client.isConnected())
        return Error(Error::Code::Internal, QStringLiteral("not connected to a Ceph cluster"), pool);
    if (pool.isEmpty())
        return Error(Error::Code::InvalidInput, QStringLiteral("no pool given"));
    const int r = rados_ioctx_create(static_cast<rados_t>(client.handle()), pool.toUtf8().constData(), io);
    if (r == -ENOENT)
        return Error(Error::Code::PathMissing, QStringLiteral("pool \"%1\" does not exist").arg(pool), pool);
    if (r < 0)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("cannot open pool \"%1\": %2").arg(pool, QString::fromLocal8Bit(strerror(-r))), pool);
    return {};
}

} // namespace

Error RadosObjectEngine::removeSet(RadosClient &client, RadosObjectSet &set, quint64 *removed, quint64 *left)
{
    *removed = *left = 0;
    std::vector<char> touched, whole;
    set.flags(&touched, &whole);
    if (std::find(touched.begin(), touched.end(), 1) == touched.end())
        return {};
    rados_ioctx_t io = nullptr;
    if (Error e = openPool(client, set.pool(), &io)) {
        *left = set.touchedCount();
        return e;
    }
    std::vector<char> gone(touched.size(), 0);
    const QString target = set.pool() + QLatin1Char('/') + set.prefix() + QLatin1Char('*');
    const Removal r = removeTouched(io, set.prefix().toUtf8(), touched, target, &gone);
    rados_ioctx_destroy(io);
    set.forget(gone);
    *removed = r.removed;
    *left = r.left;
    if (r.error)
        return Error(r.error.code,
            QStringLiteral("%1 object(s) %2* could not be removed: %3").arg(r.left).arg(set.prefix(), r.error.message),
            target);
    return {};
}

Error RadosObjectEngine::removeLeftovers(
    RadosClient &client, const QString &pool, quint64 *removed, const CancelToken &cancel)
{
    if (removed)
        *removed = 0;
    rados_ioctx_t io = nullptr;
    if (Error e = openPool(client, pool, &io))
        return e;
    // Names first, removals after: the listing is not disturbed by its own removals.
    QList<QByteArray> names;
    rados_list_ctx_t list = nullptr;
    int r = rados_nobjects_list_open(io, &list);
    const QByteArray prefix(kObjectPrefix);
    const QByteArray fioPrefix(kFioObjectPrefix);
    while (r >= 0 && !cancel.isCancelled()) {
        const char *entry = nullptr;
        r = rados_nobjects_list_next(list, &entry, nullptr, nullptr);
        if (r == -ENOENT) {
            r = 0;
            break;
        }
        if (r >= 0 && entry && (QByteArray(entry).startsWith(prefix) || QByteArray(entry).startsWith(fioPrefix)))
            names << QByteArray(entry);
    }
    if (list)
        rados_nobjects_list_close(list);
    Error err;
    if (r < 0)
        err = Error(Error::Code::CommandFailed,
            QStringLiteral("cannot list pool \"%1\": %2").arg(pool, QString::fromLocal8Bit(strerror(-r))), pool);
    for (const QByteArray &n : std::as_const(names)) {
        if (err || cancel.isCancelled())
            break;
        r = rados_remove(io, n.constData());
        if (r == 0 && removed)
            ++*removed;
        else if (r < 0 && r != -ENOENT)
            err = Error(r == -ETIMEDOUT ? Error::Code::Timeout : Error::Code::CommandFailed,
                QStringLiteral("cannot remove %1: %2").arg(QString::fromUtf8(n), QString::fromLocal8Bit(strerror(-r))),
                pool);
    }
    if (!err && cancel.isCancelled())
        err = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), pool);
    rados_ioctx_destroy(io);
    qCInfo(lcRadosBench) << "leftovers in" << pool << ": removed" << (removed ? *removed : 0) << "of" << names.size();
    return err;
}

Error RadosObjectEngine::run(const QString &pool, const RadosWorkload &w, const CancelToken &cancel,
    const SampleSink &sink, RadosObjectSet *shared)
{
    m_summary = {};
    m_prefix.clear();
    m_removed = m_left = 0;
    if (Error e = validate(w))
        return e;
    if (shared && (shared->pool() != pool || shared->objectSize() != w.objectSize || shared->objects() != w.objects))
        return Error(
            Error::Code::InvalidInput, QStringLiteral("the shared object set belongs to another pool or size"), pool);
    rados_ioctx_t io = nullptr;
    if (Error e = openPool(m_client, pool, &io))
        return e;

    m_prefix = shared ? shared->prefix() : RadosObjectSet::newPrefix();
    const QByteArray prefix = m_prefix.toUtf8();
    const QString target = w.target.isEmpty() ? pool + QLatin1Char('/') + m_prefix + QLatin1Char('*') : w.target;
    std::vector<char> touched(size_t(w.objects), 0), whole(size_t(w.objects), 0);
    if (shared)
        shared->flags(&touched, &whole);
    const std::vector<char> touchedBefore = touched;
    RadosIoRun::Flags flags;
    flags.touched = &touched;
    flags.whole = &whole;
    Error err;

    // Prefill: every object once, whole, so reads find them and the set is on disk.
    qint64 prefillMs = 0;
    IoStats prefillStats;
    if (w.reads() && w.prefill == RadosWorkload::Prefill::Auto) {
        RadosIoRun::Job job;
        job.op = RadosIoRun::Op::WriteFull;
        job.blockSize = job.objectSize = w.objectSize;
        job.queueDepth = int(qBound<quint64>(1, (1ull << 30) / w.objectSize, kPrefillDepth));
        for (size_t i = 0; i < whole.size(); ++i)
            if (!whole[i])
                job.indices.push_back(quint32(i));
        QElapsedTimer t;
        t.start();
        RadosIoRun fill(io, prefix, std::move(job), flags, target);
        err = fill.execute(cancel, {}, {});
        prefillMs = t.elapsed();
        prefillStats = fill.totals();
        if (err)
            err.message = QStringLiteral("prefill: ") + err.message;
        qCInfo(lcRadosBench) << "prefill wrote" << prefillStats[1].ios << "of" << w.objects << "objects of"
                             << w.objectSize << "bytes in" << prefillMs << "ms";
    }
    if (!err && (cancel.isCancelled() || (w.beforeMeasure && !w.beforeMeasure())))
        err = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), target);

    IoStats totals;
    qint64 runtimeMs = 0;
    int intervals = 0;
    if (!err) {
        RadosIoRun::Job job;
        job.op = w.op == RadosWorkload::Op::Read ? RadosIoRun::Op::Read
            : w.op == RadosWorkload::Op::Stat    ? RadosIoRun::Op::Stat
            : w.blockSize == w.objectSize        ? RadosIoRun::Op::WriteFull
                                                 : RadosIoRun::Op::Write;
        job.blockSize = w.op == RadosWorkload::Op::Stat ? 0 : w.blockSize;
        job.objectSize = w.objectSize;
        job.queueDepth = w.queueDepth;
        job.runtimeSec = w.runtimeSec;
        job.objects = quint32(w.objects);
        job.intervalMs = w.intervalMs;
        IoSampleLabels labels;
        labels.step = w.step;
        labels.target = target;
        labels.timeOffset = w.timeOffset;
        labels.reads = w.reads();
        labels.writes = !w.reads();
        labels.readBw = w.op != RadosWorkload::Op::Stat;
        RadosIoRun job0(io, prefix, std::move(job), flags, target);
        err = job0.execute(cancel, labels, sink);
        if (!err && cancel.isCancelled())
            err = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), target);
        totals = job0.totals();
        runtimeMs = job0.runtimeMs();
        intervals = job0.intervals();
    }

    quint64 written = 0;
    for (size_t i = 0; i < touched.size(); ++i)
        written += touched[i] && !touchedBefore[i] ? 1 : 0;
    qint64 cleanupMs = 0;
    if (shared) {
        // The run's next steps use these objects; the run removes them at its end.
        shared->merge(touched, whole);
    } else {
        const Removal rm = removeTouched(io, prefix, touched, target, nullptr);
        m_removed = rm.removed;
        m_left = rm.left;
        cleanupMs = rm.ms;
        if (rm.error) {
            if (!err)
                err = Error(rm.error.code,
                    QStringLiteral("%1 object(s) %2* could not be removed: %3")
                        .arg(m_left)
                        .arg(m_prefix, rm.error.message),
                    target);
            else
                err.detail = QStringLiteral("%1 object(s) %2* left: %3").arg(m_left).arg(m_prefix, rm.error.message);
        }
    }
    rados_ioctx_destroy(io);

    if (totals[0].ios > 0 || w.reads())
        m_summary.insert(QStringLiteral("read"), ioDirSummary(totals[0], runtimeMs));
    if (totals[1].ios > 0 || !w.reads())
        m_summary.insert(QStringLiteral("write"), ioDirSummary(totals[1], runtimeMs));
    m_summary.insert(QStringLiteral("engine"), QStringLiteral("librados"));
    m_summary.insert(QStringLiteral("op"), RadosWorkload::opName(w.op));
    m_summary.insert(QStringLiteral("pool"), pool);
    m_summary.insert(QStringLiteral("object_prefix"), m_prefix);
    m_summary.insert(QStringLiteral("object_size"), double(w.objectSize));
    m_summary.insert(QStringLiteral("objects"), w.objects);
    m_summary.insert(QStringLiteral("working_set_bytes"), double(w.workingSetBytes()));
    m_summary.insert(QStringLiteral("block_size"), double(w.op == RadosWorkload::Op::Stat ? 0 : w.blockSize));
    m_summary.insert(QStringLiteral("queue_depth"), w.queueDepth);
    m_summary.insert(QStringLiteral("prefill_ms"), double(prefillMs));
    m_summary.insert(QStringLiteral("prefill_bytes"), double(prefillStats[1].bytes));
    m_summary.insert(QStringLiteral("intervals"), intervals);
    m_summary.insert(QStringLiteral("objects_written"), double(written));
    m_summary.insert(QStringLiteral("objects_removed"), double(m_removed));
    m_summary.insert(QStringLiteral("objects_left"), double(m_left));
    m_summary.insert(QStringLiteral("cleanup_ms"), double(cleanupMs));
    m_summary.insert(QStringLiteral("shared_set"), shared != nullptr);
    if (shared)
        m_summary.insert(QStringLiteral("objects_kept"), double(shared->touchedCount()));
    if (err)
        qCInfo(lcRadosBench) << "run on" << target << "ended:" << err.toString();
    return err;
}

} // namespace cm
