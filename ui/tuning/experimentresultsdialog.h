// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What an experiment found (docs/ARCHITECTURE.md §12): the chart of every counted run
// in the order they ran (baseline and variants side by side) above the verdict table
// (change, 95 % interval, noise floor, verdict per figure), and its exports: the chart
// as PNG or SVG, the table as Markdown or BBCode for a forum post. Loaded on a worker
// thread with its own database connection.
#include "render/chartmodel.h"
#include "report/experimentreport.h"

#include <QDialog>
#include <QFutureWatcher>

class QLabel;
class QPushButton;
class QTableWidget;

namespace cm::ui {

class ImagePreview;

class ExperimentResultsDialog : public QDialog {
    Q_OBJECT
public:
    ExperimentResultsDialog(const QString &storePath, const QString &experimentId, QWidget *parent = nullptr);
    ~ExperimentResultsDialog() override;

    bool isLoaded() const { return m_loaded; }
    QTableWidget *verdicts() const { return m_table; }
    // The table for a forum post (English, as every text export).
    QString markdown() const;
    QString bbcode() const;
    Error saveChart(const QString &path) const; // .svg as SVG, else PNG

Q_SIGNALS:
    void loaded();

private:
    struct Loaded {
        ExperimentResult result;
        render::BarChart chart;
        Error error;
    };
    void onLoaded();
    void showChart();
    void saveChartAs();
    void resizeEvent(QResizeEvent *e) override;

    QFutureWatcher<Loaded> m_watcher;
    Loaded m_data;
    bool m_loaded = false;
    QLabel *m_title = nullptr;
    ImagePreview *m_chart = nullptr;
    QTableWidget *m_table = nullptr;
    QList<QPushButton *> m_exports;
};

} // namespace cm::ui
