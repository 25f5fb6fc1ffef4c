// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the Sessions-tab tests share (header-only): a real SQLite store with real runs,
// tiny fio runs (16M file, 1 s, one test) made by the real RunEngine on this machine
// under the node names pve1 and pve2 (both "local" underneath), that each test copies,
// and helpers to read the tab's widgets.
#include "bench/diskfio/diskfiokind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "mainwindow.h"
#include "results/resultsmodel.h"
#include "results/resultsview.h"
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
#include <QAction>
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

namespace cmtest {

using namespace cm;
using namespace cm::ui;

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

class SessionsFixture {
protected:
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

    // Makes the three runs and the sessions every test starts from (initTestCase).
    void makeMaster()
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
};

} // namespace cmtest
