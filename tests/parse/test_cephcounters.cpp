// SPDX-License-Identifier: GPL-3.0-or-later
// The Ceph poller's parsers ("osd perf", "osd pool stats", "osd metadata" of all OSDs)
// on recorded real replies (Pacific 16.2.15, tests/data/ceph-osdmap) and on bad input.
#include "parse/cephcounters.h"
#include "stats/osdplacement.h"
#include "testutil.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace cm;

namespace {
QByteArray data(const QString &name)
{
    return cmtest::readTestData(QStringLiteral("ceph-osdmap/") + name);
}
} // namespace

class TestCephCounters : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recordedOsdPerf()
    {
        QList<CephOsdPerf> perf;
        const Error e = parseCephOsdPerf(data(QStringLiteral("ok-osd-perf.json")), &perf);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(perf.size(), 2);
        QCOMPARE(perf.at(0).id, 1);
        QCOMPARE(perf.at(0).commitNs, 1e6);
        QCOMPARE(perf.at(1).id, 0);
        QCOMPARE(perf.at(1).applyNs, 2e6);
    }

    void olderOsdPerfHasOnlyMilliseconds()
    {
        QList<CephOsdPerf> perf;
        const Error e = parseCephOsdPerf(
            R"({"osd_perf_infos":[{"id":4,"perf_stats":{"commit_latency_ms":7,"apply_latency_ms":3}}]})", &perf);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(perf.size(), 1);
        QCOMPARE(perf.at(0).id, 4);
        QCOMPARE(perf.at(0).commitNs, 7e6);
        QCOMPARE(perf.at(0).applyNs, 3e6);
    }

    void recordedPoolRates()
    {
        QList<CephPoolIoRate> pools;
        const Error e = parseCephPoolIoRates(data(QStringLiteral("ok-pool-stats.json")), &pools);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(pools.size(), 7);
        int found = 0;
        for (const CephPoolIoRate &p : std::as_const(pools)) {
            if (p.pool == QLatin1String("cephfs_data") || p.pool == QLatin1String(".rgw.root"))
                QVERIFY(!p.active()); // "client_io_rate":{} is no I/O
            if (p.pool != QLatin1String("cmdev"))
                continue;
            ++found;
            QVERIFY(p.active());
            QCOMPARE(p.poolId, 7);
            QCOMPARE(p.writeBytesPerSec, 27156530.0);
            QCOMPARE(p.writeOpsPerSec, 414.0);
            QCOMPARE(p.readBytesPerSec, 0.0);
        }
        QCOMPARE(found, 1);
    }

    void recordedMetadataList()
    {
        QList<CephOsdMetadata> osds;
        const Error e = parseCephOsdMetadataList(data(QStringLiteral("ok-osd-metadata-all.json")), &osds);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(osds.size(), 2);
        QCOMPARE(osds.at(1).id, 1);
        QCOMPARE(osds.at(1).hostname, QStringLiteral("vm"));
        QCOMPARE(osds.at(1).devices, QStringLiteral("vda"));
        QCOMPARE(osds.at(1).rotational, std::optional<bool>(true));
    }

    // The lab's OSDs listen on loopback only: no address another host could use.
    void addressesAndPlacement()
    {
        QList<CephOsdMetadata> osds;
        QVERIFY(!parseCephOsdMetadataList(data(QStringLiteral("ok-osd-metadata-all.json")), &osds));
        QVERIFY(osds.at(0).addresses.isEmpty());
        CephOsdMetadata remote;
        QVERIFY(!cephOsdMetadataFromJson(QJsonDocument::fromJson(R"({"id":7,"hostname":"pve2.lan",
                "front_addr":"[v2:192.0.2.12:6802/1234,v1:192.0.2.12:6803/1234]",
                "back_addr":"[v2:[FD00::12]:6804/1234,v1:[fd00::12]:6805/1234]"})")
                                             .object(),
            &remote));
        QCOMPARE(remote.addresses, (QStringList {QStringLiteral("192.0.2.12"), QStringLiteral("fd00::12")}));
        QVERIFY(!cephOsdMetadataFromJson(
            QJsonDocument::fromJson(R"({"id":1,"front_addr":"10.0.0.3:6801/77"})").object(), &remote));
        QCOMPARE(remote.addresses, QStringList {QStringLiteral("10.0.0.3")});

        osds << remote; // osd.1 on 10.0.0.3, no host name
        CephOsdMetadata other;
        other.id = 9;
        other.hostname = QStringLiteral("pve9.a");
        osds << other;
        const QList<NodeIdentity> nodes {{QStringLiteral("local"), QStringLiteral("VM.example"), {}},
            {QStringLiteral("pve3"), QStringLiteral("elsewhere"), {QStringLiteral("10.0.0.3")}},
            {QStringLiteral("pve9"), QStringLiteral("pve9.b"), {}}};
        placeOsdsOnNodes(&osds, nodes);
        QCOMPARE(osds.at(0).node, QStringLiteral("local")); // "vm" is VM.example's short name
        QCOMPARE(osds.at(2).node, QStringLiteral("pve3")); // by address
        QCOMPARE(osds.at(3).node, QString()); // pve9.a is not pve9.b
        const QList<CephOsdMetadata> back = cephOsdsFromJson(cephOsdsToJson(osds));
        QCOMPARE(back.at(0).node, QStringLiteral("local"));
        QCOMPARE(back.at(3).node, QString());
    }

    void fsDataPools()
    {
        QStringList pools;
        const QByteArray json = data(QStringLiteral("ok-fs-ls.json"));
        QVERIFY(!parseCephFsDataPools(json, QStringLiteral("cephfs"), &pools));
        QCOMPARE(pools, QStringList {QStringLiteral("cephfs_data")});
        pools.clear();
        QVERIFY(!parseCephFsDataPools(json, QString(), &pools)); // the only one
        QCOMPARE(pools, QStringList {QStringLiteral("cephfs_data")});
        const Error e = parseCephFsDataPools(json, QStringLiteral("other"), &pools);
        QVERIFY(e.message.contains(QStringLiteral("no file system other")));
        QVERIFY(parseCephFsDataPools("[]", QString(), &pools));
        QVERIFY(parseCephFsDataPools(R"([{"name":"a","data_pools":[]}])", QString(), &pools));
        QVERIFY(parseCephFsDataPools("{}", QString(), &pools));
    }

    void badInputIsAnError_data()
    {
        QTest::addColumn<int>("which"); // 0 perf, 1 pool stats, 2 metadata
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("says");
        QTest::newRow("perf: not JSON") << 0 << QByteArray("{\"osd") << "not JSON";
        QTest::newRow("perf: no list") << 0 << QByteArray(R"({"osdstats":{}})") << "osd_perf_infos";
        QTest::newRow("perf: no id") << 0 << QByteArray(R"({"osd_perf_infos":[{"perf_stats":{}}]})") << "OSD id";
        QTest::newRow("perf: negative latency")
            << 0 << QByteArray(R"({"osd_perf_infos":[{"id":1,"perf_stats":{"commit_latency_ns":-5}}]})") << "osd.1";
        QTest::newRow("perf: text latency")
            << 0 << QByteArray(R"({"osd_perf_infos":[{"id":1,"perf_stats":{"apply_latency_ms":"x"}}]})") << "osd.1";
        QTest::newRow("pools: object") << 1 << QByteArray("{}") << "list of pools";
        QTest::newRow("pools: no name") << 1 << QByteArray(R"([{"pool_id":1}])") << "pool name";
        QTest::newRow("pools: bad rate")
            << 1 << QByteArray(R"([{"pool_name":"p","pool_id":1,"client_io_rate":{"read_bytes_sec":"1"}}])")
            << "pool p";
        QTest::newRow("metadata: object") << 2 << QByteArray(R"({"id":0})") << "list of OSDs";
        QTest::newRow("metadata: no id") << 2 << QByteArray(R"([{"hostname":"a"}])") << "no OSD id";
    }
    void badInputIsAnError()
    {
        QFETCH(int, which);
        QFETCH(QByteArray, json);
        QFETCH(QString, says);
        QList<CephOsdPerf> perf {CephOsdPerf {9, 1, 1}};
        QList<CephPoolIoRate> pools;
        QList<CephOsdMetadata> osds;
        const Error e = which == 0 ? parseCephOsdPerf(json, &perf)
            : which == 1           ? parseCephPoolIoRates(json, &pools)
                                   : parseCephOsdMetadataList(json, &osds);
        QVERIFY(e);
        QCOMPARE(e.code, Error::Code::ParseError);
        QVERIFY2(e.message.contains(says), qPrintable(e.message));
        QCOMPARE(perf.size(), 1); // untouched on error
    }
};

QTEST_GUILESS_MAIN(TestCephCounters)
#include "test_cephcounters.moc"
