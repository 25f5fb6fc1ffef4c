// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/nodestatsdecoder.h"

#include "model/metric.h"
#include "parse/ipaddrparser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace cm {

namespace {
constexpr qsizetype MaxPending = 4 * 1024 * 1024;
}

bool isWholeDiskName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral(R"(^((sd|vd|xvd|hd)[a-z]+|nvme\d+n\d+|md\d+|mmcblk\d+)$)"));
    return re.match(name).hasMatch();
}

NodeStatsDecoder::NodeStatsDecoder(QString nodeName)
    : m_node(std::move(nodeName))
{ }

QStringList NodeStatsDecoder::takeWarnings()
{
    QStringList w;
    w.swap(m_warnings);
    return w;
}

SampleList NodeStatsDecoder::feed(const QByteArray &chunk, double t)
{
    SampleList out;
    m_pending.append(chunk);
    for (;;) {
        const qsizetype end = m_pending.indexOf("@@end\n");
        if (end < 0)
            break;
        out += decodeBlock(m_pending.left(end), t);
        m_pending.remove(0, end + 6);
    }
    if (m_pending.size() > MaxPending) {
        m_warnings << QStringLiteral("monitor stream without block ends; %1 bytes dropped").arg(m_pending.size());
        m_pending.clear();
    }
    return out;
}

namespace {

// The text of a "@@name" section: from its marker line to the next "@@" line (or the
// end); empty and absent when the block has no such section.
QByteArray section(const QByteArray &block, const char *marker, bool *present = nullptr)
{
    const QByteArray m = QByteArray(marker) + '\n';
    const qsizetype at = block.startsWith(m) ? 0 : block.indexOf('\n' + m);
    if (present)
        *present = at >= 0;
    if (at < 0)
        return {};
    const qsizetype from = at == 0 ? m.size() : at + 1 + m.size();
    const qsizetype next = block.indexOf("\n@@", from - 1);
    return next < 0 ? block.mid(from) : block.mid(from, next - from + 1);
}

// "MemTotal:  16308084 kB" lines: the share of memory not available, 0..100.
std::optional<double> memUsedPercent(const QByteArray &text)
{
    double total = -1, available = -1;
    for (const QByteArray &raw : text.split('\n')) {
        const QList<QByteArray> f = raw.simplified().split(' ');
        if (f.size() < 2)
            continue;
        bool ok = false;
        const double kb = f.at(1).toDouble(&ok);
        if (!ok || kb < 0)
            continue;
        if (f.first() == "MemTotal:")
            total = kb;
        else if (f.first() == "MemAvailable:")
            available = kb;
    }
    if (total <= 0 || available < 0 || available > total)
        return std::nullopt;
    return 100.0 * (total - available) / total;
}

} // namespace

SampleList NodeStatsDecoder::decodeBlock(const QByteArray &block, double t)
{
    SampleList out;
    bool hasStat = false, hasDisks = false;
    const QByteArray statText = section(block, "@@stat", &hasStat);
    const QByteArray diskText = section(block, "@@diskstats", &hasDisks);
    if (!hasStat || !hasDisks) {
        m_warnings << QStringLiteral("monitor block without its sections");
        return out;
    }
    Error cpuErr;
    const CpuTimes cpu = parseProcStat(statText, &cpuErr, &m_warnings);
    const QMap<int, CpuTimes> cores = parseProcStatCores(statText, &m_warnings);
    QList<DiskStat> disks;
    QList<NetDevStat> nets;
    for (NetDevStat &n : parseNetDev(section(block, "@@netdev"), nullptr, &m_warnings))
        if (n.name != QLatin1String("lo"))
            nets.append(std::move(n));
    for (DiskStat &d : parseDiskStats(diskText, nullptr, &m_warnings))
        if (isWholeDiskName(d.name))
            disks.append(std::move(d));

    if (!cpuErr && m_prevCpu) {
        if (const auto busy = cpuBusyPercent(*m_prevCpu, cpu))
            out.append(Sample {-1, m_node, metric::CpuBusy, t, *busy});
        if (const auto io = iowaitPercent(*m_prevCpu, cpu))
            out.append(Sample {-1, m_node, metric::CpuIowait, t, *io});
    }
    if (const auto core = busiestCorePercent(m_prevCores, cores))
        out.append(Sample {-1, m_node, metric::CpuBusiestCore, t, *core});
    if (const auto mem = memUsedPercent(section(block, "@@meminfo")))
        out.append(Sample {-1, m_node, metric::MemUsed, t, *mem});
    const double dt = m_prevT >= 0 ? t - m_prevT : 0;
    if (dt > 0.2) {
        for (const DiskRate &r : diskRates(m_prevDisks, disks, dt)) {
            out.append(Sample {-1, m_node, metric::diskReadBytes(r.name), t, r.readBytesPerSec});
            out.append(Sample {-1, m_node, metric::diskWriteBytes(r.name), t, r.writeBytesPerSec});
            out.append(Sample {-1, m_node, metric::diskUtil(r.name), t, qMin(100.0, r.utilPercent)});
            if (r.awaitNs >= 0)
                out.append(Sample {-1, m_node, metric::diskAwait(r.name), t, r.awaitNs});
        }
        for (const NetDevRate &r : netDevRates(m_prevNet, nets, dt, &m_warnings)) {
            out.append(Sample {-1, m_node, metric::netTxBytes(r.name), t, r.txBytesPerSec});
            out.append(Sample {-1, m_node, metric::netRxBytes(r.name), t, r.rxBytesPerSec});
        }
    }
    bool hasIdent = false;
    const QByteArray ident = section(block, "@@ident", &hasIdent);
    if (hasIdent)
        readIdentity(ident);
    bool hasQdisc = false;
    const QByteArray qdisc = section(block, "@@qdisc", &hasQdisc);
    if (hasQdisc)
        readShapers(qdisc);
    out += linkSpeeds(section(block, "@@netspeed"), t);
    if (!cpuErr)
        m_prevCpu = cpu;
    m_prevCores = cores;
    m_prevDisks = disks;
    m_prevNet = nets;
    m_prevT = t;
    return out;
}

