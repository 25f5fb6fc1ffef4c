// SPDX-License-Identifier: GPL-3.0-or-later
// RBD with fio's rbd engine against the local Ceph lab: figures, prefill before reads,
// its own images removed (also after a cancel), a missing pool as a clear error, and two
// clients at once with their total.
#include "bench/rbd/rbdkind.h"
#include "bench/registry.h"
#include "cephlabfixture.h"
#include "engine/runengine.h"
#include "model/metric.h"
#include "sshdfixture.h"
#include "stats/clustertotal.h"
#include "store/sessionstore.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestRbdFio : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    cmtest::SshdFixture m_sshd;
    QTemporaryDir m_data;

    Plan plan(const QString &pool, int runtime, const QStringList &ids)
    {
        Error e;
        Plan p = RbdKind::makePlan(QStringLiteral("standard"), {NodeSpec::parse(QStringLiteral("local"))},
            {{QStringLiteral("engine"), QStringLiteral("fio")}, {QStringLiteral("pool"), pool},
                {QStringLiteral("imageSize"), QStringLiteral("64M")}, {QStringLiteral("conf"), m_lab.confPath()},
                {QStringLiteral("keyring"), m_lab.keyringPath()}},
            runtime, &e);
        QList<PlanStep> keep;
        for (const PlanStep &s : std::as_const(p.steps))
            if (ids.contains(s.id))
                keep << s;
        p.steps = keep;
        for (PlanStep &s : p.steps)
            s.params.insert(QStringLiteral("iodepth"), 16);
        // The app reaches the cluster too (as `plan rbd` sets it): the run watches Ceph.
        p.ceph = {{QStringLiteral("conf"), m_lab.confPath()}, {QStringLiteral("keyring"), m_lab.keyringPath()}};
        return p;
    }
    Plan twoClientPlan(int runtime)
    {
        Plan p = plan(QStringLiteral("rbd"), runtime, {QStringLiteral("seq-write-4m-qd16")});
        p.nodes << m_sshd.node(); // on loopback, so it reaches the lab too
        p.target.insert(QStringLiteral("cache"), QStringLiteral("off")); // what the OSDs get is what fio counts
        return p;
    }
    QStringList images()
    {
        QByteArray out;
        m_lab.client(QStringLiteral("rbd"), {QStringLiteral("ls"), QStringLiteral("rbd")}, &out);
        return QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        registerBuiltinKinds();
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        QVERIFY(m_lab.createPool(QStringLiteral("rbd"), QStringLiteral("rbd")));
        CM_REQUIRE_FIXTURE(m_sshd.start(), m_sshd.whyNot());
        qputenv("CLUSTERMARK_DATA_DIR", m_data.path().toUtf8());
        SshOptions o = m_sshd.options(); // trust its host key, as `trust` does
        o.knownHostsPath = m_data.filePath(QStringLiteral("known_hosts"));
        SshTransport t(m_sshd.node(), {}, o);
        const Error e = t.connect();
        QVERIFY2(!e, qPrintable(e.toString()));
    }

    // Two clients (this machine and an SSH node), each with its own image: the total is
    // their sum, and what they report written is what the OSDs took in.
    void twoClientsOneTotal()
    {
        RunEngine engine(m_data.filePath(QStringLiteral("db.sqlite")));
        SampleBufferPtr buffer;
        RunId id = 0;
        connect(&engine, &RunEngine::runStarted, this, [&](RunId i, const Plan &, SampleBufferPtr b, double) {
            id = i;
            buffer = b;
        });
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        const double before = m_lab.osdWriteBytes();
        engine.start(twoClientPlan(3));
        QVERIFY(finished.wait(120000));
        const double after = m_lab.osdWriteBytes();
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(3).value<Error>().toString()));
        SessionStore store(m_data.filePath(QStringLiteral("db.sqlite")));
        QVERIFY(!store.open());
        const QList<StepRecord> steps = store.steps(id);
        QCOMPARE(steps.size(), 3);
        QCOMPARE(steps.last().node, clusterTotalNode());
        QVERIFY(steps.at(0).target != steps.at(1).target); // an image each
        const double written = steps.last()
                                   .summary.value(QStringLiteral("write"))
                                   .toObject()
                                   .value(QStringLiteral("io_bytes"))
                                   .toDouble();
        double sum = 0;
        for (int n = 0; n < 2; ++n)
            sum += steps.at(n)
                       .summary.value(QStringLiteral("write"))
                       .toObject()
                       .value(QStringLiteral("io_bytes"))
                       .toDouble();
        QCOMPARE(written, sum);
        qInfo("clients wrote %.0f bytes, the OSDs took in %.0f", written, after - before);
        QVERIFY(written > 0 && before >= 0);
        QVERIFY2(std::abs((after - before) / written - 1) <= 0.02,
            qPrintable(QStringLiteral("clients %1, OSDs %2").arg(written).arg(after - before)));
        // The run's own check of the total against the pool's counters.
        const QString off = cmtest::crossCheckFails(steps.last().summary, 2.0);
        QVERIFY2(off.isEmpty(), qPrintable(off));
        QVERIFY(!steps.at(0).summary.contains(QStringLiteral("cross_check"))); // the total carries it
        int live = 0;
        for (const Sample &s : buffer->take())
            live += s.target == clusterTotalNode() && s.metric == metric::TotalClients && s.value == 2 ? 1 : 0;
        QVERIFY(live >= 2);
        QVERIFY(images().isEmpty());
    }

    void writesThenPrefilledReads()
    {
        RunEngine engine(m_data.filePath(QStringLiteral("db.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy done(&engine, &RunEngine::stepFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        engine.start(
            plan(QStringLiteral("rbd"), 2, {QStringLiteral("randwrite-4k-qd1"), QStringLiteral("randread-4k-qd1")}));
        QVERIFY(finished.wait(120000));
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(3).value<Error>().toString()));
        QCOMPARE(done.size(), 2);
        const double w = done.at(0)
                             .at(3)
                             .toJsonObject()
                             .value(QStringLiteral("write"))
                             .toObject()
                             .value(QStringLiteral("iops"))
                             .toDouble();
        const double r = done.at(1)
                             .at(3)
                             .toJsonObject()
                             .value(QStringLiteral("read"))
                             .toObject()
                             .value(QStringLiteral("iops"))
                             .toDouble();
        qInfo("lab RBD via fio: 4k QD16 randwrite %.0f IOPS, 4k QD16 randread %.0f IOPS", w, r);
        for (int i = 0; i < 2; ++i) {
            const QString off = cmtest::crossCheckFails(done.at(i).at(3).toJsonObject(), 2.0);
            QVERIFY2(off.isEmpty(), qPrintable(off));
        }
        QVERIFY(w > 50);
        QVERIFY(r > 50);
        QVERIFY2(images().isEmpty(), qPrintable(images().join(QLatin1Char(' '))));
    }

    void nativeEngineThroughTheEngine()
    {
        Plan p
            = plan(QStringLiteral("rbd"), 2, {QStringLiteral("randwrite-4k-qd1"), QStringLiteral("randread-4k-qd1")});
        p.target.insert(QStringLiteral("engine"), QStringLiteral("native"));
        QVERIFY(!RbdKind().validate(p));
        RunEngine engine(m_data.filePath(QStringLiteral("db.sqlite")));
        SampleBufferPtr buffer;
        connect(
            &engine, &RunEngine::runStarted, this, [&](RunId, const Plan &, SampleBufferPtr b, double) { buffer = b; });
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy done(&engine, &RunEngine::stepFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        engine.start(p);
        QVERIFY(finished.wait(120000));
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(3).value<Error>().toString()));
        QCOMPARE(done.size(), 2);
        const double w = done.at(0)
                             .at(3)
                             .toJsonObject()
                             .value(QStringLiteral("write"))
                             .toObject()
                             .value(QStringLiteral("iops"))
                             .toDouble();
        const double r = done.at(1)
                             .at(3)
                             .toJsonObject()
                             .value(QStringLiteral("read"))
                             .toObject()
                             .value(QStringLiteral("iops"))
                             .toDouble();
        qInfo("lab RBD native: 4k QD16 randwrite %.0f IOPS, 4k QD16 randread %.0f IOPS", w, r);
        QVERIFY(w > 50);
        QVERIFY(r > 50);
        int live = 0;
        for (const Sample &s : buffer->take())
            live += s.step >= 0 && s.metric == metric::WriteIops;
        QVERIFY(live >= 1);
        QVERIFY(images().isEmpty());
        // the native engine is this machine: a remote node is refused
        p.nodes = {NodeSpec::parse(QStringLiteral("root@pve1"))};
        QCOMPARE(RbdKind().validate(p).code, Error::Code::InvalidInput);
    }

    // "cache":"off" reaches both engines: fio gets --rbd_cache=false through CEPH_ARGS
    // (librados accepts it: the step runs), the native engine turns the image's cache off.
    void cacheOffReachesBothEngines()
    {
        for (const QString &engineName : {QStringLiteral("fio"), QStringLiteral("native")}) {
            Plan p = plan(QStringLiteral("rbd"), 1, {QStringLiteral("randwrite-4k-qd1")});
            p.target.insert(QStringLiteral("engine"), engineName);
            p.target.insert(QStringLiteral("cache"), QStringLiteral("off"));
            QVERIFY(!RbdKind().validate(p));
            const QString db = m_data.filePath(QStringLiteral("cache-%1.sqlite").arg(engineName));
            RunId id = 0;
            {
                RunEngine engine(db);
                connect(&engine, &RunEngine::runStarted, this,
                    [&](RunId r, const Plan &, SampleBufferPtr, double) { id = r; });
                QSignalSpy finished(&engine, &RunEngine::runFinished);
                QSignalSpy done(&engine, &RunEngine::stepFinished);
                QSignalSpy failed(&engine, &RunEngine::stepFailed);
                engine.start(p);
                QVERIFY(finished.wait(120000));
                QVERIFY2(failed.isEmpty(),
                    failed.isEmpty() ? "" : qPrintable(failed.first().at(3).value<Error>().toString()));
                QCOMPARE(done.size(), 1);
                const QJsonObject sum = done.at(0).at(3).toJsonObject();
                QVERIFY(sum.value(QStringLiteral("write")).toObject().value(QStringLiteral("iops")).toDouble() > 0);
                if (engineName == QLatin1String("native"))
                    QCOMPARE(sum.value(QStringLiteral("cache")).toString(), QStringLiteral("off"));
            }
            SessionStore store(db);
            QVERIFY(!store.open());
            const QList<StepRecord> steps = store.steps(id);
            QCOMPARE(steps.size(), 1);
            QVERIFY2(
                steps.first().command.contains(engineName == QLatin1String("fio") ? QStringLiteral("--rbd_cache=false")
                                                                                  : QStringLiteral("rbd_cache=false")),
                qPrintable(steps.first().command));
            QCOMPARE(steps.first().environment.value(QStringLiteral("rbd_cache")).toString(), QStringLiteral("off"));
            QVERIFY(images().isEmpty());
        }
        Plan bad = plan(QStringLiteral("rbd"), 1, {QStringLiteral("randwrite-4k-qd1")});
        bad.target.insert(QStringLiteral("cache"), QStringLiteral("sometimes"));
        QVERIFY(RbdKind().validate(bad).message.contains(QStringLiteral("cache \"sometimes\" is not valid")));
    }

    void cancelRemovesTheImage()
    {
        RunEngine engine(m_data.filePath(QStringLiteral("db.sqlite")));
        SampleBufferPtr buffer;
        RunId id = 0;
        connect(&engine, &RunEngine::runStarted, this, [&](RunId i, const Plan &, SampleBufferPtr b, double) {
            id = i;
            buffer = b;
        });
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        engine.start(plan(QStringLiteral("rbd"), 60, {QStringLiteral("randwrite-4k-qd128")}));
        int measured = 0;
        QTRY_VERIFY_WITH_TIMEOUT((measured += cmtest::takeStepSamples(buffer)) > 0, 30000);
        QCOMPARE(images().size(), 1);
        QElapsedTimer clock;
        clock.start();
        engine.cancel(id);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        qInfo("cancel to run finished (image removed): %lld ms", clock.elapsed());
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Cancelled);
        QVERIFY(images().isEmpty());
        QVERIFY(cmtest::processesMatching("--ioengine=rbd").isEmpty());
    }

    void missingPoolIsAClearError()
    {
        RunEngine engine(m_data.filePath(QStringLiteral("db.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        engine.start(plan(QStringLiteral("no-such-pool"), 1, {QStringLiteral("randwrite-4k-qd1")}));
        QVERIFY(finished.wait(60000));
        QCOMPARE(failed.size(), 1);
        const Error e = failed.first().at(3).value<Error>();
        QVERIFY2(e.message.contains(QStringLiteral("no-such-pool")), qPrintable(e.toString()));
    }
};

QTEST_GUILESS_MAIN(TestRbdFio)
#include "test_rbdfio.moc"
