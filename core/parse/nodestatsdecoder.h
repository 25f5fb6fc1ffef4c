// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Decodes the node monitor's stream into per-second samples by differencing consecutive
// blocks. A block: "@@stat" (/proc/stat's cpu lines), "@@diskstats" (/proc/diskstats),
// optionally "@@netdev" (/proc/net/dev), "@@meminfo" (MemTotal, MemFree, MemAvailable)
// and "@@netspeed" ("iface Mbit/s" lines), then "@@end"; the first block may hold
// "@@qdisc" (`tc -j qdisc show`): a root tbf shaper's rate (net.<iface>.shaped), and
// "@@ident": the host name, then `ip -j addr show` (the node's identity, takeIdentity).
// Samples: CPU busy, iowait and the busiest core; memory used; per whole disk its
// rates, utilisation and await; per interface its rates and link speed (when it
// changes). Pure: bytes in, samples and warnings out.
#include "model/nodeidentity.h"
#include "model/sample.h"
#include "parse/diskstats.h"
#include "parse/netdev.h"
#include "parse/procstat.h"

#include <QHash>
#include <QStringList>

namespace cm {

class NodeStatsDecoder {
public:
    explicit NodeStatsDecoder(QString nodeName);
    // t: the time the chunk arrived (seconds on the run's axis).
    SampleList feed(const QByteArray &chunk, double t);
    QStringList takeWarnings();
    // The node's identity, once it has come (the first block); empty afterwards.
    std::optional<NodeIdentity> takeIdentity();

private:
    SampleList decodeBlock(const QByteArray &block, double t);
    SampleList linkSpeeds(const QByteArray &text, double t);
    void readShapers(const QByteArray &json);
    void readIdentity(const QByteArray &text);

    QString m_node;
    QByteArray m_pending;
    std::optional<CpuTimes> m_prevCpu;
    QMap<int, CpuTimes> m_prevCores;
    QHash<QString, double> m_linkSpeeds; // last sent, by metric (speed, shaped), bytes/s
    QHash<QString, double> m_shapers; // a root tbf's rate per interface, bytes/s
    QList<DiskStat> m_prevDisks;
    QList<NetDevStat> m_prevNet;
    double m_prevT = -1;
    QStringList m_warnings;
    std::optional<NodeIdentity> m_identity;
};

// Whole disks worth showing (sda, vdb, nvme0n1, md0…), not partitions, loops or rams.
bool isWholeDiskName(const QString &name);

} // namespace cm
