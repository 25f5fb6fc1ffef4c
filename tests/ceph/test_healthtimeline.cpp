// SPDX-License-Identifier: GPL-3.0-or-later
// Ceph's own view during a run: a disk plan on this machine with the local Ceph lab
// attached; `ceph osd set noout` mid-run shows up as HEALTH_WARN samples, each OSD's
// commit latency and a busy pool's client rate arrive as samples, and the run keeps
// the OSDs' metadata.
#include "bench/diskfio/diskfiokind.h"
#include "bench/registry.h"
#include "cephlabfixture.h"
#include "engine/runengine.h"
#include "model/metric.h"
#include "store/sessionstore.h"
#include "testutil.h"

#include <QJsonArray>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestHealthTimeline : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void nooutShowsAsWarn()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        registerBuiltinKinds();
        cmtest::CephLabFixture lab;
        QVERIFY2(lab.start(1), qPrintable(lab.whyNot()));
        QTemporaryDir data, target;
        Error e;
        Plan p = DiskFioKind::makePlan(QStringLiteral("quick"), {NodeSpec::parse(QStringLiteral("local"))},
            {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), target.path()},
                {QStringLiteral("size"), QStringLiteral("16M")}},
            8, &e);
        p.steps = p.steps.mid(6, 1); // RND4K Q1T1 read, 8 s
        p.ceph = {{QStringLiteral("conf"), lab.confPath()}, {QStringLiteral("keyring"), lab.keyringPath()}};
        RunEngine engine(data.filePath(QStringLiteral("db.sqlite")));
        SampleBufferPtr buffer;
        connect(
            &engine, &RunEngine::runStarted, this, [&](RunId, const Plan &, SampleBufferPtr b, double) { buffer = b; });
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        engine.start(p);
        SampleList seen;
        auto healthValues = [&] {
            if (buffer)
                seen += buffer->take();
            QList<double> v;
            for (const Sample &s : std::as_const(seen))
                if (s.metric == metric::CephHealth)
                    v << s.value;
            return v;
        };
        QTRY_VERIFY_WITH_TIMEOUT(healthValues().contains(0.0), 15000); // HEALTH_OK first
        QCOMPARE(
            lab.client(QStringLiteral("ceph"), {QStringLiteral("osd"), QStringLiteral("set"), QStringLiteral("noout")}),
            0);
        QTRY_VERIFY_WITH_TIMEOUT(healthValues().contains(1.0), 15000); // then HEALTH_WARN
        lab.client(QStringLiteral("ceph"), {QStringLiteral("osd"), QStringLiteral("unset"), QStringLiteral("noout")});
        // Client I/O into a pool of the lab's while the run goes.
        const QString pool = QStringLiteral("cephfs_data");
        QCOMPARE(lab.client(QStringLiteral("rados"),
                     {QStringLiteral("-p"), pool, QStringLiteral("bench"), QStringLiteral("3"), QStringLiteral("write"),
                         QStringLiteral("-b"), QStringLiteral("65536"), QStringLiteral("--run-name"),
                         QStringLiteral("clustermark-bench-poll")}),
            0);
        QVERIFY(finished.wait(60000));
        seen += buffer->take();
        double poolWrite = 0, commitSamples = 0;
        for (const Sample &s : std::as_const(seen)) {
            if (s.metric.startsWith(QLatin1String("ceph.")))
                QCOMPARE(s.target, QStringLiteral("ceph"));
            if (s.metric == metric::PoolWriteBw && s.target == metric::poolTarget(pool))
                poolWrite = std::max(poolWrite, s.value);
            if (s.metric == metric::OsdCommitLat) {
                QCOMPARE(s.target, metric::osdTarget(0));
                QVERIFY(s.value >= 0 && s.value < 10e9);
                ++commitSamples;
            }
        }
        qInfo("pool %s written at up to %.1f MB/s by Ceph's count; %g OSD latency samples", qPrintable(pool),
            poolWrite / 1e6, commitSamples);
        QVERIFY(poolWrite > 1e6);
        QVERIFY(commitSamples >= 2);
        SessionStore store(data.filePath(QStringLiteral("db.sqlite")));
        QVERIFY(!store.open());
        const QJsonArray osds
            = store.runSummary(finished.first().at(0).value<RunId>()).value(QStringLiteral("ceph_osds")).toArray();
        QCOMPARE(osds.size(), 1);
        QCOMPARE(osds.first().toObject().value(QStringLiteral("id")).toInt(), 0);
        QVERIFY(!osds.first().toObject().value(QStringLiteral("host")).toString().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestHealthTimeline)
#include "test_healthtimeline.moc"
