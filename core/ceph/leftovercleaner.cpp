// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/leftovercleaner.h"

#include "ceph/temporarypool.h"

#include <QJsonObject>
#include <QLoggingCategory>

#include <cstring>
#include <rados/librados.h>
#include <rbd/librbd.h>

Q_LOGGING_CATEGORY(lcCleanup, "clustermark.core.cleanup", QtInfoMsg)

namespace cm {

namespace {

Error cephError(int r, const QString &what, const QString &context)
{
    const int e = r < 0 ? -r : r;
    Error::Code code = Error::Code::CommandFailed;
    if (e == ETIMEDOUT)
        code = Error::Code::Timeout;
    else if (e == EACCES || e == EPERM)
        code = Error::Code::AuthDenied;
    else if (e == ENOENT)
        code = Error::Code::PathMissing;
    return Error(code, QStringLiteral("%1: %2").arg(what, QString::fromLocal8Bit(strerror(e))), context);
}

// NUL-separated names ending in an empty one.
QStringList splitNulList(const char *buf, size_t len)
{
    QStringList out;
    size_t i = 0;
    while (i < len && buf[i]) {
        const size_t n = strnlen(buf + i, len - i);
        out << QString::fromUtf8(buf + i, qsizetype(n));
        i += n + 1;
    }
    return out;
}

// An ioctx that closes itself.
struct IoCtx {
    rados_ioctx_t io = nullptr;
    ~IoCtx()
    {
        if (io)
            rados_ioctx_destroy(io);
    }
    int open(RadosClient &client, const QString &pool)
    {
        return rados_ioctx_create(static_cast<rados_t>(client.handle()), pool.toUtf8().constData(), &io);
    }
};

QStringList poolApplications(rados_ioctx_t io, int *rc)
{
    size_t len = 256;
    QByteArray buf;
    for (int attempt = 0; attempt < 4; ++attempt) {
        buf.resize(qsizetype(len));
        size_t got = len;
        const int r = rados_application_list(io, buf.data(), &got);
        if (r == -ERANGE) {
            len = qMax(got, len * 2);
            continue;
        }
        *rc = r;
        return r < 0 ? QStringList() : splitNulList(buf.constData(), got);
    }
    *rc = -ERANGE;
    return {};
}

void scanImages(rados_ioctx_t io, const QString &pool, LeftoverScan *out)
{
    size_t max = 64;
    QList<rbd_image_spec_t> specs;
    int r = 0;
    for (int attempt = 0; attempt < 6; ++attempt) {
        specs.resize(qsizetype(max));
        size_t n = max;
        r = rbd_list2(io, specs.data(), &n);
        if (r == -ERANGE) {
            max = qMax(n, max * 2);
            continue;
        }
        max = n;
        break;
    }
    if (r < 0) {
        out->warnings
            << QStringLiteral("pool %1: cannot list RBD images: %2").arg(pool, QString::fromLocal8Bit(strerror(-r)));
        return;
    }
    for (size_t i = 0; i < max; ++i) {
        const QString name = QString::fromUtf8(specs[qsizetype(i)].name);
        if (!Leftover::hasPrefix(name))
            continue;
        Leftover l = Leftover::make(Leftover::Kind::Image, pool, name);
        rbd_image_t img = nullptr;
        if (rbd_open_read_only(io, specs[qsizetype(i)].name, &img, nullptr) >= 0) {
            uint64_t size = 0;
            if (rbd_get_size(img, &size) >= 0)
                l.bytes = qint64(size);
            rbd_close(img);
        }
        out->items << l;
    }
    rbd_image_spec_list_cleanup(specs.data(), max);
}

// false when cancelled.
bool scanObjects(rados_ioctx_t io, const QString &pool, const CancelToken &cancel, qint64 maxObjects, LeftoverScan *out)
{
    rados_ioctx_set_namespace(io, LIBRADOS_ALL_NSPACES);
    rados_list_ctx_t ctx = nullptr;
    int r = rados_nobjects_list_open(io, &ctx);
    if (r < 0) {
        out->warnings
            << QStringLiteral("pool %1: cannot list objects: %2").arg(pool, QString::fromLocal8Bit(strerror(-r)));
        return true;
    }
    const QByteArray prefix = Leftover::prefix().toUtf8();
    qint64 seen = 0;
    bool cancelled = false;
    for (;;) {
        const char *entry = nullptr, *nspace = nullptr;
        size_t entryLen = 0, nspaceLen = 0;
        r = rados_nobjects_list_next2(ctx, &entry, nullptr, &nspace, &entryLen, nullptr, &nspaceLen);
        if (r == -ENOENT)
            break;
        if (r < 0) {
            out->warnings << QStringLiteral("pool %1: object listing stopped: %2")
                                 .arg(pool, QString::fromLocal8Bit(strerror(-r)));
            break;
        }
        ++seen;
        const QByteArray name(entry, qsizetype(entryLen));
        // NUL bytes cannot be passed to rados_remove: such names are not the app's.
        if (name.startsWith(prefix) && name.size() > prefix.size() && !name.contains('\0')) {
            Leftover l = Leftover::make(Leftover::Kind::Object, pool, QString::fromUtf8(name));
            l.nspace = QString::fromUtf8(nspace, qsizetype(nspaceLen));
            out->items << l;
        }
        if (seen % 1024 == 0 && cancel.isCancelled()) {
            cancelled = true;
            break;
        }
        if (seen >= maxObjects) {
            out->warnings << QStringLiteral(
                "pool %1: listing stopped after %2 objects; run the cleanup again for the rest")
                                 .arg(pool)
                                 .arg(seen);
            break;
        }
    }
    rados_nobjects_list_close(ctx);
    return !cancelled;
}

Error removePool(RadosClient &client, const QString &pool)
{
    QByteArray out;
    Error e = client.monCommand(
        {{QStringLiteral("prefix"), QStringLiteral("osd pool delete")}, {QStringLiteral("pool"), pool},
            {QStringLiteral("pool2"), pool}, {QStringLiteral("yes_i_really_really_mean_it"), true}},
        &out);
    // The mon's refusal: "pool deletion is disabled; you must first set the
    // mon_allow_pool_delete config option to true before you can destroy a pool".
    if (e && e.detail.contains(QLatin1String("mon_allow_pool_delete"))) {
        return Error(Error::Code::Unsafe,
            QStringLiteral("the monitors refuse to delete pools: set mon_allow_pool_delete to true "
                           "(ceph config set mon mon_allow_pool_delete true), then clean again"),
            pool, e.detail);
    }
    return e;
}

} // namespace

QStringList LeftoverCleaner::listPools(RadosClient &client, Error *error)
{
    *error = {};
    if (!client.isConnected()) {
        *error = Error(Error::Code::Internal, QStringLiteral("not connected to a Ceph cluster"));
        return {};
    }
    // A long-lived client's OSD map can predate a pool another client just deleted:
    // without the newest map the scan would report that pool as still there.
    const int fresh = rados_wait_for_latest_osdmap(static_cast<rados_t>(client.handle()));
    if (fresh < 0) {
        *error = cephError(fresh, QStringLiteral("cannot fetch the current OSD map"), {});
        return {};
    }
    QByteArray buf(4096, '\0');
    for (int attempt = 0; attempt < 4; ++attempt) {
        const int r = rados_pool_list(static_cast<rados_t>(client.handle()), buf.data(), size_t(buf.size()));
        if (r < 0) {
            *error = cephError(r, QStringLiteral("cannot list pools"), {});
            return {};
        }
        if (r <= buf.size())
            return splitNulList(buf.constData(), size_t(r));
        buf.resize(r + 1024);
    }
    *error = Error(Error::Code::Internal, QStringLiteral("the pool list kept growing"));
    return {};
}

LeftoverScan LeftoverCleaner::scan(RadosClient &client, const CancelToken &cancel, const LeftoverScanOptions &options)
{
    LeftoverScan res;
    const QStringList pools = listPools(client, &res.error);
    if (res.error)
        return res;
    QList<Leftover> contents;
    for (const QString &pool : pools) {
        if (cancel.isCancelled()) {
            res.error = Error(Error::Code::Cancelled, QStringLiteral("cancelled"));
            return res;
        }
        IoCtx io;
        int r = io.open(client, pool);
        if (r < 0) {
            res.warnings << QStringLiteral("pool %1: cannot open: %2").arg(pool, QString::fromLocal8Bit(strerror(-r)));
            continue;
        }
        if (Leftover::hasPrefix(pool)) {
            Leftover l = Leftover::make(Leftover::Kind::Pool, QString(), pool);
            rados_pool_stat_t st {};
            if (rados_ioctx_pool_stat(io.io, &st) >= 0) {
                l.bytes = qint64(st.num_bytes);
                l.objects = qint64(st.num_objects);
            }
            res.items << l;
            continue; // removed whole: its contents are not listed
        }
        const QStringList apps = poolApplications(io.io, &r);
        if (r < 0) {
            res.warnings << QStringLiteral("pool %1: cannot read its applications: %2")
                                .arg(pool, QString::fromLocal8Bit(strerror(-r)));
            continue;
        }
        LeftoverScan part;
        if (apps.contains(QLatin1String("rbd")))
            scanImages(io.io, pool, &part);
        if (!apps.contains(QLatin1String("rgw"))
            && !scanObjects(io.io, pool, cancel, qMax<qint64>(1, options.maxObjectsPerPool), &part)) {
            res.error = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), pool);
            return res;
        }
        contents += part.items;
        res.warnings += part.warnings;
    }
    res.items += contents;
    qCInfo(lcCleanup) << "scan found" << res.items.size() << "leftovers in" << pools.size() << "pools";
    return res;
}

