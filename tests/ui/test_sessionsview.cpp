// SPDX-License-Identifier: GPL-3.0-or-later
// The session library (Sessions tab) with real widgets over a real SQLite store that
// holds real runs: tiny fio runs (16M file, 1 s, one test) made by the real RunEngine
// on this machine, under the node names pve1 and pve2 (both "local" underneath).
// Each test works on its own copy of that store.
#include "bench/diskfio/diskfiokind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "mainwindow.h"
#include "results/rundetailpane.h"
#include "sessions/runagaindialog.h"
#include "sessions/sessionfilterbar.h"
#include "sessions/sessionpane.h"
#include "sessions/sessionpickdialog.h"
#include "sessions/sessionsmodel.h"
#include "sessions/sessionsview.h"
#include "store/sessionstore.h"
#include "testutil.h"
#include "wizard/diskparamspage.h"
#include "wizard/planwizard.h"
#include "wizard/reviewpage.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDateEdit>
#include <QDir>
#include <QInputDialog>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeView>
#include <QTreeWidget>

using namespace cm;
using namespace cm::ui;

namespace {

QStringList runNames(SessionsModel *m)
{
    QStringList out;
    for (int i = 0; i < m->rowCount(); ++i) {
        const QModelIndex s = m->index(i, 0);
        for (int j = 0; j < m->rowCount(s); ++j)
            out << m->index(j, SessionsModel::ColName, s).data().toString();
    }
    out.sort();
    return out;
}

QStringList sessionNamesShown(SessionsModel *m)
{
    QStringList out;
    for (int i = 0; i < m->rowCount(); ++i)
        out << m->sessionAt(m->index(i, 0))->session.name;
    out.sort();
    return out;
}

// The value of `label` under "Node <node>" → <section> in the environment tree.
QString envValue(QTreeWidget *tree, const QString &node, const QString &section, const QString &label)
{
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *n = tree->topLevelItem(i);
        if (n->text(0) != QStringLiteral("Node ") + node)
            continue;
        for (int j = 0; j < n->childCount(); ++j) {
            QTreeWidgetItem *s = n->child(j);
            if (s->text(0) != section)
                continue;
            for (int k = 0; k < s->childCount(); ++k)
                if (s->child(k)->text(0) == label)
                    return s->child(k)->text(1);
        }
    }
    return {};
}

// With CM_SHOTS_DIR set, saves a grab of `w` there (for looking at the screens).
void shot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("CM_SHOTS_DIR");
    if (dir.isEmpty() || !w)
        return;
    QDir().mkpath(dir);
    QTest::qWait(150); // let pending layouts settle before the grab
    QVERIFY(w->grab().save(QDir(dir).filePath(name + QStringLiteral(".png"))));
}

template <typename T> T *visibleChild(QWidget *parent, const QString &name = {})
{
    for (T *w : parent->findChildren<T *>(name))
        if (w->isVisible())
            return w;
    return nullptr;
}

} // namespace

