#include "transport/sshtransport.h"

#include "transport/knownhosts.h"
#include "transport/localtransport.h"
#include "transport/sshauthenticator.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QStandardPaths>

#include <libssh/callbacks.h>
#include <libssh/libssh.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <vector>

Q_LOGGING_CATEGORY(lcSsh, "clustermark.core.transport.ssh")

namespace cm {

namespace {

constexpr int KillGraceMs = 1500;   // TERM, then KILL (when the remote killer could not start)
constexpr int GiveUpMs = 1900;      // run() returns within 2 s of cancel, whatever happens
constexpr int PollMs = 20;          // socket poll slice: bounds cancel latency, not data latency

void initLibssh()
{
    static std::once_flag once;
    std::call_once(once, [] { ssh_init(); });
}

QString signalName(int sig)
{
    const char *abbrev = sigabbrev_np(sig);
    return abbrev ? QString::fromLatin1(abbrev) : QString::number(sig);
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

struct ChannelState {
    bool gotStatus = false;
    int status = -1;
    bool gotSignal = false;
    QString signal;
    bool closed = false;
};

void onExitStatus(ssh_session, ssh_channel, int status, void *userdata)
{
    auto *st = static_cast<ChannelState *>(userdata);
    st->gotStatus = true;
    st->status = status;
}

void onExitSignal(ssh_session, ssh_channel, const char *signal, int, const char *, const char *, void *userdata)
{
    auto *st = static_cast<ChannelState *>(userdata);
    st->gotSignal = true;
    st->signal = QString::fromLatin1(signal ? signal : "");
}

void onClose(ssh_session, ssh_channel, void *userdata)
{
    static_cast<ChannelState *>(userdata)->closed = true;
}

void closeAndFree(ssh_channel ch)
{
    if (!ch)
        return;
    if (ssh_channel_is_open(ch))
        ssh_channel_close(ch);
    ssh_channel_free(ch);
}

} // namespace

QString defaultKnownHostsPath()
{
    const QString dataDir = qEnvironmentVariable("CLUSTERMARK_DATA_DIR");
    const QString base = !dataDir.isEmpty() ? dataDir : QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return base + QStringLiteral("/known_hosts");
}

SshTransport::SshTransport(NodeSpec node, Credentials credentials, SshOptions options)
    : m_node(std::move(node)), m_credentials(std::move(credentials)), m_options(std::move(options))
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
                 QStringLiteral("connection to %1 lost %2%3").arg(m_node.displayName(), what,
                                                                why.isEmpty() ? QString() : QStringLiteral(": ") + why),
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
        return Error(Error::Code::InvalidInput, QStringLiteral("not a host name: %1").arg(m_node.host), m_node.displayName());
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
                         .arg(m_node.displayName(), m_resolvedHost).arg(m_resolvedPort).arg(why),
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
    qCDebug(lcSsh) << "connected to" << m_resolvedUser << m_resolvedHost << m_resolvedPort << "in" << clock.elapsed() << "ms";
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
    case KnownHosts::Status::Known:
        break;
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

    ChannelState st;
    ssh_channel_callbacks_struct cbs;
    std::memset(&cbs, 0, sizeof cbs);
    cbs.userdata = &st;
    cbs.channel_exit_status_function = onExitStatus;
    cbs.channel_exit_signal_function = onExitSignal;
    cbs.channel_close_function = onClose;
    ssh_callbacks_init(&cbs);

    ssh_channel ch = nullptr;
    for (int attempt = 0;; ++attempt) {
        ch = ssh_channel_new(m_session);
        if (ch && ssh_channel_open_session(ch) == SSH_OK)
            break;
        if (ch)
            ssh_channel_free(ch);
        ch = nullptr;
        const bool alive = ssh_is_connected(m_session);
        if (attempt == 0 && !alive) {
            // Dropped while idle (server restart, NAT timeout): nothing ran yet, so
            // reconnecting once is safe.
            qCInfo(lcSsh) << "connection to" << m_node.displayName() << "was lost while idle; reconnecting";
            resetSession();
            if (Error e = connect()) {
                res.error = e;
                return res;
            }
            continue;
        }
        res.error = alive ? Error(Error::Code::CommandFailed,
                                  QStringLiteral("cannot open a channel: %1").arg(QString::fromUtf8(ssh_get_error(m_session))),
                                  m_node.displayName(), cmd.argv.first())
                          : lostConnection(QStringLiteral("before the command started"));
        if (!alive)
            m_connected = false;
        return res;
    }
    ssh_set_channel_callbacks(ch, &cbs);
    if (ssh_channel_request_exec(ch, script.constData()) != SSH_OK) {
        const bool alive = ssh_is_connected(m_session);
        res.error = alive ? Error(Error::Code::CommandFailed,
                                  QStringLiteral("cannot start a command: %1").arg(QString::fromUtf8(ssh_get_error(m_session))),
                                  m_node.displayName(), cmd.argv.first())
                          : lostConnection(QStringLiteral("before the command started"));
        if (!alive)
            m_connected = false;
        ssh_remove_channel_callbacks(ch, &cbs);
        ssh_channel_free(ch);
        return res;
    }

