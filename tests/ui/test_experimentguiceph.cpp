// SPDX-License-Identifier: GPL-3.0-or-later
// The RBD-cache experiment from the GUI on the loopback lab: an RBD plan (librbd, 4k
// QD1 writes, the cache left to the cluster), the Ceph option client/rbd_cache=false
// as the variant's change in the experiment dialog, Live's banner naming it while the
// variant runs, the results dialog judging write IOPS worse beyond noise, and the
// option removed again afterwards (it was not set before).
#include "bench/registry.h"
#include "ceph/radosclient.h"
#include "cephlabfixture.h"
#include "clirun.h"
#include "engine/runengine.h"
#include "live/livedashboard.h"
#include "mainwindow.h"
#include "testutil.h"
#include "tuning/experimentcontroller.h"
#include "tuning/experimentdialog.h"
#include "tuning/experimentresultsdialog.h"

#include <QCheckBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;
using namespace cm::ui;

class TestExperimentGuiCeph : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    QTemporaryDir m_home;

    QString clientCache()
    {
        RadosClient c;
        CephConnectionSpec spec;
        spec.confPath = m_lab.confPath();
        spec.keyringPath = m_lab.keyringPath();
        QByteArray out;
        if (c.connect(spec)
            || c.monCommand({{QStringLiteral("prefix"), QStringLiteral("config dump")},
                                {QStringLiteral("format"), QStringLiteral("json")}},
                &out))
            return QStringLiteral("<no answer>");
        for (const QJsonValue &v : QJsonDocument::fromJson(out).array())
            if (v[QStringLiteral("section")].toString() == QLatin1String("client")
                && v[QStringLiteral("name")].toString() == QLatin1String("rbd_cache"))
                return v[QStringLiteral("value")].toString();
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_home.filePath(QStringLiteral("config")));
        QCoreApplication::setOrganizationName(QStringLiteral("ClusterMarkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ClusterMarkExperimentCeph"));
        registerBuiltinKinds();
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        QVERIFY(m_lab.createPool(QStringLiteral("rbd"), QStringLiteral("rbd"), 8));
        QCOMPARE(m_lab.client(
                     QStringLiteral("rbd"), {QStringLiteral("pool"), QStringLiteral("init"), QStringLiteral("rbd")}),
            0);
    }
    void cleanupTestCase() { m_lab.stop(); }

    void rbdCacheOffThroughTheCluster()
    {
        const cmtest::CliResult made = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("plan"), QStringLiteral("rbd"), QStringLiteral("--engine"), QStringLiteral("native"),
                QStringLiteral("--lab"), m_lab.dir(), QStringLiteral("--image-size"), QStringLiteral("16M"),
                QStringLiteral("--runtime"), QStringLiteral("1"), QStringLiteral("--cache"),
                QStringLiteral("writeback")},
            m_home.path());
        QVERIFY2(made.code == 0, made.err.constData());
        Error e;
        Plan plan = Plan::fromJson(made.json(), &e);
        QVERIFY(!e);
        plan.steps.removeIf([](const PlanStep &s) { return s.id != QLatin1String("randwrite-4k-qd1"); });
        QCOMPARE(plan.steps.size(), 1);
        plan.name = QStringLiteral("RBD 4k QD1");

        const QString path = m_home.filePath(QStringLiteral("clustermark.sqlite"));
        RunEngine engine(path);
        MainWindow window(&engine, path);
        window.resize(1280, 800);
        window.show();
        window.experiments()->open(plan, {});
        ExperimentDialog *d = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((d = window.findChild<ExperimentDialog *>()) && d->isVisible(), 10000);
        d->addChange(QStringLiteral("cache off"), QStringLiteral("config"), QString(),
            QStringLiteral("client/rbd_cache"), QStringLiteral("false"));
        d->findChild<QSpinBox *>(QStringLiteral("experimentRepetitions"))->setValue(5);
        QVERIFY(d->review()->toPlainText().contains(QStringLiteral("ceph config set client rbd_cache false")));
        QSignalSpy finished(window.experiments()->engine(), &ExperimentEngine::experimentFinished);
        QTest::mouseClick(d->runButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(clientCache() == QLatin1String("false"), 120000);
        QTRY_VERIFY_WITH_TIMEOUT(
            window.liveDashboard()->banner().contains(QStringLiteral("ceph:config@client/rbd_cache=false")), 20000);
        QVERIFY(finished.count() > 0 || finished.wait(300000));
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Completed);
        QCOMPARE(clientCache(), QString()); // not set again, as before

        ExperimentResultsDialog *r = window.experiments()->resultsDialog();
        QVERIFY(r);
        QTRY_VERIFY_WITH_TIMEOUT(r->isLoaded(), 20000);
        QTableWidget *t = r->verdicts();
        bool judged = false;
        for (int row = 0; row < t->rowCount(); ++row)
            if (t->item(row, 2)->text() == QLatin1String("Write IOPS")) {
                judged = true;
                QCOMPARE(t->item(row, t->columnCount() - 1)->text(), QStringLiteral("worse"));
            }
        QVERIFY2(judged, qPrintable(r->markdown()));
        QVERIFY(r->markdown().contains(QStringLiteral("cache off: ceph:config@client/rbd_cache=false")));
    }
};

QTEST_MAIN(TestExperimentGuiCeph)
#include "test_experimentguiceph.moc"
