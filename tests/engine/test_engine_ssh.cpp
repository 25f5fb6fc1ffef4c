// SPDX-License-Identifier: GPL-3.0-or-later
// The disk benchmark on a node reached over SSH (a real sshd on loopback): trust on
// first use through the CLI, a run, a cancel that leaves no fio, a changed host key.
#include "bench/diskfio/diskfiokind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "enginerun.h"
#include "model/metric.h"
#include "report/runexport.h"
#include "sshdfixture.h"
#include "stats/clustertotal.h"
#include "store/sessionstore.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

namespace {

// The step's "(total)" record: the two nodes' sums, percentiles of their merged
// histograms (stats/clustertotal.h).
void checkClusterTotal(const QString &db, RunId id)
{
    SessionStore store(db);
    QVERIFY(!store.open());
    const QList<StepRecord> steps = store.steps(id);
    QCOMPARE(steps.size(), 3);
    QCOMPARE(steps.last().node, clusterTotalNode());
    QCOMPARE(steps.last().status, QStringLiteral("completed"));
    double bw = 0, ios = 0;
    LatencyBins merged;
    for (int n = 0; n < 2; ++n) {
        const auto dir = IoDirFigures::fromJson(steps.at(n).summary.value(QStringLiteral("read")));
        QVERIFY(dir && !dir->histogram.isEmpty());
        bw += dir->bw;
        ios += dir->totalIos;
        mergeBins(merged, dir->histogram);
    }
    const QJsonObject total = steps.last().summary.value(QStringLiteral("read")).toObject();
    QCOMPARE(total.value(QStringLiteral("bw")).toDouble(), bw);
    QCOMPARE(total.value(QStringLiteral("total_ios")).toDouble(), ios);
    QCOMPARE(total.value(QStringLiteral("lat_p99_ns")).toDouble(), binsPercentile(merged, 99));
    QCOMPARE(steps.last().summary.value(QStringLiteral("counted_clients")).toArray().size(), 2);
    // Both started measuring through the start barrier; how far apart is measured.
    const QJsonObject offsets = steps.last().summary.value(QStringLiteral("start_offsets_ms")).toObject();
    QCOMPARE(offsets.size(), 2);
    const double spread = steps.last().summary.value(QStringLiteral("start_spread_ms")).toDouble(-1);
    qInfo("start spread of two fio clients (local, sshd on loopback): %.0f ms", spread);
    QVERIFY2(spread >= 0, qPrintable(QString::number(spread))); // a figure: the machine's load moves it
    // The forum table has the total's row, redacted or not, and says what it is.
    RunRecords records;
    QVERIFY(!loadRunRecords(store, id, &records));
    for (bool redact : {false, true}) {
        const QString md = runExport(records, ExportFormat::Markdown, redact);
        QVERIFY2(md.contains(QLatin1String("| (total) |")), qPrintable(md));
        QVERIFY2(md.contains(QLatin1String("percentiles from their merged histograms")), qPrintable(md));
        QVERIFY2(md.contains(QLatin1String("started measuring within")), qPrintable(md));
    }
}

} // namespace