    QElapsedTimer clock;
    clock.start();
    std::vector<ssh_channel> killChannels;
    qint64 remotePid = 0;
    bool pidDone = false;
    QByteArray pidLine;
    QByteArray stderrTail;   // for ToolMissing even when a callback takes stderr
    qsizetype inPos = 0;
    bool inClosed = cmd.stdinData.isEmpty();
    // With a watchdog, stdin stays open to the end: its end of file (this side gone)
    // is the watchdog's signal.
    if (inClosed && !cmd.hasWatchdog())
        ssh_channel_send_eof(ch);
    qint64 killStartedAt = -1;
    bool termSent = false, killSent = false, broken = false;

    // Returns true when the remote side took over (a kill command is running there).
    auto sendGroupSignal = [&](const char *sig, const QByteArray &remoteScript) {
        if (remotePid <= 0) {
            ssh_channel_request_send_signal(ch, sig);   // ignored by root's sshd, harmless
            return false;
        }
        ssh_channel k = ssh_channel_new(m_session);
        if (k && ssh_channel_open_session(k) == SSH_OK && ssh_channel_request_exec(k, remoteScript.constData()) == SSH_OK) {
            killChannels.push_back(k);
            qCDebug(lcSsh) << "sent" << sig << "to remote group" << remotePid << "on" << m_node.displayName();
            return true;
        }
        if (k)
            ssh_channel_free(k);
        return false;
    };
    // TERM now; the same remote shell sends KILL if the group is still there after
    // 1.2 s (plus its own start-up, ~1.5 s after the cancel). Doing it there saves a
    // second shell start-up and holds even if this side gives up first.
    auto startKiller = [&] {
        const QByteArray g = QByteArray::number(remotePid);
        const QByteArray script = "kill -TERM -- -" + g + " 2>/dev/null || exit 0; i=0; while [ $i -lt 12 ]; do sleep 0.1; "
                                  "kill -0 -- -" + g + " 2>/dev/null || exit 0; i=$((i+1)); done; kill -KILL -- -" + g
            + " 2>/dev/null";
        return sendGroupSignal("TERM", script);
    };
    bool killerRunning = false;

    auto deliver = [&](bool isErr, QByteArray chunk) {
        if (!isErr && !pidDone) {
            // The first all-digits line is the remote shell's PID. Lines before it come
            // from the login shell's start-up files (a chatty ~/.bashrc), not the command.
            pidLine += chunk;
            qsizetype start = 0;
            for (;;) {
                const qsizetype nl = pidLine.indexOf('\n', start);
                if (nl < 0)
                    break;
                bool ok = false;
                const qint64 pid = pidLine.mid(start, nl - start).toLongLong(&ok);
                if (ok && pid > 1) {
                    if (start > 0)
                        qCWarning(lcSsh) << "the login shell on" << m_node.displayName() << "printed" << start
                                         << "bytes before the command; ignored";
                    remotePid = pid;
                    pidDone = true;
                    chunk = pidLine.mid(nl + 1);
                    break;
                }
                start = nl + 1;
            }
            if (!pidDone) {
                if (pidLine.size() < 8192)
                    return;
                pidDone = true;   // no marker line at all: keep everything
                chunk = pidLine;
            }
            pidLine.clear();
            if (chunk.isEmpty())
                return;
        }
        if (isErr) {
            stderrTail += chunk;
            if (stderrTail.size() > 4096)
                stderrTail = stderrTail.right(4096);
        }
        const auto &cb = isErr ? out.onStderr : out.onStdout;
        if (cb)
            cb(chunk);
        else
            (isErr ? res.stdErr : res.stdOut).append(chunk);
    };

