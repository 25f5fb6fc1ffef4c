// SPDX-License-Identifier: GPL-3.0-or-later
// The run engine end to end with real fio on a temp file, a real SQLite store, and the
// node monitor reading this machine's /proc.
#include "bench/diskfio/diskfiokind.h"
#include "bench/planbuilder.h"
#include "bench/rados/radoskind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "model/metric.h"
#include "store/sessionstore.h"
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace cm;

namespace {

Plan quickPlan(const QString &dir, int runtime, int steps = -1)
{
    Error e;
    Plan p = DiskFioKind::makePlan(QStringLiteral("quick"), {NodeSpec::parse(QStringLiteral("local"))},
        {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), dir},
            {QStringLiteral("size"), QStringLiteral("16M")}},
        runtime, &e);
    if (steps > 0)
        p.steps = p.steps.mid(0, steps);
    return p;
}

struct Collected {
    SampleList samples;
    RunId id = 0;
};

} // namespace

class TestRunEngine : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
    }

    void quickPlanRunsAndIsSaved()
    {
        QTemporaryDir data, target;
        RunEngine engine(data.filePath(QStringLiteral("db.sqlite")));
        Collected got;
        SampleBufferPtr buffer;
        connect(&engine, &RunEngine::runStarted, this, [&](RunId id, const Plan &, SampleBufferPtr b, double eta) {
            got.id = id;
            buffer = b;
            QVERIFY(eta > 0);
        });
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        // SEQ1M Q8T1 read + write, 2 s each
        engine.start(quickPlan(target.path(), 2, 2));
        // drain like the UI does, on a timer-ish loop
        QElapsedTimer clock;
        clock.start();
        while (finished.isEmpty() && clock.elapsed() < 120000) {
            QTest::qWait(100);
            if (buffer)
                got.samples += buffer->take();
        }
        QCOMPARE(finished.size(), 1);
        if (buffer)
            got.samples += buffer->take();
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(3).value<Error>().toString()));
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Completed);

        // live points arrived per interval, on one time axis
        int readBw = 0, writeBw = 0, cpu = 0;
        for (const Sample &s : std::as_const(got.samples)) {
            if (s.metric == metric::ReadBw && s.step == 0 && s.value > 0)
                ++readBw;
            if (s.metric == metric::WriteBw && s.step == 1 && s.value > 0)
                ++writeBw;
            if (s.metric == metric::CpuBusy)
                ++cpu;
            QVERIFY(s.t >= 0 && s.t < 120);
        }
        QVERIFY2(readBw >= 1, qPrintable(QString::number(readBw)));
        QVERIFY2(writeBw >= 1, qPrintable(QString::number(writeBw)));
        QVERIFY2(cpu >= 2, "the node monitor samples CPU each second");

        // everything is in the store, and the bench file is gone
        SessionStore store(data.filePath(QStringLiteral("db.sqlite")));
        QVERIFY(!store.open());
        const RunInfo run = store.run(got.id);
        QCOMPARE(run.status, RunStatus::Completed);
        const auto steps = store.steps(got.id);
        QCOMPARE(steps.size(), 2);
        for (const StepRecord &s : steps) {
            QCOMPARE(s.status, QStringLiteral("completed"));
            QVERIFY(s.command.contains(QStringLiteral("--output-format=json+")));
            QVERIFY(s.environment.value(QStringLiteral("fio_version")).toString().startsWith(QStringLiteral("fio-")));
            QVERIFY(!s.rawOutput.isEmpty());
        }
        const double bw
            = steps.at(0).summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("bw")).toDouble();
        QVERIFY2(bw > 1e6, qPrintable(QString::number(bw)));
        int stored = 0;
        for (const SeriesData &sd : store.series(got.id))
            stored += sd.v.size();
        // every live sample is stored, but the step-so-far percentiles (live only)
        int live = 0, stepSoFar = 0;
        for (const Sample &x : std::as_const(got.samples))
            (metric::isStepSoFar(x.metric) ? stepSoFar : live) += 1;
        QCOMPARE(stored, live);
        QVERIFY2(stepSoFar > 0, "fio's cumulative bins give the step's percentiles live");
        // every step made its own bench file, and removed it
        QVERIFY(QDir(target.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty());
        const QString file0 = steps.at(0).environment.value(QStringLiteral("bench_file")).toString();
        const QString file1 = steps.at(1).environment.value(QStringLiteral("bench_file")).toString();
        QVERIFY2(file0.startsWith(target.path() + QStringLiteral("/clustermark-bench-local-")), qPrintable(file0));
        QVERIFY(file0.endsWith(QStringLiteral(".fio.dat")));
        QVERIFY(file0 != file1);
    }

    void cancelStopsWithinTwoSecondsAndLeavesNoFio()
    {
        QTemporaryDir data, target;
        RunEngine engine(data.filePath(QStringLiteral("db.sqlite")));
        SampleBufferPtr buffer;
        RunId id = 0;
        connect(&engine, &RunEngine::runStarted, this, [&](RunId i, const Plan &, SampleBufferPtr b, double) {
            id = i;
            buffer = b;
        });
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        Plan unnamed = quickPlan(target.path(), 60, 1);
        unnamed.name.clear(); // a plan file without a name still makes a named run
        engine.start(unnamed);
        const QByteArray marker = target.path().toUtf8();
        // fio is measuring once its first interval arrives
        int measured = 0;
        QTRY_VERIFY_WITH_TIMEOUT((measured += cmtest::takeStepSamples(buffer)) > 0, 30000);
        QVERIFY(!cmtest::processesMatching(marker).isEmpty());
        QElapsedTimer clock;
        clock.start();
        engine.cancel(id);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        qInfo("cancel to run finished: %lld ms", clock.elapsed());
        QVERIFY2(clock.elapsed() < 2000, qPrintable(QStringLiteral("cancel took %1 ms").arg(clock.elapsed())));
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Cancelled);
        QVERIFY(cmtest::processesMatching(marker).isEmpty());
        SessionStore store(data.filePath(QStringLiteral("db.sqlite")));
        QVERIFY(!store.open());
        QCOMPARE(store.run(id).status, RunStatus::Cancelled);
        const DiskFioKind kind;
        QCOMPARE(store.run(id).name, defaultPlanName(unnamed, &kind));
        QVERIFY2(
            store.run(id).name.startsWith(kind.displayName() + QStringLiteral(" · ")), qPrintable(store.run(id).name));
    }

    void missingFolderIsAnErrorAndNotCreated()
    {
        QTemporaryDir data, target;
        const QString missing = target.filePath(QStringLiteral("no/such/dir"));
        RunEngine engine(data.filePath(QStringLiteral("db.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        engine.start(quickPlan(missing, 1, 1));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Failed);
        QCOMPARE(failed.size(), 1);
        QCOMPARE(failed.first().at(3).value<Error>().code, Error::Code::PathMissing);
        QVERIFY(!QDir(target.filePath(QStringLiteral("no"))).exists());
    }

    void fioErrorIsReportedWithItsText()
    {
        // A 3-byte block with O_DIRECT: fio fails and sets jobs[].error.
        QTemporaryDir data, target;
        Plan plan = quickPlan(target.path(), 1, 1);
        plan.steps[0].params.insert(QStringLiteral("bs"), QStringLiteral("3"));
        RunEngine engine(data.filePath(QStringLiteral("db.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        engine.start(plan);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
        QCOMPARE(failed.size(), 1);
        const Error e = failed.first().at(3).value<Error>();
        QCOMPARE(e.code, Error::Code::CommandFailed);
        QVERIFY2(e.message.contains(QStringLiteral("fio")), qPrintable(e.toString()));
        QVERIFY(QDir(target.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
    }

    void plantedLinkAtTheOldNameIsNeverFollowed()
    {
        // A folder others may write to (sticky, like /tmp), with a link at the name the
        // bench file used to have, owned by another user and pointing at a file of ours.
        QTemporaryDir data, shared, victimDir;
        QVERIFY(::chmod(shared.path().toLocal8Bit().constData(), 01777) == 0);
        const QString victim = victimDir.filePath(QStringLiteral("precious"));
        QFile v(victim);
        QVERIFY(v.open(QIODevice::WriteOnly));
        v.write("keep me\n");
        v.close();
        const QString link = shared.filePath(QStringLiteral("clustermark-bench-local.fio.dat"));
        QVERIFY(QFile::link(victim, link));
        QVERIFY(::lchown(link.toLocal8Bit().constData(), 65534, 65534) == 0); // nobody
        RunEngine engine(data.filePath(QStringLiteral("db.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        Plan plan = quickPlan(shared.path(), 1);
        plan.steps = {plan.steps.at(1)}; // SEQ1M write
        engine.start(plan);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Completed);
        QVERIFY(v.open(QIODevice::ReadOnly));
        QCOMPARE(v.readAll(), QByteArray("keep me\n"));
        QCOMPARE(QFileInfo(victim).size(), 8);
        QVERIFY(QFileInfo(link).isSymLink()); // not ours: not removed either
        QCOMPARE(QDir(shared.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System),
            QStringList {QStringLiteral("clustermark-bench-local.fio.dat")});
    }

    void folderOthersCanWriteWithoutStickyBitIsRefused()
    {
        QTemporaryDir data, open;
        QVERIFY(::chmod(open.path().toLocal8Bit().constData(), 0777) == 0);
        RunEngine engine(data.filePath(QStringLiteral("db.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        engine.start(quickPlan(open.path(), 1, 1));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
        QCOMPARE(failed.size(), 1);
        const Error e = failed.first().at(3).value<Error>();
        QCOMPARE(e.code, Error::Code::Unsafe);
        QVERIFY2(e.message.contains(QStringLiteral("sticky bit")), qPrintable(e.message));
        QVERIFY(QDir(open.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty());
    }

    void unreachableClusterFailsOnceAtTheStart()
    {
        // A ceph.conf whose monitor port is closed: the first step waits out the connect
        // timeout once, and the run stops there instead of paying it for every step.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 closedPort = probe.serverPort();
        probe.close();
        QTemporaryDir data, conf;
        QFile c(conf.filePath(QStringLiteral("ceph.conf")));
        QVERIFY(c.open(QIODevice::WriteOnly));
        c.write("[global]\nmon_host = 127.0.0.1:" + QByteArray::number(closedPort) + "\nauth_client_required = none\n");
        c.close();
        Error e;
        const Plan plan = RadosKind::makePlan(QStringLiteral("quick"),
            {{QStringLiteral("pool"), QStringLiteral("rbd")}, {QStringLiteral("conf"), c.fileName()},
                {QStringLiteral("timeout"), 3}},
            1, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(plan.steps.size() >= 4);
        RunEngine engine(data.filePath(QStringLiteral("db.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        QElapsedTimer clock;
        clock.start();
        engine.start(plan);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        qInfo("%lld steps, run over after %lld ms: %s", qint64(plan.steps.size()), clock.elapsed(),
            qPrintable(finished.first().at(2).value<Error>().toString()));
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Failed);
        QCOMPARE(failed.size(), 1); // one failure, not one per step
        QCOMPARE(failed.first().at(3).value<Error>().code, Error::Code::Unreachable);
        QVERIFY2(clock.elapsed() < 3000 * 3, qPrintable(QString::number(clock.elapsed())));
    }

    void cancelWhileConnectingIsQuick()
    {
        // A host that accepts TCP but never speaks SSH: connect would wait its timeout.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        QTemporaryDir data;
        Plan p = quickPlan(QStringLiteral("/tmp"), 1, 1);
        p.nodes = {NodeSpec::parse(QStringLiteral("root@127.0.0.1:%1").arg(silent.serverPort()))};
        RunEngine engine(data.filePath(QStringLiteral("db.sqlite")));
        RunId id = 0;
        connect(&engine, &RunEngine::runStarted, this, [&](RunId i, const Plan &, SampleBufferPtr, double) { id = i; });
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        engine.start(p);
        QTRY_VERIFY_WITH_TIMEOUT(id > 0, 5000);
        QTest::qWait(300);
        QElapsedTimer clock;
        clock.start();
        engine.cancel(id);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        QVERIFY2(clock.elapsed() < 2000, qPrintable(QStringLiteral("cancel took %1 ms").arg(clock.elapsed())));
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Cancelled);
    }

    void badPlanFailsToStart()
    {
        QTemporaryDir data;
        RunEngine engine(data.filePath(QStringLiteral("db.sqlite")));
        QSignalSpy startFailed(&engine, &RunEngine::startFailed);
        Plan p = quickPlan(QStringLiteral("/tmp"), 1, 1);
        p.kind = QStringLiteral("no-such-kind");
        engine.start(p);
        QTRY_COMPARE_WITH_TIMEOUT(startFailed.size(), 1, 5000);
    }
};

QTEST_GUILESS_MAIN(TestRunEngine)
#include "test_runengine.moc"
