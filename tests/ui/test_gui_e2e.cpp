// SPDX-License-Identifier: GPL-3.0-or-later
// End to end through the real parts: the main window hands a quick disk plan (16M file
// in a temp folder, 1 s per test) to the real RunEngine, which runs real fio on this
// machine; the Live tab must receive points, the Results tab must list the run.
#include "bench/diskfio/diskfiokind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "live/livechart.h"
#include "live/livedashboard.h"
#include "live/liveheader.h"
#include "mainwindow.h"
#include "results/resultsmodel.h"
#include "results/resultsview.h"
#include "store/sessionstore.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;
using namespace cm::ui;

class TestGuiE2e : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_home;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_home.filePath(QStringLiteral("config")));
        QCoreApplication::setOrganizationName(QStringLiteral("ClusterMarkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ClusterMarkTest"));
        registerBuiltinKinds();
    }

    void quickPlanRunsLiveAndIsSaved()
    {
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        QTemporaryDir target;
        QVERIFY(target.isValid());
        const QString storePath = m_home.filePath(QStringLiteral("clustermark.sqlite"));
        Error err;
        Plan plan = DiskFioKind::makePlan(QStringLiteral("quick"), {NodeSpec::parse(QStringLiteral("local"))},
            QJsonObject {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), target.path()},
                {QStringLiteral("size"), QStringLiteral("16M")}},
            1, &err);
        QVERIFY2(!err, qPrintable(err.toString()));
        plan.name = QStringLiteral("e2e quick");

        RunEngine engine(storePath);
        MainWindow window(&engine, storePath);
        window.resize(1280, 800);
        window.show();
        QAbstractItemModelTester tester(
            window.resultsView()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy started(&engine, &RunEngine::runStarted);
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        window.startPlan(plan);
        QVERIFY(started.wait(10000));
        const RunId id = started.at(0).at(0).value<RunId>();
        QCOMPARE(window.currentRun(), id);
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.at(0).at(0).value<RunId>(), id);
        const auto status = finished.at(0).at(1).value<RunStatus>();
        QVERIFY2(status == RunStatus::Completed, qPrintable(finished.at(0).at(2).value<Error>().toString()));

        LiveDashboard *live = window.liveDashboard();
        QVERIFY(!live->isRunning());
        QVERIFY2(live->samplesReceived() > 0, "the dashboard received no samples");
        LiveChart *bw = live->chart(LiveDashboard::Chart::Bandwidth);
        QVERIFY2(bw->displayedPointCount() >= 4, qPrintable(QString::number(bw->displayedPointCount())));
        QVERIFY(bw->lineCount() >= 2); // a read and a write line for the file
        QVERIFY(live->chart(LiveDashboard::Chart::Iops)->displayedPointCount() > 0);
        QVERIFY(live->header()->statusText().startsWith(QStringLiteral("Completed")));

        // The Results tab reloads itself after the run and lists it as completed.
        ResultsModel *m = window.resultsView()->model();
        QTRY_VERIFY_WITH_TIMEOUT(m->rowOf(id) >= 0, 10000);
        QCOMPARE(m->index(m->rowOf(id), ResultsModel::ColStatus).data().toString(), QStringLiteral("completed"));
        QVERIFY(!m->index(m->rowOf(id), ResultsModel::ColFigures).data().toString().isEmpty());
        if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT")) { // for looking at it by hand
            QSignalSpy shown(window.resultsView(), &ResultsView::detailShown);
            window.showResults();
            window.resultsView()->selectRun(id);
            shown.wait(3000);
            window.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT"));
        }
        // Nothing is left in the target folder.
        QCOMPARE(QDir(target.path()).entryList(QDir::Files).size(), 0);
    }
};

QTEST_MAIN(TestGuiE2e)
#include "test_gui_e2e.moc"
