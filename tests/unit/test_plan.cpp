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
        p.steps = {PlanStep{QStringLiteral("seq-read"), QStringLiteral("Linear read"), {{QStringLiteral("bs"), QStringLiteral("4M")}}}};
        Error e;
        const Plan q = Plan::fromJsonBytes(p.toJsonBytes(), &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(q.toJson(), p.toJson());
        QCOMPARE(q.nodes.at(1).port, 2222);
        QCOMPARE(q.nodes.at(1).user, QStringLiteral("root"));
    }
    void badPlansAreRefused_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("garbage") << QByteArray("{not json");
        QTest::newRow("other format") << QByteArray(R"({"format":"x"})");
        QTest::newRow("newer") << QByteArray(R"({"format":"clustermark-plan","version":99,"kind":"disk-fio"})");
        QTest::newRow("no nodes") << QByteArray(R"({"format":"clustermark-plan","version":1,"kind":"disk-fio","steps":[{"id":"a"}]})");
        QTest::newRow("ceph key in a plan") << QByteArray(R"({"format":"clustermark-plan","version":1,"kind":"disk-fio","nodes":[{"host":"local"}],"steps":[{"id":"a"}],"ceph":{"key":"AQB…"}})");
        QTest::newRow("no steps") << QByteArray(R"({"format":"clustermark-plan","version":1,"kind":"disk-fio","nodes":[{"host":"local"}]})");
    }
    void badPlansAreRefused()
    {
        QFETCH(QByteArray, json);
        Error e;
        Plan::fromJsonBytes(json, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY(!e.message.isEmpty());
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