// `tc -j qdisc show`: [{"kind":"tbf","dev":"eth0","root":true,"options":{"rate":B}}…],
// rate in bytes/s. Anything else in it is ignored.
void NodeStatsDecoder::readShapers(const QByteArray &json)
{
    const QJsonArray all = QJsonDocument::fromJson(json.trimmed()).array();
    for (const QJsonValue &v : all) {
        const QJsonObject q = v.toObject();
        const double rate = q.value(QStringLiteral("options")).toObject().value(QStringLiteral("rate")).toDouble();
        const QString dev = q.value(QStringLiteral("dev")).toString();
        if (q.value(QStringLiteral("kind")).toString() == QLatin1String("tbf")
            && q.value(QStringLiteral("root")).toBool() && !dev.isEmpty() && std::isfinite(rate) && rate > 0
            && m_shapers.size() < 512)
            m_shapers.insert(dev, rate);
    }
}

std::optional<NodeIdentity> NodeStatsDecoder::takeIdentity()
{
    std::optional<NodeIdentity> id;
    id.swap(m_identity);
    return id;
}

// The host name on the first line, then `ip -j addr show`.
void NodeStatsDecoder::readIdentity(const QByteArray &text)
{
    const qsizetype eol = text.indexOf('\n');
    NodeIdentity id;
    id.node = m_node;
    id.hostname = QString::fromUtf8(text.left(eol < 0 ? text.size() : eol)).trimmed().left(255);
    for (const NicInfo &nic : parseIpAddr(eol < 0 ? QByteArray() : text.mid(eol + 1)).nics)
        for (const QString &cidr : nic.addresses) { // "192.0.2.2/24"
            const QString a = cidr.section(QLatin1Char('/'), 0, 0).toLower();
            if (isRemoteAddress(a) && !id.addresses.contains(a) && id.addresses.size() < 256)
                id.addresses << a;
        }
    m_identity = id;
}

// "eth0 10000" (Mbit/s, from /sys/class/net/*/speed) as the link's speed, and a root
// tbf shaper's rate as its own figure: each sent when first seen and when it changes,
// as bytes/s; an unknown speed (-1, a down link) is not a speed.
SampleList NodeStatsDecoder::linkSpeeds(const QByteArray &text, double t)
{
    QHash<QString, double> speeds;
    for (const QByteArray &raw : text.split('\n')) {
        const QList<QByteArray> f = raw.simplified().split(' ');
        if (f.size() != 2 || f.first() == "lo")
            continue;
        bool ok = false;
        const qint64 mbit = f.at(1).toLongLong(&ok);
        if (ok && mbit > 0 && mbit <= 10000000)
            speeds.insert(metric::netSpeed(QString::fromUtf8(f.first())), double(mbit) * 1e6 / 8);
    }
    for (auto it = m_shapers.cbegin(); it != m_shapers.cend(); ++it)
        if (it.key() != QLatin1String("lo"))
            speeds.insert(metric::netShaped(it.key()), *it);
    SampleList out;
    for (auto it = speeds.cbegin(); it != speeds.cend(); ++it) {
        if (m_linkSpeeds.value(it.key()) == *it || m_linkSpeeds.size() > 1024)
            continue;
        m_linkSpeeds.insert(it.key(), *it);
        out.append(Sample {-1, m_node, it.key(), t, *it});
    }
    return out;
}

} // namespace cm
