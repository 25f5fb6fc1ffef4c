// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/netdev.h"

#include <QSet>

#include <optional>

namespace cm {

QList<NetDevStat> parseNetDev(const QByteArray &data, Error *err, QStringList *warnings)
{
    if (err)
        *err = Error();
    QList<NetDevStat> out;
    int bad = 0;
    QByteArray firstBad;
    const QList<QByteArray> lines = data.split('\n');
    for (const QByteArray &raw : lines) {
        const QByteArray l = raw.trimmed();
        if (l.isEmpty() || l.startsWith("Inter-|") || l.startsWith("face |"))
            continue;
        const qsizetype colon = l.indexOf(':');
        // "  eth0: 123 ..." (2.6+) or "eth0:123 ..." (2.4): the name ends at the first ':'.
        if (colon <= 0) {
            if (++bad == 1)
                firstBad = l.left(120);
            continue;
        }
        const QByteArray name = l.left(colon).trimmed();
        const QList<QByteArray> f = l.mid(colon + 1).simplified().split(' ');
        NetDevStat s;
        s.name = QString::fromUtf8(name);
        quint64 *slots[]
            = {&s.rxBytes, &s.rxPackets, &s.rxErrs, &s.rxDrop, &s.rxFifo, &s.rxFrame, &s.rxCompressed, &s.rxMulticast,
                &s.txBytes, &s.txPackets, &s.txErrs, &s.txDrop, &s.txFifo, &s.txColls, &s.txCarrier, &s.txCompressed};
        bool ok = f.size() >= 16 && !name.isEmpty();
        for (int i = 0; ok && i < 16; ++i)
            *slots[i] = f.at(i).toULongLong(&ok);
        if (!ok) {
            if (++bad == 1)
                firstBad = l.left(120);
            continue;
        }
        out << s;
    }
    if (bad > 0 && warnings)
        *warnings << QStringLiteral("/proc/net/dev: %1 unreadable line(s), first: %2")
                         .arg(bad)
                         .arg(QString::fromUtf8(firstBad));
    if (out.isEmpty() && !data.trimmed().isEmpty() && err)
        *err = Error(Error::Code::ParseError, QStringLiteral("/proc/net/dev: no interface lines"),
            QStringLiteral("/proc/net/dev"), QString::fromUtf8(data.left(200)));
    return out;
}

const NetDevStat *findNetDev(const QList<NetDevStat> &stats, const QString &name)
{
    for (const NetDevStat &s : stats)
        if (s.name == name)
            return &s;
    return nullptr;
}

namespace {

constexpr quint64 k32 = quint64(1) << 32;

// Counter delta; nullopt when the counter was reset (not a 32-bit wrap).
std::optional<quint64> delta(quint64 prev, quint64 cur, bool *wrapped)
{
    if (cur >= prev)
        return cur - prev;
    if (prev < k32 && cur < k32) {
        *wrapped = true;
        return cur + k32 - prev;
    }
    return std::nullopt;
}

} // namespace

QList<NetDevRate> netDevRates(
    const QList<NetDevStat> &prev, const QList<NetDevStat> &cur, double intervalSec, QStringList *warnings)
{
    QList<NetDevRate> out;
    if (!(intervalSec > 0))
        return out;
    QSet<QString> seen;
    for (const NetDevStat &c : cur) {
        seen.insert(c.name);
        const NetDevStat *p = findNetDev(prev, c.name);
        if (!p) {
            if (warnings)
                *warnings << QStringLiteral("/proc/net/dev: %1 appeared").arg(c.name);
            continue;
        }
        NetDevRate r;
        r.name = c.name;
        bool wrapped = false;
        const std::pair<quint64 NetDevStat::*, double NetDevRate::*> map[] = {
            {&NetDevStat::rxBytes, &NetDevRate::rxBytesPerSec},
            {&NetDevStat::txBytes, &NetDevRate::txBytesPerSec},
            {&NetDevStat::rxPackets, &NetDevRate::rxPacketsPerSec},
            {&NetDevStat::txPackets, &NetDevRate::txPacketsPerSec},
            {&NetDevStat::rxErrs, &NetDevRate::rxErrsPerSec},
            {&NetDevStat::txErrs, &NetDevRate::txErrsPerSec},
            {&NetDevStat::rxDrop, &NetDevRate::rxDropPerSec},
            {&NetDevStat::txDrop, &NetDevRate::txDropPerSec},
        };
        bool reset = false;
        for (const auto &[from, to] : map) {
            const auto d = delta(p->*from, c.*from, &wrapped);
            if (!d) {
                reset = true;
                break;
            }
            r.*to = double(*d) / intervalSec;
        }
        if (reset) {
            if (warnings)
                *warnings
                    << QStringLiteral("/proc/net/dev: counters of %1 went backwards (reset or re-created)").arg(c.name);
            continue;
        }
        r.wrapped = wrapped;
        out << r;
    }
    for (const NetDevStat &p : prev)
        if (!seen.contains(p.name) && warnings)
            *warnings << QStringLiteral("/proc/net/dev: %1 disappeared").arg(p.name);
    return out;
}

} // namespace cm
