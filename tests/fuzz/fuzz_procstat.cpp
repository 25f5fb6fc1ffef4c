// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: /proc/stat, /proc/diskstats and /proc/meminfo parsers, and the
// rates between the input's two halves.
#include "parse/diskstats.h"
#include "parse/meminfo.h"
#include "parse/procstat.h"

#include <QByteArray>

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray in(reinterpret_cast<const char *>(data), qsizetype(size));
    const QByteArray a = in.left(in.size() / 2), b = in.mid(in.size() / 2);
    cm::Error err;
    QStringList w;

    const cm::CpuTimes c1 = cm::parseProcStat(a, &err, &w), c2 = cm::parseProcStat(b, &err, &w);
    for (const auto &v : {cm::cpuBusyPercent(c1, c2), cm::iowaitPercent(c1, c2)}) {
        if (v && !(*v >= 0 && *v <= 100.0000001))
            std::abort();
    }
    (void)cm::cpuElapsedSec(c1, c2);
    (void)cm::parseProcStat(in, &err, &w);

    const QList<cm::DiskStat> d1 = cm::parseDiskStats(a, &err, &w), d2 = cm::parseDiskStats(b, &err, &w);
    for (const cm::DiskRate &r : cm::diskRates(d1, d2, 1.0, &w)) {
        if (!(r.utilPercent >= 0 && r.utilPercent <= 100) || r.readBytesPerSec < 0 || r.writeBytesPerSec < 0)
            std::abort();
    }
    (void)cm::parseDiskStats(in, &err, &w);
    (void)cm::parseMemInfo(in, &err, &w);
    return 0;
}
