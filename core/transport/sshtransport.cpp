// SPDX-License-Identifier: GPL-3.0-or-later
#include "transport/sshtransport.h"

#include "transport/knownhosts.h"
#include "transport/localtransport.h"
#include "transport/sshauthenticator.h"
#include "transport/sshcommandstream.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QStandardPaths>

#include <libssh/libssh.h>

#include <algorithm>
#include <mutex>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

Q_LOGGING_CATEGORY(lcSsh, "clustermark.core.transport.ssh")

namespace cm {

namespace {

void initLibssh()
{
    static std::once_flag once;
    std::call_once(once, [] { ssh_init(); });
}

void setKeepAlive(int fd)
{
    if (fd < 0)
        return;
    // A silently dead peer is noticed in ~30 s instead of hours.
    int on = 1, idle = 15, intvl = 5, cnt = 3;
    unsigned int userTimeout = 30000;
    ::setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on);
    ::setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle);
    ::setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &intvl, sizeof intvl);
    ::setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &cnt, sizeof cnt);
    ::setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &userTimeout, sizeof userTimeout);
}

} // namespace

QString defaultKnownHostsPath()
{
    const QString dataDir = qEnvironmentVariable("CLUSTERMARK_DATA_DIR");
    const QString base
        = !dataDir.isEmpty() ? dataDir : QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return base + QStringLiteral("/known_hosts");
}

SshTransport::SshTransport(NodeSpec node, Credentials credentials, SshOptions options)
    : m_node(std::move(node))
    , m_credentials(std::move(credentials))
    , m_options(std::move(options))
{
    initLibssh();
    if (m_options.knownHostsPath.isEmpty())
        m_options.knownHostsPath = defaultKnownHostsPath();
}

SshTransport::~SshTransport()
{
    resetSession();
}

void SshTransport::resetSession()
{
    if (m_session) {
        if (ssh_is_connected(m_session))
            ssh_disconnect(m_session);
        ssh_free(m_session);
        m_session = nullptr;
    }
    m_connected = false;
}

void SshTransport::disconnect()
{
    resetSession();
}

bool SshTransport::isConnected() const
{
    return m_connected && m_session && ssh_is_connected(m_session);
}

Error SshTransport::lostConnection(const QString &what) const
{
    const QString why = m_session ? QString::fromUtf8(ssh_get_error(m_session)) : QString();
    return Error(Error::Code::Unreachable,
        QStringLiteral("connection to %1 lost %2%3")
            .arg(m_node.displayName(), what, why.isEmpty() ? QString() : QStringLiteral(": ") + why),
        m_node.displayName());
}

Error SshTransport::configure()
{
    resetSession();
    m_session = ssh_new();
    if (!m_session)
        return Error(Error::Code::Internal, QStringLiteral("cannot create an SSH session"), m_node.displayName());
    const QByteArray host = m_node.host.toUtf8();
    const QByteArray sshDir = QFile::encodeName(QDir::homePath() + QStringLiteral("/.ssh"));
    const QByteArray knownHosts = QFile::encodeName(m_options.knownHostsPath);
    ssh_options_set(m_session, SSH_OPTIONS_HOST, host.constData());
    // $HOME, not the passwd entry, locates ~/.ssh (config and default keys).
    ssh_options_set(m_session, SSH_OPTIONS_SSH_DIR, sshDir.constData());
    if (ssh_options_parse_config(m_session, nullptr) != SSH_OK)
        qCWarning(lcSsh) << "cannot parse ssh config:" << ssh_get_error(m_session);
    // Explicit node settings win over ~/.ssh/config.
    if (m_node.port > 0) {
        const unsigned int port = static_cast<unsigned int>(m_node.port);
        ssh_options_set(m_session, SSH_OPTIONS_PORT, &port);
    }
    if (!m_node.user.isEmpty()) {
        const QByteArray user = m_node.user.toUtf8();
        ssh_options_set(m_session, SSH_OPTIONS_USER, user.constData());
    }
    // Our own file, also for libssh's choice of host-key algorithm.
    ssh_options_set(m_session, SSH_OPTIONS_KNOWNHOSTS, knownHosts.constData());
    ssh_options_set(m_session, SSH_OPTIONS_GLOBAL_KNOWNHOSTS, knownHosts.constData());
    const long timeoutSec = std::max(0, m_options.connectTimeoutMs) / 1000;
    const long timeoutUsec = (std::max(0, m_options.connectTimeoutMs) % 1000) * 1000L;
    ssh_options_set(m_session, SSH_OPTIONS_TIMEOUT, &timeoutSec);
    ssh_options_set(m_session, SSH_OPTIONS_TIMEOUT_USEC, &timeoutUsec);

    char *resolved = nullptr;
    if (ssh_options_get(m_session, SSH_OPTIONS_HOST, &resolved) == SSH_OK && resolved) {
        m_resolvedHost = QString::fromUtf8(resolved);
        ssh_string_free_char(resolved);
    } else {
        m_resolvedHost = m_node.host;
    }
    unsigned int port = 22;
    if (ssh_options_get_port(m_session, &port) >= 0 && port > 0)
        m_resolvedPort = static_cast<int>(port);
    return {};
}

