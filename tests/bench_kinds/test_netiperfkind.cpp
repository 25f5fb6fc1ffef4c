// SPDX-License-Identifier: GPL-3.0-or-later
// The net-iperf kind without nodes: plans (pair, star, mesh), validation, the exact
// commands, the tool choice and the end probe's parser.
#include "bench/netiperf/netendprobe.h"
#include "bench/netiperf/netiperfkind.h"
#include "bench/netiperf/netiperfrunner.h"
#include "bench/registry.h"
#include "report/unitformat.h"

#include <QTest>

using namespace cm;

namespace {

QList<NodeSpec> nodes(int n)
{
    QList<NodeSpec> out;
    for (int k = 1; k <= n; ++k)
        out << NodeSpec::parse(QStringLiteral("root@10.0.0.%1").arg(k));
    return out;
}

NetEndProbe probe(const QString &v3, const QString &v2, int speed)
{
    NetEndProbe p;
    p.node = QStringLiteral("n");
    p.iperf3Version = v3;
    p.iperf2Version = v2;
    NicInfo nic;
    nic.name = QStringLiteral("ens1");
    nic.speedMbps = speed;
    p.nics << nic;
    return p;
}

} // namespace

class TestNetIperfKind : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void registered()
    {
        registerBuiltinKinds();
        QVERIFY(Registry::instance().kind(QStringLiteral("net-iperf")));
        const auto presets = NetIperfKind().presets();
        QCOMPARE(presets.size(), 2);
        QCOMPARE(presets.at(0).id, QStringLiteral("pair"));
        QCOMPARE(presets.at(1).id, QStringLiteral("mesh"));
    }

    void plansAndStepNodes()
    {
        NetIperfKind::Options o;
        Error e;
        Plan p = NetIperfKind::makePlan(nodes(2), o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(p.steps.size(), 1);
        QCOMPARE(NetIperfKind().stepNodes(p, 0), QStringList {QStringLiteral("10.0.0.1")});
        QVERIFY(NetIperfKind().stepNodes(p, 5).isEmpty());
        o.mode = QStringLiteral("star");
        QCOMPARE(NetIperfKind::makePlan(nodes(4), o, &e).steps.size(), 3);
        o.mode = QStringLiteral("mesh");
        QCOMPARE(NetIperfKind::makePlan(nodes(4), o, &e).steps.size(), 12);
        o.direction = QStringLiteral("bidir");
        QCOMPARE(NetIperfKind::makePlan(nodes(4), o, &e).steps.size(), 6);
        // Plans survive their JSON form.
        Error pe;
        const Plan back = Plan::fromJsonBytes(p.toJsonBytes(), &pe);
        QVERIFY(!pe);
        QVERIFY(!NetIperfKind().validate(back));
    }

    void validation()
    {
        Error e;
        Plan p = NetIperfKind::makePlan(nodes(2), {}, &e);
        auto bad = [&](const char *key, const QJsonValue &v) {
            Plan q = p;
            q.steps[0].params.insert(QLatin1String(key), v);
            return NetIperfKind().validate(q);
        };
        QVERIFY(bad("client", QStringLiteral("nobody")).message.contains(QStringLiteral("not a node")));
        QVERIFY(bad("server", QStringLiteral("10.0.0.1")).message.contains(QStringLiteral("same node")));
        QVERIFY(bad("streams", 0));
        QVERIFY(bad("streams", 129));
        QVERIFY(bad("duration", 0));
        QVERIFY(bad("direction", QStringLiteral("sideways")));
        QVERIFY(bad("tool", QStringLiteral("nc")));
        QVERIFY(bad("serverAddress", QStringLiteral("-oProxyCommand=x")));
        QVERIFY(bad("serverAddress", QStringLiteral("a b")));
        QVERIFY(!bad("serverAddress", QStringLiteral("fd00::2")));
        Plan one = p;
        one.nodes.removeLast();
        QVERIFY(NetIperfKind().validate(one));
    }

    void commands()
    {
        Error e;
        NetIperfKind::Options o;
        o.streams = 8;
        o.duration = 30;
        o.direction = QStringLiteral("reverse");
        const Plan p = NetIperfKind::makePlan(nodes(2), o, &e);
        const PlanStep &s = p.steps.first();
        QCOMPARE(NetIperfKind::clientArgs(QStringLiteral("iperf3"), QStringLiteral("10.0.0.2"), 23456, s)
                     .join(QLatin1Char(' ')),
            QStringLiteral("iperf3 -c 10.0.0.2 -p 23456 -J -P 8 -t 30 -R"));
        QCOMPARE(NetIperfKind::clientArgs(QStringLiteral("iperf2"), QStringLiteral("10.0.0.2"), 23456, s)
                     .join(QLatin1Char(' ')),
            QStringLiteral("iperf -c 10.0.0.2 -p 23456 -P 8 -i 1 -t 30 -y C -R"));
        PlanStep both = s;
        both.params.insert(QStringLiteral("direction"), QStringLiteral("bidir"));
        QVERIFY(NetIperfKind::clientArgs(QStringLiteral("iperf2"), QStringLiteral("h"), 1, both)
                    .endsWith(QStringLiteral("--full-duplex")));
        QVERIFY(NetIperfKind::clientArgs(QStringLiteral("iperf3"), QStringLiteral("h"), 1, both)
                    .endsWith(QStringLiteral("--bidir")));
        QCOMPARE(NetIperfKind::serverArgs(QStringLiteral("iperf3"), 23456, 30).join(QLatin1Char(' ')),
            QStringLiteral("iperf3 -s -1 -p 23456 --forceflush"));
        QCOMPARE(NetIperfKind::serverArgs(QStringLiteral("iperf2"), 23456, 30).join(QLatin1Char(' ')),
            QStringLiteral("iperf -s -p 23456 -t 50"));
        const QString preview = NetIperfKind().commandPreview(p, 0, p.nodes.first());
        QVERIFY2(preview.contains(QStringLiteral("[10.0.0.2] iperf3 -s -1 -p PORT"))
                && preview.contains(QStringLiteral("[10.0.0.1] iperf3 -c 10.0.0.2 -p PORT")),
            qPrintable(preview));
        QCOMPARE(NetIperfKind().estimatedSeconds(p, 0), 32.5);
        // The watchdog wrapper keeps every argument separate.
        const QStringList w
            = NetIperfRunner::watched({QStringLiteral("iperf3"), QStringLiteral("-c"), QStringLiteral("a b")});
        QCOMPARE(w.mid(0, 2), (QStringList {QStringLiteral("sh"), QStringLiteral("-c")}));
        QCOMPARE(w.mid(3),
            (QStringList {
                QStringLiteral("sh"), QStringLiteral("iperf3"), QStringLiteral("-c"), QStringLiteral("a b")}));
    }

    void toolChoice()
    {
        NetFinding why;
        // Old iperf3 and a 40G link: iperf 2, with the reason.
        QCOMPARE(NetIperfRunner::chooseTool(QStringLiteral("auto"),
                     probe(QStringLiteral("3.12"), QStringLiteral("2.1.8"), 40000),
                     probe(QStringLiteral("3.12"), QStringLiteral("2.1.8"), 40000), &why),
            QStringLiteral("iperf2"));
        QVERIFY2(why.text().contains(QStringLiteral("3.16")) && why.text().contains(formatBitRate(40e9)),
            qPrintable(why.text()));
        QCOMPARE(why.id, QStringLiteral("tool"));
        QCOMPARE(why.args.size(), 2); // the version and the speed: the source translates
        // 3.16 is multi-threaded.
        QCOMPARE(NetIperfRunner::chooseTool(QStringLiteral("auto"),
                     probe(QStringLiteral("3.16"), QStringLiteral("2.1.8"), 40000),
                     probe(QStringLiteral("3.17"), QStringLiteral("2.1.8"), 100000), &why),
            QStringLiteral("iperf3"));
        // 25G or less: iperf3.
        QCOMPARE(NetIperfRunner::chooseTool(QStringLiteral("auto"),
                     probe(QStringLiteral("3.12"), QStringLiteral("2.1.8"), 25000),
                     probe(QStringLiteral("3.12"), QStringLiteral("2.1.8"), 10000), &why),
            QStringLiteral("iperf3"));
        // No iperf 2 on one end: iperf3 anyway.
        QCOMPARE(NetIperfRunner::chooseTool(QStringLiteral("auto"), probe(QStringLiteral("3.12"), {}, 100000),
                     probe(QStringLiteral("3.12"), QStringLiteral("2.1.8"), 100000), &why),
            QStringLiteral("iperf3"));
        // No link speed known: said so, not "up to ? Gbit/s".
        QCOMPARE(NetIperfRunner::chooseTool(QStringLiteral("auto"), probe(QStringLiteral("3.12"), {}, -1),
                     probe(QStringLiteral("3.12"), {}, -1), &why),
            QStringLiteral("iperf3"));
        QVERIFY2(why.text().contains(QStringLiteral("speed is not known")) && !why.text().contains(QLatin1Char('?')),
            qPrintable(why.text()));
        // Asked for: as asked.
        QCOMPARE(NetIperfRunner::chooseTool(QStringLiteral("iperf2"), probe(QStringLiteral("3.17"), {}, 1000),
                     probe(QStringLiteral("3.17"), {}, 1000), &why),
            QStringLiteral("iperf2"));
    }

    void probeParser()
    {
        const QByteArray out
            = "@@CM:n1:begin iperf3\niperf 3.12 (cJSON 1.7.15)\n@@CM:n1:end iperf3 0\n"
              "@@CM:n1:begin iperf2\niperf version 2.1.8 (12 August 2022) pthreads\n@@CM:n1:end iperf2 0\n"
              "@@CM:n1:begin nics\nbond0 9000 20000 -\nens1 9000 10000 bond0\nens2 9000 -1 bond0\nlo 65536 -1 -\n"
              "garbage\n@@CM:n1:end nics 0\n"
              "@@CM:n1:begin netdev\nInter-|\n face |\n  ens1: 1 2 0 0 0 0 0 0 3 4 0 0 0 0 0 0\n@@CM:n1:end netdev 0\n"
              "@@CM:n1:begin bond:bond0\nBonding Mode: IEEE 802.3ad Dynamic link aggregation\n"
              "Transmit Hash Policy: layer2 (0)\n\nSlave Interface: ens1\nMII Status: up\nSpeed: 10000 Mbps\n"
              "@@CM:n1:end bond:bond0 0\n";
        const NetEndProbe p = parseNetEndProbe(out, "n1", QStringLiteral("node1"));
        QCOMPARE(p.iperf3Version, QStringLiteral("3.12"));
        QCOMPARE(p.iperf2Version, QStringLiteral("2.1.8"));
        QCOMPARE(p.nics.size(), 4);
        QCOMPARE(p.nics.at(1).master, QStringLiteral("bond0"));
        QCOMPARE(p.nics.at(2).speedMbps, -1);
        QCOMPARE(p.maxSpeedMbps(), 20000);
        QCOMPARE(p.netdev.size(), 1);
        QCOMPARE(p.bonds.size(), 1);
        QCOMPARE(p.bonds.first().transmitHashPolicy, QStringLiteral("layer2"));
        QCOMPARE(iperfVersionNumbers(QStringLiteral("iperf 3.16 (cJSON)")), (std::pair<int, int> {3, 16}));
        // Not installed: empty versions, no crash.
        const NetEndProbe none = parseNetEndProbe(
            "@@CM:n1:begin iperf3\nsh: iperf3: not found\n@@CM:n1:end iperf3 127\n", "n1", QStringLiteral("x"));
        QVERIFY(none.iperf3Version.isEmpty() && none.iperf2Version.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestNetIperfKind)
#include "test_netiperfkind.moc"
