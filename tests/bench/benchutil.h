// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the benchmarks share: CPU seconds of this process or its waited-for children,
// and the median of per-round figures.
#include <QFile>
#include <QList>

#include <algorithm>
#include <sys/resource.h>
#include <unistd.h>

namespace cmbench {

// RUSAGE_SELF or RUSAGE_CHILDREN: user + system seconds so far.
inline double cpuSeconds(int who)
{
    rusage u {};
    getrusage(who, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// user + system seconds of another process so far (/proc/PID/stat), or -1.
inline double processCpuSeconds(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (pid <= 0 || !f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    // the fields after the command name, which is in parentheses and may hold spaces
    const QList<QByteArray> after = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    if (after.size() < 13)
        return -1;
    return double(after.at(11).toLongLong() + after.at(12).toLongLong()) / double(sysconf(_SC_CLK_TCK));
}

inline double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : (v.size() % 2 ? v.at(v.size() / 2) : (v.at(v.size() / 2 - 1) + v.at(v.size() / 2)) / 2);
}

} // namespace cmbench
