// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/rbdengine.h"

#include "ceph/radosclient.h"
#include "ceph/rbdiorun.h"
#include "parse/cephosdmap.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QRandomGenerator>

#include <cstring>
#include <rados/librados.h>
#include <rbd/librbd.h>

Q_LOGGING_CATEGORY(lcRbd, "clustermark.core.rbd", QtInfoMsg)

namespace cm {

namespace {

Error rbdError(int r, const QString &what, const QString &context)
{
    const int e = r < 0 ? -r : r;
    Error::Code code = Error::Code::CommandFailed;
    if (e == ETIMEDOUT)
        code = Error::Code::Timeout;
    else if (e == EACCES || e == EPERM)
        code = Error::Code::AuthDenied;
    else if (e == ENOTCONN || e == ESHUTDOWN)
        code = Error::Code::Unreachable;
    return Error(code, QStringLiteral("%1: %2").arg(what, QString::fromLocal8Bit(strerror(e))), context);
}

void noopCallback(rbd_completion_t, void *) { }

// Sequential 4 MiB writes over the whole image, kPrefillDepth in flight, oldest first.
Error prefillImage(rbd_image_t image, quint64 size, const CancelToken &cancel, const QString &context)
{
    const quint64 block = RbdEngine::kPrefillBlock;
    const int depth = int(std::min<quint64>(RbdEngine::kPrefillDepth, (size + block - 1) / block));
    std::vector<char> buffers(size_t(block) * size_t(depth));
    QRandomGenerator gen(QRandomGenerator::global()->generate());
    gen.fillRange(reinterpret_cast<quint32 *>(buffers.data()), qsizetype(buffers.size() / sizeof(quint32)));
    std::vector<rbd_completion_t> comps(size_t(depth), nullptr);
    std::vector<quint64> offsets(size_t(depth), 0);
    quint64 next = 0;
    int pending = 0;
    Error err;
    for (size_t i = 0;; i = (i + 1) % comps.size()) {
        if (comps[i]) {
            rbd_aio_wait_for_complete(comps[i]);
            const ssize_t r = rbd_aio_get_return_value(comps[i]);
            rbd_aio_release(comps[i]);
            comps[i] = nullptr;
            --pending;
            if (r < 0 && !err)
                err = rbdError(int(r), QStringLiteral("prefill write at offset %1 failed").arg(offsets[i]), context);
        }
        if (!err && cancel.isCancelled())
            err = Error(Error::Code::Cancelled, QStringLiteral("cancelled during prefill"), context);
        if (!err && next < size) {
            const quint64 len = std::min(block, size - next);
            rbd_completion_t c = nullptr;
            int r = rbd_aio_create_completion(nullptr, &noopCallback, &c);
            if (r >= 0) {
                r = rbd_aio_write(image, next, size_t(len), buffers.data() + i * block, c);
                if (r < 0)
                    rbd_aio_release(c);
            }
            if (r < 0) {
                err = rbdError(r, QStringLiteral("prefill write at offset %1 failed").arg(next), context);
            } else {
                comps[i] = c;
                offsets[i] = next;
                next += len;
                ++pending;
            }
        }
        if (pending == 0 && (err || next >= size))
            break;
    }
    return err;
}

} // namespace

// " (object rbd_data.…, pg 2.5 on osd.0)": where the op that waited lives, from the mons
// (which answer while an OSD is frozen); empty when that cannot be told.
QString RbdEngine::osdOfOffset(void *imageHandle, const QString &pool, quint64 offset)
{
    auto image = static_cast<rbd_image_t>(imageHandle);
    char prefix[128] = {};
    rbd_image_info_t info {};
    if (!image || rbd_get_block_name_prefix(image, prefix, sizeof prefix) < 0 || rbd_stat(image, &info, sizeof info) < 0
        || info.obj_size == 0)
        return {};
    const QString object
        = QStringLiteral("%1.%2").arg(QLatin1String(prefix)).arg(offset / info.obj_size, 16, 16, QLatin1Char('0'));
    QByteArray out;
    CephObjectMap map;
    if (m_client.monCommand(
            QJsonObject {{QStringLiteral("prefix"), QStringLiteral("osd map")}, {QStringLiteral("pool"), pool},
                {QStringLiteral("object"), object}, {QStringLiteral("format"), QStringLiteral("json")}},
            &out)
        || parseCephObjectMap(out, &map) || map.primary() < 0)
        return QStringLiteral(" (object %1)").arg(object);
    return QStringLiteral(" (object %1, pg %2 on osd.%3)").arg(object, map.pgid).arg(map.primary());
}

Error RbdEngine::validate(const RbdWorkload &w)
{
    auto bad = [](const QString &m) { return Error(Error::Code::InvalidInput, m); };
    if (w.blockSize == 0 || w.blockSize > (64ull << 20))
        return bad(QStringLiteral("block size must be between 1 byte and 64 MiB (got %1)").arg(w.blockSize));
    if (w.queueDepth < 1 || w.queueDepth > 1024)
        return bad(QStringLiteral("queue depth must be between 1 and 1024 (got %1)").arg(w.queueDepth));
    if (w.blockSize * quint64(w.queueDepth) > (1ull << 30))
        return bad(QStringLiteral("block size × queue depth must not exceed 1 GiB"));
    if (w.runtimeSec < 1)
        return bad(QStringLiteral("runtime must be at least 1 s (got %1)").arg(w.runtimeSec));
    if (w.readPercent < 0 || w.readPercent > 100)
        return bad(QStringLiteral("read percentage must be between 0 and 100 (got %1)").arg(w.readPercent));
    if (w.imageSize < w.blockSize)
        return bad(QStringLiteral("image size %1 is smaller than the block size %2").arg(w.imageSize).arg(w.blockSize));
    if (w.intervalMs < 100)
        return bad(QStringLiteral("sample interval must be at least 100 ms"));
    return {};
}

Error RbdEngine::run(const QString &pool, const RbdWorkload &w, const CancelToken &cancel, const SampleSink &sink)
{
    m_summary = {};
    m_image.clear();
    m_imageLeft = false;
    m_prefillMs = 0;
    QElapsedTimer clock; // io_ended_ms / cleanup_ms: when an error was seen vs when the run could return
    clock.start();
    if (Error e = validate(w))
        return e;
    if (!m_client.isConnected())
        return Error(Error::Code::Internal, QStringLiteral("not connected to a Ceph cluster"), pool);
    if (pool.isEmpty())
        return Error(Error::Code::InvalidInput, QStringLiteral("no pool given"));

    rados_ioctx_t io = nullptr;
    int r = rados_ioctx_create(static_cast<rados_t>(m_client.handle()), pool.toUtf8().constData(), &io);
    if (r == -ENOENT)
        return Error(Error::Code::PathMissing, QStringLiteral("pool \"%1\" does not exist").arg(pool), pool);
    if (r < 0)
        return rbdError(r, QStringLiteral("cannot open pool \"%1\"").arg(pool), pool);

    const QString name = QLatin1String(kImagePrefix)
        + QString::number(QRandomGenerator::global()->generate64() & 0xffffffffffffull, 16)
              .rightJustified(12, QLatin1Char('0'));
    const QString context = pool + QLatin1Char('/') + name;
    const quint64 size = w.imageSize / w.blockSize * w.blockSize;
    rbd_image_options_t opts = nullptr;
    rbd_image_options_create(&opts);
    if (!w.dataPool.isEmpty())
        rbd_image_options_set_string(opts, RBD_IMAGE_OPTION_DATA_POOL, w.dataPool.toUtf8().constData());
    r = rbd_create4(io, name.toUtf8().constData(), size, opts); // librbd's default object size
    rbd_image_options_destroy(opts);
    if (r < 0) {
        rados_ioctx_destroy(io);
        return rbdError(r,
            QStringLiteral("cannot create image %1 (%2 bytes%3)")
                .arg(context)
                .arg(size)
                .arg(w.dataPool.isEmpty() ? QString() : QStringLiteral(", data in pool %1").arg(w.dataPool)),
            context);
    }
    m_image = name;
    qCInfo(lcRbd) << "created image" << context << "size" << size;

    rbd_image_t image = nullptr;
    Error err = openImage(io, name, context, w, &image);
    IoOutcome measured;
    if (!err)
        err = prefillAndMeasure(image, pool, size, context, w, cancel, sink, &measured);
    const qint64 ioEndedMs = clock.elapsed();
    closeAndRemove(io, image, name, context, err);
    rados_ioctx_destroy(io);

    writeSummary(pool, name, w, measured);
    m_summary.insert(QStringLiteral("io_ended_ms"), double(ioEndedMs));
    m_summary.insert(QStringLiteral("cleanup_ms"), double(clock.elapsed() - ioEndedMs));
    m_summary.insert(QStringLiteral("intervals"), measured.intervals);
    if (err)
        qCInfo(lcRbd) << "run on" << context << "ended:" << err.toString();
    return err;
}

// Opens the image as the workload's cache setting wants it; *image is null when it
// could not be opened.
Error RbdEngine::openImage(
    void *ioctx, const QString &name, const QString &context, const RbdWorkload &w, void **imageOut)
{
    auto io = static_cast<rados_ioctx_t>(ioctx);
    rbd_image_t image = nullptr;
    Error err;
    int r = rbd_open(io, name.toUtf8().constData(), &image, nullptr);
    if (r < 0)
        err = rbdError(r, QStringLiteral("cannot open image %1").arg(context), context);
    if (!err && w.cache == RbdWorkload::Cache::Off) {
        // A per-image config override, read when the image is opened: reopen.
        r = rbd_metadata_set(image, "conf_rbd_cache", "false");
        rbd_close(image);
        image = nullptr;
        if (r >= 0)
            r = rbd_open(io, name.toUtf8().constData(), &image, nullptr);
        if (r < 0)
            err = rbdError(r, QStringLiteral("cannot turn the cache off on image %1").arg(context), context);
    } else if (!err && (r = rbd_flush(image)) < 0) {
        err = rbdError(r, QStringLiteral("cannot flush image %1").arg(context), context);
    }
    *imageOut = image;
    return err;
}

Error RbdEngine::prefillAndMeasure(void *imageHandle, const QString &pool, quint64 size, const QString &context,
    const RbdWorkload &w, const CancelToken &cancel, const SampleSink &sink, IoOutcome *out)
{
    auto image = static_cast<rbd_image_t>(imageHandle);
    Error err;
    const bool prefill
        = w.prefill == RbdWorkload::Prefill::Always || (w.prefill == RbdWorkload::Prefill::Auto && w.reads());
    if (prefill) {
        QElapsedTimer t;
        t.start();
        err = prefillImage(image, size, cancel, context);
        m_prefillMs = t.elapsed();
        qCInfo(lcRbd) << "prefilled" << context << "in" << m_prefillMs << "ms";
    }
    if (!err && (cancel.isCancelled() || (w.beforeMeasure && !w.beforeMeasure())))
        err = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), context);
    if (err)
        return err;
    RbdWorkload jw = w;
    if (jw.stallTimeoutSec == 0)
        jw.stallTimeoutSec = m_client.timeoutSec();
    RbdIoRun job(image, jw, size, w.target.isEmpty() ? context : w.target);
    err = job.execute(cancel, sink);
    if (err.code == Error::Code::Timeout)
        err.message += osdOfOffset(image, pool, job.stuckOffset());
    if (!err && cancel.isCancelled())
        err = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), context);
    out->totals = job.totals();
    out->runtimeMs = job.runtimeMs();
    out->intervals = job.intervals();
    return err;
}

