// SPDX-License-Identifier: GPL-3.0-or-later
// The "osd map" and "osd metadata" parsers on recorded real replies (Pacific 16.2.15,
// tests/data/ceph-osdmap) and on malformed input.
#include "parse/cephosdmap.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

using namespace cm;

namespace {
QByteArray data(const QString &name)
{
    return cmtest::readTestData(QStringLiteral("ceph-osdmap/") + name);
}
} // namespace

class TestCephOsdMap : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recordedPrimaries_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("primary");
        QTest::newRow("osd0") << "ok-osd-map-osd0.json" << 0;
        QTest::newRow("osd1") << "ok-osd-map-osd1.json" << 1;
        QTest::newRow("osd2") << "ok-osd-map-osd2.json" << 2;
        QTest::newRow("out: remapped to osd1") << "out-osd-map-osd2.json" << 1;
    }
    void recordedPrimaries()
    {
        QFETCH(QString, file);
        QFETCH(int, primary);
        const QByteArray json = data(file);
        QVERIFY2(!json.isEmpty(), qPrintable(file));
        CephObjectMap m;
        const Error e = parseCephObjectMap(json, &m);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(m.primary(), primary);
        QCOMPARE(m.actingPrimary, primary);
        QCOMPARE(m.upPrimary, primary);
        QCOMPARE(m.acting, QList<int> {primary});
        QCOMPARE(m.pool, QStringLiteral("clustermark-bench-osdlat-rec"));
        QCOMPARE(m.poolId, 9);
        QVERIFY(m.object.startsWith(QLatin1String("clustermark-bench-osdlat-rec-")));
        QVERIFY(m.pgid.startsWith(QLatin1String("9.")));
    }

    void downOsdHasNoPrimary()
    {
        CephObjectMap m;
        const Error e = parseCephObjectMap(data(QStringLiteral("down-osd-map-osd2.json")), &m);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(m.primary(), -1);
        QVERIFY(m.up.isEmpty());
        QVERIFY(m.acting.isEmpty());
    }

    void upPrimaryWhenNoActing()
    {
        CephObjectMap m;
        QVERIFY(!parseCephObjectMap(R"({"up":[4,5],"up_primary":4})", &m));
        QCOMPARE(m.primary(), 4);
        QCOMPARE(m.up, (QList<int> {4, 5}));
    }

    void metadata()
    {
        CephOsdMetadata md;
        const Error e = parseCephOsdMetadata(data(QStringLiteral("ok-osd-metadata.json")), &md);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(md.id, 0);
        QVERIFY(md.rotational.has_value());
        QCOMPARE(*md.rotational, true);
        QCOMPARE(md.deviceType, QStringLiteral("hdd"));
        QCOMPARE(md.defaultDeviceClass, QStringLiteral("hdd"));
        QCOMPARE(md.cephVersion, QStringLiteral("16.2.15"));
        QVERIFY(!md.hostname.isEmpty());
    }

    void metadataRotationalFallbacks()
    {
        CephOsdMetadata md;
        QVERIFY(!parseCephOsdMetadata(R"({"id":3,"bluestore_bdev_rotational":"0"})", &md));
        QCOMPARE(md.rotational, std::optional<bool>(false));
        QVERIFY(!parseCephOsdMetadata(R"({"id":3,"rotational":"1","bluestore_bdev_rotational":"0"})", &md));
        QCOMPARE(md.rotational, std::optional<bool>(true));
        QVERIFY(!parseCephOsdMetadata(R"({"id":3})", &md));
        QVERIFY(!md.rotational.has_value());
        QVERIFY(!parseCephOsdMetadata(R"({"id":3,"rotational":"maybe"})", &md));
        QVERIFY(!md.rotational.has_value());
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("not json") << QByteArray("osd.7 does not exist");
        QTest::newRow("array") << QByteArray("[1,2]");
        QTest::newRow("no primary") << QByteArray(R"({"up":[1]})");
        QTest::newRow("string primary") << QByteArray(R"({"acting_primary":"1"})");
        QTest::newRow("fraction") << QByteArray(R"({"acting_primary":1.5})");
        QTest::newRow("huge") << QByteArray(R"({"acting_primary":1e300})");
        QTest::newRow("bad up list") << QByteArray(R"({"acting_primary":1,"up":[1,"x"]})");
        QTest::newRow("bad acting") << QByteArray(R"({"acting_primary":1,"acting":{}})");
        QTest::newRow("cut") << data(QStringLiteral("ok-osd-map-osd0.json")).left(60);
    }
    void malformed()
    {
        QFETCH(QByteArray, json);
        CephObjectMap m;
        m.actingPrimary = 42;
        const Error e = parseCephObjectMap(json, &m);
        QCOMPARE(e.code, Error::Code::ParseError);
        QCOMPARE(m.actingPrimary, 42); // untouched on error
        CephOsdMetadata md;
        QVERIFY(parseCephOsdMetadata(json, &md)); // no "id" in any of them
    }

    void metadataWithoutId()
    {
        CephOsdMetadata md;
        QCOMPARE(parseCephOsdMetadata(R"({"hostname":"x"})", &md).code, Error::Code::ParseError);
        QCOMPARE(parseCephOsdMetadata(R"({"id":-1})", &md).code, Error::Code::ParseError);
    }
};

QTEST_GUILESS_MAIN(TestCephOsdMap)
#include "test_cephosdmap.moc"
