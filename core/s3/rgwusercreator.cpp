// SPDX-License-Identifier: GPL-3.0-or-later
#include "s3/rgwusercreator.h"

#include "parse/rgwuserjson.h"
#include "s3/s3keychain.h"
#include "transport/transport.h"

#include <QLoggingCategory>
#include <QRegularExpression>

namespace cm {

Q_LOGGING_CATEGORY(lcRgwUser, "clustermark.core.rgwuser")

namespace {

QString lastLine(const QByteArray &err)
{
    const QList<QByteArray> lines = err.trimmed().split('\n');
    for (qsizetype i = lines.size() - 1; i >= 0; --i)
        if (!lines.at(i).trimmed().isEmpty())
            return QString::fromUtf8(lines.at(i).trimmed()).left(300);
    return {};
}

} // namespace

RgwUserCreator::RgwUserCreator(Transport &transport, RgwAdminOptions options)
    : m_transport(transport)
    , m_options(std::move(options))
{ }

bool RgwUserCreator::isValidUid(const QString &uid)
{
    // RGW accepts more, but a uid is also part of keychain entries and command lines.
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$"));
    return re.match(uid).hasMatch();
}

QStringList RgwUserCreator::argv(const QStringList &args) const
{
    QStringList a = m_options.commandPrefix;
    a << QStringLiteral("radosgw-admin");
    if (!m_options.confPath.isEmpty())
        a << QStringLiteral("-c") << m_options.confPath;
    if (!m_options.keyringPath.isEmpty())
        a << QStringLiteral("-k") << m_options.keyringPath;
    if (!m_options.id.isEmpty())
        a << QStringLiteral("--id") << m_options.id;
    if (!m_options.name.isEmpty())
        a << QStringLiteral("--name") << m_options.name;
    return a + args;
}

Error RgwUserCreator::run(const QStringList &args, QByteArray *json, int *exitCode, const CancelToken &cancel)
{
    const QString node = m_transport.node().host;
    if (Error e = m_transport.connect())
        return e;
    Command cmd;
    cmd.argv = argv(args);
    cmd.timeoutMs = m_options.timeoutMs;
    cmd.maxRuntimeSec = qMax(1, m_options.timeoutMs / 1000 + 5);
    const QString what = QStringLiteral("radosgw-admin %1").arg(args.mid(0, 2).join(QLatin1Char(' ')));
    const ExecResult r = m_transport.run(cmd, {}, cancel);
    *exitCode = r.exitCode;
    *json = r.stdOut;
    if (r.error) {
        Error e = r.error;
        if (e.code == Error::Code::ToolMissing)
            e.message = QStringLiteral("radosgw-admin is not installed on %1 (package radosgw)").arg(node);
        return e;
    }
    if (r.exitCode == 0)
        return {};
    const QString err = QString::fromUtf8(r.stdErr);
    const QString tail = lastLine(r.stdErr);
    if (r.exitCode == 127 || err.contains(QLatin1String("command not found")))
        return Error(Error::Code::ToolMissing,
            QStringLiteral("radosgw-admin is not installed on %1 (package radosgw)").arg(node), node, tail);
    if (err.contains(QLatin1String("a password is required")) || err.contains(QLatin1String("a terminal is required")))
        return Error(Error::Code::AuthDenied, QStringLiteral("sudo on %1 needs a password for radosgw-admin").arg(node),
            node, tail);
    if (err.contains(QLatin1String("Permission denied")) || err.contains(QLatin1String("(13)")))
        return Error(Error::Code::AuthDenied,
            QStringLiteral("permission denied running %1 on %2: the Ceph keyring is not readable "
                           "(run it as root or through sudo, or give a readable keyring)")
                .arg(what, node),
            node, tail);
    if (err.contains(QLatin1String("unable to open config file"))
        || err.contains(QLatin1String("did not load config file")))
        return Error(Error::Code::PathMissing,
            QStringLiteral("%1 on %2 cannot open the Ceph config%3")
                .arg(what, node,
                    m_options.confPath.isEmpty() ? QStringLiteral(" (give its path)")
                                                 : QStringLiteral(" %1").arg(m_options.confPath)),
            node, tail);
    return Error(Error::Code::CommandFailed,
        QStringLiteral("%1 failed on %2 (exit %3): %4").arg(what, node).arg(r.exitCode).arg(tail), node, tail);
}

Error RgwUserCreator::createOrGet(
    const QString &uid, const QString &displayName, RgwUserCredentials *out, const CancelToken &cancel)
{
    if (!isValidUid(uid))
        return Error(Error::Code::InvalidInput,
            QStringLiteral("invalid RGW user id (letters, digits, . _ @ -; at most 64)"), uid);
    const QString name = displayName.isEmpty() ? uid : displayName;
    QByteArray json;
    int exit = -1;
    bool existed = false;
    Error e = run({QStringLiteral("user"), QStringLiteral("create"), QStringLiteral("--uid=") + uid,
                      QStringLiteral("--display-name=") + name},
        &json, &exit, cancel);
    // EEXIST (17): "could not create user: unable to parse parameters, user: UID exists"
    if (e && e.code == Error::Code::CommandFailed && (exit == 17 || e.detail.contains(QLatin1String("exists")))) {
        existed = true;
        e = run({QStringLiteral("user"), QStringLiteral("info"), QStringLiteral("--uid=") + uid}, &json, &exit, cancel);
    }
    if (e)
        return e;
    RgwUserKeys keys;
    if (Error pe = parseRgwUserJson(json, &keys)) {
        pe.context = m_transport.node().host;
        return pe;
    }
    if (keys.userId != uid)
        return Error(Error::Code::ParseError,
            QStringLiteral("radosgw-admin answered for user %1, not %2").arg(keys.userId, uid),
            m_transport.node().host);
    *out = RgwUserCredentials {uid, keys.displayName, keys.accessKey, keys.secretKey, existed};
    qCInfo(lcRgwUser) << (existed ? "read existing RGW user" : "created RGW user") << uid << "on"
                      << m_transport.node().host << "access key" << keys.accessKey;
    return {};
}

Error createRgwUserAndStore(Transport &transport, const RgwAdminOptions &options, const QString &uid,
    const QString &displayName, const QString &endpoint, RgwUserCredentials *out, const CancelToken &cancel)
{
    if (endpoint.isEmpty())
        return Error(
            Error::Code::InvalidInput, QStringLiteral("the S3 endpoint is needed to name the keychain entry"), uid);
    RgwUserCredentials c;
    RgwUserCreator creator(transport, options);
    if (Error e = creator.createOrGet(uid, displayName, &c, cancel))
        return e;
    if (Error e = S3Keychain::save(endpoint, c.accessKey, c.secretKey))
        return e;
    c.secretKey.clear();
    *out = c;
    return {};
}

} // namespace cm
