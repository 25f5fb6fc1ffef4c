// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/cephfsmount.h"

#include "ceph/cephkeycache.h"

#include <QLoggingCategory>

#include <cephfs/libcephfs.h>
#include <cerrno>
#include <cstring>
#include <dirent.h>

Q_LOGGING_CATEGORY(lcCephFs, "clustermark.core.cephfs", QtInfoMsg)

namespace cm {

Error CephFsMount::errnoError(int r, const QString &what, const QString &context)
{
    const int e = r < 0 ? -r : r;
    Error::Code code = Error::Code::CommandFailed;
    if (e == ETIMEDOUT || e == EINTR)
        code = Error::Code::Timeout;
    else if (e == EACCES || e == EPERM)
        code = Error::Code::AuthDenied;
    else if (e == ENOENT)
        code = Error::Code::PathMissing;
    else if (e == ENOTCONN || e == ECONNREFUSED || e == EHOSTUNREACH || e == ESHUTDOWN)
        code = Error::Code::Unreachable;
    return Error(code, QStringLiteral("%1: %2").arg(what, QString::fromLocal8Bit(strerror(e))), context);
}

CephFsMount::~CephFsMount()
{
    unmount();
}

void CephFsMount::unmount()
{
    if (!m_mount)
        return;
    ceph_unmount(m_mount);
    ceph_release(m_mount);
    m_mount = nullptr;
}

Error CephFsMount::mount(const CephConnectionSpec &specIn, const QString &fsName)
{
    unmount();
    CephConnectionSpec spec = specIn;
    if (const Error e = CephKeyCache::fill(&spec)) // a fetched cluster: key from memory/keychain
        return e;
    m_context = (spec.monHost.isEmpty() ? spec.confPath : spec.monHost)
        + (fsName.isEmpty() ? QString() : QLatin1Char(' ') + fsName);
    // ceph_create takes the id without "client.".
    QString id = CephConnectionSpec::normalizedClientName(spec.clientName).mid(7);
    ceph_mount_info *cm = nullptr;
    int r = ceph_create(&cm, id.toUtf8().constData());
    if (r < 0)
        return errnoError(r, QStringLiteral("cannot create the libcephfs handle"), m_context);
    auto fail = [&](int rc, const QString &what) {
        ceph_release(cm);
        return errnoError(rc, what, m_context);
    };
    if (!spec.confPath.isEmpty() && (r = ceph_conf_read_file(cm, spec.confPath.toUtf8().constData())) < 0) {
        Error e = fail(r, QStringLiteral("reading %1").arg(spec.confPath));
        return e;
    }
    const QByteArray timeout = QByteArray::number(qMax(1, spec.timeoutSec));
    const std::pair<const char *, QByteArray> options[] = {
        {"client_mount_timeout", timeout}, // bounds ceph_init (mon) and ceph_mount (MDS)
        {"rados_mon_op_timeout", timeout},
        {"rados_osd_op_timeout", timeout},
        {"log_to_stderr", "false"},
        {"err_to_stderr", "false"},
    };
    for (const auto &[k, v] : options)
        if ((r = ceph_conf_set(cm, k, v.constData())) < 0)
            return fail(r, QStringLiteral("setting %1").arg(QLatin1String(k)));
    if (!spec.monHost.isEmpty() && (r = ceph_conf_set(cm, "mon_host", spec.monHost.toUtf8().constData())) < 0)
        return fail(r, QStringLiteral("setting mon_host"));
    if (!spec.keyringPath.isEmpty() && (r = ceph_conf_set(cm, "keyring", spec.keyringPath.toUtf8().constData())) < 0)
        return fail(r, QStringLiteral("setting the keyring"));
    if (!spec.key.isEmpty() && (r = ceph_conf_set(cm, "key", spec.key.toUtf8().constData())) < 0)
        return fail(r, QStringLiteral("setting the key"));
    if (!spec.key.isEmpty() && spec.keyringPath.isEmpty() && (r = ceph_conf_set(cm, "keyring", "")) < 0)
        return fail(r, QStringLiteral("clearing the keyring search path"));
    // ceph_init connects to the mons and authenticates (a bad key fails here at once,
    // an unreachable mon after client_mount_timeout).
    if ((r = ceph_init(cm)) < 0) {
        if (-r == ENOENT)
            return fail(r,
                QStringLiteral("cannot connect: no key for %1 (keyring file missing or unreadable)")
                    .arg(spec.clientName));
        Error e = fail(r, QStringLiteral("cannot connect to the cluster"));
        if (-r == ETIMEDOUT)
            e.code = Error::Code::Unreachable;
        return e;
    }
    if (!fsName.isEmpty() && (r = ceph_select_filesystem(cm, fsName.toUtf8().constData())) < 0)
        return fail(r, QStringLiteral("cannot select file system %1").arg(fsName));
    if ((r = ceph_mount(cm, "/")) < 0) {
        if (-r == ENOENT)
            return fail(r,
                fsName.isEmpty() ? QStringLiteral("cannot mount: the cluster has no CephFS")
                                 : QStringLiteral("cannot mount: no file system named %1").arg(fsName));
        return fail(r, QStringLiteral("cannot mount the file system (is an MDS active?)"));
    }
    m_mount = cm;
    qCInfo(lcCephFs) << "mounted" << m_context;
    return {};
}

QStringList CephFsMount::list(const QString &dir, Error *error, bool dirsOnly) const
{
    QStringList out;
    if (error)
        *error = {};
    if (!m_mount) {
        if (error)
            *error = Error(Error::Code::Internal, QStringLiteral("not mounted"), m_context);
        return out;
    }
    ceph_dir_result *d = nullptr;
    const int r = ceph_opendir(m_mount, dir.toUtf8().constData(), &d);
    if (r < 0) {
        if (error)
            *error = errnoError(r, QStringLiteral("cannot open folder %1").arg(dir), m_context);
        return out;
    }
    while (dirent *e = ceph_readdir(m_mount, d)) {
        const QString name = QString::fromUtf8(e->d_name);
        if (name == QLatin1String(".") || name == QLatin1String(".."))
            continue;
        if (dirsOnly && e->d_type != DT_DIR)
            continue;
        out << name;
    }
    ceph_closedir(m_mount, d);
    return out;
}

bool CephFsMount::isDir(const QString &path) const
{
    if (!m_mount)
        return false;
    struct ceph_statx sx = {};
    return ceph_statx(m_mount, path.toUtf8().constData(), &sx, CEPH_STATX_MODE, AT_SYMLINK_NOFOLLOW) == 0
        && S_ISDIR(sx.stx_mode);
}

Error CephFsMount::removeTree(const QString &path, quint64 *removed) const
{
    if (!m_mount)
        return Error(Error::Code::Internal, QStringLiteral("not mounted"), m_context);
    Error first;
    auto keep = [&](const Error &e) {
        if (e && !first)
            first = e;
    };
    ceph_dir_result *d = nullptr;
    int r = ceph_opendir(m_mount, path.toUtf8().constData(), &d);
    if (r < 0)
        return errnoError(r, QStringLiteral("cannot open folder %1").arg(path), m_context);
    QStringList files, dirs;
    while (dirent *e = ceph_readdir(m_mount, d)) {
        const QString name = QString::fromUtf8(e->d_name);
        if (name == QLatin1String(".") || name == QLatin1String(".."))
            continue;
        (e->d_type == DT_DIR ? dirs : files) << name;
    }
    ceph_closedir(m_mount, d);
    for (const QString &f : std::as_const(files)) {
        const QString p = path + QLatin1Char('/') + f;
        r = ceph_unlink(m_mount, p.toUtf8().constData());
        if (r < 0)
            keep(errnoError(r, QStringLiteral("cannot remove %1").arg(p), m_context));
        else if (removed)
            ++*removed;
    }
    for (const QString &sub : std::as_const(dirs))
        keep(removeTree(path + QLatin1Char('/') + sub, removed));
    r = ceph_rmdir(m_mount, path.toUtf8().constData());
    if (r < 0)
        keep(errnoError(r, QStringLiteral("cannot remove folder %1").arg(path), m_context));
    else if (removed)
        ++*removed;
    return first;
}

} // namespace cm