// Also after an error: a close or remove error becomes err unless it has one.
void RbdEngine::closeAndRemove(void *ioctx, void *imageHandle, const QString &name, const QString &context, Error &err)
{
    int r = 0;
    if (auto image = static_cast<rbd_image_t>(imageHandle)) {
        // With a dead OSD, closing flushes the writeback cache and releases the lock: each
        // op waits out the OSD op timeout (bounded, but many timeouts with much dirty data).
        r = rbd_close(image);
        if (r < 0 && !err)
            err = rbdError(r, QStringLiteral("cannot close image %1").arg(context), context);
    }
    r = rbd_remove(static_cast<rados_ioctx_t>(ioctx), name.toUtf8().constData());
    if (r < 0) {
        m_imageLeft = true;
        qCWarning(lcRbd) << "cannot remove image" << context << strerror(-r);
        if (!err)
            err = rbdError(r, QStringLiteral("cannot remove image %1").arg(context), context);
    }
}

void RbdEngine::writeSummary(const QString &pool, const QString &name, const RbdWorkload &w, const IoOutcome &io)
{
    const char *dirs[2] = {"read", "write"};
    for (int d = 0; d < 2; ++d)
        if (io.totals[size_t(d)].ios > 0)
            m_summary.insert(QLatin1String(dirs[d]), ioDirSummary(io.totals[size_t(d)], io.runtimeMs));
    m_summary.insert(QStringLiteral("engine"), QStringLiteral("librbd"));
    m_summary.insert(QStringLiteral("pool"), pool);
    m_summary.insert(QStringLiteral("image"), name);
    m_summary.insert(QStringLiteral("rw"), RbdWorkload::modeName(w.mode));
    m_summary.insert(QStringLiteral("block_size"), double(w.blockSize));
    m_summary.insert(QStringLiteral("queue_depth"), w.queueDepth);
    m_summary.insert(QStringLiteral("cache"),
        w.cache == RbdWorkload::Cache::Off ? QStringLiteral("off") : QStringLiteral("writeback"));
    m_summary.insert(QStringLiteral("prefill_ms"), double(m_prefillMs));
}

} // namespace cm
