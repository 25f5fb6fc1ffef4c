// SPDX-License-Identifier: GPL-3.0-or-later
// The mon reply parsers on replies recorded from the real lab (tests/data/ceph/README.md):
// exact values read from the recordings, plus malformed input.
#include "ceph/cephinventoryprobe.h"
#include "parse/cephjson.h"
#include "testutil.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace cm;

namespace {

QByteArray data(const QString &name)
{
    QFile f(cmtest::testData(QStringLiteral("ceph/") + name + QStringLiteral(".json")));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return f.readAll();
}

// The probe's order over recorded replies of one state (ok, warn, down).
CephInventory inventory(const QString &state)
{
    CephInventory inv;
    auto check = [](const Error &e) {
        if (e)
            qFatal("%s", qPrintable(e.toString()));
    };
    check(parseCephStatus(data(state + QStringLiteral("-status")), &inv));
    check(parseCephHealth(data(state + QStringLiteral("-health")), &inv));
    check(parseCephVersions(data(QStringLiteral("ok-versions")), &inv));
    check(parseCephOsdTree(data(state + QStringLiteral("-osd-tree")), &inv));
    check(parseCephOsdDf(data(state + QStringLiteral("-osd-df")), &inv));
    check(parseCephPools(
        data((state == QLatin1String("ok") ? state : QStringLiteral("warn")) + QStringLiteral("-pools")), &inv));
    if (state != QLatin1String("ok"))
        check(parseCephEcProfile(data(QStringLiteral("warn-ec-profile")), QStringLiteral("ec21"), &inv));
    check(parseCephFsDump(data(QStringLiteral("ok-fs-dump")), &inv));
    check(parseCephServiceDump(data(QStringLiteral("ok-service-dump")), &inv));
    return inv;
}

} // namespace

