// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Sessions tab: the session library. A search line and filters over a tree of
// sessions → runs; on the right the selected session (name, tags, note: edited in
// place) or run (figures, environment, commands; Run again…, Move to session…,
// Delete run…). Deletions ask first and say what goes.
//
// Threading: every store read and write runs on a worker (QtConcurrent) with its own
// SessionStore connection; the UI thread only fills the model and opens dialogs with
// open() (never exec()).
#include "results/resultsloader.h"
#include "sessions/libraryloader.h"

#include <QFutureWatcher>
#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;
class QStackedWidget;
class QTreeView;

namespace cm::ui {

class RunDetailPane;
class SessionFilterBar;
class SessionPane;
class SessionsModel;

class SessionsView : public QWidget {
    Q_OBJECT
public:
    explicit SessionsView(const QString &storePath, QWidget *parent = nullptr);
    ~SessionsView() override;

    void reload(); // async; reloaded() follows
    bool isLoading() const { return m_loadWatcher.isRunning(); }
    int pendingWrites() const { return m_writes; }

    SessionFilterBar *filterBar() const { return m_filter; }
    QTreeView *tree() const { return m_tree; }
    SessionsModel *model() const { return m_model; }
    RunDetailPane *runPane() const { return m_runPane; }
    SessionPane *sessionPane() const { return m_sessionPane; }
    QWidget *currentPane() const;
    QStringList sessionNames() const;
    QString recentSessionName() const; // where the newest run went
    QString statusText() const; // what the list shows ("2 of 3 runs match …")
    QString messageText() const; // the outcome of the last change or question

    void selectRun(RunId id); // once loaded (remembered until then)
    void selectSession(qint64 id);
    RunId currentRunId() const;
    qint64 currentSessionId() const; // also when a run of it is selected

    // Store changes; each ends in operationFinished() and a reload.
    void saveSession(qint64 id, const QString &name, const QStringList &tags, const QString &note);
    void createSession(const QString &name);
    void moveRun(RunId id, const QString &sessionName);
    void renameRun(RunId id, const QString &name);
    void deleteRun(RunId id); // no questions: confirmDeleteRun() asks first
    void deleteSession(qint64 id);

    // Dialogs (opened with open(); their results act).
    void confirmDeleteRun(RunId id);
    void confirmDeleteSession(qint64 id);
    void chooseSessionForRun(RunId id);
    void askRunName(RunId id); // then renameRun()
    // The run's plan, shown before it runs again; asExperiment: as an experiment's workload.
    void runAgain(RunId id, bool asExperiment = false);
    void newSession();

Q_SIGNALS:
    void reloaded(int sessionCount, int runCount);
    void detailShown(cm::RunId id);
    void operationFinished(const cm::Error &error);
    void libraryChanged(); // something was written (other views may reload)
    void runAgainRequested(const cm::Plan &plan, bool editInWizard);
    // "Run again…" → "Experiment…": the run's plan as an experiment's workload.
    void experimentRequested(const cm::Plan &plan);

private:
    void onCurrentChanged();
    void confirmDelete(qint64 sessionId, RunId runId);
    void showRun(RunId id);
    void write(std::function<Error(SessionStore &)> job, const QString &doneText);
    void setMessage(const QString &text, bool error = false);
    void contextMenu(const QPoint &pos);
    void restoreSelection();

    QString m_storePath;
    SessionFilterBar *m_filter = nullptr;
    SessionsModel *m_model = nullptr;
    QTreeView *m_tree = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_message = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_placeholder = nullptr;
    SessionPane *m_sessionPane = nullptr;
    QWidget *m_runPage = nullptr;
    RunDetailPane *m_runPane = nullptr;
    QPushButton *m_runAgain = nullptr;
    QPushButton *m_move = nullptr;
    QPushButton *m_rename = nullptr;
    QPushButton *m_deleteRun = nullptr;
    QFutureWatcher<LibraryData> m_loadWatcher;
    QFutureWatcher<RunDetail> m_detailWatcher;
    bool m_reloadAgain = false;
    bool m_refreshPane = false; // after a write: show the session as stored, not the edits
    int m_writes = 0;
    RunId m_wantRun = 0;
    qint64 m_wantSession = 0;
    QString m_wantSessionName;
    RunId m_shownRun = 0;
    QString m_messageText;
};

} // namespace cm::ui
