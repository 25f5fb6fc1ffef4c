// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the Compare tab shows, loaded and prepared on a worker thread (compareloader.h):
// the core's comparison of the runs (pairing, Welch's t-test, differences) plus, per
// compared test, the time series of every run on the test's own time axis (seconds
// since that repetition started) decimated for display, and the latency percentile
// curves of the step summaries. Plain values: the UI thread only draws them.
#include "model/error.h"
#include "report/runcompare.h"

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

namespace cm::ui {

// One line of the time-series overlay: one run, one repetition, one target (or the
// total over the test's targets: target empty), one metric. x = seconds since the
// repetition started, y = base unit.
struct OverlayLine {
    int run = 0; // index into RunCompare::runs
    int iteration = 0;
    QString target; // empty: total (sum of rates, mean of latencies / percents)
    QString metric;
    QList<QPointF> points; // decimated (min/max per column)
};

// Latency percentile curve of one run and direction: x = percentile (50 … 99.99),
// y = ns, the mean over the run's repetitions of that percentile.
struct PercentileCurve {
    int run = 0;
    QString direction; // "read" / "write"
    QList<QPointF> points;
    int repetitions = 0;
};

// With more targets than this in a test, the overlay shows each run's total.
inline constexpr int kTotalsAbove = 4;

struct CompareTestData {
    QStringList metrics; // metrics with data, in display order
    QList<OverlayLine> lines;
    QList<PercentileCurve> percentiles;
    int targetCount = 0; // most targets any run has for this test
};

struct CompareData {
    QList<RunId> ids;
    RunCompare compare;
    // compare.differences in the reader's language (the exports keep English); the first
    // parameterDifferences of them are plan or test parameters.
    QStringList differences;
    int parameterDifferences = 0;
    QList<CompareTestData> tests; // per compare.rows
    Error error;
    double loadMs = 0; // worker time, for the status line and benchmarks
};

} // namespace cm::ui
