// SPDX-License-Identifier: GPL-3.0-or-later
// The "rados" runner kind: presets, validation and preview; `clustermark-cli plan rados`
// errors; and a quick plan end to end through `clustermark-cli run` against the real
// lab (1 OSD): every step with figures, every object removed.
#include "bench/rados/radoskind.h"
#include "clirun.h"
#include "bench/registry.h"
#include "ceph/radosobjectengine.h"
#include "engine/runengine.h"
#include "cephlabfixture.h"
#include "report/bottleneck.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestRadosKind : public QObject {
    Q_OBJECT

    using Out = cmtest::CliResult;
    QTemporaryDir m_data;
    cmtest::CephLabFixture m_lab;

    bool startLab()
    {
        if (m_lab.isRunning())
            return true;
        if (!m_lab.start(1)) {
            qWarning("%s", qPrintable(m_lab.whyNot()));
            return false;
        }
        return m_lab.createPool(QStringLiteral("bench"), QStringLiteral("rados"), 16);
    }

    QStringList benchObjects()
    {
        QByteArray out;
        if (m_lab.client(
                QStringLiteral("rados"), {QStringLiteral("-p"), QStringLiteral("bench"), QStringLiteral("ls")}, &out)
            != 0)
            return {QStringLiteral("<rados ls failed>")};
        return QString::fromUtf8(out)
            .split(QLatin1Char('\n'), Qt::SkipEmptyParts)
            .filter(QLatin1String(RadosObjectEngine::kObjectPrefix));
    }

    Out cli(const QStringList &args, int timeoutMs = 120000)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), timeoutMs);
    }

    static QJsonObject target()
    {
        return {{QStringLiteral("pool"), QStringLiteral("bench")},
            {QStringLiteral("conf"), QStringLiteral("/etc/ceph/ceph.conf")}};
    }

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void presetsAndPreview()
    {
        const auto kind = Registry::instance().kind(QStringLiteral("rados"));
        QVERIFY(kind);
        const QList<Preset> presets = kind->presets();
        QCOMPARE(presets.size(), 2);
        QCOMPARE(presets.at(0).id, QStringLiteral("standard"));
        QCOMPARE(presets.at(0).steps.size(), 5);
        QCOMPARE(presets.at(1).id, QStringLiteral("quick"));
        // How the kind measures, apart from what each preset runs (each translated alone).
        for (const Preset &p : presets)
            QVERIFY2(p.note.contains(QStringLiteral("rados bench")) && p.note.contains(QStringLiteral("caches"))
                    && !p.description.contains(QStringLiteral("rados bench")),
                qPrintable(p.description + QLatin1Char('\n') + p.note));
        Error e;
        const Plan plan = RadosKind::makePlan(QStringLiteral("standard"), target(), 0, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(plan.nodes.size(), 1);
        QVERIFY(plan.nodes.first().isLocal());
        QCOMPARE(RadosKind::workingSetBytes(plan), quint64(2048) << 22);
        const QString preview = kind->commandPreview(plan, 0, plan.nodes.first());
        QVERIFY2(preview.contains(QStringLiteral("librados write bs=4M iodepth=16 runtime=30s pool=bench")),
            qPrintable(preview));
        QVERIFY2(preview.contains(QStringLiteral("working set 2048 objects × 4M = 8 GiB")), qPrintable(preview));
        QVERIFY2(preview.contains(QLatin1String(RadosObjectEngine::kObjectPrefix)), qPrintable(preview));
        const QString stat = kind->commandPreview(plan, 4, plan.nodes.first());
        QVERIFY2(stat.contains(QStringLiteral("librados stat iodepth=16"))
                && stat.contains(QStringLiteral("written first"))
                && stat.contains(QStringLiteral("removed after the run")),
            qPrintable(stat));
        // a read step costs more than its runtime: the set may have to be written first
        QVERIFY(kind->estimatedSeconds(plan, 1) > kind->estimatedSeconds(plan, 0));
        const RadosWorkload w = RadosKind::workload(plan, plan.steps.at(2), &e);
        QVERIFY(!e);
        QCOMPARE(w.op, RadosWorkload::Op::Write);
        QCOMPARE(w.blockSize, quint64(4096));
        QCOMPARE(w.objectSize, quint64(4) << 20);
        QCOMPARE(RadosKind::connectionSpec(plan).clientName, QStringLiteral("client.admin"));
    }

    void validation()
    {
        const RadosKind kind;
        Error e;
        Plan plan = RadosKind::makePlan(QStringLiteral("quick"), target(), 5, &e);
        QVERIFY(!e);
        QCOMPARE(plan.steps.first().params.value(QStringLiteral("runtime")).toInt(), 5);
        auto expectBad = [&](Plan p, const QString &needle) {
            const Error err = kind.validate(p);
            QVERIFY2(err.code == Error::Code::InvalidInput && err.message.contains(needle), qPrintable(err.toString()));
        };
        Plan p = plan;
        p.nodes = {NodeSpec::parse(QStringLiteral("root@10.0.0.1"))};
        expectBad(p, QStringLiteral("this machine"));
        p = plan;
        p.target.insert(QStringLiteral("pool"), QStringLiteral("a;rm -rf /"));
        expectBad(p, QStringLiteral("pool name"));
        p = plan;
        p.steps[0].params.insert(QStringLiteral("op"), QStringLiteral("frob"));
        expectBad(p, QStringLiteral("op \"frob\""));
        p = plan;
        p.steps[0].params.insert(QStringLiteral("bs"), QStringLiteral("3000"));
        expectBad(p, QStringLiteral("does not divide"));
        p = plan;
        p.target.insert(QStringLiteral("objectSize"), QStringLiteral("1G"));
        expectBad(p, QStringLiteral("object size"));
        p = plan;
        p.target.insert(QStringLiteral("objects"), QStringLiteral("many"));
        expectBad(p, QStringLiteral("object count"));
        p = plan;
        p.target.insert(QStringLiteral("objcts"), 5); // a misspelt key is refused, not ignored
        expectBad(p, QStringLiteral("objcts"));
        p = plan;
        p.steps[1].params.insert(QStringLiteral("iodepth"), 0);
        expectBad(p, QStringLiteral("queue depth"));
        RadosKind::makePlan(QStringLiteral("huge"), target(), 0, &e);
        QVERIFY(e.message.contains(QStringLiteral("unknown preset")));
    }

    // fio's rados engine on client nodes: no stat step, the node's own conf and keyring,
    // each client's own objects in the command.
    void fioEngineOnNodes()
    {
        const RadosKind kind;
        QJsonObject t = target();
        t.insert(QStringLiteral("engine"), QStringLiteral("fio"));
        const QList<NodeSpec> nodes {
            NodeSpec::parse(QStringLiteral("root@10.0.0.1")), NodeSpec::parse(QStringLiteral("root@10.0.0.2"))};
        Error e;
        Plan plan = RadosKind::makePlan(QStringLiteral("standard"), nodes, t, 5, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(plan.steps.size(), 4); // the standard table without stat
        const QString preview = kind.commandPreview(plan, 0, nodes.at(1));
        QVERIFY2(preview.startsWith(QLatin1String("[root@10.0.0.2] "))
                && preview.contains(QLatin1String("--ioengine=rados"))
                && preview.contains(QLatin1String("--nrfiles=1024")) // 2048 objects shared out over 2 clients
                && preview.contains(QLatin1String("--name=benchmark_data_clustermark-")),
            qPrintable(preview));
        Plan p = plan;
        p.steps[0].params.insert(QStringLiteral("op"), QStringLiteral("stat"));
        QVERIFY(kind.validate(p).message.contains(QLatin1String("no stat")));
        p = plan;
        p.target.insert(QStringLiteral("engine"), QStringLiteral("librados"));
        QVERIFY(kind.validate(p).message.contains(QLatin1String("engine")));
        p = plan;
        p.target.remove(QStringLiteral("keyring"));
        p.target.insert(QStringLiteral("monHost"), QStringLiteral("10.0.0.9:3300"));
        QVERIFY(kind.validate(p).message.contains(QLatin1String("keyring")));
        p = plan;
        p.steps[0].params.insert(QStringLiteral("clients"), 3);
        QVERIFY(kind.validate(p));

        Out o = cli({QStringLiteral("plan"), QStringLiteral("rados"), QStringLiteral("--pool"), QStringLiteral("p"),
            QStringLiteral("--node"), QStringLiteral("root@10.0.0.1")});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("--engine fio"), o.err.constData());
        o = cli({QStringLiteral("plan"), QStringLiteral("rados"), QStringLiteral("--pool"), QStringLiteral("p"),
            QStringLiteral("--engine"), QStringLiteral("fio"), QStringLiteral("--node"),
            QStringLiteral("root@10.0.0.1"), QStringLiteral("--node"), QStringLiteral("root@10.0.0.2"),
            QStringLiteral("--clients"), QStringLiteral("1,2"), QStringLiteral("--preset"), QStringLiteral("quick")});
        QCOMPARE(o.code, 0);
        const QJsonArray steps = o.json().value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 3 * 2); // quick without stat, once with one client and once with two
        QCOMPARE(o.json().value(QStringLiteral("nodes")).toArray().size(), 2);
    }

    void cliPlanErrors()
    {
        Out o = cli({QStringLiteral("plan"), QStringLiteral("rados")});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("give --pool"), o.err.constData());
        o = cli({QStringLiteral("plan"), QStringLiteral("rados"), QStringLiteral("--pool"), QStringLiteral("p"),
            QStringLiteral("--objects"), QStringLiteral("x")});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("--objects"), o.err.constData());
        o = cli({QStringLiteral("plan"), QStringLiteral("rados"), QStringLiteral("--pool"), QStringLiteral("p"),
            QStringLiteral("--object-size"), QStringLiteral("4M"), QStringLiteral("--preset"), QStringLiteral("nope")});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("unknown preset"), o.err.constData());
        o = cli({QStringLiteral("plan"), QStringLiteral("rados"), QStringLiteral("--pool"), QStringLiteral("p"),
            QStringLiteral("--objects"), QStringLiteral("100"), QStringLiteral("--object-size"), QStringLiteral("1M")});
        QCOMPARE(o.code, 0);
        QVERIFY2(o.err.contains("100 objects × 1M = 100 MiB") && o.err.contains("rados bench"), o.err.constData());
        QCOMPARE(o.json().value(QStringLiteral("kind")).toString(), QStringLiteral("rados"));
    }

    void quickPlanThroughTheCli()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY(startLab());
        Out plan = cli({QStringLiteral("plan"), QStringLiteral("rados"), QStringLiteral("--lab"), m_lab.dir(),
            QStringLiteral("--pool"), QStringLiteral("bench"), QStringLiteral("--objects"), QStringLiteral("24"),
            QStringLiteral("--runtime"), QStringLiteral("2"), QStringLiteral("--preset"), QStringLiteral("quick")});
        QVERIFY2(plan.code == 0, plan.err.constData());
        const QString planFile = m_data.filePath(QStringLiteral("rados-plan.json"));
        QFile f(planFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(plan.out);
        f.close();
        QElapsedTimer t;
        t.start();
        const Out run = cli({QStringLiteral("run"), planFile}, 90000);
        qInfo("quick plan (4 steps of 2 s) ran in %.1f s", double(t.elapsed()) / 1000);
        QVERIFY2(run.code == 0, run.err.constData());
        const QJsonObject r = run.json();
        QCOMPARE(r.value(QStringLiteral("run")).toObject().value(QStringLiteral("status")).toString(),
            QStringLiteral("completed"));
        const QJsonArray steps = r.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 4);
        const char *dirs[] = {"write", "read", "read", "read"};
        QList<QJsonObject> sums;
        for (int i = 0; i < 4; ++i) {
            const QJsonObject s = steps.at(i).toObject();
            const QJsonObject sum = s.value(QStringLiteral("summary")).toObject();
            sums << sum;
            const QJsonObject d = sum.value(QLatin1String(dirs[i])).toObject();
            qInfo("%s: %.0f IOPS, %.1f MiB/s, p99 %.0f us, prefill %.0f bytes, %.0f objects written, %.0f kept",
                qPrintable(s.value(QStringLiteral("testId")).toString()), d.value(QStringLiteral("iops")).toDouble(),
                d.value(QStringLiteral("bw")).toDouble() / 1048576,
                d.value(QStringLiteral("lat_p99_ns")).toDouble() / 1000,
                sum.value(QStringLiteral("prefill_bytes")).toDouble(),
                sum.value(QStringLiteral("objects_written")).toDouble(),
                sum.value(QStringLiteral("objects_kept")).toDouble());
            QCOMPARE(s.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
            QVERIFY2(d.value(QStringLiteral("iops")).toDouble() > 0, QJsonDocument(sum).toJson().constData());
            QVERIFY(sum.value(QStringLiteral("shared_set")).toBool());
            QCOMPARE(sum.value(QStringLiteral("object_prefix")).toString(),
                sums.first().value(QStringLiteral("object_prefix")).toString());
            QVERIFY(s.value(QStringLiteral("command")).toString().contains(QStringLiteral("working set 24 objects")));
            // The objects' bytes and ops against the pool's own counters (stat moves no bytes).
            const QString off = cmtest::crossCheckFails(sum, 2.0);
            QVERIFY2(i == 3 ? sum.value(QStringLiteral("cross_check")).isUndefined() : off.isEmpty(), qPrintable(off));
        }
        // Each measured step names what limited it (this machine's CPU, or nothing).
        for (int i = 0; i < 3; ++i)
            QVERIFY2(Bottleneck::fromJson(sums.at(i).value(QStringLiteral("bottleneck"))),
                QJsonDocument(sums.at(i)).toJson().constData());
        // The read step wrote only what the write step had not: together, the whole set.
        const double wrote = sums.at(0).value(QStringLiteral("objects_written")).toDouble();
        QVERIFY(wrote > 0);
        QCOMPARE(sums.at(1).value(QStringLiteral("prefill_bytes")).toDouble(), (24 - wrote) * (4 << 20));
        QCOMPARE(sums.at(2).value(QStringLiteral("prefill_bytes")).toDouble(), 0.0);
        QCOMPARE(sums.at(3).value(QStringLiteral("objects_kept")).toDouble(), 24.0);
        // The lab's one OSD caches 128 MiB: a 96 MiB set fits, and the run says so.
        const QJsonObject env = steps.at(1).toObject().value(QStringLiteral("environment")).toObject();
        QCOMPARE(env.value(QStringLiteral("osd_cache_estimate_bytes")).toDouble(), double(128 << 20));
        QCOMPARE(env.value(QStringLiteral("working_set_bytes")).toDouble(), double(24 * (4 << 20)));
        QCOMPARE(env.value(QStringLiteral("working_set_exceeds_caches")).toBool(true), false);
        // The cluster and the pool as Ceph reports them when the step ended.
        QVERIFY2(env.value(QStringLiteral("ceph_version")).toString().startsWith(QLatin1String("16.2.")),
            QJsonDocument(env).toJson().constData());
        QCOMPARE(env.value(QStringLiteral("pool")).toString(), QStringLiteral("bench"));
        QCOMPARE(env.value(QStringLiteral("pool_type")).toString(), QStringLiteral("replicated"));
        QCOMPARE(env.value(QStringLiteral("pool_size")).toInt(), 1);
        QVERIFY(env.value(QStringLiteral("pg_num")).toInt() > 0);
        QVERIFY(env.value(QStringLiteral("crush_rule")).toString().startsWith(QLatin1String("replicated_rule")));
        QCOMPARE(env.value(QStringLiteral("osd_count")).toString(), QStringLiteral("1 (1 up, 1 in)"));
        QCOMPARE(env.value(QStringLiteral("osd_flags")).toString(), QStringLiteral("none"));
        QVERIFY(!env.value(QStringLiteral("scrubbing")).toString().isEmpty());
        QVERIFY(!env.value(QStringLiteral("librados_api")).toString().isEmpty());
        // ... and removed them all once the run was over.
        QVERIFY2(benchObjects().isEmpty(), qPrintable(benchObjects().join(QLatin1Char(' '))));
    }

    // This machine busy with other work (two busy loops on its two cores): the figure is
    // the client's, and the step says so first.
    void busyClientIsNamed()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY(startLab());
        Error e;
        Plan plan = RadosKind::makePlan(QStringLiteral("quick"),
            {{QStringLiteral("pool"), QStringLiteral("bench")}, {QStringLiteral("conf"), m_lab.confPath()},
                {QStringLiteral("keyring"), m_lab.keyringPath()}, {QStringLiteral("objects"), 16}},
            4, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        plan.steps = plan.steps.mid(2, 1); // 4k read QD16
        QList<std::shared_ptr<QProcess>> hogs;
        for (int k = 0; k < 2; ++k) {
            hogs << std::make_shared<QProcess>();
            hogs.last()->start(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("while :; do :; done")});
            QVERIFY(hogs.last()->waitForStarted());
        }
        RunEngine engine(m_data.filePath(QStringLiteral("busy.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy done(&engine, &RunEngine::stepFinished);
        engine.start(plan);
        QVERIFY(finished.wait(90000));
        for (const auto &h : std::as_const(hogs)) {
            h->kill();
            h->waitForFinished();
        }
        QCOMPARE(done.size(), 1);
        const auto limit = Bottleneck::fromJson(done.first().at(3).toJsonObject().value(QStringLiteral("bottleneck")));
        QVERIFY(limit);
        qInfo("4k read QD16 beside two busy loops: limited by %s", qPrintable(limit->text(false)));
        QCOMPARE(limit->named().kind, BottleneckFinding::Kind::ClientCpu);
        QCOMPARE(limit->named().node, QStringLiteral("local"));
        QVERIFY(limit->text(false).contains(QStringLiteral("this machine")));
    }

    // Cancelled mid-step through the engine: the run ends within 2 s and its objects go.
    void cancelThroughTheEngine()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY(startLab());
        Error e;
        const Plan plan = RadosKind::makePlan(QStringLiteral("quick"),
            {{QStringLiteral("pool"), QStringLiteral("bench")}, {QStringLiteral("conf"), m_lab.confPath()},
                {QStringLiteral("keyring"), m_lab.keyringPath()}, {QStringLiteral("objects"), 32}},
            60, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        RunEngine engine(m_data.filePath(QStringLiteral("engine.sqlite")));
        SampleBufferPtr buffer;
        RunId id = 0;
        connect(&engine, &RunEngine::runStarted, this, [&](RunId i, const Plan &, SampleBufferPtr b, double) {
            id = i;
            buffer = b;
        });
        QStringList log;
        connect(&engine, &RunEngine::logAvailable, this, [&](RunId, const QString &line) { log << line; });
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        engine.start(plan);
        int measured = 0;
        QTRY_VERIFY_WITH_TIMEOUT((measured += cmtest::takeStepSamples(buffer)) > 0, 30000);
        QVERIFY(!benchObjects().isEmpty());
        QElapsedTimer clock;
        clock.start();
        engine.cancel(id);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        const qint64 ms = clock.elapsed();
        qInfo("cancel to run finished (objects removed): %lld ms; %s", ms,
            qPrintable(log.filter(QStringLiteral("clean-up")).join(QLatin1Char(' '))));
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Cancelled);
        QVERIFY2(ms < 2000, qPrintable(QString::number(ms)));
        QVERIFY2(
            log.filter(QStringLiteral("RADOS clean-up: removed")).size() == 1, qPrintable(log.join(QLatin1Char('\n'))));
        QVERIFY2(benchObjects().isEmpty(), qPrintable(benchObjects().join(QLatin1Char(' '))));
    }

    void missingPoolThroughTheEngine()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY(startLab());
        Error e;
        const Plan plan = RadosKind::makePlan(QStringLiteral("quick"),
            {{QStringLiteral("pool"), QStringLiteral("no-such-pool")}, {QStringLiteral("conf"), m_lab.confPath()},
                {QStringLiteral("keyring"), m_lab.keyringPath()}, {QStringLiteral("objects"), 8}},
            1, &e);
        QVERIFY(!e);
        RunEngine engine(m_data.filePath(QStringLiteral("engine.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        engine.start(plan);
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Failed);
        QCOMPARE(failed.size(), 4);
        const Error err = failed.first().at(3).value<Error>();
        QCOMPARE(err.code, Error::Code::PathMissing);
        QVERIFY2(
            err.message.contains(QStringLiteral("pool \"no-such-pool\" does not exist")), qPrintable(err.toString()));
    }

    void cleanupTestCase() { m_lab.stop(); }
};

QTEST_GUILESS_MAIN(TestRadosKind)
#include "test_radoskind.moc"
