// SPDX-License-Identifier: GPL-3.0-or-later
// Every screen at one size, look and language: the main window's tabs after real fio
// runs on this machine (the live run while it goes), every kind's wizard pages, and the
// dialogs. Each screen must keep the layout rules (layoutrules.h); with
// CLUSTERMARK_SHOTS set, each is saved as a PNG there. scripts/screenshots.sh runs it
// for light, dark and zh_CN at 1280×800 and 1024×700.
//   CLUSTERMARK_SCREEN=1024x700 (default), CLUSTERMARK_THEME=light (default) | dark;
//   CLUSTERMARK_SCREEN_RUNTIME=1 (default): seconds per test; above 1 the runs take the
//   whole quick preset, for screenshots worth showing;
//   the language follows the locale (LANG/LC_ALL).
#include "addnodedialog.h"
#include "apptheme.h"
#include "bench/diskfio/diskfiokind.h"
#include "bench/registry.h"
#include "cephconnectdialog.h"
#include "compare/compareview.h"
#include "export/chartexportdialog.h"
#include "export/forumcomposerdialog.h"
#include "engine/runengine.h"
#include "kinds/uikind.h"
#include "layoutrules.h"
#include "live/livedashboard.h"
#include "mainwindow.h"
#include "results/resultsview.h"
#include "results/rundetailpane.h"
#include "sessions/runagaindialog.h"
#include "sessions/sessionsview.h"
#include "testutil.h"
#include "tuning/experimentdialog.h"
#include "wizard/kindpage.h"
#include "wizard/planwizard.h"
#include "wizard/temporarypoolform.h"
#include "wizarddriver.h"

#include <QElapsedTimer>
#include <QLibraryInfo>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace cm;
using namespace cm::ui;
using namespace cmtest;

