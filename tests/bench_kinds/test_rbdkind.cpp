// SPDX-License-Identifier: GPL-3.0-or-later
// The RBD kind without a cluster: its typed target and step options (every key checked,
// unknown ones refused by name, a JSON round trip that loses nothing), and the fio
// command and preview made from them.
#include "bench/rbd/rbdkind.h"
#include "bench/scaling.h"

#include <QTest>

using namespace cm;

namespace {
QJsonObject target()
{
    return {{QStringLiteral("engine"), QStringLiteral("fio")}, {QStringLiteral("pool"), QStringLiteral("bench")},
        {QStringLiteral("imageSize"), QStringLiteral("2G")},
        {QStringLiteral("conf"), QStringLiteral("/etc/ceph/c.conf")},
        {QStringLiteral("keyring"), QStringLiteral("/etc/ceph/k")},
        {QStringLiteral("client"), QStringLiteral("bench")}};
}
Plan make(const QJsonObject &t, Error *e, const QString &node = QStringLiteral("root@node1"))
{
    return RbdKind::makePlan(QStringLiteral("standard"), {NodeSpec::parse(node)}, t, 0, e);
}
} // namespace

class TestRbdKind : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void typedTarget()
    {
        Error e;
        const RbdTarget t = RbdTarget::read(target(), &e);
        QVERIFY2(!e, qPrintable(e.message));
        QCOMPARE(t.engine, RbdTarget::Engine::Fio);
        QCOMPARE(t.pool, QStringLiteral("bench"));
        QCOMPARE(t.imageBytes(), quint64(2) << 30);
        QCOMPARE(t.clientId(), QStringLiteral("bench"));
        QCOMPARE(t.connection.clientName, QStringLiteral("client.bench"));
        QCOMPARE(t.cache, RbdTarget::Cache::Default);
        // The JSON it writes reads back to the same values.
        const RbdTarget again = RbdTarget::read(t.toJson(), &e);
        QVERIFY2(!e, qPrintable(e.message));
        QCOMPARE(again.toJson(), t.toJson());
        QCOMPARE(again.connection.keyringPath, QStringLiteral("/etc/ceph/k"));
    }

    void badTargets_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown key") << "imagesize" << QJsonValue(QStringLiteral("1G"))
                                     << "unknown parameter \"imagesize\"";
        QTest::newRow("engine") << "engine" << QJsonValue(QStringLiteral("rbd-kernel"))
                                << "\"engine\" must be one of fio, native, krbd, nbd";
        QTest::newRow("pool") << "pool" << QJsonValue(QStringLiteral("a;b")) << "pool name \"a;b\" is not valid";
        QTest::newRow("pool type") << "pool" << QJsonValue(3) << "\"pool\" must be text";
        QTest::newRow("image size") << "imageSize" << QJsonValue(QStringLiteral("big")) << "\"imageSize\"";
        QTest::newRow("tiny image") << "imageSize" << QJsonValue(QStringLiteral("4k")) << "\"imageSize\"";
        QTest::newRow("cache") << "cache" << QJsonValue(QStringLiteral("sometimes")) << "cache \"sometimes\"";
        QTest::newRow("keyring splits") << "keyring" << QJsonValue(QStringLiteral("/k --admin-socket=/x"))
                                        << "\"keyring\"";
        QTest::newRow("relative conf") << "conf" << QJsonValue(QStringLiteral("ceph.conf")) << "\"conf\"";
        QTest::newRow("client") << "client" << QJsonValue(QStringLiteral("x y")) << "\"client\"";
        QTest::newRow("mon host") << "monHost" << QJsonValue(QStringLiteral("a\nb")) << "\"monHost\"";
    }
    void badTargets()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, message);
        QJsonObject t = target();
        t.insert(key, value);
        Error e;
        make(t, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY2(e.message.contains(message), qPrintable(e.message));
    }

    void badSteps()
    {
        Error e;
        Plan p = make(target(), &e);
        QVERIFY2(!e, qPrintable(e.message));
        const RbdKind k;
        auto refused = [&](const char *key, const QJsonValue &v, const char *message) {
            Plan q = p;
            q.steps[1].params.insert(QLatin1String(key), v);
            const Error err = k.validate(q);
            return err.code == Error::Code::InvalidInput && err.message.contains(QLatin1String(message))
                && err.message.contains(q.steps[1].id);
        };
        QVERIFY(refused("rw", QStringLiteral("trim"), "\"rw\""));
        QVERIFY(refused("bs", QStringLiteral("1T"), "\"bs\""));
        QVERIFY(refused("iodepth", 1.5, "\"iodepth\""));
        QVERIFY(refused("runtime", 0, "\"runtime\""));
        QVERIFY(refused("numjobs", 4, "numjobs"));
        QVERIFY(refused("ioengine", QStringLiteral("external:/x.so"), "unknown parameter \"ioengine\""));
        // A block larger than the image.
        QJsonObject small = target();
        small.insert(QStringLiteral("imageSize"), QStringLiteral("2M"));
        make(small, &e);
        QVERIFY2(e.message.contains(QLatin1String("larger than the image")), qPrintable(e.message));
    }

    void nativeOnlyHere()
    {
        QJsonObject t = target();
        t.insert(QStringLiteral("engine"), QStringLiteral("native"));
        Error e;
        make(t, &e);
        QVERIFY2(e.message.contains(QLatin1String("this machine")), qPrintable(e.message));
        const Plan p = make(t, &e, QStringLiteral("local"));
        QVERIFY2(!e, qPrintable(e.message));
        const QString preview = RbdKind().commandPreview(p, 0, p.nodes.first());
        QVERIFY2(
            preview.startsWith(QLatin1String("[this machine] librbd write bs=4M iodepth=16")), qPrintable(preview));
    }

    void fioCommandFromTypedValues()
    {
        QJsonObject t = target();
        t.insert(QStringLiteral("cache"), QStringLiteral("off"));
        Error e;
        const Plan p = make(t, &e);
        QVERIFY2(!e, qPrintable(e.message));
        const RbdTarget rt = RbdKind::target(p);
        const QStringList argv = RbdKind::fioArgs(rt, p.steps.at(1), QStringLiteral("img"));
        QVERIFY(argv.contains(QStringLiteral("--clientname=bench")));
        QVERIFY(argv.contains(QStringLiteral("--pool=bench")));
        QVERIFY(argv.contains(QStringLiteral("--rw=randwrite")));
        QVERIFY(argv.contains(QStringLiteral("--bs=4k")));
        QVERIFY(argv.contains(QStringLiteral("--iodepth=1")));
        QVERIFY(rt.cacheOffFor(RbdKind::stepOptions(p.steps.at(1))));
        const QMap<QString, QString> env = RbdKind::fioEnv(rt, true);
        QCOMPARE(env.value(QStringLiteral("CEPH_CONF")), QStringLiteral("/etc/ceph/c.conf"));
        QCOMPARE(env.value(QStringLiteral("CEPH_ARGS")), QStringLiteral("--keyring=/etc/ceph/k --rbd_cache=false"));
        QCOMPARE(RbdKind::cephArgs(rt),
            QStringList({QStringLiteral("-c"), QStringLiteral("/etc/ceph/c.conf"), QStringLiteral("--id"),
                QStringLiteral("bench"), QStringLiteral("--keyring"), QStringLiteral("/etc/ceph/k")}));
        QCOMPARE(RbdKind().estimatedSeconds(p, 3), 30.0 + 10); // a read step: prefill first
    }

    // A scaling series: each step with the first 1, 2, 3 clients (bench/scaling.h).
    // The QD1 rows run with librbd's cache off unless asked otherwise: a write there
    // would otherwise be acknowledged from client memory. Every step records its setting.
    void cacheOffForLatencyRowsByDefault()
    {
        Error e;
        Plan p = make(target(), &e);
        QVERIFY2(!e, qPrintable(e.message));
        RbdTarget t = RbdKind::target(p);
        QStringList off, on;
        for (const PlanStep &s : std::as_const(p.steps))
            (t.cacheOffFor(RbdKind::stepOptions(s)) ? off : on) << s.id;
        QCOMPARE(off, QStringList({QStringLiteral("randwrite-4k-qd1"), QStringLiteral("randread-4k-qd1")}));
        QCOMPARE(on.size(), 4);
        QVERIFY(RbdKind().commandPreview(p, 1, p.nodes.first()).contains(QLatin1String("--rbd_cache=false")));
        QVERIFY(!RbdKind().commandPreview(p, 2, p.nodes.first()).contains(QLatin1String("rbd_cache")));
        // "writeback": the cluster's setting on every step; a step's own "cache" wins
        QJsonObject wb = target();
        wb.insert(QStringLiteral("cache"), QStringLiteral("writeback"));
        p = make(wb, &e);
        t = RbdKind::target(p);
        QCOMPARE(t.toJson().value(QStringLiteral("cache")).toString(), QStringLiteral("writeback"));
        QVERIFY(!t.cacheOffFor(RbdKind::stepOptions(p.steps.at(1))));
        p.steps[1].params.insert(QStringLiteral("cache"), QStringLiteral("off"));
        QVERIFY(!RbdKind().validate(p));
        QVERIFY(t.cacheOffFor(RbdKind::stepOptions(p.steps.at(1))));
        p.steps[1].params.insert(QStringLiteral("cache"), QStringLiteral("sometimes"));
        QVERIFY(RbdKind().validate(p).message.contains(QLatin1String("cache")));
    }

    void scalingSeries()
    {
        Error e;
        Plan p = RbdKind::makePlan(QStringLiteral("standard"),
            {NodeSpec::parse(QStringLiteral("root@n1")), NodeSpec::parse(QStringLiteral("root@n2")),
                NodeSpec::parse(QStringLiteral("root@n3"))},
            target(), 0, &e);
        QVERIFY2(!e, qPrintable(e.message));
        const RbdKind k;
        QVERIFY(!scaling::expand(k, {1, 2, 3}, &p));
        QCOMPARE(p.steps.size(), 18);
        QCOMPARE(p.steps.at(1).id, QStringLiteral("seq-write-4m-qd16-c2"));
        QCOMPARE(p.steps.at(1).title, QStringLiteral("4M QD16 write · 2 clients"));
        QVERIFY2(!k.validate(p), qPrintable(k.validate(p).message));
        QCOMPARE(k.stepNodes(p, 0), QStringList {QStringLiteral("n1")});
        QCOMPARE(k.stepNodes(p, 1), QStringList({QStringLiteral("n1"), QStringLiteral("n2")}));
        // More clients than nodes, counts out of order, a kind whose clients do not add up.
        Plan q = RbdKind::makePlan(
            QStringLiteral("standard"), {NodeSpec::parse(QStringLiteral("root@n1"))}, target(), 0, &e);
        QVERIFY(scaling::expand(k, {1, 2}, &q).message.contains(QLatin1String("1 client nodes")));
        QVERIFY(scaling::expand(k, {1, 1}, &q).message.contains(QLatin1String("increase")));
        QString err;
        QVERIFY(scaling::parseCounts(QStringLiteral("1,x"), &err).isEmpty() && err.contains(QLatin1String("\"x\"")));
        // A hand-edited plan asking for more clients than it names is refused by name.
        p.steps[0].params.insert(scaling::kClientsKey, 7);
        QVERIFY(k.validate(p).message.contains(QLatin1String("\"clients\"")));
    }
};

QTEST_GUILESS_MAIN(TestRbdKind)
#include "test_rbdkind.moc"