Error SshTransport::connect()
{
    if (isConnected())
        return {};
    if (m_node.isLocal())
        return Error(Error::Code::InvalidInput, QStringLiteral("no SSH host given"), m_node.displayName());
    // libssh would read "user@host" or an option-like name its own way.
    static const QRegularExpression badHost(QStringLiteral(R"([@\s/]|^-)"));
    if (m_node.host.contains(badHost))
        return Error(
            Error::Code::InvalidInput, QStringLiteral("not a host name: %1").arg(m_node.host), m_node.displayName());
    if (Error e = configure())
        return e;
    QElapsedTimer clock;
    clock.start();
    if (ssh_connect(m_session) != SSH_OK) {
        const QString why = QString::fromUtf8(ssh_get_error(m_session));
        const bool timedOut = why.contains(QLatin1String("imeout")) || why.contains(QLatin1String("timed out"));
        resetSession();
        return Error(timedOut ? Error::Code::Timeout : Error::Code::Unreachable,
            QStringLiteral("cannot connect to %1 (%2:%3): %4")
                .arg(m_node.displayName(), m_resolvedHost)
                .arg(m_resolvedPort)
                .arg(why),
            m_node.displayName());
    }
    if (Error e = verifyHostKey()) {
        resetSession();
        return e;
    }
    char *user = nullptr;
    if (ssh_options_get(m_session, SSH_OPTIONS_USER, &user) == SSH_OK && user) {
        m_resolvedUser = QString::fromUtf8(user);
        ssh_string_free_char(user);
    }
    const QString who = (m_resolvedUser.isEmpty() ? QString() : m_resolvedUser + QLatin1Char('@'))
        + KnownHosts::entryName(m_resolvedHost, m_resolvedPort);
    if (Error e = SshAuthenticator(m_session, m_node, m_credentials, who).authenticate()) {
        resetSession();
        return e;
    }
    setKeepAlive(ssh_get_fd(m_session));
    m_connected = true;
    qCDebug(lcSsh) << "connected to" << m_resolvedUser << m_resolvedHost << m_resolvedPort << "in" << clock.elapsed()
                   << "ms";
    return {};
}

