// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// /proc/stat: the aggregate "cpu" line, in USER_HZ ticks. Pure: bytes in, value +
// warnings out. Counters are cumulative since boot; compare two snapshots.
#include "model/error.h"

#include <QByteArray>
#include <QMap>
#include <QStringList>

#include <optional>

namespace cm {

struct CpuTimes {
    quint64 user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
    quint64 guest = 0, guestNice = 0; // already included in user / nice
    int fields = 0; // values on the line (4 on very old kernels)
    int cpuCount = 0; // "cpuN" lines

    // (wraps on absurd counters; the percent functions below compute their own deltas)
    quint64 total() const { return user + nice + system + idle + iowait + irq + softirq + steal; }
    quint64 idleAll() const { return idle + iowait; }
    quint64 busy() const { return total() - idleAll(); }
};

// err is set (and an empty value returned) when there is no usable "cpu" line.
CpuTimes parseProcStat(const QByteArray &data, Error *err = nullptr, QStringList *warnings = nullptr);
// The per-core "cpuN" lines, by N (a malformed line is left out, with a warning).
QMap<int, CpuTimes> parseProcStatCores(const QByteArray &data, QStringList *warnings = nullptr);
// The busiest core's busy share between the snapshots, 0..100; nullopt with no core in both.
// One saturated core limits a single-threaded path (an OSD's messenger, iperf3 3.12).
std::optional<double> busiestCorePercent(const QMap<int, CpuTimes> &prev, const QMap<int, CpuTimes> &cur);

// Share of all CPUs' time that was busy (not idle, not iowait) / in iowait between the
// snapshots, 0..100. nullopt when no time passed or a counter went backwards (reboot).
std::optional<double> cpuBusyPercent(const CpuTimes &prev, const CpuTimes &cur);
std::optional<double> iowaitPercent(const CpuTimes &prev, const CpuTimes &cur);
// Wall time between the snapshots from the tick counts (USER_HZ is 100 on Linux);
// nullopt when unknown. Useful when the snapshots came over a jittery link.
std::optional<double> cpuElapsedSec(const CpuTimes &prev, const CpuTimes &cur, int userHz = 100);

} // namespace cm