    static thread_local char buf[65536];
    // One pass over both streams; true if anything arrived.
    auto readPass = [&](bool &readError) {
        bool got = false;
        for (const bool isErr : {false, true}) {
            for (;;) {
                const int n = ssh_channel_read_nonblocking(ch, buf, sizeof buf, isErr);
                if (n == SSH_ERROR) {
                    readError = true;
                    break;
                }
                if (n <= 0)
                    break;
                got = true;
                deliver(isErr, QByteArray(buf, n));
            }
        }
        return got;
    };
    ssh_event event = ssh_event_new();
    ssh_event_add_session(event, m_session);
    for (;;) {
        if (killStartedAt < 0 && (cancel.isCancelled() || (cmd.timeoutMs > 0 && clock.elapsed() > cmd.timeoutMs))) {
            res.error = cancel.isCancelled()
                ? Error(Error::Code::Cancelled, QStringLiteral("cancelled"), m_node.displayName())
                : Error(Error::Code::Timeout, QStringLiteral("command timed out after %1 ms").arg(cmd.timeoutMs),
                        m_node.displayName(), cmd.argv.value(0));
            killStartedAt = clock.elapsed();
        }
        if (killStartedAt >= 0) {
            const qint64 since = clock.elapsed() - killStartedAt;
            if (!termSent && (remotePid > 0 || since > 300)) {
                killerRunning = startKiller();
                termSent = true;
            }
            if (!killSent && since >= KillGraceMs) {
                if (!killerRunning)
                    sendGroupSignal("KILL", "kill -KILL -- -" + QByteArray::number(remotePid) + " 2>/dev/null");
                killSent = true;
            }
            if (since >= GiveUpMs)
                break;
        }
        if (!inClosed) {
            const qsizetype window = static_cast<qsizetype>(ssh_channel_window_size(ch));
            const qsizetype n = std::min<qsizetype>({cmd.stdinData.size() - inPos, window, 32768});
            if (n > 0) {
                const int w = ssh_channel_write(ch, cmd.stdinData.constData() + inPos, static_cast<uint32_t>(n));
                if (w == SSH_ERROR) {
                    inClosed = true;   // the command may have exited without reading; not fatal
                } else {
                    inPos += w;
                }
            }
            if (inPos >= cmd.stdinData.size() && !inClosed) {
                ssh_channel_send_eof(ch);
                inClosed = true;
            }
        }
        bool readError = false;
        const bool got = readPass(readError);
        if (!ssh_is_connected(m_session)) {
            broken = true;
            break;
        }
        if (got)
            continue;
        if (readError || st.closed || ssh_channel_is_closed(ch)
            || (ssh_channel_is_eof(ch) && (st.gotStatus || st.gotSignal))) {
            // Reading stderr may have pulled in the last stdout together with the
            // close: drain both until a pass brings nothing.
            while (readPass(readError)) {
            }
            break;
        }
        // Waits for the socket AND processes what arrives (after EOF the read calls
        // no longer do, and exit-status/close still have to come in).
        if (ssh_event_dopoll(event, PollMs) == SSH_ERROR && !ssh_is_connected(m_session)) {
            broken = true;
            break;
        }
    }
    ssh_event_remove_session(event, m_session);
    ssh_event_free(event);

    if (!pidDone && !pidLine.isEmpty()) {
        pidDone = true;
        deliver(false, std::exchange(pidLine, {}));
    }
    if (broken) {
        if (!res.error || killStartedAt < 0)
            res.error = lostConnection(QStringLiteral("while running %1").arg(cmd.argv.first()));
        m_connected = false;
    }
    ssh_remove_channel_callbacks(ch, &cbs);
    if (!broken) {
        closeAndFree(ch);
        for (ssh_channel k : killChannels)
            closeAndFree(k);
    } else {
        ssh_channel_free(ch);
        for (ssh_channel k : killChannels)
            ssh_channel_free(k);
    }

    if (st.gotSignal) {
        res.exitSignal = st.signal;
        res.exitCode = -1;
    } else if (st.gotStatus) {
        res.exitCode = st.status;
    }
    // The shell reports a signal-killed child as 128+N.
    if (res.exitCode > 128 && res.exitCode < 128 + 65 && res.exitSignal.isEmpty() && killStartedAt >= 0)
        res.exitSignal = signalName(res.exitCode - 128);
    if (!res.error && !st.gotStatus && !st.gotSignal)
        res.error = Error(Error::Code::CommandFailed, QStringLiteral("the command ended without an exit status"),
                          m_node.displayName(), cmd.argv.first());
    if (!res.error)
        res.error = toolMissingError(cmd, res.exitCode, stderrTail, m_node.displayName());
    qCDebug(lcSsh) << "ran" << cmd.argv.value(0) << "on" << m_node.displayName() << "exit" << res.exitCode
                   << res.exitSignal << "in" << clock.elapsed() << "ms";
    return res;
}

} // namespace cm
