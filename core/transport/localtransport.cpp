// SPDX-License-Identifier: GPL-3.0-or-later
#include "transport/localtransport.h"

#include <QElapsedTimer>
#include <QLoggingCategory>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <utility>

Q_LOGGING_CATEGORY(lcLocal, "clustermark.core.transport.local", QtInfoMsg)

namespace cm {

namespace {

constexpr int KillGraceMs = 1500; // TERM, then KILL: well inside the 2 s contract

QString signalName(int sig)
{
    const char *abbrev = sigabbrev_np(sig);
    return abbrev ? QString::fromLatin1(abbrev) : QString::number(sig);
}

void closeFd(int &fd)
{
    if (fd >= 0) {
        ::close(fd);
        fd = -1;
    }
}

// Starts `/bin/sh -c script` in its own session, so a kill of its group reaches every
// descendant. This side keeps stdin's write end and the read ends of stdout and stderr.
Error spawnShell(const QByteArray &script, pid_t &pid, int &inFd, int &outFd, int &errFd)
{
    int inP[2] = {-1, -1}, outP[2] = {-1, -1}, errP[2] = {-1, -1};
    if (::pipe2(inP, O_CLOEXEC) != 0 || ::pipe2(outP, O_CLOEXEC) != 0 || ::pipe2(errP, O_CLOEXEC) != 0) {
        const Error e(Error::Code::Internal, QStringLiteral("pipe: %1").arg(QString::fromLocal8Bit(strerror(errno))));
        for (int *p : {inP, outP, errP}) {
            closeFd(p[0]);
            closeFd(p[1]);
        }
        return e;
    }
    pid = ::fork();
    if (pid < 0) {
        const Error e(Error::Code::Internal, QStringLiteral("fork: %1").arg(QString::fromLocal8Bit(strerror(errno))));
        for (int *p : {inP, outP, errP}) {
            closeFd(p[0]);
            closeFd(p[1]);
        }
        return e;
    }
    if (pid == 0) {
        // Child: only async-signal-safe calls until exec.
        ::setsid();
        ::dup2(inP[0], 0);
        ::dup2(outP[1], 1);
        ::dup2(errP[1], 2);
        ::execl("/bin/sh", "sh", "-c", script.constData(), static_cast<char *>(nullptr));
        ::_exit(127);
    }
    closeFd(inP[0]);
    closeFd(outP[1]);
    closeFd(errP[1]);
    inFd = inP[1];
    outFd = outP[0];
    errFd = errP[0];
    return {};
}

// A started shell: feeds its stdin, streams its output, kills its group on cancel or
// timeout, and reaps it.
class ShellChild {
public:
    ShellChild(pid_t pid, int inFd, int outFd, int errFd, const Command &cmd, const OutputCallbacks &out,
        ExecResult &res, QString nodeName)
        : m_pid(pid)
        , m_inFd(inFd)
        , m_outFd(outFd)
        , m_errFd(errFd)
        , m_cmd(cmd)
        , m_out(out)
        , m_res(res)
        , m_nodeName(std::move(nodeName))
    {
        ::fcntl(m_inFd, F_SETFL, O_NONBLOCK);
        // The watchdog's end of stdin stays open until the command is reaped: if this
        // process dies first, the kernel closes it and the watchdog ends the group.
        if (m_cmd.hasWatchdog())
            std::swap(m_holdFd, m_inFd);
        else if (m_cmd.stdinData.isEmpty())
            closeFd(m_inFd);
        m_clock.start();
    }
    ShellChild(const ShellChild &) = delete;
    ShellChild &operator=(const ShellChild &) = delete;

    void pump(const CancelToken &cancel);
    // Reaps the child if pump() did not and sets res's exit code and signal.
    void finish();

private:
    void noteCancelOrTimeout(const CancelToken &cancel);
    void killHard();
    bool tryReap();
    bool pollPipes();
    void drain(const pollfd &p, int &fd, bool isOut);
    void writeStdin(const pollfd &p);

