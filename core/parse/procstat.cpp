// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/procstat.h"

#include <QList>

#include <algorithm>

namespace cm {

namespace {

bool isCpuN(const QByteArray &word)
{
    if (word.size() < 4 || !word.startsWith("cpu"))
        return false;
    for (qsizetype i = 3; i < word.size(); ++i) {
        if (word.at(i) < '0' || word.at(i) > '9')
            return false;
    }
    return true;
}

} // namespace

CpuTimes parseProcStat(const QByteArray &data, Error *err, QStringList *warnings)
{
    if (err)
        *err = Error();
    CpuTimes t;
    bool found = false;
    const QList<QByteArray> lines = data.split('\n');
    for (const QByteArray &raw : lines) {
        const QList<QByteArray> f = raw.simplified().split(' ');
        if (f.isEmpty())
            continue;
        if (isCpuN(f.first())) {
            ++t.cpuCount;
            continue;
        }
        if (f.first() != "cpu" || found)
            continue;
        quint64 *slots[]
            = {&t.user, &t.nice, &t.system, &t.idle, &t.iowait, &t.irq, &t.softirq, &t.steal, &t.guest, &t.guestNice};
        constexpr int nSlots = int(sizeof(slots) / sizeof(slots[0]));
        bool ok = true;
        for (qsizetype i = 1; i < f.size() && i <= nSlots; ++i) {
            bool good = false;
            const quint64 v = f.at(i).toULongLong(&good);
            if (!good) {
                ok = false;
                break;
            }
            *slots[i - 1] = v;
            t.fields = int(i);
        }
        if (!ok || t.fields < 4) {
            if (err)
                *err = Error(Error::Code::ParseError, QStringLiteral("/proc/stat: malformed \"cpu\" line"),
                    QStringLiteral("/proc/stat"), QString::fromUtf8(raw.left(200)));
            return CpuTimes();
        }
        if (f.size() - 1 > nSlots && warnings)
            *warnings
                << QStringLiteral("/proc/stat: %1 extra values on the cpu line ignored").arg(f.size() - 1 - nSlots);
        found = true;
    }
    if (!found) {
        if (err)
            *err = Error(
                Error::Code::ParseError, QStringLiteral("/proc/stat: no \"cpu\" line"), QStringLiteral("/proc/stat"));
        return CpuTimes();
    }
    if (t.fields < 5 && warnings)
        *warnings << QStringLiteral("/proc/stat: no iowait figure (old kernel)");
    return t;
}

namespace {

// Deltas per field; nullopt when any counter went backwards (reboot, garbage) or no
// time passed. Summed as doubles so huge counters cannot wrap.
std::optional<double> share(const CpuTimes &prev, const CpuTimes &cur, quint64 CpuTimes::*part, bool busy)
{
    static constexpr quint64 CpuTimes::*fields[] = {&CpuTimes::user, &CpuTimes::nice, &CpuTimes::system,
        &CpuTimes::idle, &CpuTimes::iowait, &CpuTimes::irq, &CpuTimes::softirq, &CpuTimes::steal};
    double total = 0;
    for (auto f : fields) {
        if (cur.*f < prev.*f)
            return std::nullopt;
        total += double(cur.*f - prev.*f);
    }
    if (total <= 0)
        return std::nullopt;
    double v = 0;
    if (busy)
        v = total - double(cur.idle - prev.idle) - double(cur.iowait - prev.iowait);
    else
        v = double(cur.*part - prev.*part);
    return std::clamp(100.0 * v / total, 0.0, 100.0);
}

} // namespace

std::optional<double> cpuBusyPercent(const CpuTimes &prev, const CpuTimes &cur)
{
    return share(prev, cur, nullptr, true);
}

std::optional<double> iowaitPercent(const CpuTimes &prev, const CpuTimes &cur)
{
    return share(prev, cur, &CpuTimes::iowait, false);
}

std::optional<double> cpuElapsedSec(const CpuTimes &prev, const CpuTimes &cur, int userHz)
{
    if (cur.cpuCount <= 0 || cur.cpuCount != prev.cpuCount || userHz <= 0 || !cpuBusyPercent(prev, cur))
        return std::nullopt; // (cpuBusyPercent checks that every counter moved forward)
    const double ticks = double(cur.user - prev.user) + double(cur.nice - prev.nice) + double(cur.system - prev.system)
        + double(cur.idle - prev.idle) + double(cur.iowait - prev.iowait) + double(cur.irq - prev.irq)
        + double(cur.softirq - prev.softirq) + double(cur.steal - prev.steal);
    return ticks / cur.cpuCount / userHz;
}

QMap<int, CpuTimes> parseProcStatCores(const QByteArray &data, QStringList *warnings)
{
    QMap<int, CpuTimes> out;
    for (const QByteArray &raw : data.split('\n')) {
        const QByteArray line = raw.simplified();
        if (!isCpuN(line.left(line.indexOf(' '))))
            continue;
        const int n = line.mid(3, line.indexOf(' ') - 3).toInt();
        // the same fields as the aggregate line: parse it as one
        Error e;
        CpuTimes t = parseProcStat("cpu" + line.mid(line.indexOf(' ')), &e);
        if (e) {
            if (warnings && warnings->size() < 200)
                *warnings << QStringLiteral("/proc/stat: malformed cpu%1 line ignored").arg(n);
            continue;
        }
        out.insert(n, t);
    }
    return out;
}

std::optional<double> busiestCorePercent(const QMap<int, CpuTimes> &prev, const QMap<int, CpuTimes> &cur)
{
    std::optional<double> best;
    for (auto it = cur.cbegin(); it != cur.cend(); ++it) {
        const auto before = prev.constFind(it.key());
        if (before == prev.cend())
            continue;
        if (const auto busy = cpuBusyPercent(*before, it.value()); busy && (!best || *busy > *best))
            best = busy;
    }
    return best;
}

} // namespace cm
