// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the benchmarks share: CPU seconds of this process or its waited-for children,
// and the median of per-round figures.
#include <QList>

#include <algorithm>
#include <sys/resource.h>

namespace cmbench {

// RUSAGE_SELF or RUSAGE_CHILDREN: user + system seconds so far.
inline double cpuSeconds(int who)
{
    rusage u {};
    getrusage(who, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

inline double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : (v.size() % 2 ? v.at(v.size() / 2) : (v.at(v.size() / 2 - 1) + v.at(v.size() / 2)) / 2);
}

} // namespace cmbench