    pid_t m_pid;
    int m_inFd, m_outFd, m_errFd;
    int m_holdFd = -1;
    const Command &m_cmd;
    const OutputCallbacks &m_out;
    ExecResult &m_res;
    QString m_nodeName;
    QElapsedTimer m_clock;
    qsizetype m_inPos = 0;
    qint64 m_killSentAt = -1;
    bool m_killed = false;
    int m_status = 0;
    bool m_reaped = false;
    char m_buf[65536];
};

void ShellChild::pump(const CancelToken &cancel)
{
    while (m_outFd >= 0 || m_errFd >= 0 || !m_reaped) {
        if (!m_killed)
            noteCancelOrTimeout(cancel);
        if (m_killed && m_killSentAt >= 0 && m_clock.elapsed() - m_killSentAt > KillGraceMs)
            killHard();
        if (m_outFd < 0 && m_errFd < 0) {
            if (tryReap())
                break;
            continue;
        }
        if (!pollPipes())
            break;
    }
}

void ShellChild::noteCancelOrTimeout(const CancelToken &cancel)
{
    if (!cancel.isCancelled() && !(m_cmd.timeoutMs > 0 && m_clock.elapsed() > m_cmd.timeoutMs))
        return;
    m_res.error = cancel.isCancelled()
        ? Error(Error::Code::Cancelled, QStringLiteral("cancelled"), m_nodeName)
        : Error(Error::Code::Timeout, QStringLiteral("command timed out after %1 ms").arg(m_cmd.timeoutMs), m_nodeName,
            m_cmd.argv.value(0));
    ::kill(-m_pid, SIGTERM);
    m_killSentAt = m_clock.elapsed();
    m_killed = true;
}

void ShellChild::killHard()
{
    ::kill(-m_pid, SIGKILL);
    m_killSentAt = -1;
    // Do not wait for pipes held open by escaped grandchildren.
    closeFd(m_outFd);
    closeFd(m_errFd);
}

// Once both pipes are closed; after a kill it does not block, so the kill timing holds.
bool ShellChild::tryReap()
{
    const pid_t w = ::waitpid(m_pid, &m_status, m_killed ? WNOHANG : 0);
    if (w == m_pid || (w < 0 && errno != EINTR)) {
        m_reaped = true;
        return true;
    }
    ::usleep(20000);
    return false;
}

// One poll slice (100 ms, which bounds the cancel latency); false on a poll error.
bool ShellChild::pollPipes()
{
    pollfd fds[3];
    int n = 0;
    int outIdx = -1, errIdx = -1, inIdx = -1;
    if (m_outFd >= 0) {
        outIdx = n;
        fds[n++] = {m_outFd, POLLIN, 0};
    }
    if (m_errFd >= 0) {
        errIdx = n;
        fds[n++] = {m_errFd, POLLIN, 0};
    }
    if (m_inFd >= 0) {
        inIdx = n;
        fds[n++] = {m_inFd, POLLOUT, 0};
    }
    const int pr = ::poll(fds, n, 100);
    if (pr < 0 && errno != EINTR)
        return false;
    if (pr <= 0)
        return true;
    if (outIdx >= 0)
        drain(fds[outIdx], m_outFd, true);
    if (errIdx >= 0)
        drain(fds[errIdx], m_errFd, false);
    if (inIdx >= 0)
        writeStdin(fds[inIdx]);
    return true;
}

void ShellChild::drain(const pollfd &p, int &fd, bool isOut)
{
    if (!(p.revents & (POLLIN | POLLHUP | POLLERR)))
        return;
    const ssize_t r = ::read(fd, m_buf, sizeof m_buf);
    if (r > 0) {
        const QByteArray chunk(m_buf, r);
        const auto &cb = isOut ? m_out.onStdout : m_out.onStderr;
        if (cb)
            cb(chunk);
        else
            (isOut ? m_res.stdOut : m_res.stdErr).append(chunk);
    } else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
        closeFd(fd);
    }
}

void ShellChild::writeStdin(const pollfd &p)
{
    if (!(p.revents & (POLLOUT | POLLERR | POLLHUP)))
        return;
    const ssize_t w = ::write(m_inFd, m_cmd.stdinData.constData() + m_inPos, m_cmd.stdinData.size() - m_inPos);
    if (w > 0)
        m_inPos += w;
    if (w < 0 && errno != EAGAIN && errno != EINTR)
        closeFd(m_inFd);
    if (m_inPos >= m_cmd.stdinData.size())
        closeFd(m_inFd);
}

void ShellChild::finish()
{
    closeFd(m_inFd);
    closeFd(m_outFd);
    closeFd(m_errFd);
    if (!m_reaped)
        ::waitpid(m_pid, &m_status, 0);
    closeFd(m_holdFd);
    if (WIFEXITED(m_status)) {
        m_res.exitCode = WEXITSTATUS(m_status);
    } else if (WIFSIGNALED(m_status)) {
        m_res.exitSignal = signalName(WTERMSIG(m_status));
    }
    // The shell reports a signal-killed child as 128+N.
    if (m_res.exitCode > 128 && m_res.exitCode < 128 + 65 && m_res.exitSignal.isEmpty() && m_killed)
        m_res.exitSignal = signalName(m_res.exitCode - 128);
}

} // namespace

Error toolMissingError(const Command &cmd, int exitCode, const QByteArray &stdErr, const QString &context)
{
    if (exitCode != 127 || cmd.argv.isEmpty())
        return {};
    const QString err = QString::fromUtf8(stdErr);
    if (!err.contains(QLatin1String("not found")) && !err.contains(QLatin1String("No such file")))
        return {};
    return Error(Error::Code::ToolMissing, QStringLiteral("%1 is not installed on %2").arg(cmd.argv.first(), context),
        context, err.trimmed());
}

LocalTransport::LocalTransport(NodeSpec node)
    : m_node(std::move(node))
{ }

ExecResult LocalTransport::run(const Command &cmd, const OutputCallbacks &out, const CancelToken &cancel)
{
    ExecResult res;
    pid_t pid = -1;
    int inFd = -1, outFd = -1, errFd = -1;
    if (Error e = spawnShell(cmd.toScript().toUtf8(), pid, inFd, outFd, errFd)) {
        res.error = e;
        return res;
    }
    ShellChild child(pid, inFd, outFd, errFd, cmd, out, res, m_node.displayName());
    child.pump(cancel);
    child.finish();
    if (!res.error && !out.onStderr)
        res.error = toolMissingError(cmd, res.exitCode, res.stdErr, m_node.displayName());
    qCDebug(lcLocal) << "ran" << cmd.argv.value(0) << "exit" << res.exitCode << res.exitSignal;
    return res;
}

} // namespace cm
