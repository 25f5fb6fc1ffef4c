// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/diskstats.h"

#include <QHash>

#include <algorithm>

namespace cm {

QList<DiskStat> parseDiskStats(const QByteArray &data, Error *err, QStringList *warnings)
{
    if (err)
        *err = Error();
    QList<DiskStat> out;
    int bad = 0;
    QString firstBad;
    const QList<QByteArray> lines = data.split('\n');
    for (const QByteArray &raw : lines) {
        const QByteArray line = raw.simplified();
        if (line.isEmpty())
            continue;
        const QList<QByteArray> f = line.split(' ');
        DiskStat s;
        bool ok = f.size() >= 14; // major minor name + 11 counters
        if (ok) {
            s.major = f.at(0).toUInt(&ok);
            bool ok2 = false;
            s.minor = f.at(1).toUInt(&ok2);
            ok = ok && ok2;
        }
        if (ok) {
            s.name = QString::fromUtf8(f.at(2));
            quint64 *slots[] = {&s.reads, &s.readsMerged, &s.sectorsRead, &s.readMs, &s.writes, &s.writesMerged,
                &s.sectorsWritten, &s.writeMs, &s.inFlight, &s.ioTicksMs, &s.weightedMs, &s.discards, nullptr,
                &s.sectorsDiscarded, nullptr, &s.flushes, nullptr};
            constexpr int nSlots = int(sizeof(slots) / sizeof(slots[0]));
            for (qsizetype i = 3; i < f.size() && ok; ++i) {
                bool good = false;
                const quint64 v = f.at(i).toULongLong(&good);
                ok = good;
                const qsizetype k = i - 3;
                if (good && k < nSlots && slots[k])
                    *slots[k] = v;
            }
            s.fields = int(f.size() - 3);
        }
        if (!ok) {
            if (++bad == 1)
                firstBad = QString::fromUtf8(line.left(120));
            continue;
        }
        out << s;
    }
    if (bad && warnings)
        *warnings << QStringLiteral("/proc/diskstats: %1 unreadable line(s) skipped, first: %2").arg(bad).arg(firstBad);
    if (out.isEmpty() && bad && err)
        *err = Error(Error::Code::ParseError, QStringLiteral("/proc/diskstats: no readable device line"),
            QStringLiteral("/proc/diskstats"), firstBad);
    return out;
}

std::optional<DiskRate> diskRate(const DiskStat &prev, const DiskStat &cur, double intervalSec)
{
    if (!(intervalSec > 0) || prev.name != cur.name)
        return std::nullopt;
    if (cur.reads < prev.reads || cur.writes < prev.writes || cur.sectorsRead < prev.sectorsRead
        || cur.sectorsWritten < prev.sectorsWritten || cur.ioTicksMs < prev.ioTicksMs)
        return std::nullopt;
    DiskRate r;
    r.name = cur.name;
    r.readBytesPerSec = double(cur.sectorsRead - prev.sectorsRead) * 512.0 / intervalSec;
    r.writeBytesPerSec = double(cur.sectorsWritten - prev.sectorsWritten) * 512.0 / intervalSec;
    r.readIops = double(cur.reads - prev.reads) / intervalSec;
    r.writeIops = double(cur.writes - prev.writes) / intervalSec;
    r.utilPercent = std::clamp(double(cur.ioTicksMs - prev.ioTicksMs) / (intervalSec * 10.0), 0.0, 100.0);
    const quint64 ios = (cur.reads - prev.reads) + (cur.writes - prev.writes);
    if (ios > 0 && cur.readMs >= prev.readMs && cur.writeMs >= prev.writeMs)
        r.awaitNs = double((cur.readMs - prev.readMs) + (cur.writeMs - prev.writeMs)) * 1e6 / double(ios);
    return r;
}

QList<DiskRate> diskRates(
    const QList<DiskStat> &prev, const QList<DiskStat> &cur, double intervalSec, QStringList *warnings)
{
    QList<DiskRate> out;
    QHash<QString, const DiskStat *> before;
    for (const DiskStat &s : prev)
        before.insert(s.name, &s);
    for (const DiskStat &s : cur) {
        const DiskStat *p = before.value(s.name);
        if (!p)
            continue;
        if (const auto r = diskRate(*p, s, intervalSec))
            out << *r;
        else if (warnings && intervalSec > 0)
            *warnings << QStringLiteral("/proc/diskstats: counters of %1 went backwards; skipped").arg(s.name);
    }
    return out;
}

} // namespace cm