class TestEngineSsh : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;
    cmtest::SshdFixture m_sshd;

    Plan plan(const QString &dir, int runtime) const
    {
        Error e;
        Plan p = DiskFioKind::makePlan(QStringLiteral("quick"), {m_sshd.node()},
            {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), dir},
                {QStringLiteral("size"), QStringLiteral("16M")}},
            runtime, &e);
        p.steps = p.steps.mid(4, 1); // RND4K Q32T1 read
        return p;
    }

    int cli(const QStringList &args, QByteArray *err)
    {
        QProcess p;
        p.start(qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli"), args);
        p.waitForFinished(60000);
        *err = p.readAllStandardError();
        return p.exitCode();
    }

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        CM_REQUIRE_FIXTURE(m_sshd.start(), m_sshd.whyNot());
        qputenv("CLUSTERMARK_DATA_DIR", m_data.path().toUtf8());
    }

    void trustOnFirstUseThroughTheCli()
    {
        const QString node = QStringLiteral("%1@%2:%3").arg(m_sshd.user(), m_sshd.host()).arg(m_sshd.port());
        QByteArray err;
        // Without a fingerprint: shown, not trusted.
        QCOMPARE(cli({QStringLiteral("trust"), node}, &err), 1);
        const QByteArray fp = err.mid(err.indexOf("SHA256:")).split('\n').first().trimmed();
        QVERIFY2(fp.startsWith("SHA256:"), err.constData());
        // A wrong fingerprint: refused.
        QCOMPARE(
            cli({QStringLiteral("trust"), node, QStringLiteral("--fingerprint"), QStringLiteral("SHA256:AAAA")}, &err),
            1);
        QVERIFY(err.contains("not the one the host presents"));
        // The right one: stored in the app's known_hosts.
        QCOMPARE(
            cli({QStringLiteral("trust"), node, QStringLiteral("--fingerprint"), QString::fromLatin1(fp)}, &err), 0);
        QCOMPARE(cli({QStringLiteral("trust"), node}, &err), 0);
        QVERIFY(err.contains("already trusted"));
    }

    void runsOverSsh()
    {
        QTemporaryDir target;
        RunEngine engine(m_data.filePath(QStringLiteral("db.sqlite")));
        RunId id = 0;
        SampleBufferPtr buffer;
        connect(&engine, &RunEngine::runStarted, this, [&](RunId i, const Plan &, SampleBufferPtr b, double) {
            id = i;
            buffer = b;
        });
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        engine.start(plan(target.path(), 2));
        QVERIFY(finished.wait(60000));
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(3).value<Error>().toString()));
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Completed);
        int iops = 0, cpu = 0;
        for (const Sample &s : buffer->take()) {
            if (s.metric == metric::ReadIops && s.value > 0)
                ++iops;
            if (s.metric == metric::CpuBusy && s.target == QLatin1String("sshd-fixture"))
                ++cpu;
        }
        QVERIFY(iops >= 1);
        QVERIFY(cpu >= 1);
        SessionStore store(m_data.filePath(QStringLiteral("db.sqlite")));
        QVERIFY(!store.open());
        const auto steps = store.steps(id);
        QCOMPARE(steps.size(), 1);
        QVERIFY(steps.first().summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("iops")).toDouble()
            > 100);
        QVERIFY(steps.first().command.contains(QStringLiteral("sshd-fixture"))
            || steps.first().command.contains(m_sshd.host()));
    }

    void twoNodesAtOnceShareOneTimeAxis()
    {
        QTemporaryDir a, b;
        Plan p = plan(a.path(), 3);
        p.nodes.prepend(NodeSpec::parse(QStringLiteral("local")));
        // one folder seen by both nodes (like a shared mount): each node its own file
        p.target.insert(QStringLiteral("dir"), b.path());
        RunEngine engine(m_data.filePath(QStringLiteral("db.sqlite")));
        SampleBufferPtr buffer;
        connect(&engine, &RunEngine::runStarted, this,
            [&](RunId, const Plan &, SampleBufferPtr buf, double) { buffer = buf; });
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy done(&engine, &RunEngine::stepFinished);
        QStringList failures;
        connect(&engine, &RunEngine::stepFailed, this, [&](RunId, int, const QString &node, const Error &e) {
            failures << node + QStringLiteral(": ") + e.toString();
        });
        engine.start(p);
        QVERIFY(finished.wait(60000));
        QVERIFY2(done.size() == 2, qPrintable(failures.join(QLatin1Char('\n'))));
        QMap<QString, QPair<double, double>> span; // target → first, last sample time
        QMap<QString, QList<double>> iops; // target → its intervals' read IOPS, in order
        for (const Sample &s : buffer->take()) {
            if (s.metric != metric::ReadIops)
                continue;
            iops[s.target] << s.value;
            if (s.target == clusterTotalNode())
                continue;
            auto it = span.find(s.target);
            if (it == span.end())
                span.insert(s.target, {s.t, s.t});
            else
                it->second = s.t;
        }
        QCOMPARE(span.size(), 2); // "local:…" and "sshd-fixture:…"
        const auto x = span.first(), y = span.last();
        // common start: the two nodes' intervals overlap on the run's time axis
        QVERIFY2(qMax(x.first, y.first) <= qMin(x.second, y.second),
            qPrintable(QStringLiteral("%1-%2 vs %3-%4").arg(x.first).arg(x.second).arg(y.first).arg(y.second)));
        // The live total: interval k is the sum of both clients' k-th intervals.
        const QList<double> total = iops.take(clusterTotalNode());
        QCOMPARE(iops.size(), 2);
        const QList<double> ia = iops.first(), ib = iops.last();
        QVERIFY2(!total.isEmpty() && total.size() <= std::min(ia.size(), ib.size()),
            qPrintable(
                QStringLiteral("%1 totals, %2 and %3 intervals").arg(total.size()).arg(ia.size()).arg(ib.size())));
        for (qsizetype k = 0; k < total.size(); ++k)
            QVERIFY2(qFuzzyCompare(total.at(k), ia.at(k) + ib.at(k)),
                qPrintable(
                    QStringLiteral("interval %1: %2 vs %3 + %4").arg(k).arg(total.at(k)).arg(ia.at(k)).arg(ib.at(k))));
        checkClusterTotal(m_data.filePath(QStringLiteral("db.sqlite")), finished.first().at(0).value<RunId>());
    }

    void cancelLeavesNoFioOnTheNode()
    {
        QTemporaryDir target;
        RunEngine engine(m_data.filePath(QStringLiteral("db.sqlite")));
        RunId id = 0;
        SampleBufferPtr buffer;
        connect(&engine, &RunEngine::runStarted, this, [&](RunId i, const Plan &, SampleBufferPtr b, double) {
            id = i;
            buffer = b;
        });
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        engine.start(plan(target.path(), 60));
        const QByteArray marker = target.path().toUtf8();
        // fio is measuring once its first interval arrives
        int measured = 0;
        QTRY_VERIFY_WITH_TIMEOUT((measured += cmtest::takeStepSamples(buffer)) > 0, 30000);
        QVERIFY(!cmtest::processesMatching(marker).isEmpty());
        QElapsedTimer clock;
        clock.start();
        engine.cancel(id);
        // fio gone within the 2 s of the contract; then the bench file's removal and
        // the node monitor's stop end the run.
        const qint64 stoppedMs
            = cmtest::elapsedWhen([&] { return cmtest::processesMatching(marker).isEmpty(); }, clock, 5000);
        const qint64 finishedMs = cmtest::elapsedWhen([&] { return !finished.isEmpty(); }, clock, 10000);
        qInfo("cancel to no fio: %lld ms; to run finished: %lld ms", stoppedMs, finishedMs);
        QVERIFY2(
            stoppedMs >= 0 && stoppedMs < 2000, qPrintable(QStringLiteral("fio ended after %1 ms").arg(stoppedMs)));
        QVERIFY2(
            finishedMs >= 0 && finishedMs < 4000, qPrintable(QStringLiteral("run ended after %1 ms").arg(finishedMs)));
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Cancelled);
    }

    // kill -9 of the controller (the CLI) while fio runs: the node's watchdog sees its
    // stdin close and ends fio's process group, locally and through the real sshd.
    void killedControllerLeavesNoFio_data()
    {
        QTest::addColumn<bool>("overSsh");
        QTest::newRow("this machine") << false;
        QTest::newRow("over ssh") << true;
    }
    void killedControllerLeavesNoFio()
    {
        QFETCH(bool, overSsh);
        QTemporaryDir target;
        Plan p = plan(target.path(), 600);
        if (!overSsh)
            p.nodes = {NodeSpec::parse(QStringLiteral("local"))};
        const QString planFile = m_data.filePath(QStringLiteral("kill9-plan.json"));
        QFile f(planFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(p.toJsonBytes());
        f.close();
        QProcess cli;
        cli.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        cli.start(qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli"),
            {QStringLiteral("run"), planFile});
        QVERIFY(cli.waitForStarted());
        const QByteArray marker = target.path().toUtf8();
        auto fioRuns = [&] {
            for (qint64 pid : cmtest::processesMatching(marker)) {
                QFile c(QStringLiteral("/proc/%1/comm").arg(pid));
                if (c.open(QIODevice::ReadOnly) && c.readAll().trimmed() == "fio")
                    return true;
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(fioRuns(), 60000);
        QTest::qWait(1500); // measuring, not laying out
        QVERIFY(fioRuns());
        cli.kill(); // SIGKILL: no handler, no clean-up of its own
        QVERIFY(cli.waitForFinished(5000));
        QElapsedTimer clock;
        clock.start();
        QTRY_VERIFY_WITH_TIMEOUT(!fioRuns(), 10000);
        qInfo("fio ended %lld ms after the kill -9", clock.elapsed());
        QTRY_VERIFY_WITH_TIMEOUT(cmtest::processesMatching(marker).isEmpty(), 5000);
    }

    void changedHostKeyIsRefused()
    {
        QVERIFY(m_sshd.rekey());
        QTemporaryDir target;
        RunEngine engine(m_data.filePath(QStringLiteral("db.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        engine.start(plan(target.path(), 1));
        QVERIFY(finished.wait(30000));
        QCOMPARE(failed.size(), 1);
        QCOMPARE(failed.first().at(3).value<Error>().code, Error::Code::HostKeyChanged);
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Failed);
        QVERIFY(cmtest::processesMatching(target.path().toUtf8()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestEngineSsh)
#include "test_engine_ssh.moc"