class TestSessionsView : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_home;
    QTemporaryDir m_target;
    QString m_master; // the store with the real runs
    RunId m_a = 0, m_b = 0, m_c = 0; // baseline/pve1, MTU 9000/pve1, MTU 9000/pve2
    Plan m_planA;
    int m_copies = 0;

    Plan tinyPlan(const QString &name, const QString &session, const QString &node)
    {
        Error err;
        NodeSpec n = NodeSpec::parse(QStringLiteral("local"));
        n.name = node;
        Plan p = DiskFioKind::makePlan(QStringLiteral("quick"), {n},
            QJsonObject {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), m_target.path()},
                {QStringLiteral("size"), QStringLiteral("16M")}},
            1, &err);
        p.steps = {p.steps.first()}; // one test: SEQ1M Q8T1 read
        p.name = name;
        p.session = session;
        return p;
    }

    static RunId runOnce(RunEngine &engine, const Plan &plan)
    {
        QSignalSpy started(&engine, &RunEngine::runStarted);
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        engine.start(plan, {});
        if (!started.wait(20000) || !(finished.count() > 0 || finished.wait(120000)))
            return 0;
        if (finished.at(0).at(1).value<RunStatus>() != RunStatus::Completed) {
            qWarning() << "run failed:" << finished.at(0).at(2).value<Error>().toString();
            return 0;
        }
        return started.at(0).at(0).value<RunId>();
    }

    QString copyOfStore()
    {
        const QString p = m_home.filePath(QStringLiteral("copy%1.sqlite").arg(++m_copies));
        if (!QFile::copy(m_master, p))
            return {};
        if (QFile::exists(m_master + QStringLiteral("-wal")))
            QFile::copy(m_master + QStringLiteral("-wal"), p + QStringLiteral("-wal"));
        return p;
    }

    static bool waitReload(SessionsView &v)
    {
        QSignalSpy spy(&v, &SessionsView::reloaded);
        v.reload();
        return spy.wait(10000);
    }

    // Changes the filter through `change` and waits for the list that follows.
    template <typename F> static bool filtered(SessionsView &v, F change)
    {
        QSignalSpy spy(&v, &SessionsView::reloaded);
        change();
        if (!spy.wait(10000))
            return false;
        // Typing is debounced and a list may follow its choices: wait until it is quiet.
        for (;;) {
            if (v.isLoading()) {
                if (!spy.wait(10000))
                    return false;
                continue;
            }
            if (!spy.wait(400))
                return true;
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid() && m_target.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_home.filePath(QStringLiteral("config")));
        QCoreApplication::setOrganizationName(QStringLiteral("ClusterMarkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ClusterMarkSessions"));
        registerBuiltinKinds();
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        m_master = m_home.filePath(QStringLiteral("master.sqlite"));
        {
            RunEngine engine(m_master);
            m_planA = tinyPlan(QStringLiteral("quick A"), QStringLiteral("baseline"), QStringLiteral("pve1"));
            m_a = runOnce(engine, m_planA);
            m_b = runOnce(
                engine, tinyPlan(QStringLiteral("quick B"), QStringLiteral("MTU 9000"), QStringLiteral("pve1")));
            m_c = runOnce(
                engine, tinyPlan(QStringLiteral("quick C"), QStringLiteral("MTU 9000"), QStringLiteral("pve2")));
        }
        QVERIFY(m_a && m_b && m_c);
        SessionStore s(m_master);
        QVERIFY(!s.open());
        const qint64 mtu = s.ensureSession(QStringLiteral("MTU 9000"));
        QVERIFY(!s.updateSession(mtu, QStringLiteral("MTU 9000"), {QStringLiteral("network"), QStringLiteral("jumbo")},
            QStringLiteral("switch ports at 9216")));
        Error e;
        QVERIFY(s.createSession(
                    QStringLiteral("EC 4+2"), {QStringLiteral("ceph")}, QStringLiteral("k=4 m=2, no runs yet"), &e)
            > 0);
        QCOMPARE(s.runs().size(), 3);
        QVERIFY(s.runContents(m_b).samples > 0); // real fio samples
    }

    void searchAndFilter()
    {
        SessionsView v(copyOfStore());
        v.resize(1200, 700);
        v.show();
        QAbstractItemModelTester tester(v.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(waitReload(v));
        SessionsModel *m = v.model();
        QCOMPARE(sessionNamesShown(m),
            (QStringList {QStringLiteral("EC 4+2"), QStringLiteral("MTU 9000"), QStringLiteral("baseline")}));
        QCOMPARE(runNames(m),
            (QStringList {QStringLiteral("quick A"), QStringLiteral("quick B"), QStringLiteral("quick C")}));
        // Session rows say what they hold: name, runs, tags.
        const QString mtuRow = m->sessionIndex(m->runAt(m->runIndex(m_b))->run.sessionId).data().toString();
        QCOMPARE(mtuRow, QStringLiteral("MTU 9000 · 2 runs · #network #jumbo"));
        // The filter lists were filled from the store.
        SessionFilterBar *bar = v.filterBar();
        QVERIFY(bar->nodeCombo()->findData(QStringLiteral("pve2")) > 0);
        QVERIFY(bar->tagCombo()->findData(QStringLiteral("ceph")) > 0);
        QVERIFY(bar->kindCombo()->findData(QStringLiteral("disk-fio")) > 0);

        // Text: a word of a note, a node name, a session name + a node.
        shot(&v, QStringLiteral("library-all"));
        QVERIFY(filtered(v, [&] { QTest::keyClicks(bar->searchEdit(), QStringLiteral("9216")); }));
        shot(&v, QStringLiteral("library-search-note"));
        QCOMPARE(sessionNamesShown(m), QStringList {QStringLiteral("MTU 9000")});
        QCOMPARE(runNames(m), (QStringList {QStringLiteral("quick B"), QStringLiteral("quick C")}));
        QVERIFY2(v.statusText().startsWith(QStringLiteral("2 of 3 runs match")), qPrintable(v.statusText()));
        QVERIFY(filtered(v, [&] { bar->searchEdit()->setText(QStringLiteral("pve2")); }));
        QCOMPARE(runNames(m), QStringList {QStringLiteral("quick C")});
        QVERIFY(filtered(v, [&] { bar->searchEdit()->setText(QStringLiteral("baseline PVE1")); }));
        QCOMPARE(runNames(m), QStringList {QStringLiteral("quick A")});
        QVERIFY(filtered(v, [&] { bar->searchEdit()->setText(QStringLiteral("no-such-thing")); }));
        QCOMPARE(m->rowCount(), 0);
        // A session that matches by itself shows even without runs.
        QVERIFY(filtered(v, [&] { bar->searchEdit()->setText(QStringLiteral("k=4")); }));
        QCOMPARE(sessionNamesShown(m), QStringList {QStringLiteral("EC 4+2")});
        QVERIFY(filtered(v, [&] { bar->searchEdit()->clear(); }));
        QCOMPARE(runNames(m).size(), 3);

        // Lists: node, tag, kind.
        QVERIFY(filtered(
            v, [&] { bar->nodeCombo()->setCurrentIndex(bar->nodeCombo()->findData(QStringLiteral("pve1"))); }));
        QCOMPARE(runNames(m), (QStringList {QStringLiteral("quick A"), QStringLiteral("quick B")}));
        QCOMPARE(sessionNamesShown(m), (QStringList {QStringLiteral("MTU 9000"), QStringLiteral("baseline")}));
        shot(&v, QStringLiteral("library-filter-node"));
        QVERIFY(filtered(v, [&] { bar->nodeCombo()->setCurrentIndex(0); }));
        QVERIFY(
            filtered(v, [&] { bar->tagCombo()->setCurrentIndex(bar->tagCombo()->findData(QStringLiteral("jumbo"))); }));
        QCOMPARE(runNames(m), (QStringList {QStringLiteral("quick B"), QStringLiteral("quick C")}));
        QVERIFY(
            filtered(v, [&] { bar->tagCombo()->setCurrentIndex(bar->tagCombo()->findData(QStringLiteral("ceph"))); }));
        QCOMPARE(sessionNamesShown(m), QStringList {QStringLiteral("EC 4+2")});
        QCOMPARE(runNames(m).size(), 0);
        QVERIFY(filtered(v, [&] { bar->tagCombo()->setCurrentIndex(0); }));
        QVERIFY(filtered(
            v, [&] { bar->kindCombo()->setCurrentIndex(bar->kindCombo()->findData(QStringLiteral("disk-fio"))); }));
        QCOMPARE(runNames(m).size(), 3);
        QVERIFY(!sessionNamesShown(m).contains(QStringLiteral("EC 4+2"))); // a kind asks for runs
        QVERIFY(filtered(v, [&] { bar->kindCombo()->setCurrentIndex(0); }));

        // Dates: the runs started today; a range that ends yesterday holds none.
        QVERIFY(filtered(v, [&] { bar->setDateRange(SessionFilterBar::DateRange::Today); }));
        QCOMPARE(runNames(m).size(), 3);
        QVERIFY(filtered(v, [&] { bar->setDateRange(SessionFilterBar::DateRange::Custom); }));
        QVERIFY(bar->fromEdit()->isVisible());
        shot(&v, QStringLiteral("library-filter-dates"));
        QCOMPARE(runNames(m).size(), 3); // default custom range: the last 30 days
        QVERIFY(filtered(v, [&] {
            bar->toEdit()->setDate(QDate::currentDate().addDays(-1));
            bar->fromEdit()->setDate(QDate::currentDate().addDays(-10));
        }));
        QCOMPARE(runNames(m).size(), 0);
        QVERIFY(filtered(v, [&] { bar->clear(); }));
        QCOMPARE(runNames(m).size(), 3);
    }

    void runDetailShowsEnvironmentAndCommands()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.resize(1200, 700);
        v.show();
        QVERIFY(waitReload(v));
        QSignalSpy shown(&v, &SessionsView::detailShown);
        v.selectRun(m_c);
        QVERIFY(shown.wait(10000));
        QCOMPARE(shown.last().at(0).value<RunId>(), m_c);
        QCOMPARE(v.currentPane(), v.runPane()->parentWidget());

        SessionStore s(path);
        QVERIFY(!s.open());
        const QList<StepRecord> steps = s.steps(m_c);
        QCOMPARE(steps.size(), 1);
        const QJsonObject env = steps.first().environment;
        QTreeWidget *tree = v.runPane()->environmentTree();
        // Grouped and readable: the kernel of this machine, fio's version, the disk's cache.
        QCOMPARE(envValue(tree, QStringLiteral("pve2"), QStringLiteral("System"), QStringLiteral("Kernel")),
            QSysInfo::kernelVersion());
        QProcess fio;
        fio.start(QStringLiteral("fio"), {QStringLiteral("--version")});
        QVERIFY(fio.waitForFinished(10000));
        QCOMPARE(envValue(tree, QStringLiteral("pve2"), QStringLiteral("Tools"), QStringLiteral("fio")),
            QString::fromUtf8(fio.readAllStandardOutput()).trimmed());
        if (env.contains(QStringLiteral("write_cache"))) {
            const QString wc = envValue(
                tree, QStringLiteral("pve2"), QStringLiteral("Disk"), QStringLiteral("Write cache (kernel)"));
            QVERIFY2(wc.startsWith(env.value(QStringLiteral("write_cache")).toString()), qPrintable(wc));
        }
        // The run's own group: the client that ran it.
        QVERIFY(tree->topLevelItemCount() >= 2);
        QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("This run"));
        shot(&v, QStringLiteral("run-summary"));
        v.runPane()->tabs()->setCurrentWidget(tree);
        shot(&v, QStringLiteral("run-environment"));
        // Nothing shown as raw JSON.
        for (QTreeWidgetItem *it : tree->findItems(QStringLiteral("{"), Qt::MatchContains | Qt::MatchRecursive, 1))
            QFAIL(qPrintable(it->text(1)));

        const QString cmds = v.runPane()->commandsEdit()->toPlainText();
        QVERIFY2(cmds.contains(steps.first().command), qPrintable(cmds));
        QVERIFY2(
            steps.first().command.contains(QStringLiteral("fio")) && steps.first().command.contains(m_target.path()),
            qPrintable(steps.first().command));
        QVERIFY2(cmds.contains(QStringLiteral("pve2 · completed")), qPrintable(cmds));
        v.runPane()->tabs()->setCurrentWidget(v.runPane()->commandsEdit());
        shot(&v, QStringLiteral("run-commands"));
    }

    void editSessionPersisted()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.resize(1200, 700);
        v.show();
        QVERIFY(waitReload(v));
        SessionStore s(path);
        QVERIFY(!s.open());
        const qint64 base = s.ensureSession(QStringLiteral("baseline"));
        v.selectSession(base);
        SessionPane *pane = v.sessionPane();
        QCOMPARE(v.currentPane(), pane);
        QCOMPARE(pane->nameEdit()->text(), QStringLiteral("baseline"));
        QVERIFY(!pane->saveButton()->isEnabled()); // nothing changed yet
        pane->nameEdit()->setText(QStringLiteral("MTU 1500 baseline"));
        pane->tagsEdit()->setText(QStringLiteral("network, mtu1500 #lacp network"));
        pane->noteEdit()->setPlainText(QStringLiteral("bond0 layer3+4, switch default MTU"));
        QVERIFY(pane->saveButton()->isEnabled());
        shot(&v, QStringLiteral("session-edit"));
        QSignalSpy done(&v, &SessionsView::operationFinished);
        QSignalSpy reloaded(&v, &SessionsView::reloaded);
        QTest::mouseClick(pane->saveButton(), Qt::LeftButton);
        QVERIFY(done.wait(10000));
        QVERIFY2(!done.at(0).at(0).value<Error>(), qPrintable(done.at(0).at(0).value<Error>().toString()));
        QVERIFY(reloaded.wait(10000));
        // In the file, from a fresh connection.
        SessionStore again(path);
        QVERIFY(!again.open());
        const SessionInfo info = again.session(base);
        QCOMPARE(info.name, QStringLiteral("MTU 1500 baseline"));
        QCOMPARE(
            info.tags, (QStringList {QStringLiteral("network"), QStringLiteral("mtu1500"), QStringLiteral("lacp")}));
        QCOMPARE(info.note, QStringLiteral("bond0 layer3+4, switch default MTU"));
        QCOMPARE(again.run(m_a).sessionName, QStringLiteral("MTU 1500 baseline"));
        // The pane and the tree show the saved values; the session stays selected.
        QCOMPARE(v.currentSessionId(), base);
        QCOMPARE(pane->nameEdit()->text(), QStringLiteral("MTU 1500 baseline"));
        QVERIFY(!pane->saveButton()->isEnabled());
        QVERIFY(v.model()->data(v.model()->sessionIndex(base)).toString().contains(QStringLiteral("#mtu1500")));

        // A clashing name: refused, said so, nothing written.
        pane->nameEdit()->setText(QStringLiteral("MTU 9000"));
        done.clear();
        QTest::mouseClick(pane->saveButton(), Qt::LeftButton);
        QVERIFY(done.wait(10000));
        const Error clash = done.at(0).at(0).value<Error>();
        QCOMPARE(clash.code, Error::Code::InvalidInput);
        QVERIFY2(v.messageText().contains(QStringLiteral("already exists")), qPrintable(v.messageText()));
        QCOMPARE(again.session(base).name, QStringLiteral("MTU 1500 baseline"));
    }

    void deleteRunCancelledThenConfirmed()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.resize(1200, 700);
        v.show();
        QVERIFY(waitReload(v));
        SessionStore s(path);
        QVERIFY(!s.open());
        const StoreCounts counts = s.runContents(m_b);
        QVERIFY(counts.samples > 0);

        v.selectRun(m_b);
        QTest::mouseClick(v.findChild<QPushButton *>(QStringLiteral("deleteRun")), Qt::LeftButton);
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete"))), 10000);
        // It says what goes: the run, its session, its steps and samples.
        shot(box, QStringLiteral("confirm-delete-run"));
        QVERIFY2(
            box->text().contains(QStringLiteral("“quick B”")) && box->text().contains(QStringLiteral("“MTU 9000”")),
            qPrintable(box->text()));
        QVERIFY2(box->informativeText().contains(QStringLiteral("step records (%1)").arg(counts.steps))
                && box->informativeText().contains(QLocale().toString(counts.samples)),
            qPrintable(box->informativeText()));
        QTest::mouseClick(box->button(QMessageBox::Cancel), Qt::LeftButton);
        QTRY_VERIFY(!visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete")));
        QCOMPARE(v.messageText(), QStringLiteral("Nothing was deleted."));
        QCOMPARE(v.pendingWrites(), 0);
        QVERIFY(!s.run(m_b).name.isEmpty());
        QCOMPARE(s.runContents(m_b).samples, counts.samples);

        QSignalSpy done(&v, &SessionsView::operationFinished);
        v.confirmDeleteRun(m_b);
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete"))), 10000);
        QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("confirmButton")), Qt::LeftButton);
        QVERIFY(done.wait(10000));
        QVERIFY(!done.at(0).at(0).value<Error>());
        Error e;
        s.run(m_b, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY(s.steps(m_b).isEmpty());
        QVERIFY(s.series(m_b).isEmpty()); // samples went with it
        QVERIFY(!s.run(m_c).name.isEmpty()); // its neighbour stayed
        QTRY_VERIFY(!v.model()->runIndex(m_b).isValid());
        QVERIFY(v.model()->runIndex(m_c).isValid());
    }

    void deleteSessionCancelledThenConfirmed()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.resize(1200, 700);
        v.show();
        QVERIFY(waitReload(v));
        SessionStore s(path);
        QVERIFY(!s.open());
        const qint64 mtu = s.ensureSession(QStringLiteral("MTU 9000"));
        const StoreCounts counts = s.sessionContents(mtu);
        QCOMPARE(counts.runs, 2);

        v.selectSession(mtu);
        QTest::mouseClick(v.sessionPane()->deleteButton(), Qt::LeftButton);
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete"))), 10000);
        shot(box, QStringLiteral("confirm-delete-session"));
        QVERIFY2(box->text().contains(QStringLiteral("“MTU 9000” and its 2 runs")), qPrintable(box->text()));
        QVERIFY2(
            box->informativeText().contains(QLocale().toString(counts.samples)), qPrintable(box->informativeText()));
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel)); // Enter does not delete
        QTest::mouseClick(box->button(QMessageBox::Cancel), Qt::LeftButton);
        QTRY_VERIFY(!visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete")));
        QCOMPARE(s.sessionContents(mtu).runs, 2);

        QSignalSpy done(&v, &SessionsView::operationFinished);
        v.confirmDeleteSession(mtu);
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete"))), 10000);
        QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("confirmButton")), Qt::LeftButton);
        QVERIFY(done.wait(10000));
        QVERIFY(!done.at(0).at(0).value<Error>());
        Error e;
        s.session(mtu, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QCOMPARE(s.runs().size(), 1);
        QCOMPARE(s.runs().first().id, m_a);
        QTRY_VERIFY(!v.model()->sessionIndex(mtu).isValid());
    }

    void moveRun()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.resize(1200, 700);
        v.show();
        QVERIFY(waitReload(v));
        v.selectRun(m_a);
        QTest::mouseClick(v.findChild<QPushButton *>(QStringLiteral("moveRun")), Qt::LeftButton);
        SessionPickDialog *d = nullptr;
        QTRY_VERIFY((d = visibleChild<SessionPickDialog>(&v)));
        QCOMPARE(d->sessionName(), QStringLiteral("baseline"));
        QVERIFY(d->sessionCombo()->findText(QStringLiteral("EC 4+2")) >= 0);
        d->sessionCombo()->setCurrentIndex(d->sessionCombo()->findText(QStringLiteral("EC 4+2")));
        shot(d, QStringLiteral("move-run"));
        QSignalSpy done(&v, &SessionsView::operationFinished);
        d->accept();
        QVERIFY(done.wait(10000));
        QVERIFY(!done.at(0).at(0).value<Error>());
        SessionStore s(path);
        QVERIFY(!s.open());
        QCOMPARE(s.run(m_a).sessionName, QStringLiteral("EC 4+2"));
        QCOMPARE(s.steps(m_a).size(), 1); // the steps went along
        // After the reload: under EC 4+2, still selected.
        QTRY_COMPARE_WITH_TIMEOUT(
            v.model()->sessionAt(v.model()->runIndex(m_a))->session.name, QStringLiteral("EC 4+2"), 10000);
        QCOMPARE(v.currentRunId(), m_a);

        // A name that is no session yet creates one.
        done.clear();
        v.moveRun(m_a, QStringLiteral("write cache off"));
        QVERIFY(done.wait(10000));
        QVERIFY(!done.at(0).at(0).value<Error>());
        QCOMPARE(s.run(m_a).sessionName, QStringLiteral("write cache off"));
        // A run that is gone: a clear error, nothing created.
        done.clear();
        v.moveRun(99999, QStringLiteral("nowhere"));
        QVERIFY(done.wait(10000));
        QCOMPARE(done.at(0).at(0).value<Error>().code, Error::Code::InvalidInput);
    }

    // Through the main window: Run again… → Edit in wizard… opens the plan wizard with
    // the saved plan, and what it runs is that plan, in the session picked; then Start
    // now runs it at once.
    void runAgainOpensWizardWithSamePlan()
    {
        const QString path = copyOfStore();
        RunEngine engine(path);
        MainWindow window(&engine, path);
        window.resize(1280, 800);
        window.show();
        SessionsView *v = window.sessionsView();
        QVERIFY(waitReload(*v));
        v->selectRun(m_a);
        QTest::mouseClick(v->findChild<QPushButton *>(QStringLiteral("runAgain")), Qt::LeftButton);
        RunAgainDialog *d = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((d = visibleChild<RunAgainDialog>(&window)), 10000);
        QCOMPARE(d->sessionCombo()->currentText(), QStringLiteral("baseline"));
        d->sessionCombo()->setEditText(QStringLiteral("MTU 9000"));
        shot(d, QStringLiteral("run-again"));
        if (auto *tabs = qobject_cast<QTabWidget *>(v->parentWidget() ? v->parentWidget()->parentWidget() : nullptr)) {
            tabs->setCurrentWidget(v);
            shot(&window, QStringLiteral("main-sessions-tab"));
        }
        QTest::mouseClick(d->editButton(), Qt::LeftButton);

        PlanWizard *w = nullptr;
        QTRY_VERIFY((w = visibleChild<PlanWizard>(&window)));
        for (int i = 0; i < 8 && !qobject_cast<ReviewPage *>(w->currentPage()); ++i) {
            if (auto *params = qobject_cast<DiskParamsPage *>(w->currentPage())) {
                // The saved run's own tests come first and are chosen.
                QCOMPARE(params->presetList()->currentRow(), 0);
                QVERIFY2(params->presetList()->item(0)->text().startsWith(QStringLiteral("As saved")),
                    qPrintable(params->presetList()->item(0)->text()));
                QCOMPARE(params->stepTable()->rowCount(), 1);
                shot(w, QStringLiteral("wizard-params-as-saved"));
            }
            QVERIFY2(w->button(QWizard::NextButton)->isEnabled(), qPrintable(w->currentPage()->objectName()));
            QTest::mouseClick(w->button(QWizard::NextButton), Qt::LeftButton);
        }
        auto *review = qobject_cast<ReviewPage *>(w->currentPage());
        QVERIFY(review);
        QCOMPARE(review->nameEdit()->text(), QStringLiteral("quick A"));
        QCOMPARE(review->sessionCombo()->currentText(), QStringLiteral("MTU 9000"));
        shot(w, QStringLiteral("wizard-review-session"));
        QSignalSpy requested(w, &PlanWizard::runRequested);
        QSignalSpy started(&engine, &RunEngine::runStarted);
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QTest::mouseClick(w->button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(requested.count(), 1);
        const Plan p = requested.at(0).at(0).value<Plan>();
        Plan expected = m_planA;
        expected.session = QStringLiteral("MTU 9000");
        QCOMPARE(p.kind, expected.kind);
        QCOMPARE(p.name, expected.name);
        QCOMPARE(p.session, expected.session);
        QCOMPARE(p.nodes, expected.nodes);
        QCOMPARE(p.target, expected.target);
        QCOMPARE(p.repeat, expected.repeat);
        QCOMPARE(p.steps.size(), expected.steps.size());
        for (int i = 0; i < p.steps.size(); ++i) {
            QCOMPARE(p.steps.at(i).id, expected.steps.at(i).id);
            QCOMPARE(p.steps.at(i).params, expected.steps.at(i).params);
        }
        // The real engine runs it into the session picked.
        QVERIFY(started.wait(20000));
        const RunId again = started.at(0).at(0).value<RunId>();
        QVERIFY(finished.wait(120000));
        SessionStore s(path);
        QVERIFY(!s.open());
        QCOMPARE(s.run(again).sessionName, QStringLiteral("MTU 9000"));
        QCOMPARE(s.runPlan(again).steps.first().params, m_planA.steps.first().params);

        // Start now: no wizard, straight to the engine, into a new session.
        QTRY_VERIFY(window.currentRun() == 0);
        v->runAgain(m_c);
        QTRY_VERIFY_WITH_TIMEOUT((d = visibleChild<RunAgainDialog>(&window)), 10000);
        d->sessionCombo()->setEditText(QStringLiteral("write cache off"));
        started.clear();
        finished.clear();
        QTest::mouseClick(d->startButton(), Qt::LeftButton);
        QVERIFY(started.wait(20000));
        const RunId third = started.at(0).at(0).value<RunId>();
        QVERIFY(finished.wait(120000));
        QCOMPARE(s.run(third).sessionName, QStringLiteral("write cache off"));
        QCOMPARE(s.run(third).nodes, QStringList {QStringLiteral("pve2")});
        QTRY_VERIFY_WITH_TIMEOUT(v->model()->runIndex(third).isValid(), 10000);
    }

    // A run the engine is still writing (status "running", owned by this live process)
    // cannot be deleted, nor its session; once finished it can.
    void runningRunIsNotDeleted()
    {
        const QString path = copyOfStore();
        SessionStore s(path);
        QVERIFY(!s.open());
        Error e;
        const RunId running = s.createRun(
            tinyPlan(QStringLiteral("still going"), QStringLiteral("baseline"), QStringLiteral("pve1")), {}, &e);
        QVERIFY(!e && running > 0);
        SessionsView v(path);
        v.show();
        QVERIFY(waitReload(v));
        QCOMPARE(v.model()->runIndex(running).siblingAtColumn(SessionsModel::ColStatus).data().toString(),
            QStringLiteral("running"));
        v.confirmDeleteRun(running);
        QTRY_VERIFY_WITH_TIMEOUT(v.messageText().contains(QStringLiteral("still running")), 10000);
        QVERIFY(!visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete")));
        const qint64 base = s.ensureSession(QStringLiteral("baseline"));
        v.confirmDeleteSession(base);
        QTRY_VERIFY_WITH_TIMEOUT(
            v.messageText().contains(QStringLiteral("stop it before deleting the session")), 10000);
        QVERIFY(!visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete")));
        QCOMPARE(s.sessionContents(base).runs, 2);

        QVERIFY(!s.finishRun(running, RunStatus::Completed));
        v.confirmDeleteRun(running);
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete"))), 10000);
        QTest::mouseClick(box->button(QMessageBox::Cancel), Qt::LeftButton);
    }

    void newSessionFromDialog()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.show();
        QVERIFY(waitReload(v));
        v.newSession();
        QInputDialog *d = nullptr;
        QTRY_VERIFY((d = visibleChild<QInputDialog>(&v, QStringLiteral("newSessionDialog"))));
        d->setTextValue(QStringLiteral("bluestore 4k min_alloc"));
        QSignalSpy done(&v, &SessionsView::operationFinished);
        d->accept();
        QVERIFY(done.wait(10000));
        QVERIFY(!done.at(0).at(0).value<Error>());
        SessionStore s(path);
        QVERIFY(!s.open());
        bool found = false;
        for (const SessionInfo &i : s.sessions())
            found = found || i.name == QStringLiteral("bluestore 4k min_alloc");
        QVERIFY(found);
        QTRY_VERIFY(v.currentPane() == v.sessionPane()
            && v.sessionPane()->nameEdit()->text() == QStringLiteral("bluestore 4k min_alloc"));
    }
};

QTEST_MAIN(TestSessionsView)
#include "test_sessionsview.moc"
