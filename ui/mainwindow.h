// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main window only wires separate widgets: the cluster panel (left), the Live and
// Results tabs (centre), a toolbar and a status bar. Runs go to the RunEngine it is
// given; nodes are reached through a NodeConnector, always on worker threads.
#include "cephconnection.h"
#include "engine/runengine.h"
#include "nodeconnector.h"
#include "io/appsettings.h"

#include <QMainWindow>

#include <functional>

class QAction;
class QLabel;
class QTabWidget;
class QToolBar;

namespace cm {
class SecretStore;
}

namespace cm::ui {

class CephSession;
class ClusterPanel;
class CompareView;
class ExperimentController;
class LiveDashboard;
class ResultsView;
class SessionsView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(RunEngine *engine, const QString &storePath, NodeConnector connector = defaultNodeConnector(),
        QWidget *parent = nullptr);
    ~MainWindow() override;

    // Hands a plan to the engine (the wizard's Run, "Run again", --demo).
    void startPlan(const Plan &plan);
    void showLive();
    void showResults();
    void showRun(qint64 runId); // the Results tab with that run selected
    // Live's and Results' own views: the charts (and the run's figures), or the nodes ×
    // resources strip.
    enum class View { Charts, Strip };
    void showView(View v);
    // wholePlan: "Run again" with the saved plan as it was (else kind, nodes, target only).
    void openWizard(const Plan &prefill = {}, bool wholePlan = false);
    // over: the window it opens above (a wizard's "Add node…"); added: told the node.
    void openAddNode(
        const NodeSpec &prefill = {}, QWidget *over = nullptr, std::function<void(const NodeSpec &)> added = {});
    void openCephConnect();
    void openLeftovers(); // "Clean leftovers…" on the connected Ceph cluster
    // Connects the Ceph cluster (probed on a worker); `remember` keeps its paths in
    // the settings for the next start.
    void connectCeph(const CephConnection &c, bool remember = true);

    ClusterPanel *clusterPanel() const { return m_cluster; }
    LiveDashboard *liveDashboard() const { return m_live; }
    ResultsView *resultsView() const { return m_results; }
    SessionsView *sessionsView() const { return m_sessions; }
    CompareView *compareView() const { return m_compare; }
    ExperimentController *experiments() const { return m_experiments; }
    // "Experiment…": the plan of the run selected in Results (else the last run), or a
    // plan file, as an experiment's workload.
    void openExperiment();
    CephSession *cephSession() const { return m_ceph; }
    QString cephStatusText() const;
    RunId currentRun() const { return m_currentRun; }

protected:
    void closeEvent(QCloseEvent *e) override;

private:
    void buildActions();
    void addThemeMenu(QToolBar *tb);
    void probeNode(const NodeSpec &node);
    void addNode(const NodeSpec &node, const Credentials &credentials);
    void updateStatus();
    void onRunStarted(RunId id, const Plan &plan, SampleBufferPtr buffer, double estimatedSeconds);
    void onRunFinished(RunId id, RunStatus status, const Error &error);
    void showMessage(const QString &title, const QString &text);
    void wireCeph();

    RunEngine *m_engine;
    QString m_storePath;
    NodeConnector m_connector;
    AppSettings m_settings;
    SecretStore *m_secrets = nullptr;
    ClusterPanel *m_cluster = nullptr;
    QTabWidget *m_tabs = nullptr;
    LiveDashboard *m_live = nullptr;
    ResultsView *m_results = nullptr;
    SessionsView *m_sessions = nullptr;
    CompareView *m_compare = nullptr;
    QAction *m_addNode = nullptr;
    QAction *m_newPlan = nullptr;
    QAction *m_runAgain = nullptr;
    QAction *m_stop = nullptr;
    QAction *m_experiment = nullptr;
    ExperimentController *m_experiments = nullptr;
    QAction *m_connectCeph = nullptr;
    CephSession *m_ceph = nullptr;
    QLabel *m_cephStatus = nullptr;
    QLabel *m_connections = nullptr;
    QLabel *m_work = nullptr;
    QMap<QString, Credentials> m_credentials; // in memory only
    Plan m_lastPlan;
    RunId m_currentRun = 0;
    RunId m_lastRun = 0; // the last run this window started
    bool m_starting = false;
    int m_probing = 0;
    QString m_stepText;
};

} // namespace cm::ui
