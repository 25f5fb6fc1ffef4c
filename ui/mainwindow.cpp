// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"
#include "errortext.h"

#include "live/usagestripview.h"
#include "results/rundetailpane.h"

#include "ceph/cephkeychain.h"
#include "util/labenv.h"

#include "addnodedialog.h"
#include "cephconnectdialog.h"
#include "cephsession.h"
#include "cephtree.h"
#include "clusterpanel.h"
#include "compare/compareview.h"
#include "leftoversdialog.h"
#include "live/livedashboard.h"
#include "results/resultsmodel.h"
#include "results/resultsview.h"
#include "resultdropimporter.h"
#include "secrets/secretstore.h"
#include "sessions/sessionsview.h"
#include "tuning/experimentcontroller.h"
#include "elidedtooltips.h"
#include "wheelguard.h"
#include "wizard/planwizard.h"

#include <QAction>
#include <QCloseEvent>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QLoggingCategory>
#include <QMessageBox>
#include <QPointer>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QtConcurrent>

Q_LOGGING_CATEGORY(lcMain, "clustermark.ui.main")

namespace cm::ui {

MainWindow::MainWindow(RunEngine *engine, const QString &storePath, NodeConnector connector, QWidget *parent)
    : QMainWindow(parent)
    , m_engine(engine)
    , m_storePath(storePath)
    , m_connector(std::move(connector))
{
    WheelGuard::install();
    ElidedToolTips::install();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("ClusterMark"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/clustermark.svg")));

    auto *split = new QSplitter(Qt::Horizontal, this);
    m_cluster = new ClusterPanel(split);
    m_tabs = new QTabWidget(split);
    m_live = new LiveDashboard(m_tabs);
    m_results = new ResultsView(storePath, m_tabs);
    m_tabs->addTab(m_live, tr("Live"));
    m_tabs->addTab(m_results, tr("Results"));
    m_sessions = new SessionsView(storePath, m_tabs);
    m_tabs->addTab(m_sessions, tr("Sessions"));
    m_compare = new CompareView(storePath, m_tabs);
    m_tabs->addTab(m_compare, tr("Compare"));
    connect(m_results, &ResultsView::compareRequested, this, [this](const QList<RunId> &ids) {
        m_compare->compare(ids);
        m_tabs->setCurrentWidget(m_compare);
    });
    split->addWidget(m_cluster);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({380, 900});
    setCentralWidget(split);

    m_secrets = new SecretStore(this);
    connect(m_secrets, &SecretStore::writeFinished, this, [this](const QString &, const Error &e) {
        if (e)
            statusBar()->showMessage(tr("The secret could not be saved in the keychain: %1").arg(e.message), 15000);
    });
    m_connections = new QLabel(this);
    m_work = new QLabel(this);
    m_cephStatus = new QLabel(this);
    m_cephStatus->setObjectName(QStringLiteral("cephStatus"));
    statusBar()->addWidget(m_work, 1);
    statusBar()->addPermanentWidget(m_cephStatus);
    statusBar()->addPermanentWidget(m_connections);
    buildActions();
    wireCeph();

    // Nodes: the local machine plus the saved ones.
    QList<NodeSpec> nodes {NodeSpec::parse(QStringLiteral("local"))};
    for (const NodeSpec &n : m_settings.nodes())
        if (!n.isLocal())
            nodes.append(n);
    m_cluster->setNodes(nodes);
    for (const NodeSpec &n : std::as_const(nodes))
        probeNode(n);

    connect(m_cluster, &ClusterPanel::benchmarkRequested, this, [this](const Plan &p) { openWizard(p); });
    connect(m_cluster, &ClusterPanel::refreshRequested, this, &MainWindow::probeNode);
    connect(m_cluster, &ClusterPanel::removeRequested, this, [this](const NodeSpec &n) {
        m_settings.removeNode(n);
        QList<NodeSpec> keep;
        for (const NodeSpec &k : m_cluster->nodes())
            if (k.secretKey() != n.secretKey())
                keep.append(k);
        m_cluster->setNodes(keep);
        for (const NodeSpec &k : std::as_const(keep))
            probeNode(k);
    });

    // Result files dropped on the window (fio, iperf3, iperf 2) become runs.
    auto *drop = new ResultDropImporter(this, storePath, this);
    connect(drop, &ResultDropImporter::importFinished, this, [this](RunId id, const QString &file) {
        statusBar()->showMessage(tr("Imported %1 as run %2").arg(QFileInfo(file).fileName()).arg(id), 10000);
        m_results->reload();
        m_results->selectRun(id);
        m_sessions->reload(); // the imported run is filed in a session too
        showResults();
    });
    connect(drop, &ResultDropImporter::importFailed, this, [this](const QString &file, const Error &e) {
        showMessage(tr("%1 was not imported").arg(QFileInfo(file).fileName()), e.message);
    });

    connect(m_engine, &RunEngine::runStarted, this, &MainWindow::onRunStarted);
    connect(m_engine, &RunEngine::stepStarted, this,
        [this](RunId id, int index, int total, const QString &title, int planStep) {
            if (id != m_currentRun)
                return;
            m_live->setStep(index, total, title, planStep);
            m_stepText = tr("step %1/%2: %3").arg(index + 1).arg(total).arg(title);
            updateStatus();
        });
    connect(m_engine, &RunEngine::stepFailed, this, [this](RunId id, int, const QString &node, const Error &e) {
        if (id == m_currentRun)
            statusBar()->showMessage(tr("%1: %2").arg(node, errorText(e)), 10000);
    });
    connect(m_engine, &RunEngine::runFinished, this, &MainWindow::onRunFinished);
    connect(m_engine, &RunEngine::startFailed, this, [this](const Error &e) {
        m_starting = false;
        updateStatus();
        showMessage(tr("The run could not start"), errorText(e));
    });
    connect(m_live, &LiveDashboard::cancelRequested, this, [this](RunId id) {
        if (id)
            m_engine->cancel(id);
    });

    if (!m_settings.windowGeometry().isEmpty())
        restoreGeometry(m_settings.windowGeometry());
    else
        resize(1280, 800);
    connect(m_sessions, &SessionsView::runAgainRequested, this, [this](const Plan &p, bool edit) {
        if (edit)
            openWizard(p, true);
        else
            startPlan(p);
    });
    connect(m_sessions, &SessionsView::libraryChanged, m_results, &ResultsView::reload);
    m_experiments = new ExperimentController(m_engine, storePath, m_live, this);
    connect(m_sessions, &SessionsView::experimentRequested, this,
        [this](const Plan &p) { m_experiments->open(p, m_credentials); });
    connect(m_experiments, &ExperimentController::runningChanged, this, [this](bool running) {
        if (running)
            showLive();
        updateStatus();
    });
    m_results->reload();
    m_sessions->reload();
    updateStatus();
}

MainWindow::~MainWindow() = default;

void MainWindow::openWizard(const Plan &prefill, bool wholePlan)
{
    auto *w = new PlanWizard(m_cluster->nodes(), this);
    w->setAttribute(Qt::WA_DeleteOnClose);
    w->setOfflineNodes(m_cluster->offlineNodes());
    connect(w, &PlanWizard::addNodeRequested, this, [this, w] {
        openAddNode({}, w, [w = QPointer<PlanWizard>(w)](const NodeSpec &n) {
            if (w)
                w->addKnownNode(n);
        });
    });
    w->setDefaultTargetDir(m_settings.lastTargetDir());
    w->setDefaultPreset(m_settings.lastPreset());
    if (m_ceph->isConnected()) {
        w->setCephConnection(m_ceph->connection().spec);
        QStringList fsNames;
        for (const CephFilesystem &fs : m_ceph->inventory().filesystems)
            fsNames << fs.name;
        w->setCephFilesystems(fsNames);
        w->setCephOsds(m_ceph->inventory().osds);
    }
    w->setSessionNames(m_sessions->sessionNames());
    w->setDefaultSession(m_lastPlan.session.isEmpty() ? m_sessions->recentSessionName() : m_lastPlan.session);
    if (wholePlan)
        w->setPlan(prefill);
    else if (!prefill.kind.isEmpty() || !prefill.nodes.isEmpty())
        w->prefill(prefill);
    connect(w, &PlanWizard::runRequested, this, [this](const Plan &p) {
        if (p.target.value(QStringLiteral("type")).toString() == QLatin1String("file"))
            m_settings.setLastTargetDir(p.target.value(QStringLiteral("dir")).toString());
        if (!p.preset.isEmpty())
            m_settings.setLastPreset(p.preset);
        startPlan(p);
    });
    w->open();
}

void MainWindow::openAddNode(const NodeSpec &prefill, QWidget *over, std::function<void(const NodeSpec &)> added)
{
    auto *d = new AddNodeDialog(m_connector, over ? over : this);
    d->setAttribute(Qt::WA_DeleteOnClose);
    if (!prefill.host.isEmpty())
        d->prefill(prefill);
    connect(d, &QDialog::accepted, this, [this, d, added] {
        addNode(d->node(), d->credentials());
        if (added)
            added(d->node());
    });
    d->open();
}

void MainWindow::wireCeph()
{
    m_ceph = new CephSession(this);
    connect(m_ceph, &CephSession::probeStarted, this, [this] {
        m_cluster->setCephConnecting(m_ceph->connection());
        updateStatus();
    });
    connect(m_ceph, &CephSession::inventoryAvailable, this, [this](const CephInventory &inv) {
        m_cluster->setCephInventory(m_ceph->connection(), inv);
        updateStatus();
    });
    connect(m_ceph, &CephSession::probeFailed, this, [this](const Error &e) {
        m_cluster->setCephError(m_ceph->connection(), e);
        updateStatus();
    });
    connect(m_ceph, &CephSession::connectionChanged, this, [this](const CephConnection &c) {
        if (!c.isValid())
            m_cluster->setCephDisconnected();
        updateStatus();
    });
    connect(m_cluster, &ClusterPanel::cephConnectRequested, this, &MainWindow::openCephConnect);
    connect(m_cluster, &ClusterPanel::cephRefreshRequested, m_ceph, &CephSession::refresh);
    connect(m_cluster, &ClusterPanel::cephCleanupRequested, this, &MainWindow::openLeftovers);
    connect(m_cluster, &ClusterPanel::cephDisconnectRequested, this, [this] {
        m_settings.clearCephConnection();
        m_ceph->disconnectCluster();
    });
    connect(m_cluster, &ClusterPanel::addNodeRequested, this, [this](const NodeSpec &n) { openAddNode(n); });

    // The cluster remembered from the last session (paths only; nothing secret).
    CephConnection saved;
    saved.spec = m_settings.cephConnection();
    saved.labDir = m_settings.cephLabDir();
    if (saved.isValid())
        QTimer::singleShot(0, this, [this, saved] { connectCeph(saved, false); });
}

void MainWindow::openLeftovers()
{
    if (!m_ceph->isConnected())
        return;
    if (m_currentRun) { // a running benchmark's own objects would look like leftovers
        statusBar()->showMessage(tr("Clean leftovers only when no benchmark is running."), 8000);
        return;
    }
    // A lab's own S3 gateway is cleaned with it (its secret read from the lab's lab.env).
    QList<S3CleanupTarget> s3;
    if (m_ceph->connection().isLab()) {
        const QMap<QString, QString> lab = readLabEnv(m_ceph->connection().labDir);
        if (!lab.value(QStringLiteral("RGW_ENDPOINT")).isEmpty())
            s3 << S3CleanupTarget {lab.value(QStringLiteral("RGW_ENDPOINT")),
                lab.value(QStringLiteral("S3_ACCESS_KEY")), QStringLiteral("lab:") + m_ceph->connection().labDir};
    }
    auto *d = new LeftoversDialog(m_ceph->connection().spec, this, s3);
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->open();
}

void MainWindow::openCephConnect()
{
    auto *d = new CephConnectDialog(m_ceph->connection(), this);
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->setNodes(m_cluster->nodes());
    connect(d, &QDialog::accepted, this, [this, d] {
        const CephConnection c = d->connection();
        if (d->rememberKey()) {
            // The keychain call blocks: a worker thread. Failure only costs a re-fetch later.
            (void)QtConcurrent::run([fsid = c.spec.fsid, client = c.spec.clientName, key = c.spec.key] {
                if (const Error e = CephKeychain::save(fsid, client, key))
                    qWarning("Ceph key not kept in the keychain: %s", qPrintable(e.toString()));
            });
        }
        connectCeph(c);
    });
    d->open();
}

void MainWindow::connectCeph(const CephConnection &c, bool remember)
{
    if (remember && c.isValid())
        m_settings.setCephConnection(c.spec, c.labDir);
    m_ceph->setConnection(c);
}

QString MainWindow::cephStatusText() const
{
    return m_cephStatus->text();
}

void MainWindow::addNode(const NodeSpec &node, const Credentials &credentials)
{
    if (node.host.isEmpty())
        return;
    if (!credentials.isEmpty())
        m_credentials.insert(node.secretKey(), credentials); // this session, in memory
    if (node.rememberSecret) {
        // The keychain only; never QSettings. Async: the result comes as a signal.
        if (!credentials.password.isEmpty())
            m_secrets->write(SecretStore::keyFor(node, SecretKind::Password), credentials.password);
        if (!credentials.keyPassphrase.isEmpty())
            m_secrets->write(SecretStore::keyFor(node, SecretKind::KeyPassphrase), credentials.keyPassphrase);
    }
    m_settings.saveNode(node);
    m_cluster->addNode(node);
    probeNode(node);
}

void MainWindow::probeNode(const NodeSpec &node)
{
    if (!m_connector.probe)
        return;
    m_cluster->setNodeState(node, ClusterPanel::NodeState::Connecting, tr("connecting…"));
    ++m_probing;
    updateStatus();
    auto *watcher = new QFutureWatcher<NodeProbeResult>(this);
    connect(watcher, &QFutureWatcher<NodeProbeResult>::finished, this, [this, watcher, node] {
        const NodeProbeResult r = watcher->result();
        // Secrets remembered in the keychain reach the engine through this map.
        if (!r.credentials.isEmpty())
            m_credentials.insert(node.secretKey(), r.credentials);
        m_cluster->setNodeInventory(node, r);
        --m_probing;
        updateStatus();
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(
        [fn = m_connector.probe, node, c = m_credentials.value(node.secretKey())] { return fn(node, c); }));
}

void MainWindow::startPlan(const Plan &plan)
{
    if (m_currentRun || m_starting) {
        showMessage(tr("A run is in progress"), tr("Stop the current run before starting another one."));
        return;
    }
    m_lastPlan = plan;
    m_starting = true;
    m_stepText.clear();
    // Every node the app knows is watched while the run goes, not only the plan's:
    // a server's NIC or disk may be what limits the clients.
    Plan watched = plan;
    for (const NodeSpec &n : m_cluster->nodes())
        if (!n.isLocal())
            watched.watch << n;
    m_engine->start(watched, m_credentials);
    updateStatus();
}

void MainWindow::onRunStarted(RunId id, const Plan &plan, SampleBufferPtr buffer, double estimatedSeconds)
{
    m_starting = false;
    m_currentRun = id;
    m_lastRun = id;
    m_live->startRun(id, plan, std::move(buffer), estimatedSeconds);
    m_sessions->reload(); // the new run shows as running in its session
    showLive();
    updateStatus();
}

void MainWindow::onRunFinished(RunId id, RunStatus status, const Error &error)
{
    if (id != m_currentRun)
        return;
    m_live->finishRun(status, errorText(error));
    m_currentRun = 0;
    m_stepText.clear();
    m_results->reload();
    m_results->selectRun(id);
    m_sessions->reload();
    updateStatus();
    statusBar()->showMessage(
        tr("Run %1 %2; saved under Results.").arg(id).arg(ResultsModel::statusText(status)), 15000);
}

void MainWindow::updateStatus()
{
    const int total = int(m_cluster->nodes().size());
    m_connections->setText(tr("%1 of %n node(s) online", nullptr, total).arg(m_cluster->onlineCount()));
    QStringList work;
    if (m_starting)
        work << tr("Starting the run…");
    if (m_currentRun)
        work << (m_stepText.isEmpty() ? tr("Running") : tr("Running %1").arg(m_stepText));
    if (m_probing > 0)
        work << tr("Reading the inventory of %n node(s)…", nullptr, m_probing);
    if (m_ceph->isProbing())
        work << tr("Reading the Ceph cluster…");
    const CephConnection ceph = m_ceph->connection();
    QString cephText;
    if (ceph.isValid()) {
        const QString state = m_ceph->isConnected() ? m_ceph->inventory().healthStatus
            : m_ceph->lastError()                   ? tr("unreachable")
                                                    : tr("connecting…");
        cephText = ceph.isLab() ? tr("%1 · %2").arg(CephConnection::labText(), state) : tr("Ceph: %1").arg(state);
        const QColor c = m_ceph->isConnected() ? cephtree::healthColor(state)
            : m_ceph->lastError()              ? QColor(0xc62828)
                                               : QColor();
        m_cephStatus->setStyleSheet(c.isValid() ? QStringLiteral("color: %1;").arg(c.name()) : QString());
        m_cephStatus->setToolTip(
            m_ceph->isConnected() ? tr("fsid %1").arg(m_ceph->inventory().fsid) : cephErrorText(m_ceph->lastError()));
    }
    m_cephStatus->setText(cephText);
    m_cephStatus->setVisible(!cephText.isEmpty());
    m_work->setText(work.isEmpty() ? tr("Idle") : work.join(QStringLiteral(" · ")));
    const bool experiment = m_experiments && m_experiments->isRunning();
    const bool busy = m_currentRun || m_starting || experiment;
    m_stop->setEnabled(m_currentRun != 0 || experiment);
    m_experiment->setEnabled(!busy);
    m_runAgain->setEnabled(!busy);
    m_newPlan->setEnabled(!busy);
}

void MainWindow::showLive()
{
    m_tabs->setCurrentWidget(m_live);
}

void MainWindow::showResults()
{
    m_tabs->setCurrentWidget(m_results);
}

void MainWindow::showRun(qint64 runId)
{
    m_results->selectRun(runId);
    showResults();
}

void MainWindow::showView(View v)
{
    QTabWidget *live = m_live->views();
    live->setCurrentWidget(v == View::Strip ? live->widget(1) : live->widget(0));
    QTabWidget *results = m_results->detailPane()->tabs();
    results->setCurrentWidget(
        v == View::Strip ? static_cast<QWidget *>(m_results->detailPane()->usageStrip()) : results->widget(0));
}

void MainWindow::showMessage(const QString &title, const QString &text)
{
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::closeEvent(QCloseEvent *e)
{
    m_settings.setWindowGeometry(saveGeometry());
    m_settings.sync();
    if (m_experiments->isRunning())
        m_experiments->cancel(); // its engine's destructor puts every knob back
    if (m_currentRun)
        m_engine->cancelAll(); // the engine's destructor waits for its threads
    QMainWindow::closeEvent(e);
}

} // namespace cm::ui
