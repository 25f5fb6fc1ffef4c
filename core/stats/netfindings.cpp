// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/netfindings.h"

#include <QJsonArray>

#include <QSet>

#include <algorithm>

namespace cm {

namespace {

constexpr double CarryingShare = 0.05; // a link carrying less is treated as idle
constexpr double CpuSaturated = 90.0;

QString gbit(double bitsPerSecond)
{
    return QString::number(bitsPerSecond / 1e9, 'f', 2) + QStringLiteral(" Gbit/s");
}

bool senderIsClient(const NetStepFacts &f)
{
    return f.direction != QLatin1String("reverse");
}

const NetEndFacts &senderEnd(const NetStepFacts &f)
{
    return senderIsClient(f) ? f.clientEnd : f.serverEnd;
}
const NetEndFacts &receiverEnd(const NetStepFacts &f)
{
    return senderIsClient(f) ? f.serverEnd : f.clientEnd;
}

QSet<QString> masters(const NetEndFacts &e)
{
    QSet<QString> m;
    for (const BondInfo &b : e.bonds)
        m.insert(b.name);
    for (const NicInfo &n : e.nics)
        if (!n.master.isEmpty())
            m.insert(n.master);
    return m;
}

// Interfaces of `node` by bytes (tx or rx), lo and masters left out, largest first.
QList<std::pair<QString, double>> linkBytes(const NetStepFacts &f, const NetEndFacts &end, bool tx)
{
    const QSet<QString> skip = masters(end);
    QList<std::pair<QString, double>> out;
    for (const NetLinkTraffic &t : f.traffic)
        if (t.node == end.node && t.iface != QLatin1String("lo") && !skip.contains(t.iface))
            out.append({t.iface, tx ? t.txBytes : t.rxBytes});
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    return out;
}

QList<std::pair<QString, double>> shares(const QList<std::pair<QString, double>> &bytes)
{
    double total = 0;
    for (const auto &b : bytes)
        total += b.second;
    QList<std::pair<QString, double>> out;
    if (total <= 0)
        return out;
    for (const auto &b : bytes)
        out.append({b.first, b.second / total});
    return out;
}

const NicInfo *nic(const NetEndFacts &e, const QString &name)
{
    for (const NicInfo &n : e.nics)
        if (n.name == name)
            return &n;
    return nullptr;
}

// The bond whose slaves carried the sender's traffic, if any.
const BondInfo *carryingBond(const NetEndFacts &e, const QList<std::pair<QString, double>> &sh)
{
    for (const BondInfo &b : e.bonds)
        for (const auto &s : sh)
            if (s.second >= CarryingShare && b.findSlave(s.first))
                return &b;
    return e.bonds.size() == 1 ? &e.bonds.first() : nullptr;
}

} // namespace

QString fillPlaceholders(const QString &source, const QStringList &args)
{
    QString out;
    out.reserve(source.size());
    for (qsizetype i = 0; i < source.size(); ++i) {
        const QChar c = source.at(i);
        if (c == QLatin1Char('%') && i + 1 < source.size() && source.at(i + 1) >= QLatin1Char('1')
            && source.at(i + 1) <= QLatin1Char('9')) {
            const int n = source.at(i + 1).unicode() - '1';
            out += n < args.size() ? args.at(n) : source.mid(i, 2);
            ++i;
        } else {
            out += c;
        }
    }
    return out;
}

QString NetFinding::text() const
{
    return fillPlaceholders(QString::fromUtf8(source), args);
}

QJsonObject NetFinding::toJson() const
{
    return {{QStringLiteral("id"), id}, {QStringLiteral("severity"), severity}, {QStringLiteral("text"), text()},
        {QStringLiteral("source"), QString::fromUtf8(source)},
        {QStringLiteral("args"), QJsonArray::fromStringList(args)}};
}

QList<std::pair<QString, double>> senderLinkShares(const NetStepFacts &facts)
{
    return shares(linkBytes(facts, senderEnd(facts), true));
}

QList<NetFinding> netFindings(const NetStepFacts &f)
{
    QList<NetFinding> out;
    const NetEndFacts &snd = senderEnd(f);
    const NetEndFacts &rcv = receiverEnd(f);
    const auto sndShares = senderLinkShares(f);
    const auto rcvShares = shares(linkBytes(f, rcv, false));
    QStringList carrying;
    for (const auto &s : sndShares)
        if (s.second >= CarryingShare)
            carrying << s.first;
    const BondInfo *bond = carryingBond(snd, sndShares);

    if (!sndShares.isEmpty()) {
        QStringList parts;
        for (const auto &s : sndShares)
            if (s.second >= 0.005)
                parts << QStringLiteral("%1 %2 %").arg(s.first).arg(qRound(100 * s.second));
        out << NetFinding {QStringLiteral("link-shares"), QStringLiteral("info"),
            QT_TRANSLATE_NOOP("cm::NetFindings", "%1 sent over %2."), {snd.node, parts.join(QStringLiteral(", "))}};
    }

    if (f.streams == 1) {
        out << NetFinding {QStringLiteral("single-stream"), QStringLiteral("info"),
            QT_TRANSLATE_NOOP("cm::NetFindings",
                "One TCP stream never uses more than one link of a bond or multipath route: "
                "%1 is what a single link and flow carry. Use 4 or more streams to load several links."),
            {gbit(f.bitsPerSecond)}};
    }

    for (const NetEndFacts *e : {&f.clientEnd, &f.serverEnd}) {
        for (const BondInfo &b : e->bonds) {
            const bool hashing = b.mode == QLatin1String("802.3ad") || b.mode == QLatin1String("balance-xor");
            if (hashing
                && (b.transmitHashPolicy == QLatin1String("layer2")
                    || b.transmitHashPolicy == QLatin1String("layer2+3")))
                out << NetFinding {QStringLiteral("hash-policy"), QStringLiteral("warning"),
                    QT_TRANSLATE_NOOP("cm::NetFindings",
                        "%1 on %2 hashes on %3: all traffic between two hosts goes over one link, "
                        "whatever the number of streams. Set xmit_hash_policy=layer3+4 to spread flows."),
                    {b.name, e->node, b.transmitHashPolicy}};
            if (b.mode == QLatin1String("802.3ad") && b.ad.hasActiveAggregator)
                for (const BondSlave &s : b.slaves)
                    if (s.aggregatorId != b.ad.activeAggregatorId)
                        out << NetFinding {QStringLiteral("slave-other-aggregator"), QStringLiteral("problem"),
                            QT_TRANSLATE_NOOP("cm::NetFindings",
                                "%1 of %2 on %3 is in aggregator %4, not in the active aggregator %5: "
                                "it carries nothing (check the switch's LACP configuration)."),
                            {s.name, b.name, e->node,
                                s.aggregatorId < 0 ? QStringLiteral("N/A") : QString::number(s.aggregatorId),
                                QString::number(b.ad.activeAggregatorId)}};
            int best = 0;
            for (const BondSlave &s : b.slaves)
                if (s.isUp())
                    best = qMax(best, s.speedMbps);
            for (const BondSlave &s : b.slaves)
                if (s.isUp() && s.speedMbps > 0 && s.speedMbps < best)
                    out << NetFinding {QStringLiteral("speed-below-nominal"), QStringLiteral("warning"),
                        QT_TRANSLATE_NOOP("cm::NetFindings",
                            "%1 of %2 on %3 runs at %4 Mbit/s, below the %5 Mbit/s of the other links."),
                        {s.name, b.name, e->node, QString::number(s.speedMbps), QString::number(best)}};
        }
    }

    if (!sndShares.isEmpty() && !rcvShares.isEmpty()) {
        const NicInfo *a = nic(snd, sndShares.first().first);
        const NicInfo *b = nic(rcv, rcvShares.first().first);
        const int mtuA = a ? (a->master.isEmpty() || !nic(snd, a->master) ? a->mtu : nic(snd, a->master)->mtu) : 0;
        const int mtuB = b ? (b->master.isEmpty() || !nic(rcv, b->master) ? b->mtu : nic(rcv, b->master)->mtu) : 0;
        if (mtuA > 0 && mtuB > 0 && mtuA != mtuB)
            out << NetFinding {QStringLiteral("mtu-mismatch"), QStringLiteral("problem"),
                QT_TRANSLATE_NOOP("cm::NetFindings",
                    "MTU mismatch: %1 sent over %2 with MTU %3, %4 received on %5 with MTU %6. "
                    "Large frames are dropped or fragmented; set the same MTU end to end."),
                {snd.node, a->name, QString::number(mtuA), rcv.node, b->name, QString::number(mtuB)}};
    }

    if (f.cpuReceiverPercent && *f.cpuReceiverPercent > CpuSaturated)
        out << NetFinding {QStringLiteral("receiver-cpu"), QStringLiteral("warning"),
            QT_TRANSLATE_NOOP("cm::NetFindings",
                "The receiver (%1) used %2 % CPU: the result is limited by its CPU, not by the links. "
                "iperf3 before 3.16 runs on one core; try iperf 2 or more streams."),
            {rcv.node, QString::number(qRound(*f.cpuReceiverPercent))}};

    if (bond) {
        qint64 sum = bond->sumSlaveSpeedMbps();
        int best = 0;
        for (const BondSlave &s : bond->slaves)
            if (s.isUp())
                best = qMax(best, s.speedMbps);
        if (sum > 0)
            out << NetFinding {QStringLiteral("aggregate-vs-slaves"), QStringLiteral("info"),
                QT_TRANSLATE_NOOP(
                    "cm::NetFindings", "%1 carried %2, %3 % of the %4 its up slaves add up to (best single link %5)."),
                {bond->name, gbit(f.bitsPerSecond), QString::number(qRound(100.0 * f.bitsPerSecond / (sum * 1e6))),
                    gbit(sum * 1e6), gbit(best * 1e6)}};
        int upSlaves = 0;
        for (const BondSlave &s : bond->slaves)
            upSlaves += s.isUp() ? 1 : 0;
        if (f.streams > 1 && upSlaves > 1 && best > 0 && f.bitsPerSecond <= 1.1 * best * 1e6 && carrying.size() <= 1)
            out << NetFinding {QStringLiteral("not-spread"), QStringLiteral("warning"),
                QT_TRANSLATE_NOOP("cm::NetFindings",
                    "%1 streams did not get past one link of %2 (%3 carried the traffic): "
                    "check the hash policy; with layer3+4 all flows land on one link by chance "
                    "now and then, so run again."),
                {QString::number(f.streams), bond->name, carrying.value(0, QStringLiteral("one link"))}};
    }
    return out;
}

} // namespace cm
