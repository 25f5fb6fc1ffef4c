// SPDX-License-Identifier: GPL-3.0-or-later
// CephFS on a data pool made for the run (target.temporaryPool, engine/runpools.h) on a
// 3-OSD lab, through the CLI: an EC 2+1 pool with the native engine and a replicated
// 2/1 pool with fio on a ceph-fuse mount (the folder laid out with setfattr). The pool
// is added to the file system for the run, the steps' folders are laid out on it, Ceph's
// own count sees the step's bytes there, the step records its type, and afterwards the
// pool is off the file system and gone with its rule and profile.
#include "cephlabfixture.h"
#include "clirun.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestCephFsTempPool : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    QTemporaryDir m_data;

    cmtest::CliResult cli(const QStringList &args)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), 240000);
    }

    // The plan's seq-write step alone, run; the saved run.
    QJsonObject runWrite(const QStringList &extra, const QString &name)
    {
        const cmtest::CliResult plan = cli(
            QStringList {QStringLiteral("plan"), QStringLiteral("cephfs"), QStringLiteral("--lab"), m_lab.dir(),
                QStringLiteral("--preset"), QStringLiteral("quick"), QStringLiteral("--runtime"), QStringLiteral("2"),
                QStringLiteral("--file-size"), QStringLiteral("16M"), QStringLiteral("--threads"), QStringLiteral("2")}
            + extra);
        if (plan.code != 0) {
            qWarning("%s", plan.err.constData());
            return {};
        }
        const QString file = cmtest::writePlanSteps(
            plan.json(), {QStringLiteral("seq-write-4m")}, m_data.filePath(name + QStringLiteral(".json")));
        if (file.isEmpty())
            return {};
        const cmtest::CliResult r = cli({QStringLiteral("run"), file});
        if (r.code != 0)
            qWarning("%s", r.err.right(3000).constData());
        return r.json();
    }

    void checkStep(const QJsonObject &run, const QString &type, const QString &profileOrSize)
    {
        const QJsonArray steps = run.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 1);
        const QJsonObject step = steps.first().toObject();
        QCOMPARE(step.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        const QJsonObject env = step.value(QStringLiteral("environment")).toObject();
        QCOMPARE(env.value(QStringLiteral("pool_type")).toString(), type);
        const QString said
            = env.value(type == QLatin1String("erasure") ? QStringLiteral("ec_profile") : QStringLiteral("pool_size"))
                  .toVariant()
                  .toString();
        QVERIFY2(said.contains(profileOrSize), qPrintable(said));
        // Ceph's count of the run's pool saw the step's writes: the data went there.
        const QJsonObject check
            = step.value(QStringLiteral("summary")).toObject().value(QStringLiteral("cross_check")).toObject();
        const QJsonArray pools = check.value(QStringLiteral("pools")).toArray();
        QCOMPARE(pools.size(), 1);
        QVERIFY(pools.first().toString().startsWith(QLatin1String("clustermark-bench-")));
        bool wrote = false;
        for (const QJsonValue &d : check.value(QStringLiteral("dirs")).toArray())
            wrote = wrote
                || (d[QStringLiteral("dir")].toString() == QLatin1String("write")
                    && d[QStringLiteral("ceph_bytes")].toDouble() > 16e6);
        QVERIFY2(wrote, QJsonDocument(check).toJson().constData());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(3), qPrintable(m_lab.whyNot()));
    }
    void cleanupTestCase() { m_lab.stop(); }

    void nativeOnErasureCoded()
    {
        const QJsonObject run
            = runWrite({QStringLiteral("--temporary-pool"), QStringLiteral("ec:2+1:osd")}, QStringLiteral("native-ec"));
        checkStep(run, QStringLiteral("erasure"), QStringLiteral("k=2 m=1"));
        QCOMPARE(m_lab.appPlacementNames(), QStringList());
    }

    void fioOnReplicated()
    {
        const QJsonObject run = runWrite({QStringLiteral("--engine"), QStringLiteral("fio"), QStringLiteral("--mount"),
                                             QStringLiteral("ceph-fuse"), QStringLiteral("--mount-consent"),
                                             QStringLiteral("--temporary-pool"), QStringLiteral("replicated:2/1:osd")},
            QStringLiteral("fio-replicated"));
        checkStep(run, QStringLiteral("replicated"), QStringLiteral("2"));
        QCOMPARE(m_lab.appPlacementNames(), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestCephFsTempPool)
#include "test_cephfstemppool.moc"
