// SPDX-License-Identifier: GPL-3.0-or-later
// Temporary pools of a chosen layout (engine/runpools.h) on a 6-OSD lab (failure domain
// osd: all OSDs are on one host), through the CLI: RBD on EC 4+2 (a replicated pool for
// the image headers, the EC pool for the data) against replicated 3/2, and RADOS on EC
// 2+2. Each run records the pool it wrote to; compare names the pool type and profile
// as differences; the pools, their CRUSH rules and EC profiles are gone afterwards. A
// layout the cluster cannot hold is refused before anything is made, and a run killed
// with SIGKILL leaves its pool to `cleanup`, which removes it with its rule and profile.
#include "cephlabfixture.h"
#include "clirun.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace cm;

class TestTemporaryPools : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    QTemporaryDir m_data;

    cmtest::CliResult cli(const QStringList &args, int timeoutMs = 180000)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), timeoutMs);
    }

    // The plan of `kind` with --temporary-pool `layout`, cut to the steps `keep`.
    QString planFile(const QString &kind, const QString &layout, const QStringList &keep, const QString &runtime)
    {
        QStringList args {QStringLiteral("plan"), kind, QStringLiteral("--lab"), m_lab.dir(),
            QStringLiteral("--temporary-pool"), layout, QStringLiteral("--runtime"), runtime};
        if (kind == QLatin1String("rbd"))
            args << QStringLiteral("--engine") << QStringLiteral("native") << QStringLiteral("--image-size")
                 << QStringLiteral("64M");
        else
            args << QStringLiteral("--objects") << QStringLiteral("16") << QStringLiteral("--object-size")
                 << QStringLiteral("1M");
        const cmtest::CliResult plan = cli(args);
        if (plan.code != 0) {
            qWarning("%s", plan.err.constData());
            return {};
        }
        const QString name
            = QString(layout).replace(QRegularExpression(QStringLiteral("[^a-z0-9]")), QStringLiteral("_"));
        return cmtest::writePlanSteps(plan.json(), keep, m_data.filePath(QStringLiteral("%1-%2.json").arg(kind, name)));
    }

    qint64 runId(const cmtest::CliResult &r)
    {
        return r.json().value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toInteger();
    }

    QJsonObject show(qint64 run)
    {
        return cli({QStringLiteral("show"), QString::number(run), QStringLiteral("--json")}).json();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(6), qPrintable(m_lab.whyNot()));
    }
    void cleanupTestCase() { m_lab.stop(); }

    void rbdErasureAgainstReplicated()
    {
        const QStringList step {QStringLiteral("randwrite-4k-qd1")};
        const QString ecPlan = planFile(QStringLiteral("rbd"), QStringLiteral("ec:4+2:osd"), step, QStringLiteral("2"));
        const QString repPlan
            = planFile(QStringLiteral("rbd"), QStringLiteral("replicated:3/2:osd"), step, QStringLiteral("2"));
        QVERIFY(!ecPlan.isEmpty() && !repPlan.isEmpty());
        const cmtest::CliResult ecRun = cli({QStringLiteral("run"), ecPlan});
        QVERIFY2(ecRun.code == 0, ecRun.err.constData());
        QCOMPARE(m_lab.appPlacementNames(), QStringList());
        const cmtest::CliResult repRun = cli({QStringLiteral("run"), repPlan});
        QVERIFY2(repRun.code == 0, repRun.err.constData());
        QCOMPARE(m_lab.appPlacementNames(), QStringList());

        const QJsonObject ec = show(runId(ecRun));
        const QJsonObject e
            = ec.value(QStringLiteral("steps")).toArray().first()[QStringLiteral("environment")].toObject();
        QCOMPARE(e.value(QStringLiteral("pool_type")).toString(), QStringLiteral("erasure"));
        QCOMPARE(e.value(QStringLiteral("pool_size")).toInt(), 6);
        QVERIFY2(e.value(QStringLiteral("ec_profile")).toString().contains(QLatin1String("k=4 m=2")),
            QJsonDocument(e).toJson().constData());
        QVERIFY(e.value(QStringLiteral("pool")).toString().startsWith(QLatin1String("clustermark-bench-")));
        QCOMPARE(e.value(QStringLiteral("osd_count")).toString(), QStringLiteral("6 (6 up, 6 in)"));
        // The run names the pools it made: the headers' replicated pool, the EC data pool.
        const QJsonArray made
            = ec.value(QStringLiteral("summary")).toObject().value(QStringLiteral("temporary_pools")).toArray();
        QCOMPARE(made.size(), 2);
        QCOMPARE(made.at(0)[QStringLiteral("field")].toString(), QStringLiteral("pool"));
        QCOMPARE(made.at(0)[QStringLiteral("describe")].toString(), QStringLiteral("replicated 3/2"));
        QCOMPARE(
            made.at(1)[QStringLiteral("describe")].toString(), QStringLiteral("EC 4+2 (jerasure, failure domain osd)"));
        QCOMPARE(made.at(1)[QStringLiteral("pool")].toString(), e.value(QStringLiteral("pool")).toString());

        const QJsonObject r = show(runId(repRun))
                                  .value(QStringLiteral("steps"))
                                  .toArray()
                                  .first()[QStringLiteral("environment")]
                                  .toObject();
        QCOMPARE(r.value(QStringLiteral("pool_type")).toString(), QStringLiteral("replicated"));
        QCOMPARE(r.value(QStringLiteral("pool_size")).toInt(), 3);
        QCOMPARE(r.value(QStringLiteral("pool_min_size")).toInt(), 2);

        const cmtest::CliResult cmp = cli({QStringLiteral("compare"), QString::number(runId(ecRun)),
            QString::number(runId(repRun)), QStringLiteral("--no-redact")});
        QCOMPARE(cmp.code, 0);
        for (const char *said : {"pool type: erasure → replicated", "pool size: 6 → 3"})
            QVERIFY2(cmp.out.contains(said), cmp.out.constData());
        // The pools' random names are no difference.
        QVERIFY2(!cmp.out.contains("local: pool: clustermark-bench-"), cmp.out.constData());
    }

    void radosOnErasure22()
    {
        const QString plan = planFile(QStringLiteral("rados"), QStringLiteral("ec:2+2:osd"),
            {QStringLiteral("write-object-qd16"), QStringLiteral("read-4k-qd16")}, QStringLiteral("2"));
        QVERIFY(!plan.isEmpty());
        const cmtest::CliResult run = cli({QStringLiteral("run"), plan});
        QVERIFY2(run.code == 0, run.err.constData());
        QCOMPARE(m_lab.appPlacementNames(), QStringList());
        const QJsonArray steps = show(runId(run)).value(QStringLiteral("steps")).toArray();
        QVERIFY(!steps.isEmpty());
        for (const QJsonValue &s : steps) {
            QCOMPARE(s[QStringLiteral("status")].toString(), QStringLiteral("completed"));
            const QJsonObject e = s[QStringLiteral("environment")].toObject();
            QCOMPARE(e.value(QStringLiteral("pool_type")).toString(), QStringLiteral("erasure"));
            QVERIFY2(e.value(QStringLiteral("ec_profile")).toString().contains(QLatin1String("k=2 m=2")),
                QJsonDocument(e).toJson().constData());
        }
    }

    void layoutTheClusterCannotHoldIsRefused()
    {
        const QString plan = planFile(QStringLiteral("rbd"), QStringLiteral("ec:8+3:osd"),
            {QStringLiteral("randwrite-4k-qd1")}, QStringLiteral("2"));
        QVERIFY(!plan.isEmpty());
        const cmtest::CliResult run = cli({QStringLiteral("run"), plan});
        QVERIFY(run.code != 0);
        QVERIFY2(run.err.contains("needs 11 up OSDs in distinct failure domains (osd), and the cluster has 6"),
            run.err.constData());
        QCOMPARE(m_lab.appPlacementNames(), QStringList());
        // On a one-host cluster the default failure domain (host) holds no size-3 pool.
        const QString hostPlan = planFile(QStringLiteral("rbd"), QStringLiteral("replicated:3"),
            {QStringLiteral("randwrite-4k-qd1")}, QStringLiteral("2"));
        const cmtest::CliResult host = cli({QStringLiteral("run"), hostPlan});
        QVERIFY(host.code != 0);
        QVERIFY2(host.err.contains("failure domain osd"), host.err.constData());
        QCOMPARE(m_lab.appPlacementNames(), QStringList());
    }

    void killedRunLeavesItsPoolToCleanup()
    {
        const QString plan = planFile(QStringLiteral("rbd"), QStringLiteral("ec:2+1:osd"),
            {QStringLiteral("randwrite-4k-qd1")}, QStringLiteral("120"));
        QVERIFY(!plan.isEmpty());
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTERMARK_DATA_DIR"), m_data.path());
        p.setProcessEnvironment(env);
        p.start(qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli"),
            {QStringLiteral("run"), plan});
        QVERIFY(p.waitForStarted());
        QStringList names;
        for (int i = 0; i < 300 && names.size() < 5; ++i) { // two pools, their rules and one profile
            QThread::msleep(200);
            names = m_lab.appPlacementNames();
        }
        QCOMPARE(names.size(), 5);
        p.kill(); // SIGKILL: nothing of the app runs after it
        QVERIFY(p.waitForFinished());
        QCOMPARE(m_lab.appPlacementNames().size(), 5);
        const cmtest::CliResult clean = cli({QStringLiteral("cleanup"), QStringLiteral("--lab"), m_lab.dir()});
        QVERIFY2(clean.code == 0, clean.err.constData());
        QCOMPARE(m_lab.appPlacementNames(), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestTemporaryPools)
#include "test_temporarypools.moc"
