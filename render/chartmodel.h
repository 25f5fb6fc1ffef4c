// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What an exported chart shows, as plain values: built from the store's records
// (runchart.h, comparechart.h), redacted as a whole, then painted (chartpainter.h).
#include "render/niceticks.h"
#include "report/usagestrip.h"

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

namespace cm {
class Redactor;
}

namespace cm::render {

// The text under every chart: what was measured, how, on what, by which version.
struct ChartFooter {
    QString test; // "Quick disk (local) · disk-fio · 2026-11-30 01:40 UTC · completed"
    QString parameters; // "direct=1, ioengine=libaio, size=16M; bs 1M / 4k, iodepth 8 / 32"
    QString cluster; // "1 node: node1 · kernel 6.1.0-27-amd64 · fio-3.33 · write cache: write back"
    QStringList extra; // comparisons: what differs between the runs
    QString appVersion; // "ClusterMark 0.1.0"

    QStringList lines() const; // the non-empty lines, version last
};

struct LegendEntry {
    QString label;
    int color = 0; // index into the theme's palette
};

struct ChartLine {
    int legend = 0; // index into TimeChart::legend
    bool dashed = false;
    QList<QList<QPointF>> segments; // (t seconds, value in base unit); a gap splits segments
};

struct ChartPanel {
    QString title; // "Throughput", "IOPS", "Completion latency"
    Quantity quantity = Quantity::Plain;
    QList<ChartLine> lines;
    QString note; // after the title: "solid p50, dashed p99"
    // Latency spans orders of magnitude (µs at QD1, ms at QD32): a log axis when the
    // largest value is over this many times the smallest positive one (0 = never).
    double logAbove = 0;
    // An ops/s panel's unit in the run's kind's words ("requests/s"); empty: IOPS.
    QString opsUnit;
};

// A run's time series: panels stacked over one time axis, one legend for all.
struct TimeChart {
    QString title;
    QString subtitle;
    QList<LegendEntry> legend;
    QList<ChartPanel> panels;
    double tMax = 0; // seconds
    ChartFooter footer;
};

// One group of bars: one figure of one test, one bar per run.
struct BarGroup {
    QString label; // "SEQ1M Q8T1 Read · node1"
    QString figure; // "Read MB/s"
    Quantity quantity = Quantity::Plain;
    bool higherIsBetter = true;
    QList<double> values; // per run (mean over repetitions); NaN when absent
    QList<double> changePct; // per run, against run 0 (NaN for run 0 / unknown)
    QList<bool> significant; // per run
};

struct BarChart {
    QString title;
    QList<LegendEntry> runs; // one per run, run 0 the baseline
    // The legend when bars share colours (an experiment's repetitions: one colour per
    // variant); empty: `runs`.
    QList<LegendEntry> key;
    QList<BarGroup> groups;
    QString note; // "* significant (Welch p < 0.05)"
    ChartFooter footer;
};

// A run's nodes × resources strip (report/usagestrip.h) as an exported chart.
struct StripChart {
    QString title;
    QString subtitle;
    QStringList limits; // what limited each step (report/bottleneck.h)
    UsageStrip strip;
    ChartFooter footer;
};

// Every text of the chart through the redactor (host names, IP and MAC addresses).
void redactChart(TimeChart &c, Redactor &r);
void redactChart(BarChart &c, Redactor &r);
void redactChart(StripChart &c, Redactor &r); // node names and OSD places too

} // namespace cm::render