class TestCephJson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void healthyCluster()
    {
        const CephInventory inv = inventory(QStringLiteral("ok"));
        QCOMPARE(inv.fsid, QStringLiteral("348de612-1da4-4eb6-8212-3f0682cee921"));
        QCOMPARE(inv.healthStatus, QStringLiteral("HEALTH_OK"));
        QVERIFY(inv.checks.isEmpty());
        QCOMPARE(inv.versions.keys(), (QStringList {"mds", "mgr", "mon", "osd", "rgw"}));
        QCOMPARE(inv.versions.value(QStringLiteral("osd")),
            QStringList {"ceph version 16.2.15 (618f440892089921c3e944a991122ddc44e60516) pacific (stable)"});
        QCOMPARE(inv.hosts.keys(), QStringList {"lab"});
        QCOMPARE(inv.hosts.value(QStringLiteral("lab")), (QList<int> {0, 1, 2}));
        QCOMPARE(inv.osds.size(), 3);
        const CephOsd &o1 = inv.osds.at(1);
        QCOMPARE(o1.id, 1);
        QCOMPARE(o1.name, QStringLiteral("osd.1"));
        QCOMPARE(o1.host, QStringLiteral("lab"));
        QCOMPARE(o1.deviceClass, QStringLiteral("hdd"));
        QVERIFY(o1.up && o1.in);
        QCOMPARE(o1.crushWeight, 0.0399932861328125);
        QCOMPARE(o1.reweight, 1.0);
        QCOMPARE(o1.kb, qint64(41943040));
        QCOMPARE(o1.kbUsed, qint64(45252));
        QCOMPARE(o1.utilization, 0.10788917541503906);
        QCOMPARE(o1.pgs, 23);
        QCOMPARE(inv.osds.at(0).pgs + inv.osds.at(1).pgs + inv.osds.at(2).pgs, 15 + 23 + 11);
        QCOMPARE(inv.pools.size(), 7);
        const CephPool *meta = inv.pool(QStringLiteral("cephfs_metadata"));
        QVERIFY(meta);
        QCOMPARE(meta->id, 1);
        QCOMPARE(meta->size, 1);
        QCOMPARE(meta->minSize, 1);
        QCOMPARE(meta->pgNum, 8);
        QVERIFY(!meta->isErasure());
        QCOMPARE(meta->applications, QStringList {"cephfs"});
        QCOMPARE(inv.pool(QStringLiteral("device_health_metrics"))->pgNum, 1);
        QCOMPARE(inv.pool(QStringLiteral("device_health_metrics"))->applications, QStringList {"mgr_devicehealth"});
        QCOMPARE(inv.filesystems.size(), 1);
        QCOMPARE(inv.filesystems.at(0), (CephFilesystem {"cephfs", "cephfs_metadata", {"cephfs_data"}, 1}));
        QCOMPARE(inv.rgwDaemons.size(), 1);
        QCOMPARE(inv.rgwDaemons.at(0), (CephRgwDaemon {"lab", "vm", "127.0.0.1:27838"}));
        QVERIFY2(inv.warnings.isEmpty(), qPrintable(inv.warnings.join(QLatin1Char('\n'))));

        const QList<NodeSpec> nodes = suggestedNodes(inv);
        QCOMPARE(nodes.size(), 1);
        QCOMPARE(nodes.at(0).host, QStringLiteral("lab"));
        QCOMPARE(nodes.at(0).user, QStringLiteral("root"));

        QCOMPARE(CephInventory::fromJson(inv.toJson()), inv);
    }

    void warningsAndErasurePool()
    {
        const CephInventory inv = inventory(QStringLiteral("warn"));
        QCOMPARE(inv.healthStatus, QStringLiteral("HEALTH_WARN"));
        QCOMPARE(inv.checks.size(), 2);
        QCOMPARE(inv.checks.at(0), (CephHealthCheck {"OSDMAP_FLAGS", "HEALTH_WARN", "noout flag(s) set"}));
        QCOMPARE(inv.checks.at(1),
            (CephHealthCheck {"POOL_APP_NOT_ENABLED", "HEALTH_WARN", "1 pool(s) do not have an application enabled"}));
        QCOMPARE(inv.pools.size(), 9);
        const CephPool *ec = inv.pool(QStringLiteral("ecpool"));
        QVERIFY(ec);
        QCOMPARE(ec->id, 8);
        QVERIFY(ec->isErasure());
        QCOMPARE(ec->erasureCodeProfile, QStringLiteral("ec21"));
        QCOMPARE(ec->k, 2);
        QCOMPARE(ec->m, 1);
        QCOMPARE(ec->size, 3);
        QCOMPARE(ec->minSize, 2);
        QCOMPARE(ec->crushRule, 1);
        QVERIFY(ec->applications.isEmpty());
        QVERIFY(inv.pool(QStringLiteral("noapp"))->applications.isEmpty());
        QCOMPARE(inv.pool(QStringLiteral("noapp"))->k, 0); // replicated: no profile
        QCOMPARE(CephInventory::fromJson(inv.toJson()), inv);
    }

    void osdDown()
    {
        const CephInventory inv = inventory(QStringLiteral("down"));
        QVERIFY(inv.hasCheck(QStringLiteral("OSD_DOWN")));
        QCOMPARE(inv.checks.size(), 3);
        QVERIFY(inv.osd(0)->up && inv.osd(1)->up);
        QVERIFY(!inv.osd(2)->up);
        QVERIFY(inv.osd(2)->in); // noout: still in
        QCOMPARE(inv.hosts.value(QStringLiteral("lab")), (QList<int> {0, 1, 2}));
    }

    void malformedInputIsAClearError_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("text") << QByteArray("Error EINVAL: bad");
        QTest::newRow("cut") << data(QStringLiteral("ok-osd-tree")).left(100);
        QTest::newRow("wrong shape") << QByteArray("[1,2,3]");
        QTest::newRow("number") << QByteArray("42");
    }
    void malformedInputIsAClearError()
    {
        QFETCH(QByteArray, input);
        CephInventory inv;
        QCOMPARE(parseCephStatus(input, &inv).code, Error::Code::ParseError);
        QCOMPARE(parseCephHealth(input, &inv).code, Error::Code::ParseError);
        QCOMPARE(parseCephVersions(input, &inv).code, Error::Code::ParseError);
        const Error tree = parseCephOsdTree(input, &inv);
        QCOMPARE(tree.code, Error::Code::ParseError);
        QVERIFY2(tree.message.startsWith(QStringLiteral("osd tree:")), qPrintable(tree.message));
        QCOMPARE(parseCephOsdDf(input, &inv).code, Error::Code::ParseError);
        QCOMPARE(parseCephEcProfile(input, QStringLiteral("x"), &inv).code, Error::Code::ParseError);
        QCOMPARE(parseCephFsDump(input, &inv).code, Error::Code::ParseError);
        QCOMPARE(parseCephServiceDump(input, &inv).code, Error::Code::ParseError);
    }

    void oddValuesGiveWarningsNotCrashes()
    {
        CephInventory inv;
        // ids as strings, an OSD without id, a huge number, children not numbers
        const QByteArray tree = R"({"nodes":[{"id":-2,"name":"h1","type":"host","children":["0","x",1e300]},
            {"id":"0","name":"osd.0","type":"osd","status":"up","reweight":"0.5","crush_weight":"inf"},
            {"name":"osd.9","type":"osd"}],"stray":[{"id":7,"name":"osd.7","status":"down","reweight":0}]})";
        QVERIFY(!parseCephOsdTree(tree, &inv));
        QCOMPARE(inv.hosts.value(QStringLiteral("h1")), QList<int> {0});
        QCOMPARE(inv.osds.size(), 2);
        QCOMPARE(inv.osds.at(0).host, QStringLiteral("h1"));
        QCOMPARE(inv.osds.at(0).reweight, 0.5);
        QVERIFY(!inv.osds.at(1).in);
        QCOMPARE(inv.warnings.size(), 2); // the OSD without id, osd.7 stray
        QVERIFY(!parseCephPools(R"([{"pool_id":1},{"pool_id":2,"pool_name":"p","type":7}])", &inv));
        QCOMPARE(inv.pools.size(), 1);
        QCOMPARE(inv.warnings.size(), 4);
        QCOMPARE(parseCephEcProfile(R"({"k":"two","m":"1"})", QStringLiteral("p"), &inv).code, Error::Code::ParseError);
    }
};

QTEST_GUILESS_MAIN(TestCephJson)
#include "test_cephjson.moc"
