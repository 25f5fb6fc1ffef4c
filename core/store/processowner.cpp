// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/processowner.h"

#include <QFile>
#include <QSysInfo>

#include <cerrno>
#include <signal.h>
#include <unistd.h>

namespace cm::processowner {

namespace {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

QString bootId()
{
    static const QString id
        = QString::fromLatin1(readFile(QStringLiteral("/proc/sys/kernel/random/boot_id")).trimmed());
    return id;
}

} // namespace

qint64 currentPid()
{
    return qint64(::getpid());
}

QString currentHost()
{
    return QSysInfo::machineHostName();
}

QString tokenOf(qint64 pid)
{
    if (pid <= 0)
        return {};
    const QByteArray stat = readFile(QStringLiteral("/proc/%1/stat").arg(pid));
    // "pid (comm) S ppid ..." — comm may hold spaces and parentheses.
    const int close = stat.lastIndexOf(')');
    if (close < 0 || close + 2 >= stat.size())
        return {};
    const QList<QByteArray> f = stat.mid(close + 2).split(' ');
    // f[0] is the state (field 3), f[19] the start time (field 22).
    if (f.size() < 20 || f.at(0) == "Z" || f.at(0) == "X")
        return {};
    return bootId() + QLatin1Char(':') + QString::fromLatin1(f.at(19));
}

QString currentToken()
{
    return tokenOf(currentPid());
}

bool isGone(qint64 pid, const QString &token)
{
    if (pid <= 0)
        return true;
    if (::kill(pid_t(pid), 0) != 0 && errno == ESRCH)
        return true;
    const QString live = tokenOf(pid);
    if (live.isEmpty())
        return true; // /proc/PID gone or a zombie
    return !token.isEmpty() && live != token;
}

} // namespace cm::processowner
