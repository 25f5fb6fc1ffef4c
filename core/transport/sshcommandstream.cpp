// SPDX-License-Identifier: GPL-3.0-or-later
// One started command on its SSH channel: output without the PID line, stdin, kill.
#include "transport/sshcommandstream.h"

#include "transport/localtransport.h"

#include <QLoggingCategory>

#include <algorithm>
#include <cstring>
#include <utility>

Q_DECLARE_LOGGING_CATEGORY(lcSsh)

namespace cm {

namespace {

constexpr int KillGraceMs = 1500; // TERM, then KILL (when the remote killer could not start)
constexpr int GiveUpMs = 1900; // run() returns within 2 s of cancel, whatever happens
constexpr int PollMs = 20; // socket poll slice: bounds cancel latency, not data latency

QString signalName(int sig)
{
    const char *abbrev = sigabbrev_np(sig);
    return abbrev ? QString::fromLatin1(abbrev) : QString::number(sig);
}

void onExitStatus(ssh_session, ssh_channel, int status, void *userdata)
{
    auto *st = static_cast<SshCommandStream::ChannelState *>(userdata);
    st->gotStatus = true;
    st->status = status;
}

void onExitSignal(ssh_session, ssh_channel, const char *signal, int, const char *, const char *, void *userdata)
{
    auto *st = static_cast<SshCommandStream::ChannelState *>(userdata);
    st->gotSignal = true;
    st->signal = QString::fromLatin1(signal ? signal : "");
}

void onClose(ssh_session, ssh_channel, void *userdata)
{
    static_cast<SshCommandStream::ChannelState *>(userdata)->closed = true;
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

SshCommandStream::SshCommandStream(ssh_session session, ssh_channel channel, QString nodeName, const Command &cmd,
    const OutputCallbacks &out, ExecResult &res)
    : m_session(session)
    , m_channel(channel)
    , m_nodeName(std::move(nodeName))
    , m_cmd(cmd)
    , m_out(out)
    , m_res(res)
{
    std::memset(&m_callbacks, 0, sizeof m_callbacks);
    m_callbacks.userdata = &m_state;
    m_callbacks.channel_exit_status_function = onExitStatus;
    m_callbacks.channel_exit_signal_function = onExitSignal;
    m_callbacks.channel_close_function = onClose;
    ssh_callbacks_init(&m_callbacks);
    ssh_set_channel_callbacks(m_channel, &m_callbacks);
}

bool SshCommandStream::start(const QByteArray &script)
{
    if (ssh_channel_request_exec(m_channel, script.constData()) != SSH_OK)
        return false;
    m_clock.start();
    m_inClosed = m_cmd.stdinData.isEmpty();
    // With a watchdog, stdin stays open to the end: its end of file (this side gone)
    // is the watchdog's signal.
    if (m_inClosed && !m_cmd.hasWatchdog())
        ssh_channel_send_eof(m_channel);
    return true;
}

void SshCommandStream::abandon()
{
    ssh_remove_channel_callbacks(m_channel, &m_callbacks);
    ssh_channel_free(m_channel);
}

void SshCommandStream::pump(const CancelToken &cancel)
{
    ssh_event event = ssh_event_new();
    ssh_event_add_session(event, m_session);
    for (;;) {
        if (m_killStartedAt < 0)
            noteCancelOrTimeout(cancel);
        if (m_killStartedAt >= 0 && escalateKill())
            break;
        if (!m_inClosed)
            writeStdin();
        bool readError = false;
        const bool got = readPass(readError);
        if (!ssh_is_connected(m_session)) {
            m_broken = true;
            break;
        }
        if (got)
            continue;
        if (commandEnded(readError)) {
            // Reading stderr may have pulled in the last stdout together with the
            // close: drain both until a pass brings nothing.
            while (readPass(readError)) { }
            break;
        }
        // Waits for the socket AND processes what arrives (after EOF the read calls
        // no longer do, and exit-status/close still have to come in).
        if (ssh_event_dopoll(event, PollMs) == SSH_ERROR && !ssh_is_connected(m_session)) {
            m_broken = true;
            break;
        }
    }
    ssh_event_remove_session(event, m_session);
    ssh_event_free(event);
    flushPidLine();
}

void SshCommandStream::noteCancelOrTimeout(const CancelToken &cancel)
{
    if (!cancel.isCancelled() && !(m_cmd.timeoutMs > 0 && m_clock.elapsed() > m_cmd.timeoutMs))
        return;
    m_res.error = cancel.isCancelled()
        ? Error(Error::Code::Cancelled, QStringLiteral("cancelled"), m_nodeName)
        : Error(Error::Code::Timeout, QStringLiteral("command timed out after %1 ms").arg(m_cmd.timeoutMs), m_nodeName,
            m_cmd.argv.value(0));
    m_killStartedAt = m_clock.elapsed();
}

// The TERM waits (up to 300 ms) for the PID line, since only a known group can be
// signalled. Returns true when it is time to give up waiting for the group's end.
bool SshCommandStream::escalateKill()
{
    const qint64 since = m_clock.elapsed() - m_killStartedAt;
    if (!m_termSent && (m_remotePid > 0 || since > 300)) {
        m_killerRunning = startKiller();
        m_termSent = true;
    }
    if (!m_killSent && since >= KillGraceMs) {
        if (!m_killerRunning)
            sendGroupSignal("KILL", "kill -KILL -- -" + QByteArray::number(m_remotePid) + " 2>/dev/null");
        m_killSent = true;
    }
    return since >= GiveUpMs;
}

// Returns true when the remote side took over (a kill command is running there).
bool SshCommandStream::sendGroupSignal(const char *sig, const QByteArray &remoteScript)
{
    if (m_remotePid <= 0) {
        ssh_channel_request_send_signal(m_channel, sig); // ignored by root's sshd, harmless
        return false;
    }
    ssh_channel k = ssh_channel_new(m_session);
    if (k && ssh_channel_open_session(k) == SSH_OK && ssh_channel_request_exec(k, remoteScript.constData()) == SSH_OK) {
        m_killChannels.push_back(k);
        qCDebug(lcSsh) << "sent" << sig << "to remote group" << m_remotePid << "on" << m_nodeName;
        return true;
    }
    if (k)
        ssh_channel_free(k);
    return false;
}

// TERM now; the same remote shell sends KILL if the group is still there 1.2 s
// later. The clock is /proc/uptime (centiseconds, read by a builtin), so a loaded
// node's slow loop does not push the KILL back. Doing it there saves a second shell
// start-up and holds even if this side gives up first.
bool SshCommandStream::startKiller()
{
    const QByteArray g = QByteArray::number(m_remotePid);
    const QByteArray script = "kill -TERM -- -" + g
        + " 2>/dev/null || exit 0; read u _ </proc/uptime; end=$((${u%.*}${u#*.} + 120)); "
          "while kill -0 -- -"
        + g
        + " 2>/dev/null; do read u _ </proc/uptime; "
          "[ $((${u%.*}${u#*.})) -ge $end ] && { kill -KILL -- -"
        + g + " 2>/dev/null; exit 0; }; sleep 0.05; done";
    return sendGroupSignal("TERM", script);
}

void SshCommandStream::writeStdin()
{
    const QByteArray &data = m_cmd.stdinData;
    const qsizetype window = static_cast<qsizetype>(ssh_channel_window_size(m_channel));
    const qsizetype n = std::min<qsizetype>({data.size() - m_inPos, window, 32768});
    if (n > 0) {
        const int w = ssh_channel_write(m_channel, data.constData() + m_inPos, static_cast<uint32_t>(n));
        if (w == SSH_ERROR) {
            m_inClosed = true; // the command may have exited without reading; not fatal
        } else {
            m_inPos += w;
        }
    }
    if (m_inPos >= data.size() && !m_inClosed) {
        ssh_channel_send_eof(m_channel);
        m_inClosed = true;
    }
}

// One pass over both streams; true if anything arrived.
bool SshCommandStream::readPass(bool &readError)
{
    static thread_local char buf[65536];
    bool got = false;
    for (const bool isErr : {false, true}) {
        for (;;) {
            const int n = ssh_channel_read_nonblocking(m_channel, buf, sizeof buf, isErr);
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
}

bool SshCommandStream::commandEnded(bool readError) const
{
    return readError || m_state.closed || ssh_channel_is_closed(m_channel)
        || (ssh_channel_is_eof(m_channel) && (m_state.gotStatus || m_state.gotSignal));
}

// The first all-digits line is the remote shell's PID. Lines before it come from the
// login shell's start-up files (a chatty ~/.bashrc), not the command. Returns false
// while chunk is held back (no PID line yet) or nothing of it is left to deliver.
bool SshCommandStream::takePidLine(QByteArray &chunk)
{
    m_pidLine += chunk;
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = m_pidLine.indexOf('\n', start);
        if (nl < 0)
            break;
        bool ok = false;
        const qint64 pid = m_pidLine.mid(start, nl - start).toLongLong(&ok);
        if (ok && pid > 1) {
            if (start > 0)
                qCWarning(lcSsh) << "the login shell on" << m_nodeName << "printed" << start
                                 << "bytes before the command; ignored";
            m_remotePid = pid;
            m_pidDone = true;
            chunk = m_pidLine.mid(nl + 1);
            break;
        }
        start = nl + 1;
    }
    if (!m_pidDone) {
        if (m_pidLine.size() < 8192)
            return false;
        m_pidDone = true; // no marker line at all: keep everything
        chunk = m_pidLine;
    }
    m_pidLine.clear();
    return !chunk.isEmpty();
}

void SshCommandStream::deliver(bool isErr, QByteArray chunk)
{
    if (!isErr && !m_pidDone && !takePidLine(chunk))
        return;
    if (isErr) {
        m_stderrTail += chunk;
        if (m_stderrTail.size() > 4096)
            m_stderrTail = m_stderrTail.right(4096);
    }
    const auto &cb = isErr ? m_out.onStderr : m_out.onStdout;
    if (cb)
        cb(chunk);
    else
        (isErr ? m_res.stdErr : m_res.stdOut).append(chunk);
}

// Output so short that it never completed a PID line.
void SshCommandStream::flushPidLine()
{
    if (!m_pidDone && !m_pidLine.isEmpty()) {
        m_pidDone = true;
        deliver(false, std::exchange(m_pidLine, {}));
    }
}

void SshCommandStream::finish()
{
    freeChannels();
    takeExitStatus();
}

// A broken session cannot carry close messages any more.
void SshCommandStream::freeChannels()
{
    ssh_remove_channel_callbacks(m_channel, &m_callbacks);
    if (!m_broken) {
        closeAndFree(m_channel);
        for (ssh_channel k : m_killChannels)
            closeAndFree(k);
    } else {
        ssh_channel_free(m_channel);
        for (ssh_channel k : m_killChannels)
            ssh_channel_free(k);
    }
}

void SshCommandStream::takeExitStatus()
{
    if (m_state.gotSignal) {
        m_res.exitSignal = m_state.signal;
        m_res.exitCode = -1;
    } else if (m_state.gotStatus) {
        m_res.exitCode = m_state.status;
    }
    // The shell reports a signal-killed child as 128+N.
    if (m_res.exitCode > 128 && m_res.exitCode < 128 + 65 && m_res.exitSignal.isEmpty() && killStarted())
        m_res.exitSignal = signalName(m_res.exitCode - 128);
    if (!m_res.error && !m_state.gotStatus && !m_state.gotSignal)
        m_res.error = Error(Error::Code::CommandFailed, QStringLiteral("the command ended without an exit status"),
            m_nodeName, m_cmd.argv.first());
}

} // namespace cm
