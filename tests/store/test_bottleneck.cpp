// SPDX-License-Identifier: GPL-3.0-or-later
// The bottleneck finder (report/bottleneck.h) on sampled resources: each rule, the
// order (a saturated client first), the thresholds, and a saved finding read back.
#include "model/metric.h"
#include "report/bottleneck.h"

#include <QTest>

using namespace cm;

namespace {

// Three seconds of one value.
SampleList held(const QString &target, const QString &metric, double value)
{
    SampleList out;
    for (int t = 0; t < 3; ++t)
        out << Sample {-1, target, metric, double(t), value};
    return out;
}

BottleneckFinding::Kind named(
    const UsageWindow &u, const QStringList &clients = {QStringLiteral("local")}, bool qd1 = false)
{
    return Bottleneck::find(u, clients, qd1).named().kind;
}

} // namespace

class TestBottleneck : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eachRule()
    {
        using K = BottleneckFinding::Kind;
        UsageWindow u;
        u.add(held(QStringLiteral("local"), metric::CpuBusy, 40));
        QCOMPARE(named(u), K::Nothing);
        QCOMPARE(named(u, {QStringLiteral("local")}, true), K::LatencyBound);
        u.add(held(QStringLiteral("local"), metric::CpuBusiestCore, 99)); // one core saturated
        QCOMPARE(named(u), K::ClientCore);
        QCOMPARE(named(u, {QStringLiteral("node1")}), K::NodeCore); // not a client: a node's core

        UsageWindow nic;
        nic.add(held(QStringLiteral("node2"), metric::netSpeed(QStringLiteral("eth0.100")), 125e6));
        nic.add(held(QStringLiteral("node2"), metric::netRxBytes(QStringLiteral("eth0.100")), 118e6));
        const Bottleneck b = Bottleneck::find(nic, {QStringLiteral("node1")}, false);
        QCOMPARE(b.named().kind, K::Nic);
        QCOMPARE(b.named().part, QStringLiteral("eth0.100"));
        QCOMPARE(b.named().limit, 125e6);
        QVERIFY2(b.text(false).contains(QStringLiteral("eth0.100 on node2")), qPrintable(b.text(false)));

        UsageWindow disk;
        disk.add(held(QStringLiteral("node3"), metric::diskUtil(QStringLiteral("sdb")), 94));
        QCOMPARE(named(disk), K::Nothing); // below 95 %
        disk.add(held(QStringLiteral("node3"), metric::diskUtil(QStringLiteral("sdc")), 99.5));
        QCOMPARE(Bottleneck::find(disk, {}, false).named().part, QStringLiteral("sdc"));
    }

    void slowOsd()
    {
        UsageWindow u;
        for (int id = 0; id < 3; ++id)
            u.add(held(metric::osdTarget(id), metric::OsdCommitLat, 2e6));
        QCOMPARE(named(u), BottleneckFinding::Kind::Nothing);
        u.add(held(metric::osdTarget(3), metric::OsdCommitLat, 9e6));
        const Bottleneck b = Bottleneck::find(u, {}, false);
        QCOMPARE(b.named().kind, BottleneckFinding::Kind::Osd);
        QCOMPARE(b.named().node, QStringLiteral("osd.3"));
        QCOMPARE(b.named().limit, 2e6);
        UsageWindow fast; // outliers under 1 ms are noise
        fast.add(held(metric::osdTarget(0), metric::OsdCommitLat, 0.1e6));
        fast.add(held(metric::osdTarget(1), metric::OsdCommitLat, 0.1e6));
        fast.add(held(metric::osdTarget(2), metric::OsdCommitLat, 0.5e6));
        QCOMPARE(named(fast), BottleneckFinding::Kind::Nothing);
    }

    // A slow OSD's place: its host, and that host's disks when it is one of the nodes.
    void osdPlaceNamesTheDisk()
    {
        CephOsdMetadata osd;
        osd.id = 3;
        osd.hostname = QStringLiteral("pve2");
        osd.devices = QStringLiteral("vdb,vdc");
        UsageWindow u;
        u.add(held(QStringLiteral("pve2"), metric::diskUtil(QStringLiteral("vdb")), 97));
        QCOMPARE(osdPlace(osd, u), QStringLiteral("host pve2, vdb,vdc"));
        osd.node = QStringLiteral("node-b");
        QCOMPARE(osdPlace(osd, u), QStringLiteral("node node-b (host pve2), vdb, vdc"));
        u.add(held(QStringLiteral("node-b"), metric::diskUtil(QStringLiteral("vdb")), 97));
        QCOMPARE(osdPlace(osd, u), QStringLiteral("node node-b (host pve2), vdb at 97 % utilisation, vdc"));
    }

    void theClientComesFirst()
    {
        UsageWindow u;
        u.add(held(QStringLiteral("node3"), metric::diskUtil(QStringLiteral("sdb")), 100));
        u.add(held(QStringLiteral("local"), metric::CpuBusy, 97));
        const Bottleneck b = Bottleneck::find(u, {QStringLiteral("local")}, false);
        QCOMPARE(b.findings.size(), 2);
        QCOMPARE(b.named().kind, BottleneckFinding::Kind::ClientCpu);
        QVERIFY2(b.text(false).contains(QStringLiteral("this machine at 97 %")), qPrintable(b.text(false)));
        QVERIFY(b.text(false).contains(QStringLiteral("the figure is the client's")));
        QCOMPARE(b.findings.at(1).kind, BottleneckFinding::Kind::Disk); // kept as evidence
    }

    void savedAndReadBack()
    {
        UsageWindow u;
        u.add(held(QStringLiteral("local"), metric::CpuBusy, 95));
        const Bottleneck b = Bottleneck::find(u, {QStringLiteral("local")}, false);
        const auto back = Bottleneck::fromJson(b.toJson());
        QVERIFY(back);
        QCOMPARE(back->text(false), b.text(false));
        QVERIFY(!Bottleneck::fromJson(QJsonObject {}));
        StepRecord client, total;
        client.title = total.title = QStringLiteral("4k write");
        client.node = QStringLiteral("local");
        total.node = QStringLiteral("(total)");
        client.summary.insert(QStringLiteral("bottleneck"), b.toJson());
        UsageWindow other;
        other.add(held(QStringLiteral("n"), metric::diskUtil(QStringLiteral("sda")), 100));
        total.summary.insert(QStringLiteral("bottleneck"), Bottleneck::find(other, {}, false).toJson());
        const QStringList lines = bottleneckLines({client, total}, false);
        QCOMPARE(lines.size(), 1); // one per step: the total's
        QVERIFY2(lines.first().startsWith(QStringLiteral("4k write: limited by a disk: sda on n")),
            qPrintable(lines.first()));
    }
};

QTEST_GUILESS_MAIN(TestBottleneck)
#include "test_bottleneck.moc"