CleanupReport LeftoverCleaner::remove(RadosClient &client, const QList<Leftover> &items, const CancelToken &cancel)
{
    CleanupReport rep;
    auto fail = [&](const Leftover &l, const Error &e) {
        qCWarning(lcCleanup) << "cannot remove" << l.describe() << e.toString();
        rep.failed << LeftoverFailure {l, e};
    };
    QList<Leftover> ordered;
    for (const Leftover &l : items)
        if (l.kind != Leftover::Kind::Pool)
            ordered << l;
    for (const Leftover &l : items)
        if (l.kind == Leftover::Kind::Pool)
            ordered << l;
    for (const Leftover &l : std::as_const(ordered)) {
        if (cancel.isCancelled()) {
            fail(l, Error(Error::Code::Cancelled, QStringLiteral("cancelled before removal"), l.describe()));
            continue;
        }
        if (!client.isConnected()) {
            fail(l, Error(Error::Code::Internal, QStringLiteral("not connected to a Ceph cluster"), l.describe()));
            continue;
        }
        if (l.kind == Leftover::Kind::NodeFile || l.kind == Leftover::Kind::Bucket || l.kind == Leftover::Kind::FsFolder
            || l.kind == Leftover::Kind::NodeMount) {
            fail(l,
                Error(Error::Code::InvalidInput,
                    QStringLiteral("a %1 is not a RADOS leftover").arg(Leftover::kindName(l.kind)), l.describe()));
            continue;
        }
        if (!Leftover::hasPrefix(l.name)) {
            fail(l,
                Error(Error::Code::Unsafe,
                    QStringLiteral("refused: the name does not start with %1").arg(Leftover::prefix()), l.describe()));
            continue;
        }
        if (l.kind == Leftover::Kind::Pool) {
            if (Error e = removePool(client, l.name))
                fail(l, e);
            else
                rep.removed << l;
            // The pool's own CRUSH rule and EC profile (a temporary pool's); a failure
            // leaves only placement rules, swept on the next cleanup.
            if (const Error placement = TemporaryPool::removePlacement(client, l.name))
                qCWarning(lcCleanup) << placement.message;
            continue;
        }
        IoCtx io;
        int r = io.open(client, l.location);
        if (r < 0) {
            fail(l, cephError(r, QStringLiteral("cannot open pool %1").arg(l.location), l.describe()));
            continue;
        }
        const QByteArray name = l.name.toUtf8();
        if (l.kind == Leftover::Kind::Image) {
            r = rbd_remove(io.io, name.constData());
            if (r == -EBUSY)
                fail(l,
                    Error(Error::Code::CommandFailed, QStringLiteral("the image is in use (is a benchmark running?)"),
                        l.describe()));
            else if (r < 0)
                fail(l, cephError(r, QStringLiteral("cannot remove the image"), l.describe()));
            else
                rep.removed << l;
        } else {
            rados_ioctx_set_namespace(io.io, l.nspace.toUtf8().constData());
            r = rados_remove(io.io, name.constData());
            if (r < 0)
                fail(l, cephError(r, QStringLiteral("cannot remove the object"), l.describe()));
            else
                rep.removed << l;
        }
    }
    if (client.isConnected() && !cancel.isCancelled())
        for (const QString &name : TemporaryPool::sweepOrphanPlacements(client))
            qCInfo(lcCleanup) << "removed the unused CRUSH rule or EC profile" << name;
    qCInfo(lcCleanup) << "removed" << rep.removed.size() << "leftovers," << rep.failed.size() << "failed";
    return rep;
}

} // namespace cm
