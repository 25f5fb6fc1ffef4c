// SPDX-License-Identifier: GPL-3.0-or-later
// Cluster panel: nodes, their disks and NICs, and what "Benchmark this…" pre-fills.
#include "clusterpanel.h"
#include "nodeconnector.h"

#include <QSysInfo>

#include <QTest>
#include <QTreeWidget>

using namespace cm;
using namespace cm::ui;

class TestClusterPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void inventoryAndPrefill()
    {
        ClusterPanel p;
        const NodeSpec local = NodeSpec::parse(QStringLiteral("local"));
        const NodeSpec pve = NodeSpec::parse(QStringLiteral("root@pve1:2222"));
        p.setNodes({local, pve});
        QCOMPARE(p.tree()->topLevelItemCount(), 3); // two nodes and the Ceph branch, last
        QCOMPARE(p.tree()->topLevelItem(2), p.cephItem());
        QCOMPARE(p.onlineCount(), 0);
        p.addNode(pve); // no duplicates
        QCOMPARE(p.tree()->topLevelItemCount(), 3);

        NodeProbeResult r;
        r.summary = QStringLiteral("pve1 · 16 CPUs");
        ClusterChild sda {ClusterChild::Kind::Disk, QStringLiteral("sda"), QStringLiteral("1.0 TB SSD"),
            QStringLiteral("/dev/sda"), {}, {}};
        sda.children.append(ClusterChild {ClusterChild::Kind::Partition, QStringLiteral("sda1"), {},
            QStringLiteral("/dev/sda1"), QStringLiteral("/srv"), {}});
        ClusterChild nvme {
            ClusterChild::Kind::Disk, QStringLiteral("nvme0n1"), {}, QStringLiteral("/dev/nvme0n1"), {}, {}};
        ClusterChild nic {ClusterChild::Kind::Nic, QStringLiteral("eno1"), QStringLiteral("10 Gbit/s"), {}, {}, {}};
        r.children = {sda, nvme, nic};
        p.setNodeInventory(pve, r);
        QCOMPARE(p.onlineCount(), 1);
        QTreeWidgetItem *node = p.nodeItem(pve);
        QVERIFY(node);
        QCOMPARE(node->childCount(), 3);
        QCOMPARE(node->child(0)->childCount(), 1);

        const Plan forNode = p.benchmarkPlanFor(node);
        QCOMPARE(forNode.kind, QStringLiteral("disk-fio"));
        QCOMPARE(forNode.nodes.size(), 1);
        QCOMPARE(forNode.nodes.first().secretKey(), pve.secretKey());
        QVERIFY(forNode.target.isEmpty());

        // A bare disk: device target; a mounted partition: a file in its mountpoint.
        const Plan forDisk = p.benchmarkPlanFor(node->child(1));
        QCOMPARE(forDisk.target.value(QStringLiteral("type")).toString(), QStringLiteral("device"));
        QCOMPARE(forDisk.target.value(QStringLiteral("path")).toString(), QStringLiteral("/dev/nvme0n1"));
        QCOMPARE(forDisk.nodes.first().secretKey(), pve.secretKey());
        const Plan forPart = p.benchmarkPlanFor(node->child(0)->child(0));
        QCOMPARE(forPart.target.value(QStringLiteral("type")).toString(), QStringLiteral("file"));
        QCOMPARE(forPart.target.value(QStringLiteral("dir")).toString(), QStringLiteral("/srv"));
        QVERIFY(p.benchmarkPlanFor(node->child(2)).kind.isEmpty()); // NICs: no disk plan

        NodeProbeResult failed;
        failed.error = Error(Error::Code::AuthDenied, QStringLiteral("denied"), QStringLiteral("pve1"));
        p.setNodeInventory(pve, failed);
        QCOMPARE(p.onlineCount(), 0);
        QCOMPARE(node->childCount(), 0);
        QVERIFY(node->text(1).contains(QStringLiteral("refused")));
    }

    void probesThisMachine()
    {
        // The real probe of this machine through the default connector (run here on
        // the test thread: the connector's functions are meant for workers).
        const NodeSpec local = NodeSpec::parse(QStringLiteral("local"));
        const NodeProbeResult r = defaultNodeConnector().probe(local, {});
        QVERIFY2(!r.error, qPrintable(r.error.toString()));
        QVERIFY2(r.summary.contains(QSysInfo::machineHostName()), qPrintable(r.summary));
        bool disk = false, nic = false, lo = false;
        for (const ClusterChild &c : r.children) {
            disk = disk || (c.kind == ClusterChild::Kind::Disk && c.devicePath.startsWith(QStringLiteral("/dev/")));
            nic = nic || c.kind == ClusterChild::Kind::Nic;
            lo = lo || c.name == QLatin1String("lo");
        }
        QVERIFY(disk);
        QVERIFY(nic);
        QVERIFY(!lo);
        ClusterPanel p;
        p.setNodes({local});
        p.setNodeInventory(local, r);
        QCOMPARE(p.onlineCount(), 1);
        QCOMPARE(p.nodeItem(local)->childCount(), r.children.size());
        QCOMPARE(defaultNodeConnector().testConnection(local, {}, {}).code, Error::Code::None);
    }
};

QTEST_MAIN(TestClusterPanel)
#include "test_clusterpanel.moc"
