// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One fio JSON document (--output-format=json or json+), final or a status-interval
// report, as plain values. fio 3.x is read as is; fio 2.x (latencies in µs under
// "clat"/"lat", sizes in KiB) is converted to ns and bytes with a warning; fio 1.x
// and documents without jobs are refused. "-nan"/"nan"/"inf" (which fio prints
// unquoted for some floats) and missing keys become warnings, never a failure.
// Pure: bytes in, value + warnings out.
#include "model/error.h"
#include "stats/latencyhistogram.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <array>

namespace cm {

enum class FioDir { Read = 0, Write = 1, Trim = 2 };
inline constexpr int kFioDirCount = 3;
QString fioDirName(FioDir d); // "read", "write", "trim"

struct FioLatencyStat {
    bool present = false;
    double minNs = 0;
    double maxNs = 0;
    double meanNs = 0;
    double stddevNs = 0;
    quint64 n = 0; // samples ("N"; fio < 3.3 has none: then total_ios)
};

struct FioDirStats {
    quint64 ioBytes = 0;
    quint64 totalIos = 0;
    double bwBytes = 0; // bytes/s, fio's figure over the whole runtime
    double iops = 0;
    quint64 runtimeMs = 0;
    FioLatencyStat slat, clat, lat;
    // Percentile (e.g. 99.9) -> ns. From clat_ns, or from lat_ns when fio ran with
    // lat_percentiles=1 (then percentilesOfTotalLatency is true). Empty without samples.
    QMap<double, double> percentiles;
    // json+ only: bucket latency (ns) -> count, cumulative since the job started.
    LatencyBins bins;
    bool percentilesOfTotalLatency = false;

    bool active() const { return totalIos > 0 || ioBytes > 0 || runtimeMs > 0; }
    // Percentile from the bins when present (with fio's rule and sample count, so it
    // equals fio's own figures), else fio's figure for exactly q; 0 when unknown.
    double percentile(double q) const;
};

struct FioJob {
    QString name;
    QString hostname; // client/server mode ("client_stats") only
    int groupId = 0;
    int error = 0; // errno-style code; 0 = fine
    QString errorText; // strerror of `error`; fio prints its own text on stderr only
    qint64 elapsedSec = 0;
    qint64 jobRuntimeMs = 0;
    bool allClientsSummary = false; // the "All clients" entry of client/server mode
    std::array<FioDirStats, kFioDirCount> dirs;

    const FioDirStats &dir(FioDir d) const { return dirs[size_t(d)]; }
};

struct FioDiskUtil {
    QString name;
    double utilPercent = 0;
    quint64 readIos = 0;
    quint64 writeIos = 0;
    quint64 readTicksMs = 0;
    quint64 writeTicksMs = 0;
    quint64 inQueueMs = 0;
};

struct FioReport {
    QString fioVersion; // as printed: "fio-3.33"
    int versionMajor = 0;
    int versionMinor = 0;
    qint64 timestampMs = 0; // when fio printed this document (ms since the epoch)
    bool legacyUnits = false; // fio 2.x: converted from µs / KiB
    bool jsonPlus = false; // some direction carries bins
    QList<FioJob> jobs;
    QList<FioDiskUtil> diskUtil;

    bool isValid() const { return !jobs.isEmpty(); }
    bool hasJobErrors() const;
    QString firstJobError() const; // "job 'x': error 21 (Is a directory)", or empty
    // Sum over all jobs (the client/server "All clients" entry excluded): bytes, ios,
    // bw, iops; runtime is the longest; bins merged; latency stats pooled; percentiles
    // from the merged bins, or with a single active job its own, else none.
    FioDirStats aggregate(FioDir d) const;

    static FioReport parse(const QByteArray &json, Error *err = nullptr, QStringList *warnings = nullptr);
};

// The percentiles fio reports by default, and those the charts use.
inline constexpr double kP50 = 50.0;
inline constexpr double kP99 = 99.0;
inline constexpr double kP999 = 99.9;

} // namespace cm