class TestScreens : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_home;
    QTemporaryDir m_target;
    QSize m_size {1024, 700};
    int m_runtime = 1; // seconds per test
    QStringList m_problems;
    int m_shot = 0;
    QTranslator m_qt, m_app;

    // Saves the screen (when asked to) and notes what breaks the layout rules.
    void shoot(QWidget *w, const QString &name)
    {
        QTest::qWait(150); // deferred layouts and the first paint
        for (const QString &p : layoutProblems(w))
            m_problems << QStringLiteral("%1: %2").arg(name, p);
        const QString dir = qEnvironmentVariable("CLUSTERMARK_SHOTS");
        if (dir.isEmpty())
            return;
        QDir().mkpath(dir);
        w->grab().save(QStringLiteral("%1/%2-%3.png").arg(dir).arg(++m_shot, 2, 10, QLatin1Char('0')).arg(name));
    }

    Plan quickPlan(const QString &name, const QString &bs)
    {
        Error err;
        Plan plan = DiskFioKind::makePlan(QStringLiteral("quick"), {NodeSpec::parse(QStringLiteral("local"))},
            QJsonObject {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), m_target.path()},
                {QStringLiteral("size"), QStringLiteral("16M")}},
            m_runtime, &err);
        if (m_runtime <= 1)
            plan.steps = plan.steps.mid(0, 2);
        for (PlanStep &s : plan.steps)
            s.params.insert(QStringLiteral("bs"), bs);
        plan.name = name;
        return plan;
    }

    // Runs a plan through the window; shoots the live tab once figures arrived.
    RunId run(MainWindow &window, RunEngine &engine, const Plan &plan, bool shootLive)
    {
        QSignalSpy started(&engine, &RunEngine::runStarted);
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        window.startPlan(plan);
        if (!started.wait(10000))
            return 0;
        if (shootLive) {
            QElapsedTimer clock;
            clock.start();
            // about half way through the run (fio and the node monitor: ~14 samples a second)
            const qint64 enough = std::max<qint64>(20, 7 * m_runtime * plan.steps.size());
            while (window.liveDashboard()->samplesReceived() < enough && clock.elapsed() < 60000)
                QTest::qWait(100);
            shoot(&window, QStringLiteral("live-running"));
        }
        if (!finished.wait(120000))
            return 0;
        return started.at(0).at(0).value<RunId>();
    }

    // Brings the main tab holding page to the front.
    static void showTab(MainWindow &window, QWidget *page)
    {
        for (QTabWidget *tabs : window.findChildren<QTabWidget *>())
            if (tabs->indexOf(page) >= 0)
                tabs->setCurrentWidget(page);
    }

    template <typename T> T *openedDialog(QWidget *over)
    {
        T *d = nullptr;
        QElapsedTimer clock;
        clock.start();
        while (!((d = over->findChild<T *>()) && d->isVisible()) && clock.elapsed() < 5000)
            QTest::qWait(50);
        return d && d->isVisible() ? d : nullptr;
    }

    void wizardPages(MainWindow &window)
    {
        registerBuiltinUiKinds();
        for (const QString &kind : UiKindRegistry::instance().ids()) {
            window.openWizard();
            PlanWizard *w = nullptr;
            QTRY_VERIFY_WITH_TIMEOUT((w = window.findChild<PlanWizard *>()) && w->isVisible(), 5000);
            auto *kinds = currentPage<KindPage>(*w);
            QVERIFY(kinds && selectById(kinds->list(), kind));
            if (kind == UiKindRegistry::instance().ids().first())
                shoot(w, QStringLiteral("wizard-kind"));
            QVERIFY(clickNext(*w));
            for (int page = 1; page <= 8; ++page) {
                shoot(w, QStringLiteral("wizard-%1-%2").arg(kind).arg(page));
                if (auto *pool = w->currentPage()->findChild<TemporaryPoolForm *>()) { // its fields, open
                    pool->setChecked(true);
                    shoot(w, QStringLiteral("wizard-%1-%2-temporary-pool").arg(kind).arg(page));
                    pool->setChecked(false);
                }
                if (!clickNext(*w))
                    break;
            }
            w->reject();
            QTRY_VERIFY(!window.findChild<PlanWizard *>());
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid() && m_target.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_home.filePath(QStringLiteral("config")));
        QCoreApplication::setOrganizationName(QStringLiteral("ClusterMarkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ClusterMarkTest"));
        if (m_qt.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(&m_qt);
        if (m_app.load(QLocale(), QStringLiteral("clustermark"), QStringLiteral("_"), QStringLiteral(":/i18n")))
            QCoreApplication::installTranslator(&m_app);
        const QStringList size
            = qEnvironmentVariable("CLUSTERMARK_SCREEN", QStringLiteral("1024x700")).split(QLatin1Char('x'));
        if (size.size() == 2)
            m_size = QSize(size.at(0).toInt(), size.at(1).toInt());
        m_runtime = std::clamp(qEnvironmentVariableIntValue("CLUSTERMARK_SCREEN_RUNTIME"), 1, 30);
        applyTheme(themeFromName(qEnvironmentVariable("CLUSTERMARK_THEME", QStringLiteral("light"))));
        registerBuiltinKinds();
    }

    void everyScreenKeepsTheRules()
    {
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        const QString storePath = m_home.filePath(QStringLiteral("clustermark.sqlite"));
        RunEngine engine(storePath);
        MainWindow window(&engine, storePath);
        window.resize(m_size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        if (window.minimumSizeHint().width() > m_size.width() || window.size() != m_size)
            m_problems << QStringLiteral("the window needs %1 px; it is %2 px wide")
                              .arg(window.minimumSizeHint().width())
                              .arg(window.width());
        shoot(&window, QStringLiteral("start"));

        const RunId first = run(window, engine, quickPlan(QStringLiteral("NVMe baseline"), QStringLiteral("1M")), true);
        QVERIFY(first > 0);
        shoot(&window, QStringLiteral("live-finished"));
        const RunId second = run(window, engine, quickPlan(QStringLiteral("NVMe tuned"), QStringLiteral("4M")), false);
        QVERIFY(second > 0);

        QSignalSpy shown(window.resultsView(), &ResultsView::detailShown);
        window.showRun(first);
        QVERIFY(shown.wait(10000) || window.resultsView()->currentRun() == first);
        QTabWidget *detail = window.resultsView()->detailPane()->tabs();
        for (int i = 0; i < detail->count(); ++i) {
            detail->setCurrentIndex(i);
            shoot(&window, QStringLiteral("results-%1").arg(i));
        }
        detail->setCurrentIndex(0);

        QSignalSpy compared(window.compareView(), &CompareView::compareShown);
        window.compareView()->compare({first, second});
        QVERIFY(compared.wait(20000));
        showTab(window, window.compareView());
        shoot(&window, QStringLiteral("compare"));
        showTab(window, window.sessionsView());
        shoot(&window, QStringLiteral("sessions"));

        window.showRun(first);
        if (auto *d = window.resultsView()->exportChart()) {
            shoot(d, QStringLiteral("dialog-export-chart"));
            d->close();
        }
        if (auto *d = window.resultsView()->composeForumPost()) {
            shoot(d, QStringLiteral("dialog-forum-post"));
            d->close();
        }
        window.openAddNode();
        if (auto *d = openedDialog<AddNodeDialog>(&window)) {
            shoot(d, QStringLiteral("dialog-add-node"));
            d->close();
        }
        window.openCephConnect();
        if (auto *d = openedDialog<CephConnectDialog>(&window)) {
            shoot(d, QStringLiteral("dialog-ceph-connect"));
            d->close();
        }
        {
            RunAgainDialog d(quickPlan(QStringLiteral("NVMe tuned"), QStringLiteral("4M")),
                window.sessionsView()->sessionNames(), QString(), &window);
            d.show();
            shoot(&d, QStringLiteral("dialog-run-again"));
        }
        {
            ExperimentDialog d(quickPlan(QStringLiteral("NVMe tuned"), QStringLiteral("4M")), &window);
            d.addChange(QStringLiteral("write cache off"), QStringLiteral("write-cache"), QStringLiteral("local"),
                QString(), QStringLiteral("off"));
            d.addChange(QStringLiteral("write cache off"), QStringLiteral("config"), QString(),
                QStringLiteral("client/rbd_cache"), QStringLiteral("false"));
            d.show();
            shoot(&d, QStringLiteral("dialog-experiment"));
        }
        wizardPages(window);

        QVERIFY2(m_problems.isEmpty(), qPrintable(m_problems.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestScreens)
#include "test_screens.moc"
