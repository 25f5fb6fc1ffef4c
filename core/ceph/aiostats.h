// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the app's own Ceph engines (librbd, librados): what their async I/O loops
// count per direction, the samples of one interval and the summary of one direction.
#include "model/sample.h"
#include "stats/latencyhistogram.h"

#include <QJsonObject>

#include <array>

namespace cm {

struct IoDirStats {
    quint64 ios = 0;
    quint64 bytes = 0;
    LatencyHistogram lat;
};
using IoStats = std::array<IoDirStats, 2>; // [0] read, [1] write

void addIoStats(IoStats &into, const IoStats &from);

// Which metrics an interval carries: read.* / write.* (bw, iops, lat p50/p99/p99.9/mean).
struct IoSampleLabels {
    int step = 0;
    QString target;
    double timeOffset = 0; // added to t: seconds since the run started when the job began
    bool reads = false;
    bool writes = false;
    bool readBw = true; // false for ops that move no data (stat): read.iops and read.lat.* only
    const IoStats *stepSoFar = nullptr; // when given: its p50/p99 as metric::stepSoFar samples
};

// One interval of `secs` seconds ending `t` seconds into the job.
SampleList ioIntervalSamples(const IoStats &s, double secs, double t, const IoSampleLabels &labels);

// {bw, iops, io_bytes, total_ios, runtime_ms, lat_mean_ns, lat_min_ns, lat_max_ns,
//  lat_p50_ns, lat_p99_ns, lat_p999_ns, histogram{ns: count}} — the fio disk runner's shape.
QJsonObject ioDirSummary(const IoDirStats &s, qint64 runtimeMs);

} // namespace cm
