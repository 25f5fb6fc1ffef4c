// SPDX-License-Identifier: GPL-3.0-or-later
// The MTU experiment from the GUI on network-namespace nodes over SSH: the experiment
// dialog changes both ends' interface for the variant, Live's banner names the
// interface each change found, the runs go A B B A, and both MTUs are back at the end.
#include "bench/netiperf/netiperfkind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "live/livedashboard.h"
#include "mainwindow.h"
#include "netnsfixture.h"
#include "shots.h"
#include "testutil.h"
#include "tuning/experimentcontroller.h"
#include "tuning/experimentdialog.h"
#include "tuning/experimentresultsdialog.h"

#include <QCheckBox>
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

class TestExperimentGuiNet : public QObject {
    Q_OBJECT

    cmtest::NetnsFixture m_net;
    QTemporaryDir m_data;

    QString mtu(int k) const
    {
        QByteArray out;
        m_net.exec(k, {QStringLiteral("cat"), QStringLiteral("/sys/class/net/eth0/mtu")}, &out);
        return QString::fromUtf8(out).trimmed();
    }

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::NetnsFixture::available(&why), why);
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_data.filePath(QStringLiteral("config")));
        QCoreApplication::setOrganizationName(QStringLiteral("ClusterMarkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ClusterMarkExperimentNet"));
        QVERIFY2(m_net.up(2, QString()), qPrintable(m_net.whyNot()));
        qputenv("CLUSTERMARK_DATA_DIR", m_data.path().toUtf8());
        const Error trusted = m_net.trustAll(m_data.filePath(QStringLiteral("known_hosts"))); // as `trust` does
        QVERIFY2(!trusted, qPrintable(trusted.toString()));
    }

    void mtuOnBothEndsAndBack()
    {
        NetIperfKind::Options o;
        o.streams = 1;
        o.duration = 1;
        Error e;
        const Plan plan = NetIperfKind::makePlan({m_net.node(1), m_net.node(2)}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        const QString before1 = mtu(1), before2 = mtu(2);
        QVERIFY(!before1.isEmpty() && before1 != QLatin1String("1400"));
        const QString n1 = m_net.node(1).displayName(), n2 = m_net.node(2).displayName();

        const QString path = m_data.filePath(QStringLiteral("clustermark.sqlite"));
        RunEngine engine(path);
        MainWindow window(&engine, path);
        window.resize(1280, 800);
        window.show();
        window.experiments()->open(plan, {});
        ExperimentDialog *d = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((d = window.findChild<ExperimentDialog *>()) && d->isVisible(), 10000);
        d->addChange(QStringLiteral("MTU 1400"), QStringLiteral("mtu"), n1, QString(), QStringLiteral("1400"));
        d->addChange(QStringLiteral("MTU 1400"), QStringLiteral("mtu"), n2, QString(), QStringLiteral("1400"));
        d->findChild<QSpinBox *>(QStringLiteral("experimentRepetitions"))->setValue(2);
        d->findChild<QCheckBox *>(QStringLiteral("experimentWarmUp"))->setChecked(false);
        const QString review = d->review()->toPlainText();
        QVERIFY2(review.contains(QStringLiteral("checked with a ping of 1400 bytes")), qPrintable(review));
        QVERIFY2(review.contains(QStringLiteral("puts it back by itself after 30 s")), qPrintable(review));
        QVERIFY(d->runButton()->isEnabled());
        QSignalSpy finished(window.experiments()->engine(), &ExperimentEngine::experimentFinished);
        QTest::mouseClick(d->runButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(mtu(1) == QLatin1String("1400") && mtu(2) == QLatin1String("1400"), 120000);
        QTRY_VERIFY_WITH_TIMEOUT(
            window.liveDashboard()->banner().contains(n2 + QStringLiteral(":mtu@eth0=1400")), 30000);
        QVERIFY(cmtest::saveShot(&window, QStringLiteral("experiment-live-mtu")));
        QVERIFY(finished.count() > 0 || finished.wait(240000));
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Completed);
        QCOMPARE(mtu(1), before1);
        QCOMPARE(mtu(2), before2);
        ExperimentResultsDialog *r = window.experiments()->resultsDialog();
        QVERIFY(r);
        QTRY_VERIFY_WITH_TIMEOUT(r->isLoaded(), 20000);
        QVERIFY(r->verdicts()->rowCount() > 0);
    }
};

QTEST_MAIN(TestExperimentGuiNet)
#include "test_experimentguinet.moc"
