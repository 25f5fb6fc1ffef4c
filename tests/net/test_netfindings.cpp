// SPDX-License-Identifier: GPL-3.0-or-later
// Findings about a network step from constructed inputs, and from bonds parsed from
// recorded /proc/net/bonding files (tests/data/bonding).
#include "parse/bondingparser.h"
#include "stats/netfindings.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QTest>

using namespace cm;

namespace {

NicInfo nic(const QString &name, int mtu, int speed, const QString &master = {})
{
    NicInfo n;
    n.name = name;
    n.mtu = mtu;
    n.speedMbps = speed;
    n.master = master;
    return n;
}

BondInfo bondFrom(const QString &file, const QString &name = QStringLiteral("bond0"))
{
    QFile f(cmtest::testData(QStringLiteral("bonding/") + file));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return parseProcNetBonding(f.readAll(), name).bond;
}

// node1 sends to node2 over two 10G links (no bond): traffic split as given.
NetStepFacts twoLinks(double aBytes, double bBytes, int streams, double bps)
{
    NetStepFacts f;
    f.client = QStringLiteral("node1");
    f.server = QStringLiteral("node2");
    f.streams = streams;
    f.bitsPerSecond = bps;
    f.clientEnd = {QStringLiteral("node1"),
        {nic(QStringLiteral("ens1"), 1500, 10000), nic(QStringLiteral("ens2"), 1500, 10000)}, {}};
    f.serverEnd = {QStringLiteral("node2"),
        {nic(QStringLiteral("ens1"), 1500, 10000), nic(QStringLiteral("ens2"), 1500, 10000)}, {}};
    f.traffic = {{QStringLiteral("node1"), QStringLiteral("ens1"), aBytes, 1e5},
        {QStringLiteral("node1"), QStringLiteral("ens2"), bBytes, 1e5},
        {QStringLiteral("node1"), QStringLiteral("lo"), 9e9, 9e9},
        {QStringLiteral("node2"), QStringLiteral("ens1"), 1e5, aBytes},
        {QStringLiteral("node2"), QStringLiteral("ens2"), 1e5, bBytes}};
    return f;
}

// By value: callers pass temporaries.
std::optional<NetFinding> find(const QList<NetFinding> &fs, const QString &id)
{
    for (const NetFinding &f : fs)
        if (f.id == id)
            return f;
    return std::nullopt;
}

} // namespace

