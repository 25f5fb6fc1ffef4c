// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads saved runs for the Results tab. Runs on a worker thread (QtConcurrent) with
// its own SessionStore connection; returns plain values. Steps come without their raw
// output (only its size): SessionStore::stepRawOutput() reads it when it is wanted.
#include "model/error.h"
#include "report/usagestrip.h"
#include "store/sessionstore.h"

#include <QJsonObject>
#include <QList>

namespace cm::ui {

struct ResultRow {
    RunInfo run;
    QList<StepRecord> steps;
};

struct RunDetail {
    RunInfo run;
    Plan plan;
    QList<StepRecord> steps;
    QJsonObject environment;
    UsageStrip strip; // every watched node's resources and each OSD over the run
    SampleList samples; // every series, in time order, for the run's charts
    Error error;
};

// Every point of a run's series as samples in time order (a gap, NaN, is left out).
SampleList samplesInTimeOrder(const QList<SeriesData> &series);

QList<ResultRow> loadResultRows(const QString &storePath, Error *error);
RunDetail loadRunDetail(const QString &storePath, RunId id);

// Key figures of a run: best read/write bandwidth and IOPS over its steps, a network's
// range, CephFS creates, a per-OSD run's latency range and slowest OSD.
QString keyFigures(const QList<StepRecord> &steps);
// summary["read"|"write"] when that direction moved data, else empty.
QJsonObject summaryDirection(const QJsonObject &summary, const QString &dir);

} // namespace cm::ui
