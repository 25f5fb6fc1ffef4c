// SPDX-License-Identifier: GPL-3.0-or-later
// clustermark-cli plan osd-latency -> run, end to end on a real lab (3 OSDs): the plan
// JSON, the per-OSD summary and series in the saved run, the temporary pool gone, and
// the clear refusals of bad arguments.
#include "cephlabfixture.h"
#include "clirun.h"
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class TestCliOsdLatency : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;
    cmtest::CephLabFixture m_lab;

    using Result = cmtest::CliResult;
    Result cli(const QStringList &args, int timeoutMs = 120000)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), timeoutMs);
    }

private Q_SLOTS:
    void badArguments()
    {
        Result r = cli({"plan", "osd-latency", "--conf", "/etc/x.conf"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("temporary pool of size 1") && r.err.contains("--create-temp-pool"), r.err.constData());
        r = cli({"plan", "osd-latency", "--pool", "p", "--create-temp-pool"});
        QCOMPARE(r.code, 2);
        r = cli({"plan", "osd-latency", "--create-temp-pool", "--osds", "0,x"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--osds"), r.err.constData());
        r = cli({"plan", "osd-latency", "--create-temp-pool", "--mode", "both"});
        QCOMPARE(r.code, 2);
        r = cli({"plan", "osd-latency", "--pool", "rbd", "--preset", "nope"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("quick"), r.err.constData());
        // A named pool needs no consent; osd ids may be written osd.N.
        r = cli({"plan", "osd-latency", "--pool", "rbd", "--osds", "osd.2,0", "--mode", "parallel"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject plan = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(plan.value(QStringLiteral("kind")).toString(), QStringLiteral("osd-latency"));
        const QJsonObject t = plan.value(QStringLiteral("target")).toObject();
        QCOMPARE(t.value(QStringLiteral("osds")).toArray(), (QJsonArray {2, 0}));
        QCOMPARE(t.value(QStringLiteral("pool")).toString(), QStringLiteral("rbd"));
        QCOMPARE(t.value(QStringLiteral("mode")).toString(), QStringLiteral("parallel"));
    }

    void planAndRunOnLab()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(3), qPrintable(m_lab.whyNot()));
        Result r = cli(
            {"plan", "osd-latency", "--lab", m_lab.dir(), "--create-temp-pool", "--preset", "quick", "--runtime", "1"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject plan = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(plan.value(QStringLiteral("preset")).toString(), QStringLiteral("quick"));
        QVERIFY(plan.value(QStringLiteral("target")).toObject().value(QStringLiteral("poolConsent")).toBool());
        QFile f(m_data.filePath(QStringLiteral("plan.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(r.out);
        f.close();

        r = cli({"run", f.fileName()});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("osd.0 ") && r.err.contains("osd.2 "), r.err.constData());
        const QJsonObject run = QJsonDocument::fromJson(r.out).object();
        const QJsonArray steps = run.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 1);
        const QJsonObject step = steps.at(0).toObject();
        QCOMPARE(step.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        const QJsonObject summary = step.value(QStringLiteral("summary")).toObject();
        const QJsonArray osds = summary.value(QStringLiteral("osds")).toArray();
        QCOMPARE(osds.size(), 3);
        for (int i = 0; i < 3; ++i) {
            const QJsonObject o = osds.at(i).toObject();
            QCOMPARE(o.value(QStringLiteral("id")).toInt(), i);
            QVERIFY(o.value(QStringLiteral("ops")).toDouble() > 0);
            QVERIFY(!o.value(QStringLiteral("histogram")).toObject().isEmpty());
        }
        // Series per OSD, stored with the run.
        QSet<QString> targets;
        for (const QJsonValue &v : run.value(QStringLiteral("series")).toArray()) {
            const QJsonObject s = v.toObject();
            if (s.value(QStringLiteral("metric")).toString() == QLatin1String("write.iops"))
                targets.insert(s.value(QStringLiteral("target")).toString());
        }
        QCOMPARE(targets, (QSet<QString> {QStringLiteral("osd.0"), QStringLiteral("osd.1"), QStringLiteral("osd.2")}));
        // The temporary pool is gone.
        QByteArray pools;
        QCOMPARE(m_lab.client(QStringLiteral("ceph"),
                     {QStringLiteral("osd"), QStringLiteral("pool"), QStringLiteral("ls")}, &pools),
            0);
        QVERIFY2(!pools.contains("clustermark-bench-osdlat-"), pools.constData());
        QVERIFY(
            summary.value(QStringLiteral("pool")).toString().startsWith(QLatin1String("clustermark-bench-osdlat-")));
    }
};

QTEST_GUILESS_MAIN(TestCliOsdLatency)
#include "test_cli_osdlatency.moc"