class TestNetFindings : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A finding keeps its source text and arguments (ui/ translates the source); an
    // argument's own "%1" is not filled again.
    void sourceAndArguments()
    {
        QCOMPARE(fillPlaceholders(QStringLiteral("%2 over %1, %3 %"), {QStringLiteral("a%1"), QStringLiteral("b")}),
            QStringLiteral("b over a%1, %3 %"));
        NetFinding f {QStringLiteral("x"), QStringLiteral("info"), "%1 sent over %2.",
            {QStringLiteral("node1"), QStringLiteral("ens1 75 %")}};
        QCOMPARE(f.text(), QStringLiteral("node1 sent over ens1 75 %."));
        const QJsonObject j = f.toJson();
        QCOMPARE(j.value(QStringLiteral("text")).toString(), f.text());
        QCOMPARE(j.value(QStringLiteral("source")).toString(), QStringLiteral("%1 sent over %2."));
        QCOMPARE(j.value(QStringLiteral("args")).toArray().size(), 2);
    }

    void sharesLeaveOutLoAndSortLargestFirst()
    {
        const NetStepFacts f = twoLinks(3e9, 1e9, 4, 6e9);
        const auto sh = senderLinkShares(f);
        QCOMPARE(sh.size(), 2);
        QCOMPARE(sh.first().first, QStringLiteral("ens1"));
        QVERIFY(qAbs(sh.first().second - 0.75) < 1e-9);
        const auto fs = netFindings(f);
        QVERIFY(find(fs, QStringLiteral("link-shares")));
        QVERIFY(find(fs, QStringLiteral("link-shares"))->text().contains(QStringLiteral("ens1 75 %")));
        QVERIFY(!find(fs, QStringLiteral("single-stream")));
        QVERIFY(!find(fs, QStringLiteral("mtu-mismatch")));
    }

    void singleStream()
    {
        const auto fs = netFindings(twoLinks(1e9, 0, 1, 9.4e9));
        const std::optional<NetFinding> s = find(fs, QStringLiteral("single-stream"));
        QVERIFY(s);
        QCOMPARE(s->severity, QStringLiteral("info"));
        QVERIFY(s->text().contains(QStringLiteral("9.40 Gbit/s")));
    }

    void reverseTakesTheServerAsSender()
    {
        NetStepFacts f = twoLinks(1e5, 1e5, 4, 1e9);
        f.direction = QStringLiteral("reverse");
        f.traffic[3].txBytes = 4e9; // node2 ens1 sends
        const auto sh = senderLinkShares(f);
        QCOMPARE(sh.first().first, QStringLiteral("ens1"));
        QVERIFY(sh.first().second > 0.99);
    }

    void mtuMismatchBetweenPeers()
    {
        NetStepFacts f = twoLinks(2e9, 2e9, 4, 9e9);
        f.serverEnd.nics[0].mtu = 9000;
        const std::optional<NetFinding> m = find(netFindings(f), QStringLiteral("mtu-mismatch"));
        QVERIFY(m);
        QCOMPARE(m->severity, QStringLiteral("problem"));
        QVERIFY(m->text().contains(QStringLiteral("9000")) && m->text().contains(QStringLiteral("1500")));
    }

    void receiverCpuSaturated()
    {
        NetStepFacts f = twoLinks(2e9, 2e9, 4, 20e9);
        f.cpuReceiverPercent = 97.5;
        QVERIFY(find(netFindings(f), QStringLiteral("receiver-cpu")));
        f.cpuReceiverPercent = 60;
        QVERIFY(!find(netFindings(f), QStringLiteral("receiver-cpu")));
    }

    void bondFindingsFromRecordedFiles()
    {
        // 802.3ad layer3+4, both slaves in the active aggregator: only the aggregate.
        const BondInfo good = bondFrom(QStringLiteral("8023ad-layer34-root.txt"));
        QVERIFY(!good.slaves.isEmpty());
        NetStepFacts f = twoLinks(0, 0, 4, 15e9);
        f.clientEnd.bonds = {good};
        f.traffic.clear();
        for (const BondSlave &s : good.slaves) {
            f.clientEnd.nics.append(nic(s.name, 9000, s.speedMbps, good.name));
            f.traffic.append({QStringLiteral("node1"), s.name, 1e9, 0});
        }
        f.clientEnd.nics.append(nic(good.name, 9000, int(good.sumSlaveSpeedMbps())));
        f.traffic.append({QStringLiteral("node1"), good.name, 2e9, 0}); // the bond itself: not a link
        auto fs = netFindings(f);
        QVERIFY(!find(fs, QStringLiteral("hash-policy")));
        QVERIFY(!find(fs, QStringLiteral("slave-other-aggregator")));
        const std::optional<NetFinding> agg = find(fs, QStringLiteral("aggregate-vs-slaves"));
        QVERIFY(agg);
        qInfo("%s", qPrintable(agg->text()));
        QVERIFY(!find(fs, QStringLiteral("not-spread")));
        QCOMPARE(senderLinkShares(f).size(), good.slaves.size());

        // All on one slave with several streams: not spread.
        f.traffic[0].txBytes = 4e9;
        for (int i = 1; i < good.slaves.size(); ++i)
            f.traffic[i].txBytes = 0;
        f.bitsPerSecond = good.slaves.first().speedMbps * 0.95e6;
        QVERIFY(find(netFindings(f), QStringLiteral("not-spread")));

        // A slave outside the active aggregator.
        f.clientEnd.bonds = {bondFrom(QStringLiteral("8023ad-mismatched-aggregator.txt"))};
        QVERIFY(find(netFindings(f), QStringLiteral("slave-other-aggregator")));
    }

    void layer2PolicyAndSlowSlave()
    {
        BondInfo b;
        b.name = QStringLiteral("bond0");
        b.mode = QStringLiteral("802.3ad");
        b.transmitHashPolicy = QStringLiteral("layer2+3");
        BondSlave s1, s2;
        s1.name = QStringLiteral("ens1");
        s1.miiStatus = s2.miiStatus = QStringLiteral("up");
        s1.speedMbps = 25000;
        s2.name = QStringLiteral("ens2");
        s2.speedMbps = 10000;
        b.slaves = {s1, s2};
        NetStepFacts f = twoLinks(3e9, 0, 8, 9e9);
        f.serverEnd.bonds = {b};
        const auto fs = netFindings(f);
        const std::optional<NetFinding> h = find(fs, QStringLiteral("hash-policy"));
        QVERIFY(h);
        QVERIFY(h->text().contains(QStringLiteral("layer2+3")) && h->text().contains(QStringLiteral("node2")));
        const std::optional<NetFinding> sp = find(fs, QStringLiteral("speed-below-nominal"));
        QVERIFY(sp);
        QVERIFY(sp->text().contains(QStringLiteral("ens2")) && sp->text().contains(QStringLiteral("10000")));
    }

    void emptyInputGivesNoCrash()
    {
        const auto fs = netFindings(NetStepFacts {});
        QVERIFY(!find(fs, QStringLiteral("mtu-mismatch")));
        QVERIFY(senderLinkShares(NetStepFacts {}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestNetFindings)
#include "test_netfindings.moc"
