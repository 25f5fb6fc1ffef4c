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

constexpr int KillGraceMs = 1500;   // TERM, then KILL: well inside the 2 s contract

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

LocalTransport::LocalTransport(NodeSpec node) : m_node(std::move(node)) {}

ExecResult LocalTransport::run(const Command &cmd, const OutputCallbacks &out, const CancelToken &cancel)
{
    ExecResult res;
    const QByteArray script = cmd.toScript().toUtf8();
    int inP[2] = {-1, -1}, outP[2] = {-1, -1}, errP[2] = {-1, -1};
    if (::pipe2(inP, O_CLOEXEC) != 0 || ::pipe2(outP, O_CLOEXEC) != 0 || ::pipe2(errP, O_CLOEXEC) != 0) {
        res.error = Error(Error::Code::Internal, QStringLiteral("pipe: %1").arg(QString::fromLocal8Bit(strerror(errno))));
        for (int *p : {inP, outP, errP}) { closeFd(p[0]); closeFd(p[1]); }
        return res;
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        res.error = Error(Error::Code::Internal, QStringLiteral("fork: %1").arg(QString::fromLocal8Bit(strerror(errno))));
        for (int *p : {inP, outP, errP}) { closeFd(p[0]); closeFd(p[1]); }
        return res;
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
    int inFd = inP[1], outFd = outP[0], errFd = errP[0];
    ::fcntl(inFd, F_SETFL, O_NONBLOCK);
    qsizetype inPos = 0;
    // The watchdog's end of stdin stays open until the command is reaped: if this
    // process dies first, the kernel closes it and the watchdog ends the group.
    int holdFd = -1;
    if (cmd.hasWatchdog())
        std::swap(holdFd, inFd);
    else if (cmd.stdinData.isEmpty())
        closeFd(inFd);

    QElapsedTimer clock;
    clock.start();
    qint64 killSentAt = -1;
    bool killed = false;
    auto killGroup = [&](int sig) { ::kill(-pid, sig); };

    char buf[65536];
    int status = 0;
    bool reaped = false;
    while (outFd >= 0 || errFd >= 0 || !reaped) {
        if (!killed && (cancel.isCancelled() || (cmd.timeoutMs > 0 && clock.elapsed() > cmd.timeoutMs))) {
            res.error = cancel.isCancelled()
                ? Error(Error::Code::Cancelled, QStringLiteral("cancelled"), m_node.displayName())
                : Error(Error::Code::Timeout, QStringLiteral("command timed out after %1 ms").arg(cmd.timeoutMs),
                        m_node.displayName(), cmd.argv.value(0));
            killGroup(SIGTERM);
            killSentAt = clock.elapsed();
            killed = true;
        }
        if (killed && killSentAt >= 0 && clock.elapsed() - killSentAt > KillGraceMs) {
            killGroup(SIGKILL);
            killSentAt = -1;
            // Do not wait for pipes held open by escaped grandchildren.
            closeFd(outFd);
            closeFd(errFd);
        }
        if (outFd < 0 && errFd < 0) {
            const pid_t w = ::waitpid(pid, &status, killed ? WNOHANG : 0);
            if (w == pid || (w < 0 && errno != EINTR)) {
                reaped = true;
                break;
            }
            ::usleep(20000);
            continue;
        }
        pollfd fds[3];
        int n = 0;
        int outIdx = -1, errIdx = -1, inIdx = -1;
        if (outFd >= 0) { outIdx = n; fds[n++] = {outFd, POLLIN, 0}; }
        if (errFd >= 0) { errIdx = n; fds[n++] = {errFd, POLLIN, 0}; }
        if (inFd >= 0) { inIdx = n; fds[n++] = {inFd, POLLOUT, 0}; }
        const int pr = ::poll(fds, n, 100);
        if (pr < 0 && errno != EINTR)
            break;
        if (pr <= 0)
            continue;
        auto drain = [&](int idx, int &fd, bool isOut) {
            if (idx < 0 || !(fds[idx].revents & (POLLIN | POLLHUP | POLLERR)))
                return;
            const ssize_t r = ::read(fd, buf, sizeof buf);
            if (r > 0) {
                const QByteArray chunk(buf, r);
                const auto &cb = isOut ? out.onStdout : out.onStderr;
                if (cb)
                    cb(chunk);
                else
                    (isOut ? res.stdOut : res.stdErr).append(chunk);
            } else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
                closeFd(fd);
            }
        };
        drain(outIdx, outFd, true);
        drain(errIdx, errFd, false);
        if (inIdx >= 0 && (fds[inIdx].revents & (POLLOUT | POLLERR | POLLHUP))) {
            const ssize_t w = ::write(inFd, cmd.stdinData.constData() + inPos, cmd.stdinData.size() - inPos);
            if (w > 0)
                inPos += w;
            if (w < 0 && errno != EAGAIN && errno != EINTR)
                closeFd(inFd);
            if (inPos >= cmd.stdinData.size())
                closeFd(inFd);
        }
    }
    closeFd(inFd);
    closeFd(outFd);
    closeFd(errFd);
    if (!reaped)
        ::waitpid(pid, &status, 0);
    closeFd(holdFd);
    if (WIFEXITED(status)) {
        res.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        res.exitSignal = signalName(WTERMSIG(status));
    }
    // The shell reports a signal-killed child as 128+N.
    if (res.exitCode > 128 && res.exitCode < 128 + 65 && res.exitSignal.isEmpty() && killed)
        res.exitSignal = signalName(res.exitCode - 128);
    if (!res.error && !out.onStderr)
        res.error = toolMissingError(cmd, res.exitCode, res.stdErr, m_node.displayName());
    qCDebug(lcLocal) << "ran" << cmd.argv.value(0) << "exit" << res.exitCode << res.exitSignal;
    return res;
}

} // namespace cm
