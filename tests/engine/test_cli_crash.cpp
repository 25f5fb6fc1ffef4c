// SPDX-License-Identifier: GPL-3.0-or-later
// kill -9 of clustermark-cli in the middle of a run: the run is still in the database
// up to about the last second, and is marked interrupted.
#include "model/metric.h"
#include "store/sessionstore.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace cm;

class TestCliCrash : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void killNineKeepsSamples()
    {
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        const QString cli = qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli");
        QVERIFY(QFile::exists(cli));
        QTemporaryDir data, target;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTERMARK_DATA_DIR"), data.path());

        QProcess plan;
        plan.setProcessEnvironment(env);
        plan.start(cli,
            {QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--preset"), QStringLiteral("quick"),
                QStringLiteral("--target"), target.path(), QStringLiteral("--size"), QStringLiteral("16M"),
                QStringLiteral("--runtime"), QStringLiteral("30")});
        QVERIFY(plan.waitForFinished(20000));
        QCOMPARE(plan.exitCode(), 0);
        const QString planFile = data.filePath(QStringLiteral("plan.json"));
        QFile pf(planFile);
        QVERIFY(pf.open(QIODevice::WriteOnly));
        pf.write(plan.readAllStandardOutput());
        pf.close();

        QProcess run;
        run.setProcessEnvironment(env);
        run.start(cli, {QStringLiteral("run"), planFile});
        QVERIFY(run.waitForStarted());
        // Let it measure for a few seconds, then kill it without warning.
        QByteArray err;
        QElapsedTimer clock;
        clock.start();
        while (!err.contains("[1/") && clock.elapsed() < 20000) {
            run.waitForReadyRead(200);
            err += run.readAllStandardError();
        }
        QVERIFY2(err.contains("[1/"), err.constData());
        QTest::qWait(4500);
        ::kill(run.processId(), SIGKILL);
        QVERIFY(run.waitForFinished(5000));
        // fio outlives the app for at most its bounded runtime; end it for this test.
        for (qint64 pid : cmtest::processesMatching(target.path().toUtf8()))
            ::kill(pid, SIGKILL);

        SessionStore store(data.filePath(QStringLiteral("clustermark.sqlite")));
        QVERIFY(!store.open());
        QCOMPARE(store.markInterruptedRuns(), 1);
        const QList<RunInfo> runs = store.runs();
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.first().status, RunStatus::Interrupted);
        double lastBw = -1;
        int bwPoints = 0;
        for (const SeriesData &s : store.series(runs.first().id)) {
            if (s.metric == metric::ReadBw) {
                bwPoints = s.v.size();
                lastBw = s.t.isEmpty() ? -1 : s.t.last();
            }
        }
        // About 4 s of fio status documents, one a second: the store has at least 2.
        QVERIFY2(bwPoints >= 2, qPrintable(QString::number(bwPoints)));
        QVERIFY(lastBw > 0);
    }
};

QTEST_GUILESS_MAIN(TestCliCrash)
#include "test_cli_crash.moc"
