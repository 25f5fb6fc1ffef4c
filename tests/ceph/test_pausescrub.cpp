// SPDX-License-Identifier: GPL-3.0-or-later
// A run that holds the cluster's scrubs off (Plan::pauseScrub, `run --pause-scrub`) on a
// 1-OSD lab: noscrub and nodeep-scrub are set while the step runs and recorded in its
// environment, and unset afterwards; a flag that was set before stays set; a run
// killed with SIGKILL leaves journal entries that `clustermark-cli restore` puts back.
#include "cephlabfixture.h"
#include "clirun.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace cm;

class TestPauseScrub : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    QTemporaryDir m_data;
    QString m_plan;

    cmtest::CliResult cli(const QStringList &args)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), 180000);
    }

    // The cluster's OSD flags ("noscrub", "nodeep-scrub", …).
    QStringList flags()
    {
        QByteArray out;
        if (m_lab.client(QStringLiteral("ceph"),
                {QStringLiteral("osd"), QStringLiteral("dump"), QStringLiteral("-f"), QStringLiteral("json")}, &out)
            != 0)
            return {QStringLiteral("(osd dump failed)")};
        return QJsonDocument::fromJson(out).object().value(QStringLiteral("flags")).toString().split(QLatin1Char(','));
    }

    // One RADOS write step of `runtime` seconds.
    QString planFile(int runtime)
    {
        const cmtest::CliResult plan = cli({QStringLiteral("plan"), QStringLiteral("rados"), QStringLiteral("--lab"),
            m_lab.dir(), QStringLiteral("--pool"), QStringLiteral("bench"), QStringLiteral("--objects"),
            QStringLiteral("16"), QStringLiteral("--object-size"), QStringLiteral("1M"), QStringLiteral("--runtime"),
            QString::number(runtime)});
        if (plan.code != 0)
            return {};
        QJsonObject p = plan.json();
        p.insert(QStringLiteral("steps"), QJsonArray {p.value(QStringLiteral("steps")).toArray().first()});
        const QString file = m_data.filePath(QStringLiteral("plan-%1.json").arg(runtime));
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(QJsonDocument(p).toJson());
        return file;
    }

    QProcess *startRun(const QString &plan)
    {
        auto *p = new QProcess(this);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTERMARK_DATA_DIR"), m_data.path());
        p->setProcessEnvironment(env);
        p->start(qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli"),
            {QStringLiteral("run"), plan, QStringLiteral("--pause-scrub")});
        return p;
    }

    bool waitForFlags(bool set)
    {
        for (int i = 0; i < 300; ++i) {
            const QStringList f = flags();
            if (f.contains(QStringLiteral("noscrub")) == set && f.contains(QStringLiteral("nodeep-scrub")) == set)
                return true;
            QThread::msleep(100);
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        QVERIFY(m_lab.createPool(QStringLiteral("bench")));
    }
    void cleanupTestCase() { m_lab.stop(); }

    void heldForTheRunOnly()
    {
        QVERIFY(waitForFlags(false));
        QProcess *run = startRun(planFile(3));
        QVERIFY(waitForFlags(true)); // while the step runs
        QVERIFY(run->waitForFinished(120000));
        QVERIFY2(run->exitCode() == 0, run->readAllStandardError().constData());
        QVERIFY2(waitForFlags(false), qPrintable(flags().join(',')));
        const QJsonObject saved = QJsonDocument::fromJson(run->readAllStandardOutput()).object();
        const QJsonObject env
            = saved.value(QStringLiteral("steps")).toArray().first()[QStringLiteral("environment")].toObject();
        QVERIFY2(env.value(QStringLiteral("osd_flags")).toString().contains(QStringLiteral("noscrub")),
            QJsonDocument(env).toJson().constData());
        QVERIFY(saved.value(QStringLiteral("plan")).toObject().value(QStringLiteral("pauseScrub")).toBool());
    }

    void aFlagSetBeforeStaysSet()
    {
        QCOMPARE(m_lab.client(
                     QStringLiteral("ceph"), {QStringLiteral("osd"), QStringLiteral("set"), QStringLiteral("noscrub")}),
            0);
        QProcess *run = startRun(planFile(1));
        QVERIFY(run->waitForFinished(120000));
        QCOMPARE(run->exitCode(), 0);
        const QStringList after = flags();
        QVERIFY2(after.contains(QStringLiteral("noscrub")), qPrintable(after.join(',')));
        QVERIFY2(!after.contains(QStringLiteral("nodeep-scrub")), qPrintable(after.join(',')));
        QCOMPARE(m_lab.client(QStringLiteral("ceph"),
                     {QStringLiteral("osd"), QStringLiteral("unset"), QStringLiteral("noscrub")}),
            0);
    }

    void killedRunIsPutBackByRestore()
    {
        QProcess *run = startRun(planFile(120));
        QVERIFY(waitForFlags(true));
        run->kill(); // SIGKILL: nothing of the app runs after it
        QVERIFY(run->waitForFinished());
        QVERIFY(flags().contains(QStringLiteral("noscrub")));
        const cmtest::CliResult restore = cli({QStringLiteral("restore")});
        QVERIFY2(restore.code == 0, restore.err.constData());
        QVERIFY2(waitForFlags(false), qPrintable(flags().join(',')));
    }
};

QTEST_GUILESS_MAIN(TestPauseScrub)
#include "test_pausescrub.moc"
