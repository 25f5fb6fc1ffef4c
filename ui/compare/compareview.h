// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Compare tab: two or more saved runs side by side (docs/ARCHITECTURE.md §7). A banner when
// their parameters or environments differ; bars per test with absolute values, %
// change and the significance mark (Welch's t-test over the repetitions); the table
// of every figure; for the chosen test the time series overlaid on the test's own
// time axis and the latency percentile curves. Loading runs on a worker thread
// (compareloader.h); the UI thread only fills the widgets.
#include "compare/comparedata.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QWidget>

class QComboBox;
class QPushButton;
class QLabel;
class QSplitter;
class QTableView;
class QTabWidget;

namespace cm::ui {

class ChartExportDialog;
class ForumComposerDialog;

class CompareBanner;
class CompareBarChart;
class CompareModel;
class PercentileChart;
class SeriesOverlay;

class CompareView : public QWidget {
    Q_OBJECT
public:
    enum class Figure { Bandwidth, Iops, LatencyP50, LatencyP99 };

    explicit CompareView(const QString &storePath, QWidget *parent = nullptr);

    // Loads and shows the runs (the first is the baseline); compareShown or
    // compareFailed follows. A newer request replaces one still loading.
    void compare(const QList<RunId> &ids);
    bool isLoading() const { return m_watcher.isRunning(); }
    const CompareData &data() const { return m_data; }

    void setFigure(Figure f);
    Figure figure() const;
    void showTest(int row); // index into data().compare.rows
    int currentTest() const;
    void setMetric(const QString &metric); // of the current test's time series
    QString currentMetric() const;

    CompareBanner *banner() const { return m_banner; }
    CompareBarChart *barChart() const { return m_bars; }
    CompareModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    SeriesOverlay *overlay() const { return m_overlay; }
    PercentileChart *percentiles() const { return m_percentiles; }
    QLabel *header() const { return m_header; }
    QComboBox *metricBox() const { return m_metricBox; }
    QComboBox *testBox() const { return m_testBox; }
    QStringList runNames() const { return m_runNames; }
    QList<RunId> runIds() const; // the runs shown, baseline first

    // Open (non-modal, deleted on close) for the runs shown; nullptr without any.
    ChartExportDialog *exportChart();
    ForumComposerDialog *composeForumPost();

Q_SIGNALS:
    void compareShown(const QList<cm::RunId> &ids);
    void compareFailed(const QString &message);

private:
    void apply(const CompareData &d);
    void fillBars();
    void fillTest();
    void fillOverlay();

    QString m_storePath;
    QLabel *m_header = nullptr;
    CompareBanner *m_banner = nullptr;
    QComboBox *m_figureBox = nullptr;
    QComboBox *m_testBox = nullptr;
    QComboBox *m_metricBox = nullptr;
    QPushButton *m_exportChart = nullptr;
    QPushButton *m_forumPost = nullptr;
    QTabWidget *m_tabs = nullptr;
    QSplitter *m_split = nullptr;
    CompareBarChart *m_bars = nullptr;
    CompareModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    SeriesOverlay *m_overlay = nullptr;
    PercentileChart *m_percentiles = nullptr;
    QFutureWatcher<CompareData> m_watcher;
    QElapsedTimer m_requested;
    CompareData m_data;
    QStringList m_runNames;
    bool m_filling = false;
};

} // namespace cm::ui
