// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Decodes the node monitor's stream (blocks of "@@stat", the /proc/stat cpu line,
// "@@diskstats", /proc/diskstats, optionally "@@netdev" and /proc/net/dev, "@@end") into per-second samples by differencing
// consecutive blocks. Pure: bytes in, samples and warnings out.
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

private:
    SampleList decodeBlock(const QByteArray &block, double t);

    QString m_node;
    QByteArray m_pending;
    std::optional<CpuTimes> m_prevCpu;
    QList<DiskStat> m_prevDisks;
    QList<NetDevStat> m_prevNet;
    double m_prevT = -1;
    QStringList m_warnings;
};

// Whole disks worth showing (sda, vdb, nvme0n1, md0…), not partitions, loops or rams.
bool isWholeDiskName(const QString &name);

} // namespace cm
