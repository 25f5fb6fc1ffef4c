// SPDX-License-Identifier: GPL-3.0-or-later
// The Ceph side of the window against a REAL single-host cluster (scripts/lab/ceph-lab.sh,
// 3 OSDs): the cluster panel's Ceph branch, the status bar, the connect dialog's Test,
// the wizard's defaults, "Add as node…", and an unreachable cluster that must not
// block the UI thread. Expected values come from the lab itself (the ceph CLI).
#include "addnodedialog.h"
#include "cephconnectdialog.h"
#include "cephsession.h"
#include "cephtree.h"
#include "leftoversdialog.h"
#include "clusterpanel.h"
#include "clusterroles.h"
#include "cephlabfixture.h"
#include "ceph/radosclient.h"
#include "engine/runengine.h"
#include "mainwindow.h"
#include "io/appsettings.h"
#include "testutil.h"
#include "wizard/planwizard.h"
#include "kinds/rbd/rbdtargetpage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QListWidget>
#include <QJsonDocument>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

using namespace cm;
using namespace cm::ui;
using namespace cm::ui::clusterrole;

class TestCephPanel : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_home;
    cmtest::CephLabFixture m_lab;
    bool m_labUp = false;
    QString m_labWhy;

    QJsonDocument cli(const QStringList &args)
    {
        QByteArray out;
        if (m_lab.client(
                QStringLiteral("ceph"), args + QStringList {QStringLiteral("-f"), QStringLiteral("json")}, &out)
            != 0)
            return {};
        return QJsonDocument::fromJson(out);
    }

    static QStringList childTexts(QTreeWidgetItem *item)
    {
        QStringList out;
        for (int i = 0; item && i < item->childCount(); ++i)
            out << item->child(i)->text(0);
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_home.filePath(QStringLiteral("config")));
        QCoreApplication::setOrganizationName(QStringLiteral("ClusterMarkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ClusterMarkCephPanel"));
        QString why;
        if (cmtest::CephLabFixture::available(&why)) {
            m_labUp = m_lab.start(3);
            m_labWhy = m_lab.whyNot();
        } else {
            m_labWhy = why;
        }
    }

    void cleanupTestCase() { m_lab.stop(); }

    void panelShowsTheLab()
    {
        CM_REQUIRE_FIXTURE(m_labUp, m_labWhy);
        const QString store = m_home.filePath(QStringLiteral("s.sqlite"));
        RunEngine engine(store);
        MainWindow window(&engine, store, NodeConnector {});
        window.resize(1280, 800);
        window.show();
        ClusterPanel *panel = window.clusterPanel();
        QCOMPARE(panel->cephItem()->text(1), QStringLiteral("not connected"));

        QVERIFY(m_lab.createPool(QStringLiteral("rbdpool"), QStringLiteral("rbd")));
        window.connectCeph(CephConnection::forLab(m_lab.dir()), false);
        QTRY_VERIFY_WITH_TIMEOUT(window.cephSession()->isConnected() || window.cephSession()->lastError(), 30000);
        QVERIFY2(window.cephSession()->isConnected(), qPrintable(window.cephSession()->lastError().toString()));

        // The CRUSH hosts and their OSDs, as `ceph osd tree` reports them.
        const QJsonArray nodes
            = cli({QStringLiteral("osd"), QStringLiteral("tree")}).object().value(QStringLiteral("nodes")).toArray();
        QMap<QString, int> osdsPerHost;
        for (const QJsonValue &n : nodes)
            if (n.toObject().value(QStringLiteral("type")).toString() == QLatin1String("host"))
                osdsPerHost.insert(n.toObject().value(QStringLiteral("name")).toString(),
                    int(n.toObject().value(QStringLiteral("children")).toArray().size()));
        QCOMPARE(osdsPerHost.size(), 1);
        QTreeWidgetItem *host = panel->cephItemOfType(CephHostItem);
        QVERIFY(host);
        QCOMPARE(host->text(0), osdsPerHost.firstKey());
        QCOMPARE(host->childCount(), 3);
        QCOMPARE(osdsPerHost.first(), 3);
        QStringList osdNames = childTexts(host);
        osdNames.sort();
        QCOMPARE(osdNames, (QStringList {QStringLiteral("osd.0"), QStringLiteral("osd.1"), QStringLiteral("osd.2")}));
        QVERIFY2(host->child(0)->text(1).contains(QStringLiteral("up/in")), qPrintable(host->child(0)->text(1)));
        QVERIFY2(host->child(0)->text(1).contains(QStringLiteral("% used")), qPrintable(host->child(0)->text(1)));

        // Pools: the same names as `ceph osd pool ls`.
        QStringList pools;
        for (const QJsonValue &v : cli({QStringLiteral("osd"), QStringLiteral("pool"), QStringLiteral("ls")}).array())
            pools << v.toString();
        QVERIFY(!pools.isEmpty());
        QStringList shown = childTexts(panel->cephItemOfType(CephPoolGroupItem));
        pools.sort();
        shown.sort();
        QCOMPARE(shown, pools);
        QVERIFY(panel->cephItemOfType(CephPoolItem)->text(1).contains(QStringLiteral("size 1/1")));
        // An RBD pool offers an RBD plan on itself; the others offer nothing.
        QTreeWidgetItem *poolGroup = panel->cephItemOfType(CephPoolGroupItem);
        int rbdPlans = 0;
        for (int i = 0; i < poolGroup->childCount(); ++i) {
            const Plan p = panel->benchmarkPlanFor(poolGroup->child(i));
            if (poolGroup->child(i)->text(0) == QLatin1String("rbdpool")) {
                QCOMPARE(p.kind, QStringLiteral("rbd"));
                QCOMPARE(p.target.value(QStringLiteral("pool")).toString(), QStringLiteral("rbdpool"));
                QVERIFY(p.nodes.size() == 1 && p.nodes.first().isLocal());
            }
            rbdPlans += !p.kind.isEmpty();
        }
        QCOMPARE(rbdPlans, 1);
        // OSDs: per-OSD latency of the host's OSDs, of one OSD, of all.
        const Plan hostPlan = panel->benchmarkPlanFor(host);
        QCOMPARE(hostPlan.kind, QStringLiteral("osd-latency"));
        QCOMPARE(hostPlan.target.value(QStringLiteral("osds")).toArray().size(), 3);
        const Plan osdPlan = panel->benchmarkPlanFor(host->child(1));
        QCOMPARE(osdPlan.target.value(QStringLiteral("osds")).toArray(),
            QJsonArray {host->child(1)->data(0, CephNameRole).toString().toInt()});
        QVERIFY(panel->benchmarkPlanFor(panel->cephItemOfType(CephOsdGroupItem)).target.isEmpty());

        // Health badge: the status `ceph health` gives, on its colour.
        const QString health = cli({QStringLiteral("health")}).object().value(QStringLiteral("status")).toString();
        QVERIFY(health.startsWith(QStringLiteral("HEALTH_")));
        QTreeWidgetItem *badge = panel->cephItemOfType(CephHealthItem);
        QVERIFY(badge);
        QCOMPARE(badge->text(1), health);
        QCOMPARE(badge->background(1).color(), cephtree::healthColor(health));
        QVERIFY(panel->cephItem()->text(1).startsWith(health));
        QVERIFY(panel->cephItem()->text(1).contains(m_lab.fsid().left(8)));

        QCOMPARE(childTexts(panel->cephItemOfType(CephFsGroupItem)), QStringList {m_lab.cephfsName()});
        QVERIFY(panel->cephItemOfType(CephRgwItem));

        // A lab says what it is, in the panel and in the status bar.
        QTreeWidgetItem *labRow = panel->cephItemOfType(CephLabItem);
        QVERIFY(labRow);
        QCOMPARE(labRow->text(0), CephConnection::labText());
        QVERIFY2(window.cephStatusText().contains(CephConnection::labText()), qPrintable(window.cephStatusText()));
        QVERIFY(window.cephStatusText().contains(health));

        // "Add as node…" opens the add-node dialog with the CRUSH host filled in.
        window.openAddNode(ClusterPanel::nodeForCephHost(host->text(0)));
        auto *add = window.findChild<AddNodeDialog *>();
        QVERIFY(add);
        QCOMPARE(add->hostEdit()->text(), host->text(0));
        QCOMPARE(add->userEdit()->text(), QStringLiteral("root"));
        add->reject();

        // The wizard knows the cluster: plans poll its health, RBD takes its files.
        window.openWizard();
        auto *wizard = window.findChild<PlanWizard *>();
        QVERIFY(wizard);
        QCOMPARE(wizard->cephConnection().confPath, m_lab.confPath());
        QCOMPARE(wizard->plan().ceph.value(QStringLiteral("conf")).toString(), m_lab.confPath());
        QCOMPARE(wizard->plan().ceph.value(QStringLiteral("keyring")).toString(), m_lab.keyringPath());
        QCOMPARE(wizard->plan().ceph.value(QStringLiteral("client")).toString(), QStringLiteral("client.admin"));
        auto *rbd = qobject_cast<RbdTargetPage *>(wizard->page(wizard->firstPageOf(QStringLiteral("rbd")) + 1));
        QVERIFY(rbd);
        wizard->plan().nodes = {NodeSpec::parse(QStringLiteral("local"))};
        rbd->initializePage();
        QCOMPARE(rbd->confEdit()->text(), m_lab.confPath());
        QCOMPARE(rbd->keyringEdit()->text(), m_lab.keyringPath());
        QVERIFY(rbd->healthCheck()->isChecked());
        wizard->reject();

        // Refresh keeps working, and disconnect empties the branch.
        window.cephSession()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!window.cephSession()->isProbing(), 30000);
        QCOMPARE(panel->cephItemOfType(CephHostItem)->childCount(), 3);
        window.cephSession()->disconnectCluster();
        QCOMPARE(panel->cephItem()->childCount(), 0);
        QVERIFY(window.cephStatusText().isEmpty());
    }

    void connectDialogTestsTheLab()
    {
        CM_REQUIRE_FIXTURE(m_labUp, m_labWhy);
        CephConnectDialog d;
        d.labRadio()->setChecked(true);
        d.labDirEdit()->setText(m_home.filePath(QStringLiteral("no-lab-here")));
        QVERIFY(!d.problem().isEmpty());
        QVERIFY(!d.testButton()->isEnabled());
        QVERIFY(!d.connectButton()->isEnabled());
        d.labDirEdit()->setText(m_lab.dir());
        QVERIFY2(d.problem().isEmpty(), qPrintable(d.problem()));
        QVERIFY(d.testButton()->isEnabled());
        QTest::mouseClick(d.testButton(), Qt::LeftButton);
        QVERIFY(d.isTesting() || d.lastTestSucceeded());
        QTRY_VERIFY_WITH_TIMEOUT(!d.isTesting(), 30000);
        QVERIFY2(d.lastTestSucceeded(), qPrintable(d.resultText()));
        QCOMPARE(d.testedFsid(), m_lab.fsid());
        QVERIFY2(d.resultText().contains(m_lab.fsid()), qPrintable(d.resultText()));
        if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT")) // for looking at it by hand
            d.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT"));
        const CephConnection c = d.connection();
        QVERIFY(c.isLab());
        QCOMPARE(c.spec.confPath, m_lab.confPath());
        QCOMPARE(c.spec.keyringPath, m_lab.keyringPath());

        // The same files chosen as plain files are recognised as the lab.
        d.filesRadio()->setChecked(true);
        d.confEdit()->setText(m_lab.confPath());
        d.keyringEdit()->setText(m_lab.keyringPath());
        d.clientEdit()->setText(QStringLiteral("admin"));
        QVERIFY(d.connection().isLab());
        QCOMPARE(d.connection().spec.clientName, QStringLiteral("client.admin"));
    }

    // "Fetch from a node": conf and key read through the node's transport (here the local
    // node: the SSH transport itself is tested in test_cephconfigfetcher), the key kept in
    // this process's memory only, and a worker connecting later by mons + fsid alone.
    void fetchedClusterKeepsTheKeyInMemory()
    {
        CM_REQUIRE_FIXTURE(m_labUp, m_labWhy);
        CephConnectDialog d;
        d.setNodes({NodeSpec::parse(QStringLiteral("root@pve1"))});
        QVERIFY(d.sshRadio()->isEnabled());
        d.sshRadio()->setChecked(true);
        QCOMPARE(d.nodeCombo()->currentData().toString(), QStringLiteral("root@pve1"));
        d.nodeCombo()->setEditText(QStringLiteral("local"));
        d.nodeConfEdit()->setText(QStringLiteral("relative/ceph.conf"));
        QVERIFY(!d.problem().isEmpty());
        d.nodeConfEdit()->setText(m_lab.confPath());
        d.nodeKeyringEdit()->setText(m_lab.keyringPath());
        d.clientEdit()->setText(QStringLiteral("admin"));
        QVERIFY2(d.problem().isEmpty(), qPrintable(d.problem()));
        QVERIFY2(!d.connectButton()->isEnabled(), "nothing to connect before the fetch");
        QTest::mouseClick(d.testButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!d.isTesting(), 30000);
        QVERIFY2(d.lastTestSucceeded(), qPrintable(d.resultText()));
        QCOMPARE(d.testedFsid(), m_lab.fsid());
        QVERIFY(d.connectButton()->isEnabled());
        if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT"))
            d.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT") + QStringLiteral("-fetch.png"));
        const CephConnection c = d.connection();
        QVERIFY(c.spec.confPath.isEmpty() && c.spec.keyringPath.isEmpty());
        QVERIFY2(!c.spec.monHost.isEmpty(), "the mons come from the node's conf");
        QCOMPARE(c.spec.fsid, m_lab.fsid());
        QVERIFY(!c.spec.key.isEmpty());
        QVERIFY(!d.rememberKey());
        // What a plan carries: mons, fsid, client; never the key.
        const QJsonObject planCeph = c.planCeph();
        QVERIFY(!QJsonDocument(planCeph).toJson().contains(c.spec.key.toUtf8()));
        QCOMPARE(planCeph.value(QStringLiteral("fsid")).toString(), m_lab.fsid());
        // A worker builds its spec from the plan alone and still connects: the key is in memory.
        RadosClient client;
        const Error e = client.connect(CephConnectionSpec::fromJson(planCeph));
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(client.fsid(), m_lab.fsid());
        // Settings keep the mons and fsid, not the key.
        const QString ini = m_home.filePath(QStringLiteral("fetched.ini"));
        {
            AppSettings settings(ini);
            settings.setCephConnection(c.spec);
            settings.sync();
        }
        QFile f(ini);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(!text.contains(c.spec.key.toUtf8()));
        QCOMPARE(AppSettings(ini).cephConnection().fsid, m_lab.fsid());
        QCOMPARE(AppSettings(ini).cephConnection().monHost, c.spec.monHost);
    }

    // "Clean leftovers…": only names with the benchmarks' prefix are listed and removed.
    void leftoversDialogRemovesOnlyOurs()
    {
        CM_REQUIRE_FIXTURE(m_labUp, m_labWhy);
        QVERIFY(m_lab.createPool(QStringLiteral("leftovers"), QStringLiteral("rbd"), 8));
        const QString hostname = QStringLiteral("/etc/hostname");
        const QStringList put {QStringLiteral("-p"), QStringLiteral("leftovers"), QStringLiteral("put")};
        QCOMPARE(m_lab.client(QStringLiteral("rados"),
                     put + QStringList {QStringLiteral("clustermark-bench-crashed-1"), hostname}),
            0);
        QCOMPARE(m_lab.client(QStringLiteral("rados"), put + QStringList {QStringLiteral("keep-me"), hostname}), 0);
        QCOMPARE(m_lab.client(QStringLiteral("rbd"),
                     {QStringLiteral("create"), QStringLiteral("leftovers/clustermark-bench-img"),
                         QStringLiteral("--size"), QStringLiteral("8M")}),
            0);
        LeftoversDialog d(CephConnection::forLab(m_lab.dir()).spec);
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 60000);
        QStringList listed;
        for (int i = 0; i < d.list()->count(); ++i)
            listed << d.list()->item(i)->text();
        QVERIFY2(listed.join(QLatin1Char('\n')).contains(QStringLiteral("clustermark-bench-crashed-1")),
            qPrintable(listed.join(QLatin1Char('|'))));
        QVERIFY2(listed.join(QLatin1Char('\n')).contains(QStringLiteral("clustermark-bench-img")),
            qPrintable(listed.join(QLatin1Char('|'))));
        QVERIFY(!listed.join(QLatin1Char('\n')).contains(QStringLiteral("keep-me")));
        QVERIFY(d.removeButton()->isEnabled());
        if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT"))
            d.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT") + QStringLiteral("-leftovers.png"));
        QTest::mouseClick(d.removeButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 60000);
        QVERIFY2(d.statusText().contains(QStringLiteral("Removed")), qPrintable(d.statusText()));
        QByteArray out;
        QCOMPARE(m_lab.client(QStringLiteral("rados"),
                     {QStringLiteral("-p"), QStringLiteral("leftovers"), QStringLiteral("ls")}, &out),
            0);
        QVERIFY2(!out.contains("clustermark-bench-crashed-1") && out.contains("keep-me"), out.constData());
        out.clear();
        QCOMPARE(m_lab.client(QStringLiteral("rbd"), {QStringLiteral("ls"), QStringLiteral("leftovers")}, &out), 0);
        QVERIFY2(!out.contains("clustermark-bench-img"), out.constData());
    }

    void rememberedConnectionReconnects()
    {
        CM_REQUIRE_FIXTURE(m_labUp, m_labWhy);
        const QString store = m_home.filePath(QStringLiteral("r.sqlite"));
        RunEngine engine(store);
        {
            MainWindow w(&engine, store, NodeConnector {});
            w.connectCeph(CephConnection::forLab(m_lab.dir())); // remembered
            QTRY_VERIFY_WITH_TIMEOUT(w.cephSession()->isConnected() || w.cephSession()->lastError(), 30000);
            QVERIFY(w.cephSession()->isConnected());
        }
        QCOMPARE(AppSettings().cephConnection().confPath, m_lab.confPath());
        QCOMPARE(AppSettings().cephLabDir(), m_lab.dir());
        // The next window connects by itself, after its constructor (never inside it).
        MainWindow w(&engine, store, NodeConnector {});
        QVERIFY(!w.cephSession()->hasConnection());
        QTRY_VERIFY_WITH_TIMEOUT(w.cephSession()->isConnected(), 30000);
        QVERIFY(w.cephSession()->connection().isLab());
        QCOMPARE(w.clusterPanel()->cephItemOfType(CephHostItem)->childCount(), 3);
        // "Disconnect" in the panel forgets it.
        Q_EMIT w.clusterPanel()->cephDisconnectRequested();
        QVERIFY(!w.cephSession()->hasConnection());
        QVERIFY(AppSettings().cephConnection().confPath.isEmpty());
    }

    void settingsKeepPathsNotKeys()
    {
        const QString ini = m_home.filePath(QStringLiteral("settings.ini"));
        {
            AppSettings s(ini);
            CephConnectionSpec spec;
            spec.confPath = QStringLiteral("/etc/pve/ceph.conf");
            spec.keyringPath = QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring");
            spec.key = QStringLiteral("AQDsecretsecretsecret==");
            s.setCephConnection(spec, QStringLiteral("/tmp/lab"));
            s.sync();
        }
        QFile f(ini);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("/etc/pve/ceph.conf"));
        QVERIFY(!text.contains("AQDsecret"));
        AppSettings s(ini);
        QCOMPARE(s.cephConnection().keyringPath, QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring"));
        QCOMPARE(s.cephLabDir(), QStringLiteral("/tmp/lab"));
        QVERIFY(s.cephConnection().key.isEmpty());
        s.clearCephConnection();
        QVERIFY(s.cephConnection().confPath.isEmpty());
    }

    void unreachableClusterShowsErrorWithoutBlocking()
    {
        // A mon address on a port nobody listens on, and a well-formed key.
        QTemporaryDir dir;
        QProcess gen;
        gen.start(QStringLiteral("ceph-authtool"), {QStringLiteral("--gen-print-key")});
        CM_REQUIRE_FIXTURE(
            gen.waitForFinished(10000) && gen.exitCode() == 0, QStringLiteral("ceph-authtool is missing"));
        const QByteArray key = gen.readAllStandardOutput().trimmed();
        QFile keyring(dir.filePath(QStringLiteral("keyring")));
        QVERIFY(keyring.open(QIODevice::WriteOnly));
        keyring.write("[client.admin]\n\tkey = " + key + "\n");
        keyring.close();
        QFile conf(dir.filePath(QStringLiteral("ceph.conf")));
        QVERIFY(conf.open(QIODevice::WriteOnly));
        conf.write("[global]\n\tmon_host = v2:127.0.0.1:9\n\tauth_cluster_required = cephx\n");
        conf.close();

        ClusterPanel panel;
        CephSession session;
        connect(&session, &CephSession::probeStarted, &panel, [&] { panel.setCephConnecting(session.connection()); });
        connect(&session, &CephSession::probeFailed, &panel,
            [&](const Error &e) { panel.setCephError(session.connection(), e); });
        connect(&session, &CephSession::inventoryAvailable, &panel,
            [&](const CephInventory &inv) { panel.setCephInventory(session.connection(), inv); });
        CephConnection c;
        c.spec.confPath = conf.fileName();
        c.spec.keyringPath = keyring.fileName();
        c.spec.timeoutSec = 2;

        // The UI thread keeps turning while librados waits: a 20 ms timer must tick.
        int ticks = 0;
        QTimer tick;
        connect(&tick, &QTimer::timeout, [&] { ++ticks; });
        tick.start(20);
        QElapsedTimer t;
        t.start();
        session.setConnection(c);
        QCOMPARE(panel.cephItem()->text(1), QStringLiteral("connecting…"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.cephItemOfType(CephErrorItem) != nullptr, 20000);
        const qint64 ms = t.elapsed();
        QVERIFY2(ms < 12000, qPrintable(QString::number(ms))); // bounded by the 2 s timeout (plus librados' set-up)
        QVERIFY2(ticks >= ms / 20 / 3, qPrintable(QStringLiteral("%1 ticks in %2 ms").arg(ticks).arg(ms)));
        QVERIFY(session.lastError());
        QVERIFY(!session.isConnected());
        QCOMPARE(panel.cephItem()->text(1), QStringLiteral("unreachable"));
        const QString text = panel.cephItemOfType(CephErrorItem)->text(0);
        QCOMPARE(text, QStringLiteral("The cluster cannot be reached."));
        QVERIFY(panel.cephItemOfType(CephErrorItem)->toolTip(0).contains(session.lastError().message));
        QVERIFY(!panel.cephItemOfType(CephLabItem)); // not a lab
        qInfo("unreachable cluster reported after %lld ms, %d timer ticks meanwhile", ms, ticks);
    }
};

QTEST_MAIN(TestCephPanel)
#include "test_cephpanel.moc"