Error SshTransport::verifyHostKey()
{
    ssh_key key = nullptr;
    if (ssh_get_server_publickey(m_session, &key) != SSH_OK || !key)
        return Error(Error::Code::Unreachable, QStringLiteral("server sent no host key"), m_node.displayName());
    m_serverFingerprint = sshKeyFingerprint(key);
    const KnownHosts store(m_options.knownHostsPath);
    const KnownHosts::Result known = store.check(m_resolvedHost, m_resolvedPort, key);
    const QString where = KnownHosts::entryName(m_resolvedHost, m_resolvedPort);
    Error err;
    switch (known.status) {
    case KnownHosts::Status::Known: break;
    case KnownHosts::Status::Unknown: {
        QString expected = m_options.expectedFingerprint.trimmed();
        if (!expected.isEmpty() && !expected.startsWith(QLatin1String("SHA256:")))
            expected.prepend(QLatin1String("SHA256:"));
        if (m_options.acceptNewHostKey || (!expected.isEmpty() && expected == m_serverFingerprint)) {
            err = store.add(m_resolvedHost, m_resolvedPort, key);
            if (!err)
                qCInfo(lcSsh) << "trusted new host key" << where << m_serverFingerprint;
        } else if (!expected.isEmpty()) {
            err = Error(Error::Code::HostKeyUnknown,
                QStringLiteral("the host key of %1 is %2, not the expected %3; not connecting")
                    .arg(where, m_serverFingerprint, expected),
                m_node.displayName(), m_serverFingerprint);
        } else {
            err = Error(Error::Code::HostKeyUnknown,
                QStringLiteral("the authenticity of host %1 cannot be established; its key fingerprint is %2")
                    .arg(where, m_serverFingerprint),
                m_node.displayName(), m_serverFingerprint);
        }
        break;
    }
    case KnownHosts::Status::Changed:
    case KnownHosts::Status::OtherType: {
        QStringList lines;
        for (int l : known.lines)
            lines << QString::number(l);
        err = Error(Error::Code::HostKeyChanged,
            QStringLiteral("WARNING: THE HOST KEY OF %1 HAS CHANGED! Someone may be intercepting the "
                           "connection (man-in-the-middle attack), or the host was reinstalled. "
                           "Known key: %2 (%3, line %4). Presented key: %5. Not connecting. If the change is "
                           "expected, remove the old entry (%6) and connect again to trust the new key.")
                .arg(where, known.knownFingerprints.join(QStringLiteral(", ")), m_options.knownHostsPath,
                    lines.join(QStringLiteral(", ")), m_serverFingerprint,
                    store.removeCommand(m_resolvedHost, m_resolvedPort)),
            m_node.displayName(), m_serverFingerprint);
        qCWarning(lcSsh) << "host key changed for" << where << "known" << known.knownFingerprints << "presented"
                         << m_serverFingerprint;
        break;
    }
    }
    ssh_key_free(key);
    return err;
}

ExecResult SshTransport::run(const Command &cmd, const OutputCallbacks &out, const CancelToken &cancel)
{
    ExecResult res;
    if (cmd.argv.isEmpty()) {
        res.error = Error(Error::Code::InvalidInput, QStringLiteral("empty command"), m_node.displayName());
        return res;
    }
    if (cancel.isCancelled()) {
        res.error = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), m_node.displayName());
        return res;
    }
    if (Error e = connect()) {
        res.error = e;
        return res;
    }
    const QByteArray script = QByteArrayLiteral("printf '%s\\n' \"$$\"; ") + cmd.toScript().toUtf8();

    ssh_channel ch = nullptr;
    if (Error e = openChannel(cmd, ch)) {
        res.error = e;
        return res;
    }
    SshCommandStream stream(m_session, ch, m_node.displayName(), cmd, out, res);
    if (!stream.start(script)) {
        res.error = channelError(QStringLiteral("cannot start a command: %1"), cmd);
        stream.abandon();
        return res;
    }
    stream.pump(cancel);
    if (stream.broken()) {
        if (!res.error || !stream.killStarted())
            res.error = lostConnection(QStringLiteral("while running %1").arg(cmd.argv.first()));
        m_connected = false;
    }
    stream.finish();
    if (!res.error)
        res.error = toolMissingError(cmd, res.exitCode, stream.stderrTail(), m_node.displayName());
    qCDebug(lcSsh) << "ran" << cmd.argv.value(0) << "on" << m_node.displayName() << "exit" << res.exitCode
                   << res.exitSignal << "in" << stream.elapsedMs() << "ms";
    return res;
}

Error SshTransport::openChannel(const Command &cmd, ssh_channel_struct *&ch)
{
    for (int attempt = 0;; ++attempt) {
        ch = ssh_channel_new(m_session);
        if (ch && ssh_channel_open_session(ch) == SSH_OK)
            return {};
        if (ch)
            ssh_channel_free(ch);
        ch = nullptr;
        if (attempt == 0 && !ssh_is_connected(m_session)) {
            // Dropped while idle (server restart, NAT timeout): nothing ran yet, so
            // reconnecting once is safe.
            qCInfo(lcSsh) << "connection to" << m_node.displayName() << "was lost while idle; reconnecting";
            resetSession();
            if (Error e = connect())
                return e;
            continue;
        }
        return channelError(QStringLiteral("cannot open a channel: %1"), cmd);
    }
}

Error SshTransport::channelError(const QString &failure, const Command &cmd)
{
    if (!ssh_is_connected(m_session)) {
        m_connected = false;
        return lostConnection(QStringLiteral("before the command started"));
    }
    return Error(Error::Code::CommandFailed, failure.arg(QString::fromUtf8(ssh_get_error(m_session))),
        m_node.displayName(), cmd.argv.first());
}

} // namespace cm
