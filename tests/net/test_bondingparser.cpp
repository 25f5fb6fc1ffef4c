// SPDX-License-Identifier: GPL-3.0-or-later
// /proc/net/bonding parsing on the samples of tests/data/bonding (every bonding mode,
// old and new driver formats, a slave down, mismatched aggregator IDs, unknown fields).
// This kernel has no bonding driver, so the samples are written after the kernel's
// format and published outputs (see tests/data/bonding/README.md).
#include "model/bondinfo.h"
#include "parse/bondingparser.h"
#include "testutil.h"

#include <QTest>

using namespace cm;

namespace {

QByteArray readData(const QString &rel)
{
    QFile f(cmtest::testData(rel));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(rel));
    return f.readAll();
}

BondParseResult parseFile(const QString &file)
{
    return parseProcNetBonding(readData(QStringLiteral("bonding/") + file), QStringLiteral("bond0"));
}

bool problemMentions(const BondInfo &b, const QString &needle)
{
    for (const QString &p : b.problems())
        if (p.contains(needle))
            return true;
    return false;
}

} // namespace

class TestBondingParser : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyModeParsesCleanly_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("hash");
        QTest::addColumn<int>("slaves");
        QTest::newRow("rr") << "balance-rr.txt"
                            << "balance-rr"
                            << "" << 2;
        QTest::newRow("ab") << "active-backup-slave-down.txt"
                            << "active-backup"
                            << "" << 2;
        QTest::newRow("xor") << "balance-xor-arp.txt"
                             << "balance-xor"
                             << "layer2+3" << 2;
        QTest::newRow("broadcast") << "broadcast.txt"
                                   << "broadcast"
                                   << "" << 3;
        QTest::newRow("ad-root") << "8023ad-layer34-root.txt"
                                 << "802.3ad"
                                 << "layer3+4" << 2;
        QTest::newRow("ad-user") << "8023ad-layer34-user.txt"
                                 << "802.3ad"
                                 << "layer3+4" << 2;
        QTest::newRow("ad-mismatch") << "8023ad-mismatched-aggregator.txt"
                                     << "802.3ad"
                                     << "layer3+4" << 2;
        QTest::newRow("ad-down") << "8023ad-slave-down-no-partner.txt"
                                 << "802.3ad"
                                 << "layer3+4" << 2;
        QTest::newRow("ad-old") << "8023ad-no-aggregator-v3.5.0.txt"
                                << "802.3ad"
                                << "layer2" << 2;
        QTest::newRow("tlb") << "balance-tlb.txt"
                             << "balance-tlb"
                             << "layer3+4" << 2;
        QTest::newRow("alb") << "balance-alb-mixed-speed.txt"
                             << "balance-alb"
                             << "" << 2;
    }
    void everyModeParsesCleanly()
    {
        QFETCH(QString, file);
        QFETCH(QString, mode);
        QFETCH(QString, hash);
        QFETCH(int, slaves);
        const BondParseResult r = parseFile(file);
        QVERIFY2(!r.error, qPrintable(r.error.message));
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(r.bond.name, QStringLiteral("bond0"));
        QCOMPARE(r.bond.mode, mode);
        QCOMPARE(r.bond.transmitHashPolicy, hash);
        QCOMPARE(r.bond.slaves.size(), slaves);
        QCOMPARE(r.bond.miiStatus, QStringLiteral("up"));
        QVERIFY(r.bond.driverVersion.startsWith(QLatin1Char('v')));
        for (const BondSlave &s : r.bond.slaves) {
            QVERIFY(!s.name.isEmpty());
            QVERIFY(!s.permanentHwAddr.isEmpty());
        }
        // Round trip through JSON (the inventory stores it).
        QCOMPARE(BondInfo::fromJson(r.bond.toJson()), r.bond);
    }

    void balanceRr()
    {
        const BondInfo b = parseFile(QStringLiteral("balance-rr.txt")).bond;
        QCOMPARE(b.driverVersion, QStringLiteral("v6.1.0-13-amd64"));
        QCOMPARE(b.modeDescription, QStringLiteral("load balancing (round-robin)"));
        QCOMPARE(b.miiPollingMs, 100);
        QCOMPARE(b.slaves.at(0).name, QStringLiteral("enp1s0f0"));
        QCOMPARE(b.slaves.at(0).speedMbps, 10000);
        QCOMPARE(b.slaves.at(0).duplex, QStringLiteral("full"));
        QCOMPARE(b.slaves.at(1).permanentHwAddr, QStringLiteral("3c:ec:ef:10:22:a1"));
        QCOMPARE(b.sumSlaveSpeedMbps(), 20000);
        QCOMPARE(b.carryingSlaves(), (QStringList {QStringLiteral("enp1s0f0"), QStringLiteral("enp1s0f1")}));
        QVERIFY2(b.problems().isEmpty(), qPrintable(b.problems().join(QLatin1Char('\n'))));
        QVERIFY(!b.ad.present);
    }

    void activeBackupWithSlaveDown()
    {
        const BondInfo b = parseFile(QStringLiteral("active-backup-slave-down.txt")).bond;
        QCOMPARE(b.primarySlave, QStringLiteral("eno1"));
        QCOMPARE(b.currentlyActiveSlave, QStringLiteral("eno2"));
        QCOMPARE(b.upDelayMs, 200);
        const BondSlave *eno1 = b.findSlave(QStringLiteral("eno1"));
        QVERIFY(eno1);
        QCOMPARE(eno1->miiStatus, QStringLiteral("down"));
        QCOMPARE(eno1->speedMbps, -1); // "Speed: Unknown"
        QCOMPARE(eno1->duplex, QStringLiteral("Unknown"));
        QCOMPARE(eno1->linkFailureCount, 3);
        QCOMPARE(b.sumSlaveSpeedMbps(), 1000); // the down slave does not count
        QCOMPARE(b.carryingSlaves(), QStringList {QStringLiteral("eno2")});
        QVERIFY(problemMentions(b, QStringLiteral("slave eno1 is down")));
    }

    void xorWithArpMonitoring()
    {
        const BondInfo b = parseFile(QStringLiteral("balance-xor-arp.txt")).bond;
        QCOMPARE(b.transmitHashPolicyId, 2);
        QCOMPARE(b.miiPollingMs, 0);
        QCOMPARE(b.arpPollingMs, 1000);
        QCOMPARE(b.arpTargets, (QStringList {QStringLiteral("192.168.10.1"), QStringLiteral("192.168.10.2")}));
        // layer2+3 keeps one host pair on one link: worth telling the user
        QVERIFY(problemMentions(b, QStringLiteral("layer2+3")));
    }

    void broadcastGoingBack()
    {
        const BondInfo b = parseFile(QStringLiteral("broadcast.txt")).bond;
        QCOMPARE(b.slaves.at(2).miiStatus, QStringLiteral("going back"));
        QCOMPARE(b.carryingSlaves().size(), 2);
        QVERIFY(problemMentions(b, QStringLiteral("eth2 is going back")));
    }

    void lacpAsRoot()
    {
        const BondInfo b = parseFile(QStringLiteral("8023ad-layer34-root.txt")).bond;
        QVERIFY(b.ad.present);
        QCOMPARE(b.ad.lacpActive, QStringLiteral("on"));
        QCOMPARE(b.ad.lacpRate, QStringLiteral("fast"));
        QCOMPARE(b.ad.minLinks, 0);
        QCOMPARE(b.ad.adSelect, QStringLiteral("stable"));
        QCOMPARE(b.ad.systemPriority, 65535);
        QCOMPARE(b.ad.systemMac, QStringLiteral("0c:42:a1:6e:b2:40"));
        QVERIFY(b.ad.aggregatorReported);
        QVERIFY(b.ad.hasActiveAggregator);
        QCOMPARE(b.ad.activeAggregatorId, 1);
        QCOMPARE(b.ad.numberOfPorts, 2);
        QCOMPARE(b.ad.actorKey, 21);
        QCOMPARE(b.ad.partnerKey, 1001);
        QCOMPARE(b.ad.partnerMac, QStringLiteral("6c:b2:ae:f3:01:00"));
        const BondSlave &s = b.slaves.at(1);
        QCOMPARE(s.name, QStringLiteral("enp65s0f1np1"));
        QCOMPARE(s.speedMbps, 25000);
        QCOMPARE(s.queueId, 0);
        QCOMPARE(s.aggregatorId, 1);
        QCOMPARE(s.actorChurnState, QStringLiteral("none"));
        QCOMPARE(s.partnerChurnState, QStringLiteral("none"));
        QCOMPARE(s.actorPortState, 63);
        QCOMPARE(s.partnerPortState, 63);
        QCOMPARE(s.partnerSystemMac, QStringLiteral("6c:b2:ae:f3:01:00"));
        QCOMPARE(b.sumSlaveSpeedMbps(), 50000);
        QCOMPARE(b.carryingSlaves().size(), 2);
        QVERIFY2(b.problems().isEmpty(), qPrintable(b.problems().join(QLatin1Char('\n'))));
    }

    void lacpAsUserHasNoAggregatorLines()
    {
        const BondInfo b = parseFile(QStringLiteral("8023ad-layer34-user.txt")).bond;
        QVERIFY(b.ad.present);
        QVERIFY(!b.ad.aggregatorReported);
        QCOMPARE(b.ad.activeAggregatorId, -1);
        QCOMPARE(b.slaves.at(0).aggregatorId, 1);
        QCOMPARE(b.slaves.at(0).actorPortState, -1);
        // Unknown active aggregator: every up slave may carry traffic, and no false alarm.
        QCOMPARE(b.carryingSlaves().size(), 2);
        QVERIFY(b.problems().isEmpty());
    }

    void mismatchedAggregator()
    {
        const BondInfo b = parseFile(QStringLiteral("8023ad-mismatched-aggregator.txt")).bond;
        QCOMPARE(b.driverVersion, QStringLiteral("v3.7.1 (April 27, 2011)"));
        QCOMPARE(b.ad.activeAggregatorId, 2);
        QCOMPARE(b.ad.numberOfPorts, 1);
        QCOMPARE(b.slaves.at(0).aggregatorId, 1);
        QCOMPARE(b.slaves.at(0).actorChurnState, QStringLiteral("churned"));
        QCOMPARE(b.slaves.at(0).partnerSystemMac, QStringLiteral("00:00:00:00:00:00"));
        QCOMPARE(b.slaves.at(1).aggregatorId, 2);
        // Both links are up, but only the one in the active aggregator carries traffic.
        QCOMPARE(b.sumSlaveSpeedMbps(), 2000);
        QCOMPARE(b.carryingSlaves(), QStringList {QStringLiteral("enp8s0")});
        QVERIFY(problemMentions(b, QStringLiteral("enp7s0 is in aggregator 1, not in the active aggregator 2")));
    }

    void slaveDownWithoutPartner()
    {
        const BondInfo b = parseFile(QStringLiteral("8023ad-slave-down-no-partner.txt")).bond;
        QCOMPARE(b.slaves.at(0).miiStatus, QStringLiteral("down"));
        QCOMPARE(b.slaves.at(0).speedMbps, -1);
        QCOMPARE(b.slaves.at(0).linkFailureCount, 2);
        QCOMPARE(b.slaves.at(0).actorPortState, 71);
        QCOMPARE(b.slaves.at(1).actorPortState, 79);
        QCOMPARE(b.carryingSlaves(), QStringList {QStringLiteral("enp1s0f1")});
        QVERIFY(problemMentions(b, QStringLiteral("enp1s0f0 is down")));
        QVERIFY(problemMentions(b, QStringLiteral("no LACP partner")));
    }

    void oldDriverWithoutActiveAggregator()
    {
        const BondInfo b = parseFile(QStringLiteral("8023ad-no-aggregator-v3.5.0.txt")).bond;
        QCOMPARE(b.driverVersion, QStringLiteral("v3.5.0 (November 4, 2008)"));
        QVERIFY(b.ad.aggregatorReported);
        QVERIFY(!b.ad.hasActiveAggregator);
        QCOMPARE(b.ad.minLinks, -1); // not printed by that driver
        QCOMPARE(b.slaves.at(0).speedMbps, -1); // no Speed line at all
        QVERIFY(b.slaves.at(0).duplex.isEmpty());
        QCOMPARE(b.slaves.at(0).aggregatorId, -1); // "N/A"
        QVERIFY(b.carryingSlaves().isEmpty());
        QVERIFY(problemMentions(b, QStringLiteral("no active aggregator")));
    }

    void tlbAndAlb()
    {
        const BondInfo tlb = parseFile(QStringLiteral("balance-tlb.txt")).bond;
        QVERIFY(tlb.primarySlave.isEmpty()); // "None"
        QCOMPARE(tlb.currentlyActiveSlave, QStringLiteral("enp3s0"));
        QCOMPARE(tlb.transmitHashPolicyId, 1);
        QCOMPARE(tlb.sumSlaveSpeedMbps(), 5000);
        const BondInfo alb = parseFile(QStringLiteral("balance-alb-mixed-speed.txt")).bond;
        QCOMPARE(alb.currentlyActiveSlave, QStringLiteral("eth0"));
        QCOMPARE(alb.sumSlaveSpeedMbps(), 11000);
        QVERIFY(problemMentions(alb, QStringLiteral("different speeds")));
    }

    void unknownVersionAndFieldsAreNoted()
    {
        const BondParseResult r = parseFile(QStringLiteral("8023ad-unknown-fields.txt"));
        QVERIFY(!r.error);
        QCOMPARE(r.bond.mode, QStringLiteral("802.3ad"));
        QVERIFY(r.bond.driverVersion.isEmpty());
        QCOMPARE(r.bond.slaves.size(), 2);
        QCOMPARE(r.bond.ad.activeAggregatorId, 1);
        QCOMPARE(r.bond.slaves.at(1).partnerPortState, 63);
        QCOMPARE(r.warnings.size(), 3);
        QVERIFY(r.warnings.at(0).contains(QLatin1String("Linux Bonding Driver 7.2.0")));
        QVERIFY(r.warnings.at(1).contains(QLatin1String("Coupled Control: on")));
        QVERIFY(r.warnings.at(2).contains(QLatin1String("Slave priority: 0")));
    }

    void modeNames()
    {
        QCOMPARE(bondModeShortName(QStringLiteral("fault-tolerance (broadcast)")), QStringLiteral("broadcast"));
        QCOMPARE(bondModeShortName(QStringLiteral("active-backup")), QStringLiteral("active-backup"));
        QVERIFY(bondModeShortName(QStringLiteral("teaming")).isEmpty());
    }

    void badInputGivesAClearError()
    {
        BondParseResult r = parseProcNetBonding(QByteArray());
        QCOMPARE(r.error.code, Error::Code::ParseError);
        QVERIFY(r.error.message.contains(QLatin1String("empty")));

        r = parseProcNetBonding(readData(QStringLiteral("netdev/netns-node1.before")), QStringLiteral("bond9"));
        QCOMPARE(r.error.code, Error::Code::ParseError);
        QVERIFY(r.error.message.contains(QLatin1String("Bonding Mode")));
        QCOMPARE(r.error.context, QStringLiteral("bond9"));
        QVERIFY(r.bond.slaves.isEmpty());

        // Garbage, binary, CRLF, a cut file: never a crash.
        QByteArray garbage;
        for (int i = 0; i < 4096; ++i)
            garbage.append(char((i * 131) % 256));
        (void)parseProcNetBonding(garbage);
        QByteArray crlf = readData(QStringLiteral("bonding/balance-rr.txt"));
        crlf.replace("\n", "\r\n");
        r = parseProcNetBonding(crlf);
        QVERIFY(!r.error);
        QCOMPARE(r.bond.slaves.at(1).speedMbps, 10000);
        const QByteArray whole = readData(QStringLiteral("bonding/8023ad-layer34-root.txt"));
        for (qsizetype cut = 0; cut < whole.size(); cut += 7)
            (void)parseProcNetBonding(whole.left(cut));
        r = parseProcNetBonding("Bonding Mode: load balancing (xor)\nSlave Interface: eth0\nSpeed: fast Mbps\n"
                                "Link Failure Count: many\n");
        QVERIFY(!r.error);
        QCOMPARE(r.bond.slaves.at(0).speedMbps, -1);
        QCOMPARE(r.bond.slaves.at(0).linkFailureCount, 0);
        QVERIFY(r.warnings.size() >= 2);
    }
};

QTEST_GUILESS_MAIN(TestBondingParser)
#include "test_bondingparser.moc"
