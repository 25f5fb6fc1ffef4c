#pragma once
// Turns fio's cumulative status reports (--status-interval=1) into per-interval figures.
//
//   FioStreamSplitter split;  FioIntervalTracker tracker;
//   for each chunk of fio's stdout:
//       for (const QByteArray &doc : split.feed(chunk)) {
//           Error err; QStringList warn;
//           const FioReport rep = FioReport::parse(doc, &err, &warn);
//           if (err) { ...log, skip...; continue; }
//           for (const FioInterval &iv : tracker.add(rep))
//               samples += iv.toSamples(step, target, runStartOffset + iv.endSec);
//       }
//   split.finish();   final figures: tracker.summary()
//
// Intervals are on fio's own clock: each direction's runtime (the longest of its
// jobs), so bytes and ios deltas divide by the time fio spent on them. Latency
// percentiles come from the difference of the json+ bins of consecutive reports;
// with plain json (no bins) they fall back to fio's cumulative percentiles and
// `latencyFromBins` is false. The mean is exact in both cases (from fio's running
// mean and sample count). Pure, not thread-safe; one tracker per fio process.
#include "model/sample.h"
#include "parse/fioreport.h"
#include "stats/latencyhistogram.h"

#include <QList>
#include <QStringList>

#include <array>
#include <optional>

namespace cm {

struct FioInterval {
    FioDir dir = FioDir::Read;
    double startSec = 0;        // fio runtime clock of this direction, seconds
    double endSec = 0;
    double durationSec = 0;
    qint64 timestampMs = 0;     // when fio printed the closing report
    quint64 ioBytes = 0;        // deltas over the interval
    quint64 ios = 0;
    double bwBytesPerSec = 0;
    double iops = 0;
    double latMeanNs = 0;       // 0 when the interval had no I/O
    quint64 latSamples = 0;     // latency samples behind latMeanNs (weights for merging)
    double latP50Ns = 0;
    double latP99Ns = 0;
    double latP999Ns = 0;
    bool latencyFromBins = false;   // false: fio's cumulative percentiles (plain json)
    LatencyBins bins;               // this interval's own bins (json+ only)

    // read.bw, read.iops, read.lat.p50/p99/p99.9/mean (or write.*), at time t.
    // Trim has no metrics: empty. Latencies only when the interval had I/O.
    SampleList toSamples(int step, const QString &target, double t) const;
};

struct FioSummary {
    FioReport last;                                        // the last document
    std::array<FioDirStats, kFioDirCount> total;           // its aggregate per direction
    std::array<LatencyHistogram, kFioDirCount> histogram;  // full run (json+ bins), else empty

    const FioDirStats &dir(FioDir d) const { return total[size_t(d)]; }
};

class FioIntervalTracker {
public:
    // Feeds the next cumulative report; returns one interval per direction whose
    // runtime advanced since the previous report (the first one counts from fio's
    // start). Directions that never ran, zero-length intervals and counter resets
    // give none (a reset re-baselines with a warning).
    QList<FioInterval> add(const FioReport &report);
    QStringList takeWarnings();
    std::optional<FioSummary> summary() const;   // from the last report added
    int reportCount() const { return m_reports; }
    void reset();

private:
    struct Base {
        bool valid = false;
        FioDirStats stats;
    };
    std::optional<FioInterval> diff(FioDir d, const FioDirStats &cur, const FioReport &rep, Base &base);
    void warn(const QString &w);

    std::array<Base, kFioDirCount> m_base;
    std::optional<FioReport> m_last;
    QStringList m_warnings;
    int m_reports = 0;
};

} // namespace cm
