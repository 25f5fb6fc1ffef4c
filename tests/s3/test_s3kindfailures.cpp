// SPDX-License-Identifier: GPL-3.0-or-later
// The "s3" runner kind when things go wrong, against the lab's real radosgw (1 OSD): a
// wrong secret, failed requests mid-run with onError stop vs continue, a cancel, and
// the lab's radosgw killed (by its pid) while a step runs: clear errors, no hang, and
// no clustermark-bench-* bucket left where the gateway can still be reached.
#include "s3kindtest.h"
#include "bench/registry.h"
#include "model/metric.h"
#include "testutil.h"
#include "s3/s3workload.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QTest>

#include <csignal>
#include <future>

using namespace cm;
using cmtest::runStep;
using cmtest::StepRun;

class TestS3KindFailures : public QObject, public cmtest::S3KindLab {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void wrongSecretIsAClearError()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        qputenv("CM_TEST_S3_SECRET", "wrong-secret-0123456789");
        Plan p = plan(QStringLiteral("put"), 4096, 16, 4, 2);
        p.target.insert(QStringLiteral("secretRef"), QStringLiteral("env:CM_TEST_S3_SECRET"));
        const auto state = S3Kind().createRunState(p);
        const StepRun run = runStep(p, 0, state);
        QCOMPARE(run.out.error.code, Error::Code::AuthDenied);
        QVERIFY2(run.out.error.message.contains(QStringLiteral("HTTP 403 SignatureDoesNotMatch")),
            qPrintable(run.out.error.toString()));
        QVERIFY2(!run.out.error.toString().contains(QStringLiteral("wrong-secret")), "the secret is in the error");
        QCOMPARE(cmtest::finishRun(state), QString());
        QCOMPARE(appBuckets(), QStringList());
        // an unset variable: says which
        p.target.insert(QStringLiteral("secretRef"), QStringLiteral("env:CM_TEST_S3_UNSET"));
        const StepRun unset = runStep(p, 0, S3Kind().createRunState(p));
        QVERIFY2(unset.out.error.message.contains(QStringLiteral("CM_TEST_S3_UNSET")),
            qPrintable(unset.out.error.toString()));
    }

    // Failed requests mid-run (objects the set says exist but the gateway has not: 404):

    void stopVersusContinue()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        S3Client c = verifier();
        const QString bucket = S3Client::newBucketName(QStringLiteral("err"));
        QVERIFY(!c.createBucket(bucket));
        auto removeBucket = qScopeGuard([&] {
            c.emptyBucket(bucket);
            c.deleteBucket(bucket);
        });
        S3ObjectSet set;
        std::vector<char> &exists = set.exists(4096, 20);
        for (int i = 0; i < 20; ++i) {
            exists[size_t(i)] = 1;
            if (i % 2 == 0)
                QVERIFY(!c.putObject(bucket, set.key(4096, i), QByteArray(4096, 'a')));
        }
        S3WorkloadSpec spec;
        spec.op = QStringLiteral("get");
        spec.objectSize = 4096;
        spec.objects = 20;
        spec.concurrency = 4;
        spec.runtimeSec = 2;
        spec.bucket = bucket;
        SampleList samples;
        auto collect = [&](const SampleList &s) { samples += s; };

        spec.stopOnError = true;
        QElapsedTimer t;
        t.start();
        S3Workload stop(c, spec, set);
        const Error e = stop.run(CancelToken(), collect);
        QVERIFY2(e.message.contains(QStringLiteral("HTTP 404 NoSuchKey")), qPrintable(e.toString()));
        QVERIFY2(e.context.startsWith(QStringLiteral("GET ") + bucket), qPrintable(e.context));
        QVERIFY2(t.elapsed() < 1500, qPrintable(QString::number(t.elapsed())));

        spec.stopOnError = false;
        samples.clear();
        t.restart();
        S3Workload cont(c, spec, set);
        QVERIFY2(!cont.run(CancelToken(), collect), "continue mode failed the step");
        QVERIFY(t.elapsed() >= 1900);
        const QJsonObject s = cont.summary();
        const double ok = s.value(QStringLiteral("read")).toObject().value(QStringLiteral("total_ios")).toDouble();
        const double failed = s.value(QStringLiteral("errors")).toObject().value(QStringLiteral("404")).toDouble();
        QVERIFY(ok > 0 && failed > 0);
        // Every failure is counted once, by kind; on a busy gateway a few may be other
        // than 404 (a reset connection counts as "transport").
        const QJsonObject errors = s.value(QStringLiteral("errors")).toObject();
        double allFailed = 0;
        for (auto it = errors.constBegin(); it != errors.constEnd(); ++it)
            allFailed += it.value().toDouble();
        QCOMPARE(double(cont.failedRequests()), allFailed);
        QVERIFY2(failed >= 0.95 * allFailed, qPrintable(QJsonDocument(errors).toJson(QJsonDocument::Compact)));
        double sampled = 0;
        for (const Sample &x : std::as_const(samples))
            if (x.metric == metric::s3ErrorsFor(QStringLiteral("404")))
                sampled += x.value;
        QCOMPARE(sampled, failed);
        qInfo("continue: %.0f GETs, %.0f answered 404 (about half expected)", ok, failed);
        QVERIFY(failed / (ok + failed) > 0.25 && failed / (ok + failed) < 0.75);
        removeBucket.dismiss();
        QVERIFY(!c.emptyBucket(bucket));
        QVERIFY(!c.deleteBucket(bucket));
    }

    void cancelEndsPromptly()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        const Plan p = plan(QStringLiteral("put"), 4 * S3Kind::kMiB, 16, 16, 60);
        const auto state = S3Kind().createRunState(p);
        CancelToken cancel;
        auto f = std::async(std::launch::async, [&] { return runStep(p, 0, state, cancel); });
        QThread::msleep(1500);
        QElapsedTimer t;
        t.start();
        cancel.cancel();
        QVERIFY(f.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
        const StepRun run = f.get();
        qInfo("cancel: the step ended %lld ms after the cancel", t.elapsed());
        QCOMPARE(run.out.error.code, Error::Code::Cancelled);
        QVERIFY(run.out.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("total_ios")).toDouble()
            > 0);
        QCOMPARE(cmtest::finishRun(state), QString());
        QCOMPARE(appBuckets(), QStringList());
    }

    // A gateway that stops answering (SIGSTOP: connections stay open, nothing comes back)
    // for the last seconds of a PUT step, shorter than curl's stall limit: the requests
    // cut off at the end are counted as stalled, and in stop mode the step fails.
    void frozenGatewayIsAStall_data()
    {
        QTest::addColumn<QString>("onError");
        QTest::newRow("stop") << QStringLiteral("stop");
        QTest::newRow("continue") << QStringLiteral("continue");
    }
    void frozenGatewayIsAStall()
    {
        QFETCH(QString, onError);
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        Plan p = plan(QStringLiteral("put"), 64 * 1024, 64, 8, 8);
        p.target.insert(QStringLiteral("onError"), onError);
        const auto state = S3Kind().createRunState(p);
        QFile pidFile(m_lab.dir() + QStringLiteral("/run/client.rgw.lab.pid"));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const int pid = pidFile.readAll().trimmed().toInt();
        QVERIFY(pid > 1 && cmtest::processAlive(pid));
        auto f = std::async(std::launch::async, [&] { return runStep(p, 0, state); });
        QThread::msleep(4000);
        QCOMPARE(::kill(pid, SIGSTOP), 0);
        auto resume = qScopeGuard([pid] { ::kill(pid, SIGCONT); });
        QVERIFY2(f.wait_for(std::chrono::seconds(30)) == std::future_status::ready, "the step hangs");
        const StepRun run = f.get();
        ::kill(pid, SIGCONT);
        const QJsonObject stall = run.out.summary.value(QStringLiteral("stall")).toObject();
        qInfo("frozen radosgw, onError %s: %s; stall %s", qPrintable(onError), qPrintable(run.out.error.toString()),
            QJsonDocument(stall).toJson(QJsonDocument::Compact).constData());
        QVERIFY2(stall.value(QStringLiteral("requests")).toInt() > 0, "no request counted as stalled");
        QVERIFY(stall.value(QStringLiteral("longest_s")).toDouble() > 2.5);
        QVERIFY(stall.value(QStringLiteral("intervals")).toInt() >= 2);
        QCOMPARE(run.out.summary.value(QStringLiteral("errors")).toObject().value(QStringLiteral("stalled")).toInt(),
            stall.value(QStringLiteral("requests")).toInt());
        QVERIFY(QJsonDocument(run.out.summary.value(QStringLiteral("warnings")).toArray())
                    .toJson()
                    .contains("answered nothing"));
        if (onError == QLatin1String("stop")) {
            QCOMPARE(run.out.error.code, Error::Code::Timeout);
            QVERIFY2(
                run.out.error.message.contains(QStringLiteral("answered nothing")), qPrintable(run.out.error.message));
        } else {
            QVERIFY2(!run.out.error, qPrintable(run.out.error.toString()));
        }
        QVERIFY(run.out.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("total_ios")).toDouble()
            > 0);
        const QList<Leftover> left = static_cast<S3RunState *>(state.get())->finish({});
        QVERIFY2(left.isEmpty(), "the gateway is back: its bucket is removed");
    }

    void killedGatewayEndsWithErrors()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        const Plan p = plan(QStringLiteral("put"), 64 * 1024, 64, 16, 5);
        const auto state = S3Kind().createRunState(p);
        QElapsedTimer t;
        t.start();
        auto f = std::async(std::launch::async, [&] { return runStep(p, 0, state); });
        QThread::msleep(1500);
        QFile pidFile(m_lab.dir() + QStringLiteral("/run/client.rgw.lab.pid"));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const int pid = pidFile.readAll().trimmed().toInt();
        QVERIFY(pid > 1 && cmtest::processAlive(pid));
        QCOMPARE(::kill(pid, SIGKILL), 0);
        QVERIFY2(f.wait_for(std::chrono::seconds(20)) == std::future_status::ready, "the step hangs");
        const StepRun run = f.get();
        qInfo("killed radosgw: the 5 s step ended after %lld ms: %s; errors %s", t.elapsed(),
            qPrintable(run.out.error.toString()),
            QJsonDocument(run.out.summary.value(QStringLiteral("errors")).toObject())
                .toJson(QJsonDocument::Compact)
                .constData());
        QVERIFY(run.out.summary.value(QStringLiteral("errors")).toObject().value(QStringLiteral("transport")).toDouble()
            > 0);
        QVERIFY(run.sum(metric::s3ErrorsFor(QStringLiteral("transport"))) > 0);
        QVERIFY(run.out.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("total_ios")).toDouble()
            > 0);
        // the clean-up cannot reach the gateway: it says so, and returns
        QElapsedTimer c;
        c.start();
        QStringList log;
        const QList<Leftover> left
            = static_cast<S3RunState *>(state.get())->finish([&](const QString &l) { log << l; });
        QVERIFY(c.elapsed() < 20000);
        QVERIFY2(
            !log.isEmpty() && log.first().contains(QStringLiteral("left")), qPrintable(log.join(QLatin1Char('\n'))));
        // and what is left is handed back, for the run to record and `cleanup` to find
        QCOMPARE(left.size(), 1);
        QCOMPARE(left.first().kind, Leftover::Kind::Bucket);
        QVERIFY(S3Client::isAppBucket(left.first().name));
        QCOMPARE(left.first().location, m_lab.rgwEndpoint());
    }

    void cleanupTestCase() { m_lab.stop(); }
};

QTEST_GUILESS_MAIN(TestS3KindFailures)
#include "test_s3kindfailures.moc"
