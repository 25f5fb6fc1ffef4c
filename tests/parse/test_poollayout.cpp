// SPDX-License-Identifier: GPL-3.0-or-later
// A temporary pool's layout as a plan and the CLI give it (model/poollayout.h), and the
// replies the run reads before it makes one (parse/cephplacement.h), on replies
// recorded on a 6-OSD lab (tests/data/ceph/README.md).
#include "model/poollayout.h"
#include "parse/cephplacement.h"
#include "testutil.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace cm;

namespace {

QByteArray recorded(const QString &name)
{
    QFile f(cmtest::testData(QStringLiteral("ceph/%1.json").arg(name)));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestPoolLayout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cliTexts_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("describe");
        QTest::addColumn<int>("osds");
        QTest::newRow("replicated") << "replicated:3"
                                    << "replicated 3/2" << 3;
        QTest::newRow("replicated min") << "replicated:2/1"
                                        << "replicated 2/1" << 2;
        QTest::newRow("size one") << "replicated:1"
                                  << "replicated 1/1" << 1;
        QTest::newRow("ec host") << "ec:4+2"
                                 << "EC 4+2 (jerasure, failure domain host)" << 6;
        QTest::newRow("ec osd") << "ec:8+3:osd"
                                << "EC 8+3 (jerasure, failure domain osd)" << 11;
    }
    void cliTexts()
    {
        QFETCH(QString, text);
        QFETCH(QString, describe);
        QFETCH(int, osds);
        Error e;
        const PoolLayout l = PoolLayout::fromText(text, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(l.describe(), describe);
        QCOMPARE(l.osdsNeeded(), osds);
        // What a plan file keeps reads back the same.
        const PoolLayout back = PoolLayout::read(l.toJson(), QStringLiteral("x"), QString(), &e);
        QVERIFY(!e);
        QCOMPARE(back.describe(), describe);
        QCOMPARE(back.toJson(), l.toJson());
    }

    void refused_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("says");
        QTest::newRow("min above size") << QByteArray(R"({"size":2,"minSize":3})") << "minSize 3 is larger";
        QTest::newRow("k one") << QByteArray(R"({"type":"erasure","k":1})") << "\"k\"";
        QTest::newRow("plugin") << QByteArray(R"({"type":"erasure","plugin":"shec;rm"})") << "plugin";
        QTest::newRow("domain") << QByteArray(R"({"failureDomain":"host --yes"})") << "failureDomain";
        QTest::newRow("class") << QByteArray(R"({"deviceClass":"ssd x"})") << "deviceClass";
        QTest::newRow("pg_num") << QByteArray(R"({"pgNum":48})") << "power of two";
        QTest::newRow("unknown key") << QByteArray(R"({"crushRule":"mine"})") << "crushRule";
        QTest::newRow("type") << QByteArray(R"({"type":"lrc"})") << "type";
    }
    void refused()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, says);
        Error e;
        PoolLayout::read(
            QJsonDocument::fromJson(json).object(), QStringLiteral("target: temporaryPool"), QStringLiteral("rbd"), &e);
        QVERIFY(e);
        QVERIFY2(e.message.contains(says), qPrintable(e.message));
        QVERIFY(e.message.startsWith(QLatin1String("target: temporaryPool")));
    }

    void refusedTexts()
    {
        for (const char *text : {"ec:4", "replicated", "ec:4+2:osd;reboot", "raid5", "ec:1+1", "replicated:0"}) {
            Error e;
            PoolLayout::fromText(QString::fromLatin1(text), &e);
            QVERIFY2(e, text);
        }
    }

    void targetField()
    {
        PoolLayout l;
        Error e;
        QVERIFY(!PoolLayout::readTargetField(
            QJsonObject {{QStringLiteral("pool"), QStringLiteral("rbd")}}, QStringLiteral("rbd"), &l, &e));
        QVERIFY(!e);
        QVERIFY(!PoolLayout::readTargetField(
            QJsonObject {{QStringLiteral("temporaryPool"), QStringLiteral("ec:4+2")}}, QStringLiteral("rbd"), &l, &e));
        QVERIFY(e.message.contains(QLatin1String("must be an object")));
    }

    // Six up OSDs on one host: six osd domains, one host domain, root "default".
    void capacityOfTheLab()
    {
        const QByteArray tree = recorded(QStringLiteral("temp-osd-tree-6"));
        QVERIFY(!tree.isEmpty());
        CephPlacementCapacity c;
        QVERIFY(!parseCephPlacementCapacity(tree, QStringLiteral("osd"), QString(), &c));
        QCOMPARE(c.osds, 6);
        QCOMPARE(c.domains, 6);
        QCOMPARE(c.root, QStringLiteral("default"));
        QVERIFY(!parseCephPlacementCapacity(tree, QStringLiteral("host"), QString(), &c));
        QCOMPARE(c.domains, 1);
        QVERIFY(!parseCephPlacementCapacity(tree, QStringLiteral("osd"), QStringLiteral("hdd"), &c));
        QCOMPARE(c.osds, 6);
        QVERIFY(!parseCephPlacementCapacity(tree, QStringLiteral("osd"), QStringLiteral("ssd"), &c));
        QCOMPARE(c.osds, 0);
        QCOMPARE(c.domains, 0);
        QVERIFY(parseCephPlacementCapacity("[1]", QStringLiteral("osd"), QString(), &c));
        QVERIFY(parseCephPlacementCapacity("{\"nodes\":3}", QStringLiteral("osd"), QString(), &c));
    }

    // A down OSD does not count, and a tree that names a child twice (or loops) counts once.
    void capacityCountsUpOsdsOnce()
    {
        const QByteArray tree = R"({"nodes":[
            {"id":-1,"name":"default","type":"root","children":[-2,-3]},
            {"id":-2,"name":"a","type":"host","children":[0,1,-2]},
            {"id":-3,"name":"b","type":"host","children":[2]},
            {"id":0,"name":"osd.0","type":"osd","status":"up","device_class":"ssd"},
            {"id":1,"name":"osd.1","type":"osd","status":"up","device_class":"hdd"},
            {"id":2,"name":"osd.2","type":"osd","status":"down","device_class":"ssd"}]})";
        CephPlacementCapacity c;
        QVERIFY(!parseCephPlacementCapacity(tree, QStringLiteral("host"), QString(), &c));
        QCOMPARE(c.osds, 2);
        QCOMPARE(c.domains, 1);
        QVERIFY(!parseCephPlacementCapacity(tree, QStringLiteral("osd"), QStringLiteral("ssd"), &c));
        QCOMPARE(c.osds, 1);
    }

    void fileSystemPools()
    {
        QList<CephFsPools> list;
        QVERIFY(!parseCephFsPools(recorded(QStringLiteral("ok-fs-ls")), &list));
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.first().name, QStringLiteral("cephfs"));
        QCOMPARE(list.first().dataPools, QStringList {QStringLiteral("cephfs_data")});
        QVERIFY(parseCephFsPools("{\"name\":\"cephfs\"}", &list)); // not the list fs ls answers
        QVERIFY(!parseCephFsPools("[]", &list));
        QVERIFY(list.isEmpty());
    }

    void pgActivity()
    {
        CephPgActivity a;
        QVERIFY(!parseCephPgActivity(recorded(QStringLiteral("temp-pg-ls-by-pool")), &a));
        QCOMPARE(a.total, 8);
        QCOMPARE(a.active, 0);
        QCOMPARE(a.example, QStringLiteral("unknown"));
        QVERIFY(!parseCephPgActivity(recorded(QStringLiteral("temp-pg-ls-by-pool-active")), &a));
        QCOMPARE(a.total, 8);
        QCOMPARE(a.active, 8);
        QVERIFY(!parseCephPgActivity(R"([{"state":"creating+peering"},{"state":"active+clean"}])", &a));
        QCOMPARE(a.active, 1);
        QCOMPARE(a.example, QStringLiteral("creating+peering"));
        QVERIFY(parseCephPgActivity("{\"pg_ready\":true}", &a));
        QVERIFY(parseCephPgActivity("not json", &a));
    }
};

QTEST_GUILESS_MAIN(TestPoolLayout)
#include "test_poollayout.moc"
