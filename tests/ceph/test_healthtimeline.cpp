// SPDX-License-Identifier: GPL-3.0-or-later
// The health timeline during a run: a disk plan on this machine with the local Ceph
// lab attached; `ceph osd set noout` mid-run shows up as HEALTH_WARN samples.
#include "bench/diskfio/diskfiokind.h"
#include "bench/registry.h"
#include "cephlabfixture.h"
#include "engine/runengine.h"
#include "model/metric.h"
#include "testutil.h"

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
        QVERIFY(finished.wait(60000));
        for (const Sample &s : std::as_const(seen))
            if (s.metric.startsWith(QLatin1String("ceph.")))
                QCOMPARE(s.target, QStringLiteral("ceph"));
    }
};

QTEST_GUILESS_MAIN(TestHealthTimeline)
#include "test_healthtimeline.moc"
