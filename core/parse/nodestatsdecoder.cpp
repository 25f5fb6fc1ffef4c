// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/nodestatsdecoder.h"

#include "model/metric.h"

#include <QRegularExpression>

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

SampleList NodeStatsDecoder::decodeBlock(const QByteArray &block, double t)
{
    SampleList out;
    const qsizetype statAt = block.indexOf("@@stat\n");
    const qsizetype diskAt = block.indexOf("@@diskstats\n");
    if (statAt < 0 || diskAt < statAt) {
        m_warnings << QStringLiteral("monitor block without its sections");
        return out;
    }
    Error cpuErr;
    const CpuTimes cpu = parseProcStat(block.mid(statAt + 7, diskAt - statAt - 7), &cpuErr, &m_warnings);
    QList<DiskStat> disks;
    const qsizetype netAt = block.indexOf("@@netdev\n", diskAt);
    const QByteArray diskText = netAt < 0 ? block.mid(diskAt + 12) : block.mid(diskAt + 12, netAt - diskAt - 12);
    QList<NetDevStat> nets;
    if (netAt >= 0)
        for (NetDevStat &n : parseNetDev(block.mid(netAt + 9), nullptr, &m_warnings))
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
    const double dt = m_prevT >= 0 ? t - m_prevT : 0;
    if (dt > 0.2) {
        for (const DiskRate &r : diskRates(m_prevDisks, disks, dt)) {
            out.append(Sample {-1, m_node, metric::diskReadBytes(r.name), t, r.readBytesPerSec});
            out.append(Sample {-1, m_node, metric::diskWriteBytes(r.name), t, r.writeBytesPerSec});
            out.append(Sample {-1, m_node, metric::diskUtil(r.name), t, qMin(100.0, r.utilPercent)});
        }
        for (const NetDevRate &r : netDevRates(m_prevNet, nets, dt, &m_warnings)) {
            out.append(Sample {-1, m_node, metric::netTxBytes(r.name), t, r.txBytesPerSec});
            out.append(Sample {-1, m_node, metric::netRxBytes(r.name), t, r.rxBytesPerSec});
        }
    }
    if (!cpuErr)
        m_prevCpu = cpu;
    m_prevDisks = disks;
    m_prevNet = nets;
    m_prevT = t;
    return out;
}

} // namespace cm
