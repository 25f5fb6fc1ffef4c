// SPDX-License-Identifier: GPL-3.0-or-later
// An MTU experiment on network-namespace nodes over SSH, through the CLI: both ends'
// interfaces change for the variant's runs, a packet of the new size that may not be
// fragmented is checked between them, and the old MTU is back at the end. An MTU that
// the other end does not take is refused by that check and put back at once.
#include "bench/netiperf/netiperfkind.h"
#include "bench/registry.h"
#include "clirun.h"
#include "netnsfixture.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestExperimentNet : public QObject {
    Q_OBJECT

    cmtest::NetnsFixture m_net;
    QTemporaryDir m_data;
    QString m_plan;

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
        QVERIFY2(m_net.up(2, QString()), qPrintable(m_net.whyNot()));
        const Error trusted = m_net.trustAll(m_data.filePath(QStringLiteral("known_hosts")));
        QVERIFY2(!trusted, qPrintable(trusted.toString()));
        NetIperfKind::Options o;
        o.streams = 1;
        o.duration = 1;
        Error e;
        const Plan p = NetIperfKind::makePlan({m_net.node(1), m_net.node(2)}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        m_plan = m_data.filePath(QStringLiteral("pair.json"));
        QFile f(m_plan);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(p.toJsonBytes());
    }

    void bothEndsChangeAndComeBack()
    {
        const QString before1 = mtu(1), before2 = mtu(2);
        QVERIFY(!before1.isEmpty() && before1 != QLatin1String("1400"));
        const QString n1 = m_net.node(1).displayName(), n2 = m_net.node(2).displayName();
        const cmtest::CliResult r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("experiment"), m_plan, QStringLiteral("--knob"), n1 + QStringLiteral(":mtu=1400"),
                QStringLiteral("--knob"), n2 + QStringLiteral(":mtu=1400"), QStringLiteral("--repetitions"),
                QStringLiteral("2"), QStringLiteral("--no-warm-up"), QStringLiteral("--dead-man"), QStringLiteral("15"),
                QStringLiteral("--json")},
            m_data.path(), 240000);
        if (r.code != 0)
            qWarning().noquote() << r.err.right(4000); // QVERIFY2 cuts long messages
        QVERIFY2(r.code == 0, r.err.right(400).constData());
        QVERIFY2(
            r.err.contains(QStringLiteral("%1 uses: devices ; interfaces eth0").arg(n1).toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains(QStringLiteral("applying %1:mtu@eth0=1400").arg(n2).toUtf8()), r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("runs")).toArray().size(), 4);
        QVERIFY(!r.json().value(QStringLiteral("figures")).toArray().isEmpty());
        QCOMPARE(mtu(1), before1);
        QCOMPARE(mtu(2), before2);
    }

    void anMtuTheOtherEndRefusesIsPutBack()
    {
        const QString before = mtu(1);
        const QString n1 = m_net.node(1).displayName();
        const cmtest::CliResult r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("experiment"), m_plan, QStringLiteral("--knob"), n1 + QStringLiteral(":mtu=9000"),
                QStringLiteral("--repetitions"), QStringLiteral("2"), QStringLiteral("--no-warm-up"),
                QStringLiteral("--order"), QStringLiteral("random"), QStringLiteral("--seed"), QStringLiteral("3")},
            m_data.path(), 240000);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("9000-byte packet that may not be fragmented does not reach"), r.err.constData());
        QCOMPARE(mtu(1), before);
        const cmtest::CliResult left = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("restore"), QStringLiteral("--dry-run"), QStringLiteral("--json")}, m_data.path());
        QCOMPARE(left.json().value(QStringLiteral("left")).toArray().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestExperimentNet)
#include "test_experimentnet.moc"
