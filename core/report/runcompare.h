// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Comparison of two or more saved runs (docs/ARCHITECTURE.md §7 "Compare"): steps are paired by
// test id + node (+ target when a node has several targets for one test); the
// headline figures of each pair (read/write MB/s and IOPS, latency p50/p99, from the
// step summaries as runMarkdown reads them) are compared run by run against the
// first run (the baseline) with Welch's t-test over the repetitions (the iterations
// of a step). Parameter and environment differences are listed as readable lines.
#include "model/error.h"
#include "model/metric.h"
#include "model/plan.h"
#include "report/stepcaveats.h"
#include "stats/comparestats.h"
#include "store/sessionstore.h"

#include <QJsonObject>

namespace cm {

// Everything the store holds about one run that a comparison or export reads.
struct RunRecords {
    RunInfo run;
    Plan plan;
    QJsonObject environment; // the run's (client) environment
    QList<StepRecord> steps; // without raw output
};

// Loads one run from the store (raw tool output dropped).
Error loadRunRecords(SessionStore &store, RunId id, RunRecords *out);

struct CompareFigure {
    QString key; // "read.bw", "read.iops", "read.lat.p50", "write.lat.p99", …
    QString label; // "Read MB/s", "Read lat p50", …
    metric::Unit unit = metric::Unit::Other;
    bool higherIsBetter = true;
    QList<QList<double>> values; // per run (RunCompare::runs order), one per repetition
    QList<CompareStats> vsBaseline; // [i - 1]: runs[i] against runs[0]
};

struct CompareRow {
    QString testId;
    QString title;
    QString node;
    QString target; // set when it is part of the pairing key
    QList<int> repetitions; // per run: completed steps found (0 = absent)
    QList<CompareFigure> figures;
    QList<StepCaveat> caveats; // of its steps in any run
    // The title with the caveats' markers (tables, charts); CSV keeps title and lists ids.
    QString displayTitle() const { return StepCaveats::markedTitle(title, caveats); }
};

// A run, or a repetition of a test in it, that did not complete: it is left out.
struct CompareWarning {
    RunId run = 0;
    RunStatus runStatus = RunStatus::Completed; // the run's, when test is empty
    QString test; // the test's title; empty: the run itself
    int repetition = 0; // 1-based
    QString node;
    QString stepStatus; // "failed", "cancelled"; empty when none was saved
    // English: "run 12 is interrupted", "SEQ1M Q8T1 #2 on pve1 failed in run 13".
    QString text() const;
};

struct RunCompare {
    QList<RunInfo> runs; // runs[0] is the baseline
    QList<CompareRow> rows;
    QStringList differences; // "block size: 1M → 4k (all tests)", "pve1: kernel: … → …"
    bool parametersDiffer = false; // plan or test parameters differ: not like for like
    QList<CompareWarning> warnings;
    QStringList hostNames; // every host/node name of the runs, for Redactor (not in toJson)

    QJsonObject toJson() const; // {"format": "clustermark-compare", …}
};

// Pure: the comparison of already loaded runs (at least two).
RunCompare compareRunRecords(const QList<RunRecords> &runs);
// Loads the runs (at least two, distinct) and compares them.
Error compareRuns(SessionStore &store, const QList<RunId> &ids, RunCompare *out);

} // namespace cm
