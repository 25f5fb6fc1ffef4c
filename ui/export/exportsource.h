#pragma once
// What the chart export dialog and the forum-post composer work from: one saved run,
// loaded on a worker thread (own SessionStore), kept unredacted; the dialogs redact
// copies on demand, so toggling redaction needs no reload.
#include "render/chartrender.h"
#include "render/chartsource.h"
#include "store/texttable.h"

#include <QImage>

namespace cm::ui {

struct ExportSource {
    render::RunChartData data;    // unredacted
    Error error;

    bool isValid() const { return !error && data.records.run.id > 0; }
    render::TimeChart chart(bool redact) const;
    QImage image(const render::RenderOptions &o, bool redact) const;
    QByteArray svg(const render::RenderOptions &o, bool redact) const;
    // The run's table in BBCode or Markdown (runExport).
    QString table(ExportFormat format, bool redact) const;
    // One line per test with its headline figures (mean over repetitions): the
    // composer's starting summary.
    QString summaryText() const;
    // Host names, IP and MAC addresses of the run replaced (a new Redactor each call).
    QString redactText(const QString &text) const;
    QString baseFileName() const;   // "clustermark-run-12"
};

// Blocking: call from a worker (QtConcurrent::run).
ExportSource loadExportSource(const QString &storePath, RunId id);

} // namespace cm::ui
