// SPDX-License-Identifier: GPL-3.0-or-later
// The osd-latency runner kind without a cluster: presets, the consent rule, parameter
// checks, the preview, the time estimate and the registry entry.
#include "bench/osdlatency/osdlatencykind.h"
#include "bench/registry.h"

#include <QJsonArray>
#include <QTest>

using namespace cm;

namespace {
QJsonObject target()
{
    return {{QStringLiteral("conf"), QStringLiteral("/etc/ceph/ceph.conf")},
        {QStringLiteral("client"), QStringLiteral("admin")}, {QStringLiteral("poolConsent"), true},
        {QStringLiteral("mode"), QStringLiteral("sequential")}};
}
Plan make(const QJsonObject &t, const QString &preset = QStringLiteral("standard"), Error *e = nullptr)
{
    Error err;
    Plan p = OsdLatencyKind::makePlan(preset, {NodeSpec::parse(QStringLiteral("local"))}, t, 0, &err);
    if (e)
        *e = err;
    return p;
}
} // namespace

class TestOsdLatencyKind : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void registered()
    {
        registerBuiltinKinds();
        const auto k = Registry::instance().kind(QStringLiteral("osd-latency"));
        QVERIFY(k);
        QCOMPARE(k->displayName(), QStringLiteral("Per-OSD latency"));
        QVERIFY(!k->isDestructive(make(target())));
    }

    void presets()
    {
        const QList<Preset> ps = OsdLatencyKind().presets();
        QCOMPARE(ps.size(), 2);
        QCOMPARE(ps.at(0).id, QStringLiteral("standard"));
        QCOMPARE(ps.at(1).id, QStringLiteral("quick"));
        for (const Preset &p : ps) {
            QCOMPARE(p.steps.size(), 1);
            QCOMPARE(p.steps.at(0).params.value(QStringLiteral("bs")).toString(), QStringLiteral("4k"));
            QCOMPARE(p.steps.at(0).params.value(QStringLiteral("iodepth")).toInt(), 1);
        }
        QCOMPARE(ps.at(0).steps.at(0).params.value(QStringLiteral("runtime")).toInt(), 10);
        QCOMPARE(ps.at(1).steps.at(0).params.value(QStringLiteral("runtime")).toInt(), 3);
    }

    void consent()
    {
        Error e;
        QJsonObject t = target();
        t.remove(QStringLiteral("poolConsent"));
        make(t, QStringLiteral("standard"), &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY2(e.message.contains(QLatin1String("temporary pool of size 1"))
                && e.message.contains(QLatin1String("removed")),
            qPrintable(e.message));
        t.insert(QStringLiteral("pool"), QStringLiteral("bench"));
        const Plan p = make(t, QStringLiteral("standard"), &e);
        QVERIFY2(!e, qPrintable(e.message));
        QVERIFY(!OsdLatencyKind::usesTempPool(p));
        QVERIFY(OsdLatencyKind::usesTempPool(make(target())));
    }

    void badParameters_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("mode") << "mode" << QJsonValue(QStringLiteral("fast")) << "sequential or parallel";
        QTest::newRow("osds not a list") << "osds" << QJsonValue(3) << "list";
        QTest::newRow("negative osd") << "osds" << QJsonValue(QJsonArray {0, -1}) << "not an OSD id";
        QTest::newRow("fraction osd") << "osds" << QJsonValue(QJsonArray {1.5}) << "not an OSD id";
        QTest::newRow("duplicate") << "osds" << QJsonValue(QJsonArray {1, 1}) << "twice";
        QTest::newRow("object size") << "objectSize" << QJsonValue(QStringLiteral("lots")) << "objectSize";
        QTest::newRow("huge object") << "objectSize" << QJsonValue(QStringLiteral("1G")) << "to 128M";
        QTest::newRow("uneven object") << "objectSize" << QJsonValue(QStringLiteral("6k")) << "divide";
        QTest::newRow("pool name") << "pool" << QJsonValue(QStringLiteral("a b")) << "not valid";
        QTest::newRow("client") << "client" << QJsonValue(QStringLiteral("x;rm")) << "client";
        QTest::newRow("timeout") << "opTimeout" << QJsonValue(0) << "opTimeout";
    }
    void badParameters()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, message);
        QJsonObject t = target();
        t.insert(key, value);
        Error e;
        make(t, QStringLiteral("standard"), &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY2(e.message.contains(message), qPrintable(e.message));
    }

    void typedRoundTrip()
    {
        QJsonObject t = target();
        t.insert(QStringLiteral("osds"), QJsonArray {3, 1});
        t.insert(QStringLiteral("opTimeout"), 7);
        t.insert(QStringLiteral("mode"), QStringLiteral("parallel"));
        Error e;
        const OsdLatencyTarget typed = OsdLatencyTarget::read(t, &e);
        QVERIFY2(!e, qPrintable(e.message));
        QCOMPARE(typed.osds, QList<int>({3, 1}));
        QVERIFY(typed.parallel && typed.usesTempPool() && typed.poolConsent);
        QCOMPARE(typed.connection.timeoutSec, 7);
        QCOMPARE(typed.connection.clientName, QStringLiteral("client.admin"));
        const OsdLatencyTarget again = OsdLatencyTarget::read(typed.toJson(), &e);
        QVERIFY2(!e, qPrintable(e.message));
        QCOMPARE(again.toJson(), typed.toJson());
        // An unknown key (a misspelt one here) is refused by name, not ignored.
        t.insert(QStringLiteral("osd"), QJsonArray {0});
        make(t, QStringLiteral("standard"), &e);
        QVERIFY2(e.message.contains(QLatin1String("unknown parameter \"osd\"")), qPrintable(e.message));
        Plan p = make(target());
        p.steps[0].params.insert(QStringLiteral("objectsPerOSD"), 4);
        QVERIFY(OsdLatencyKind().validate(p).message.contains(QLatin1String("unknown parameter \"objectsPerOSD\"")));
    }

    void badSteps()
    {
        Plan p = make(target());
        const OsdLatencyKind k;
        QVERIFY(!k.validate(p));
        p.steps[0].params.insert(QStringLiteral("iodepth"), 4);
        QVERIFY(k.validate(p).message.contains(QLatin1String("queue depth 1")));
        p = make(target());
        p.steps[0].params.insert(QStringLiteral("runtime"), 0);
        QVERIFY(k.validate(p).message.contains(QLatin1String("runtime")));
        p = make(target());
        p.steps[0].params.insert(QStringLiteral("objectsPerOsd"), 5000);
        QVERIFY(k.validate(p).message.contains(QLatin1String("objectsPerOsd")));
        p = make(target());
        p.nodes = {NodeSpec::parse(QStringLiteral("root@node1"))};
        QVERIFY(k.validate(p).message.contains(QLatin1String("this machine")));
    }

    void previewAndEstimate()
    {
        const OsdLatencyKind k;
        QJsonObject t = target();
        Plan p = make(t);
        QString preview = k.commandPreview(p, 0, p.nodes.first());
        QVERIFY2(preview.contains(QLatin1String("temporary pool clustermark-bench-osdlat-"))
                && preview.contains(QLatin1String("every OSD up and in")) && preview.contains(QLatin1String("QD1"))
                && preview.contains(QLatin1String("10 s per OSD")),
            qPrintable(preview));
        QCOMPARE(k.estimatedSeconds(p, 0), 10.0 * 3 + 5 + 3); // 3 OSDs assumed
        t.insert(QStringLiteral("osds"), QJsonArray {0, 4, 7, 9});
        t.insert(QStringLiteral("pool"), QStringLiteral("bench"));
        p = make(t);
        preview = k.commandPreview(p, 0, p.nodes.first());
        QVERIFY2(preview.contains(QLatin1String("osd.0, osd.4, osd.7, osd.9"))
                && preview.contains(QLatin1String("pool bench")),
            qPrintable(preview));
        QCOMPARE(k.estimatedSeconds(p, 0), 10.0 * 4 + 5);
        t.insert(QStringLiteral("mode"), QStringLiteral("parallel"));
        QCOMPARE(k.estimatedSeconds(make(t), 0), 10.0 + 5);
        QCOMPARE(k.estimatedSeconds(p, 3), 0.0);
        QVERIFY(k.commandPreview(p, -1, p.nodes.first()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestOsdLatencyKind)
#include "test_osdlatencykind.moc"
