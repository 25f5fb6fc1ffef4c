// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/radosclient.h"

#include "ceph/cephkeycache.h"

#include <QJsonDocument>
#include <QLoggingCategory>

#include <cstring>
#include <rados/librados.h>

Q_LOGGING_CATEGORY(lcRados, "clustermark.core.ceph", QtInfoMsg)

namespace cm {

namespace {

QString errnoText(int r)
{
    return QString::fromLocal8Bit(strerror(r < 0 ? -r : r));
}

Error radosError(int r, const QString &what, const QString &context)
{
    const int e = r < 0 ? -r : r;
    Error::Code code = Error::Code::CommandFailed;
    if (e == ETIMEDOUT || e == EINTR)
        code = Error::Code::Timeout;
    else if (e == EACCES || e == EPERM)
        code = Error::Code::AuthDenied;
    else if (e == ENOENT && what.startsWith(QLatin1String("reading")))
        code = Error::Code::PathMissing;
    else if (e == ENOTCONN || e == ECONNREFUSED || e == EHOSTUNREACH)
        code = Error::Code::Unreachable;
    return Error(code, QStringLiteral("%1: %2").arg(what, errnoText(r)), context);
}

} // namespace

RadosClient::~RadosClient()
{
    shutdown();
}

void RadosClient::shutdown()
{
    if (m_cluster) {
        rados_shutdown(static_cast<rados_t>(m_cluster));
        m_cluster = nullptr;
    }
}

Error RadosClient::connect(const CephConnectionSpec &specIn)
{
    shutdown();
    CephConnectionSpec spec = specIn;
    if (const Error e = CephKeyCache::fill(&spec)) // a fetched cluster: key from memory/keychain
        return e;
    m_context = spec.monHost.isEmpty() ? spec.confPath : spec.monHost;
    rados_t cluster = nullptr;
    const QByteArray name = spec.clientName.toUtf8();
    int r = rados_create2(&cluster, "ceph", name.constData(), 0);
    if (r < 0)
        return radosError(r, QStringLiteral("cannot create the librados handle"), m_context);
    auto fail = [&](int rc, const QString &what) {
        rados_shutdown(cluster);
        return radosError(rc, what, m_context);
    };
    if (!spec.confPath.isEmpty()) {
        r = rados_conf_read_file(cluster, spec.confPath.toUtf8().constData());
        if (r < 0)
            return fail(r, QStringLiteral("reading %1").arg(spec.confPath));
    }
    const QByteArray timeout = QByteArray::number(qMax(1, spec.timeoutSec));
    m_timeoutSec = qMax(1, spec.timeoutSec);
    const std::pair<const char *, QByteArray> options[] = {
        {"rados_mon_op_timeout", timeout},
        {"rados_osd_op_timeout", timeout},
        {"client_mount_timeout", timeout},
        {"log_to_stderr", "false"},
        {"err_to_stderr", "false"},
    };
    for (const auto &[k, v] : options) {
        r = rados_conf_set(cluster, k, v.constData());
        if (r < 0)
            return fail(r, QStringLiteral("setting %1").arg(QLatin1String(k)));
    }
    if (!spec.monHost.isEmpty() && (r = rados_conf_set(cluster, "mon_host", spec.monHost.toUtf8().constData())) < 0)
        return fail(r, QStringLiteral("setting mon_host"));
    if (!spec.keyringPath.isEmpty()
        && (r = rados_conf_set(cluster, "keyring", spec.keyringPath.toUtf8().constData())) < 0)
        return fail(r, QStringLiteral("setting the keyring"));
    if (!spec.key.isEmpty() && (r = rados_conf_set(cluster, "key", spec.key.toUtf8().constData())) < 0)
        return fail(r, QStringLiteral("setting the key"));
    // An in-memory key without a keyring file: do not let librados read this machine's
    // default keyrings (/etc/ceph/…), which may belong to another cluster.
    if (!spec.key.isEmpty() && spec.keyringPath.isEmpty() && (r = rados_conf_set(cluster, "keyring", "")) < 0)
        return fail(r, QStringLiteral("clearing the keyring search path"));
    r = rados_connect(cluster);
    if (r < 0) {
        // librados says ENOENT when it found no key for the client (keyring missing).
        if (-r == ENOENT) {
            rados_shutdown(cluster);
            return Error(Error::Code::PathMissing,
                QStringLiteral("cannot connect: no key for %1 (keyring file missing or unreadable)")
                    .arg(spec.clientName),
                m_context);
        }
        Error e = fail(r, QStringLiteral("cannot connect to the cluster"));
        if (-r == ETIMEDOUT) // no monitor answered within the connect timeout
            e.code = Error::Code::Unreachable;
        return e;
    }
    m_cluster = cluster;
    qCInfo(lcRados) << "connected to" << m_context << "fsid" << fsid();
    return {};
}

QString RadosClient::fsid() const
{
    if (!m_cluster)
        return {};
    char buf[64] = {};
    const int r = rados_cluster_fsid(static_cast<rados_t>(m_cluster), buf, sizeof buf);
    return r < 0 ? QString() : QString::fromLatin1(buf);
}

QString RadosClient::configValue(const char *option) const
{
    if (!m_cluster)
        return {};
    char buf[256] = {};
    const int r = rados_conf_get(static_cast<rados_t>(m_cluster), option, buf, sizeof buf - 1);
    return r < 0 ? QString() : QString::fromUtf8(buf);
}

Error RadosClient::mgrCommand(const QJsonObject &command, QByteArray *out)
{
    return runCommand(rados_mgr_command, QStringLiteral("mgr"), command, out, {});
}

QString RadosClient::libraryVersion()
{
    int major = 0, minor = 0, extra = 0;
    rados_version(&major, &minor, &extra);
    return QStringLiteral("%1.%2.%3").arg(major).arg(minor).arg(extra);
}

Error RadosClient::monCommand(const QJsonObject &command, QByteArray *out, const QByteArray &input)
{
    return runCommand(rados_mon_command, QStringLiteral("mon"), command, out, input);
}

// rados_mon_command and rados_mgr_command take the same arguments.
Error RadosClient::runCommand(
    CommandFn fn, const QString &to, const QJsonObject &command, QByteArray *out, const QByteArray &input)
{
    if (!m_cluster)
        return Error(Error::Code::Internal, QStringLiteral("not connected"), m_context);
    const QByteArray cmd = QJsonDocument(command).toJson(QJsonDocument::Compact);
    const char *cmds[] = {cmd.constData()};
    char *outbuf = nullptr, *outs = nullptr;
    size_t outbufLen = 0, outsLen = 0;
    const int r = fn(static_cast<rados_t>(m_cluster), cmds, 1, input.constData(), size_t(input.size()), &outbuf,
        &outbufLen, &outs, &outsLen);
    const QString status = outs ? QString::fromUtf8(outs, qsizetype(outsLen)).trimmed() : QString();
    if (out)
        *out = outbuf ? QByteArray(outbuf, qsizetype(outbufLen)) : QByteArray();
    rados_buffer_free(outbuf);
    rados_buffer_free(outs);
    if (r < 0) {
        Error e = radosError(r,
            QStringLiteral("%1 command \"%2\" failed").arg(to, command.value(QStringLiteral("prefix")).toString()),
            m_context);
        e.detail = status;
        if (!status.isEmpty())
            e.message += QStringLiteral(" (%1)").arg(status);
        return e;
    }
    return {};
}

} // namespace cm
