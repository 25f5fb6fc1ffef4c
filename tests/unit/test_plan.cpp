// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/paramreader.h"
#include "model/plan.h"

#include <QTest>

using namespace cm;

class TestPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip()
    {
        Plan p;
        p.kind = QStringLiteral("disk-fio");
        p.name = QStringLiteral("quick");
        p.nodes = {NodeSpec::parse(QStringLiteral("local")), NodeSpec::parse(QStringLiteral("root@10.0.0.2:2222"))};
        p.target = {{QStringLiteral("type"), QStringLiteral("file")}};
        p.steps = {PlanStep {
            QStringLiteral("seq-read"), QStringLiteral("Linear read"), {{QStringLiteral("bs"), QStringLiteral("4M")}}}};
        Error e;
        const Plan q = Plan::fromJsonBytes(p.toJsonBytes(), &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(q.toJson(), p.toJson());
        QCOMPARE(q.nodes.at(1).port, 2222);
        QCOMPARE(q.nodes.at(1).user, QStringLiteral("root"));
    }
    void untilStableRoundTrip()
    {
        Plan p;
        p.kind = QStringLiteral("net-iperf");
        p.nodes = {NodeSpec::parse(QStringLiteral("local"))};
        p.steps = {PlanStep {QStringLiteral("a"), QStringLiteral("A"), {}}};
        p.repeat = 2;
        QVERIFY(!p.toJson().contains(QStringLiteral("untilStable"))); // off: not written
        QCOMPARE(p.maxIterations(), 2);
        p.untilSpreadPct = 2.5;
        p.stableWindow = 4;
        p.maxRepeat = 12;
        p.stableFigure = QStringLiteral("read.iops");
        Error e;
        const Plan q = Plan::fromJsonBytes(p.toJsonBytes(), &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(q.toJson(), p.toJson());
        QCOMPARE(q.untilSpreadPct, 2.5);
        QCOMPARE(q.stableWindow, 4);
        QCOMPARE(q.maxRepeat, 12);
        QCOMPARE(q.stableFigure, QStringLiteral("read.iops"));
        QCOMPARE(q.minIterations(), 4);
        QCOMPARE(q.maxIterations(), 12);
        // defaults: window 3, cap 10
        QJsonObject o = p.toJson();
        o.insert(QStringLiteral("untilStable"), QJsonObject {{QStringLiteral("spreadPct"), 5}});
        const Plan d = Plan::fromJson(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(d.stableWindow, 3);
        QCOMPARE(d.maxIterations(), 10);
        QCOMPARE(d.minIterations(), 3);
    }
    void badPlansAreRefused_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("garbage") << QByteArray("{not json");
        QTest::newRow("other format") << QByteArray(R"({"format":"x"})");
        QTest::newRow("newer") << QByteArray(R"({"format":"clustermark-plan","version":99,"kind":"disk-fio"})");
        QTest::newRow("no nodes") << QByteArray(
            R"({"format":"clustermark-plan","version":1,"kind":"disk-fio","steps":[{"id":"a"}]})");
        QTest::newRow("ceph key in a plan") << QByteArray(
            R"({"format":"clustermark-plan","version":1,"kind":"disk-fio","nodes":[{"host":"local"}],"steps":[{"id":"a"}],"ceph":{"key":"AQB…"}})");
        const QByteArray base
            = R"({"format":"clustermark-plan","version":1,"kind":"disk-fio","nodes":[{"host":"local"}],"steps":[{"id":"a"}],)";
        QTest::newRow("repeat 0") << base + R"("repeat":0})";
        QTest::newRow("untilStable not an object") << base + R"("untilStable":5})";
        QTest::newRow("spread 0") << base + R"("untilStable":{"spreadPct":0}})";
        QTest::newRow("spread negative") << base + R"("untilStable":{"spreadPct":-3}})";
        QTest::newRow("spread a string") << base + R"("untilStable":{"spreadPct":"5"}})";
        QTest::newRow("window 1") << base + R"("untilStable":{"spreadPct":5,"window":1}})";
        QTest::newRow("cap below repeat") << base + R"("repeat":5,"untilStable":{"spreadPct":5,"maxRepeat":4}})";
        QTest::newRow("cap too high") << base + R"("untilStable":{"spreadPct":5,"maxRepeat":5000}})";
        QTest::newRow("no steps") << QByteArray(
            R"({"format":"clustermark-plan","version":1,"kind":"disk-fio","nodes":[{"host":"local"}]})");
        QTest::newRow("repeat 2.5") << base + R"("repeat":2.5})";
        QTest::newRow("repeat a string") << base + R"("repeat":"3"})";
        QTest::newRow("window 2.5") << base + R"("untilStable":{"spreadPct":5,"window":2.5}})";
        QTest::newRow("cap 11.5") << base + R"("untilStable":{"spreadPct":5,"maxRepeat":11.5}})";
        QTest::newRow("a list") << QByteArray(R"([{"format":"clustermark-plan"}])");
        QTest::newRow("watch not a list") << base + R"("watch":{"host":"a"}})";
        QTest::newRow("watch of strings") << base + R"("watch":["a"]})";
        QTest::newRow("watch the total") << base + R"json("watch":[{"host":"a","name":"(total)"}]})json";
        QTest::newRow("a node named as the total") << QByteArray(
            R"json({"format":"clustermark-plan","version":1,"kind":"disk-fio","nodes":[{"host":"h","name":"(total)"}],"steps":[{"id":"a"}]})json");
    }
    void badPlansAreRefused()
    {
        QFETCH(QByteArray, json);
        Error e;
        Plan::fromJsonBytes(json, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY(!e.message.isEmpty());
        QVERIFY2(!e.message.contains(QStringLiteral("no error occurred")), qPrintable(e.message));
    }
    void messagesSayWhatIsWrong()
    {
        const QByteArray base
            = R"({"format":"clustermark-plan","version":1,"kind":"disk-fio","nodes":[{"host":"local"}],"steps":[{"id":"a"}],)";
        Error e;
        Plan::fromJsonBytes(base + R"("repeat":2.5})", &e);
        QVERIFY2(e.message.contains(QStringLiteral("\"repeat\" must be a whole number from 1 to 1000, not 2.5")),
            qPrintable(e.message));
        Plan::fromJsonBytes(R"([1,2])", &e);
        QVERIFY2(e.message.contains(QStringLiteral("not an object")) && e.message.contains(QStringLiteral("a list")),
            qPrintable(e.message));
    }
    void hugePlansAreRefusedBeforeTheyTakeMemory()
    {
        // 200,000 steps used to be accepted (611 MB); the cap is Plan::MaxSteps.
        QByteArray steps;
        for (int i = 0; i <= Plan::MaxSteps; ++i)
            steps += QByteArray(i ? "," : "") + "{\"id\":\"s" + QByteArray::number(i) + "\"}";
        const QByteArray json
            = R"({"format":"clustermark-plan","version":1,"kind":"disk-fio","nodes":[{"host":"local"}],"steps":[)"
            + steps + "]}";
        Error e;
        Plan::fromJsonBytes(json, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY2(e.message.contains(QStringLiteral("at most 1000")), qPrintable(e.message));
        // and a file above the byte cap is not even parsed
        Plan::fromJsonBytes(QByteArray(Plan::MaxFileBytes + 1, ' '), &e);
        QVERIFY2(e.message.contains(QStringLiteral("not read")), qPrintable(e.message));
    }
    void sizesAreBoundedAndExact()
    {
        QCOMPARE(sizeTextBytes(QStringLiteral("4k")), 4096);
        QCOMPARE(sizeTextBytes(QStringLiteral("4KiB")), 4096);
        QCOMPARE(sizeTextBytes(QStringLiteral("1M")), 1048576);
        QCOMPARE(sizeTextBytes(QStringLiteral("2G")), qint64(2) << 30);
        QCOMPARE(sizeTextBytes(QStringLiteral("1P")), qint64(1) << 50);
        QCOMPARE(sizeTextBytes(QStringLiteral("0")), 0);
        QCOMPARE(sizeTextBytes(QStringLiteral("99999999999999999999T")), -1);
        QCOMPARE(sizeTextBytes(QStringLiteral("2048P")), -1); // above 2^60
        QCOMPARE(sizeTextBytes(QStringLiteral("-4k")), -1);
        QCOMPARE(sizeTextBytes(QStringLiteral("4 k")), -1);
        QCOMPARE(sizeTextBytes(QStringLiteral("")), -1);
    }
    void paramReaderRefusesPathsThatCouldSplit()
    {
        const QJsonObject o {{QStringLiteral("keyring"), QStringLiteral("/etc/ceph/k --admin-socket=/tmp/x")},
            {QStringLiteral("conf"), QStringLiteral("/etc/ceph/ceph.conf")},
            {QStringLiteral("rel"), QStringLiteral("ceph.conf")}, {QStringLiteral("dash"), QStringLiteral("-c")},
            {QStringLiteral("up"), QStringLiteral("/etc/../root/k")}};
        for (const char *key : {"keyring", "rel", "up"}) {
            ParamReader r(o, QStringLiteral("target"), QStringLiteral("t"));
            r.path(QLatin1String(key));
            QVERIFY2(!r.ok(), key);
        }
        ParamReader ok(o, QStringLiteral("target"), QStringLiteral("t"));
        QCOMPARE(ok.path(QStringLiteral("conf")), QStringLiteral("/etc/ceph/ceph.conf"));
        QCOMPARE(ok.path(QStringLiteral("missing")), QString());
        QVERIFY(ok.ok());
        ok.cephName(QStringLiteral("dash"), QString());
        QVERIFY(!ok.ok());
    }
    void nodeSpecParsing()
    {
        QString err;
        QVERIFY(NodeSpec::parse(QStringLiteral("local")).isLocal());
        QCOMPARE(NodeSpec::parse(QStringLiteral("pve1")).host, QStringLiteral("pve1"));
        QVERIFY(NodeSpec::parse(QStringLiteral("a b@c"), &err).host.isEmpty());
        QVERIFY(!err.isEmpty());
        QVERIFY(NodeSpec::parse(QStringLiteral("h:99999"), &err).host.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPlan)
#include "test_plan.moc"
