// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the chart export dialog and the forum-post composer work from: one saved run,
// or a comparison of two or more (bars per test with % change and significance),
// loaded on a worker thread (own SessionStore), kept unredacted; the dialogs redact
// copies on demand, so toggling redaction needs no reload.
#include "render/chartrender.h"
#include "render/chartsource.h"
#include "report/runcompare.h"
#include "report/texttable.h"

#include <QImage>

namespace cm::ui {

// Which picture of a single run: over time, its scaling series, or its nodes × resources strip.
enum class ChartView { Time, Scaling, Strip };

// A chart ready to render on any thread: a run's time chart, a comparison's bars or a
// run's strip.
struct ExportChart {
    render::TimeChart time;
    render::BarChart bars;
    render::StripChart strip;
    bool isBars = false;
    bool isStrip = false;
    QImage image(const render::RenderOptions &o) const;
    QByteArray svg(const render::RenderOptions &o) const;
};

struct ExportSource {
    render::RunChartData data; // unredacted; a single run
    render::BarChart scaling; // a single run's scaling series (no groups: it has none)
    render::StripChart strip; // a single run's strip (no rows: it watched nothing)
    // A comparison (two or more runs): the bars, the figures and every run's records.
    QList<RunId> compareIds;
    render::BarChart bars;
    RunCompare compare;
    QList<RunRecords> compareRecords;
    Error error;

    bool isCompare() const { return !compareIds.isEmpty(); }
    bool isValid() const { return !error && (isCompare() ? !compare.rows.isEmpty() : data.records.run.id > 0); }
    render::TimeChart chart(bool redact) const;
    render::BarChart barChart(bool redact) const;
    // The run's time chart, its scaling series or strip (when it has one) or the
    // comparison's bars.
    ExportChart exportChart(bool redact, ChartView view = ChartView::Time) const;
    bool hasScaling() const { return !isCompare() && !scaling.groups.isEmpty(); }
    bool hasStrip() const { return !isCompare() && !strip.strip.isEmpty(); }
    QString title() const; // the run's name, or the comparison's title
    QImage image(const render::RenderOptions &o, bool redact) const;
    QByteArray svg(const render::RenderOptions &o, bool redact) const;
    // The run's table in BBCode or Markdown (runExport).
    QString table(ExportFormat format, bool redact) const;
    // One line per test with its headline figures (mean over repetitions): the
    // composer's starting summary.
    QString summaryText() const;
    // Host names, IP and MAC addresses of the run replaced (a new Redactor each call).
    QString redactText(const QString &text) const;
    QString baseFileName() const; // "clustermark-run-12", "clustermark-compare-3-7"
};

// Blocking: call from a worker (QtConcurrent::run). Two or more ids: a comparison,
// the first (oldest) the baseline.
ExportSource loadExportSource(const QString &storePath, RunId id);
ExportSource loadExportSource(const QString &storePath, const QList<RunId> &ids);
// "run 12" or "runs 3 vs 7" for window titles; "clustermark-run-12" or
// "clustermark-compare-3-7" for file names.
QString exportSubject(const QList<RunId> &ids);
QString exportBaseName(const QList<RunId> &ids);

} // namespace cm::ui
