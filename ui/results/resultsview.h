// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Results tab: the table of saved runs over a detail pane. Everything is read on
// a worker thread; the UI thread only fills the model. Several runs can be selected
// (Ctrl/Shift-click) and compared: compareRequested() carries them oldest first.
#include "results/resultsloader.h"

#include <QFutureWatcher>
#include <QWidget>

class QPushButton;
class QTableView;

namespace cm::ui {

class ChartExportDialog;
class ForumComposerDialog;
class ResultsModel;
class RunDetailPane;

class ResultsView : public QWidget {
    Q_OBJECT
public:
    explicit ResultsView(const QString &storePath, QWidget *parent = nullptr);

    void reload(); // re-reads the runs (async); reloaded() follows
    void selectRun(RunId id); // once loaded (remembered until then)
    ResultsModel *model() const { return m_model; }
    RunDetailPane *detailPane() const { return m_detail; }
    bool isLoading() const { return m_rowsWatcher.isRunning(); }
    RunId currentRun() const;
    // Open (non-modal, deleted on close) for the current run; nullptr without one.
    ChartExportDialog *exportChart();
    ForumComposerDialog *composeForumPost();
    QList<RunId> selectedRuns() const; // oldest (lowest id) first
    void setSelectedRuns(const QList<RunId> &ids);
    QPushButton *compareButton() const { return m_compareButton; }
    QTableView *table() const { return m_table; }

Q_SIGNALS:
    void reloaded(int runCount);
    void detailShown(cm::RunId id);
    void compareRequested(const QList<cm::RunId> &ids); // two or more runs, oldest first

private:
    void showRun(RunId id);

    QString m_storePath;
    ResultsModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QPushButton *m_exportChart = nullptr;
    QPushButton *m_forumPost = nullptr;
    QPushButton *m_compareButton = nullptr;
    RunDetailPane *m_detail = nullptr;
    QFutureWatcher<QList<ResultRow>> m_rowsWatcher;
    QFutureWatcher<RunDetail> m_detailWatcher;
    RunId m_wanted = 0;
    bool m_reloadAgain = false;
};

} // namespace cm::ui
