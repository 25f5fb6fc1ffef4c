// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Turns fio's cumulative status reports (--status-interval=1) into per-interval
// figures. FioStreamReader (fiostreamreader.h) wires it to the splitter and parser;
// used alone:
//
//   FioIntervalTracker tracker;
//   for each parsed FioReport rep:  for (const FioInterval &iv : tracker.add(rep)) ...
//   final figures and histogram:    tracker.summary()
//
// Intervals are on fio's own clock: the growth of each direction's runtime (the most
// any job advanced), so bytes and ios deltas divide by the time fio spent on them.
// By default all jobs are summed (one interval per direction); FioIntervalScope::PerJob
// gives one per job and direction instead (e.g. a job file of stonewalled tests). Latency
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

enum class FioIntervalScope { AllJobs, PerJob };

struct FioInterval {
    FioDir dir = FioDir::Read;
    int job = -1; // PerJob: index in FioReport::jobs; AllJobs: -1
    QString jobName; // PerJob only
    double startSec = 0; // fio runtime clock of this direction, seconds
    double endSec = 0;
    double durationSec = 0;
    qint64 timestampMs = 0; // when fio printed the closing report
    quint64 ioBytes = 0; // deltas over the interval
    quint64 ios = 0;
    double bwBytesPerSec = 0;
    double iops = 0;
    double latMeanNs = 0; // 0 when the interval had no I/O
    quint64 latSamples = 0; // latency samples behind latMeanNs (weights for merging)
    double latP50Ns = 0;
    double latP99Ns = 0;
    double latP999Ns = 0;
    double stepLatP50Ns = 0; // of all I/Os so far (fio's cumulative bins; json+ only)
    double stepLatP99Ns = 0;
    bool latencyFromBins = false; // false: fio's cumulative percentiles (plain json)
    LatencyBins bins; // this interval's own bins (json+ only)

    // read.bw, read.iops, read.lat.p50/p99/p99.9/mean (or write.*), and the step-so-far
    // p50/p99 (metric::stepSoFar) at time t.
    // Trim has no metrics: empty. Latencies only when the interval had I/O.
    SampleList toSamples(int step, const QString &target, double t) const;
};

struct FioSummary {
    FioReport last; // the last document
    std::array<FioDirStats, kFioDirCount> total; // its aggregate per direction
    std::array<LatencyHistogram, kFioDirCount> histogram; // full run (json+ bins), else empty

    const FioDirStats &dir(FioDir d) const { return total[size_t(d)]; }
};

class FioIntervalTracker {
public:
    explicit FioIntervalTracker(FioIntervalScope scope = FioIntervalScope::AllJobs)
        : m_scope(scope)
    { }

    // Feeds the next cumulative report; returns one interval per direction (per job
    // with PerJob) whose runtime advanced since the previous report (the first one
    // counts from fio's start). Directions that never ran, zero-length intervals and
    // counter resets give none; a reset or a changed job list re-baselines with a
    // warning.
    QList<FioInterval> add(const FioReport &report);
    QStringList takeWarnings();
    std::optional<FioSummary> summary() const; // from the last report added
    int reportCount() const { return m_reports; }
    void reset(); // keeps the scope

private:
    struct Base {
        FioDirStats stats; // zero before the first report
        double clockSec = 0; // end of the last interval
    };
    using Bases = std::array<Base, kFioDirCount>;
    enum class Step { Interval, Skipped, Rebased };
    Step diff(FioDir d, const FioDirStats &cur, quint64 dRuntimeMs, const FioReport &rep, Base &base, FioInterval *out);
    void warn(const QString &w);

    FioIntervalScope m_scope;
    Bases m_all;
    QList<Bases> m_jobs;
    QStringList m_jobIds;
    std::optional<FioReport> m_last;
    QStringList m_warnings;
    int m_reports = 0;
};

} // namespace cm
