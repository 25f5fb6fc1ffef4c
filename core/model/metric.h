// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Metric names used in Sample::metric and in the store. Values are in base units.
#include <QString>

namespace cm::metric {

// fio / block I/O, per direction ("read." or "write." prefix)
inline const QString ReadBw = QStringLiteral("read.bw"); // bytes/s
inline const QString ReadIops = QStringLiteral("read.iops"); // ops/s
inline const QString ReadLatP50 = QStringLiteral("read.lat.p50"); // ns (completion latency)
inline const QString ReadLatP99 = QStringLiteral("read.lat.p99");
inline const QString ReadLatP999 = QStringLiteral("read.lat.p99.9");
inline const QString ReadLatMean = QStringLiteral("read.lat.mean");
inline const QString WriteBw = QStringLiteral("write.bw");
inline const QString WriteIops = QStringLiteral("write.iops");
inline const QString WriteLatP50 = QStringLiteral("write.lat.p50");
inline const QString WriteLatP99 = QStringLiteral("write.lat.p99");
inline const QString WriteLatP999 = QStringLiteral("write.lat.p99.9");
inline const QString WriteLatMean = QStringLiteral("write.lat.mean");
// time to first byte of S3 GETs (ns)
inline const QString ReadTtfbP50 = QStringLiteral("read.ttfb.p50");
inline const QString ReadTtfbP99 = QStringLiteral("read.ttfb.p99");

// S3 requests that move no object data (GET and PUT are read.* and write.*):
// "s3.<op>.iops" and "s3.<op>.lat.p50" / ".p99" / ".p99.9" / ".mean", op head|delete|list
inline QString s3OpPrefix(const QString &op)
{
    return QStringLiteral("s3.%1").arg(op);
}
inline QString s3OpIops(const QString &op)
{
    return QStringLiteral("s3.%1.iops").arg(op);
}
inline QString s3OpLat(const QString &op, const QString &stat)
{
    return QStringLiteral("s3.%1.lat.%2").arg(op, stat);
}
// failed S3 requests per interval: all, and by HTTP status ("s3.errors.403") or
// "s3.errors.transport" (refused, reset, timeout: no HTTP answer)
inline const QString S3Errors = QStringLiteral("s3.errors");
inline QString s3ErrorsFor(const QString &statusOrTransport)
{
    return QStringLiteral("s3.errors.%1").arg(statusOrTransport);
}

// CephFS metadata (cephfs kind): per op ("create", "stat", "delete"):
// "meta.<op>.iops" (ops/s) and "meta.<op>.lat.p50" / ".p99" / ".p99.9" / ".mean" (ns)
inline QString metaIops(const QString &op)
{
    return QStringLiteral("meta.%1.iops").arg(op);
}
inline QString metaLatP50(const QString &op)
{
    return QStringLiteral("meta.%1.lat.p50").arg(op);
}
inline QString metaLatP99(const QString &op)
{
    return QStringLiteral("meta.%1.lat.p99").arg(op);
}
inline QString metaLatP999(const QString &op)
{
    return QStringLiteral("meta.%1.lat.p99.9").arg(op);
}
inline QString metaLatMean(const QString &op)
{
    return QStringLiteral("meta.%1.lat.mean").arg(op);
}
inline const QString MetaCreateIops = QStringLiteral("meta.create.iops");
inline const QString MetaStatIops = QStringLiteral("meta.stat.iops");
inline const QString MetaDeleteIops = QStringLiteral("meta.delete.iops");

// the live cluster total of a step from several clients (target "(total)"): how many
// clients each interval's sums and merged percentiles count
inline const QString TotalClients = QStringLiteral("total.clients");

// A latency percentile of the step so far, from all its I/Os (merged histograms):
// "<metric>.step", e.g. "write.lat.p50.step". The live view shows it as the step's
// figure instead of averaging the intervals' percentiles; it is not stored (the step's
// summary holds the final one).
inline QString stepSoFar(const QString &percentileMetric)
{
    return percentileMetric + QStringLiteral(".step");
}
inline bool isStepSoFar(const QString &m)
{
    return m.endsWith(QLatin1String(".step"));
}
// A latency percentile ("read.lat.p50", "meta.create.lat.p99", "read.ttfb.p50"): an
// average of such values over intervals is no percentile of the step.
inline bool isPercentile(const QString &m)
{
    return !isStepSoFar(m) && (m.contains(QLatin1String(".lat.p")) || m.contains(QLatin1String(".ttfb.p")));
}

// node monitor
inline const QString CpuBusy = QStringLiteral("cpu.busy"); // % of all cores
inline const QString CpuIowait = QStringLiteral("cpu.iowait"); // %
inline const QString CpuBusiestCore = QStringLiteral("cpu.core.max"); // % busy of the busiest core
inline const QString MemUsed = QStringLiteral("mem.used"); // % of MemTotal not available
// per block device: "disk.<dev>.util" (%), "disk.<dev>.rbytes"/"wbytes" (bytes/s)
inline QString diskUtil(const QString &dev)
{
    return QStringLiteral("disk.%1.util").arg(dev);
}
inline QString diskReadBytes(const QString &dev)
{
    return QStringLiteral("disk.%1.rbytes").arg(dev);
}
inline QString diskWriteBytes(const QString &dev)
{
    return QStringLiteral("disk.%1.wbytes").arg(dev);
}
// average time an I/O completed in the interval took, queue included (ns)
inline QString diskAwait(const QString &dev)
{
    return QStringLiteral("disk.%1.await").arg(dev);
}

// network (net-iperf): target "node1→node2" (the direction data flowed)
inline const QString NetBw = QStringLiteral("net.bw"); // bytes/s received
inline const QString NetRetransmits = QStringLiteral("net.retransmits"); // TCP retransmits per interval
// per interface, from /proc/net/dev, target the node: "net.<iface>.tx" / ".rx" (bytes/s)
inline QString netTxBytes(const QString &iface)
{
    return QStringLiteral("net.%1.tx").arg(iface);
}
inline QString netRxBytes(const QString &iface)
{
    return QStringLiteral("net.%1.rx").arg(iface);
}
// per interface, from the net-iperf probe of both ends, once per step, target the node:
// "net.<iface>.speed" its nominal link speed (bytes/s, only when known) and
// "net.<iface>.master" = 1 when it is a bond or bridge that other interfaces belong to
inline QString netSpeed(const QString &iface)
{
    return QStringLiteral("net.%1.speed").arg(iface);
}
// per interface, from the node monitor: "net.<iface>.shaped" the rate of a root tbf
// shaper on it (bytes/s): what the link can carry when below its speed
inline QString netShaped(const QString &iface)
{
    return QStringLiteral("net.%1.shaped").arg(iface);
}
inline QString netMaster(const QString &iface)
{
    return QStringLiteral("net.%1.master").arg(iface);
}

// Ceph health timeline (target "ceph")
inline const QString CephHealth = QStringLiteral("ceph.health"); // 0 OK, 1 WARN, 2 ERR, 3 unknown
inline const QString CephPgsRecovering = QStringLiteral("ceph.pgs.recovering"); // PG counts
inline const QString CephPgsBackfilling = QStringLiteral("ceph.pgs.backfilling");
inline const QString CephPgsScrubbing = QStringLiteral("ceph.pgs.scrubbing");

// Ceph's own view (the Ceph poller, every 2 s). Per OSD, target osdTarget(id): the
// commit and apply latency the OSD reports (ns). Per pool with client I/O, target
// poolTarget(name): the client I/O rate the mgr reports.
inline const QString OsdCommitLat = QStringLiteral("osd.lat.commit");
inline const QString OsdApplyLat = QStringLiteral("osd.lat.apply");
inline const QString PoolReadBw = QStringLiteral("pool.read.bw");
inline const QString PoolWriteBw = QStringLiteral("pool.write.bw");
inline const QString PoolReadIops = QStringLiteral("pool.read.iops");
inline const QString PoolWriteIops = QStringLiteral("pool.write.iops");
inline QString osdTarget(int id)
{
    return QStringLiteral("osd.%1").arg(id);
}
inline QString poolTarget(const QString &pool)
{
    return QStringLiteral("pool:") + pool;
}
// The cluster's own counters: drawn in the cluster views, never as a client's figures.
inline bool isCephCounter(const QString &m)
{
    return m.startsWith(QLatin1String("osd.lat.")) || m.startsWith(QLatin1String("pool."));
}

// The Ceph health timeline's metrics (the cluster, not a target).
inline bool isCephHealth(const QString &m)
{
    return m.startsWith(QLatin1String("ceph."));
}

// BitRate: a network's rate. Kept in bytes/s like every rate, shown in bit/s
// (Mbit/s, Gbit/s), as links are spoken of (docs/VISUAL.md).
enum class Unit { BytesPerSec, BitRate, OpsPerSec, Nanoseconds, Percent, Other };

inline Unit unitOf(const QString &m)
{
    if (m == NetBw
        || (m.startsWith(QLatin1String("net."))
            && (m.endsWith(QLatin1String(".tx")) || m.endsWith(QLatin1String(".rx"))
                || m.endsWith(QLatin1String(".speed")) || m.endsWith(QLatin1String(".shaped")))))
        return Unit::BitRate;
    if (m.endsWith(QLatin1String(".bw")) || m.endsWith(QLatin1String("bytes")))
        return Unit::BytesPerSec;
    if (m.endsWith(QLatin1String(".iops")))
        return Unit::OpsPerSec;
    if (m.contains(QLatin1String(".lat.")) || m.contains(QLatin1String(".ttfb."))
        || (m.startsWith(QLatin1String("disk.")) && m.endsWith(QLatin1String(".await"))))
        return Unit::Nanoseconds;
    if (m.startsWith(QLatin1String("cpu.")) || m.endsWith(QLatin1String(".util")) || m == QLatin1String("mem.used"))
        return Unit::Percent;
    return Unit::Other;
}

} // namespace cm::metric
