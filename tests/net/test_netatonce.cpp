// SPDX-License-Identifier: GPL-3.0-or-later
// Network pairs at once, for real: network-namespace nodes with their own sshd and real
// iperf3. Every ordered pair of three nodes at the same moment; two clients into one
// server, one of them over the two-link stand-in (node1's two shaped links into node2,
// hashed per flow like a layer3+4 bond), where both of node2's links must carry data.
// No iperf server is left listening on any node afterwards.
#include "bench/netiperf/netconcurrent.h"
#include "bench/netiperf/netconcurrentrunner.h"
#include "bench/netiperf/netiperfkind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "enginerun.h"
#include "model/metric.h"
#include "netnsfixture.h"
#include "testutil.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

namespace {

struct NodeResult {
    QJsonObject summary;
    QString error;
};

struct RunResult {
    QMap<QString, NodeResult> byNode;
    SampleList samples;
};

double linkBytes(const QJsonObject &summary, const QString &node, const QString &iface, const char *dir)
{
    return summary.value(QStringLiteral("links"))
        .toObject()
        .value(node)
        .toObject()
        .value(iface)
        .toObject()
        .value(QLatin1String(dir))
        .toDouble();
}

} // namespace

class TestNetAtOnce : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;
    cmtest::NetnsFixture m_net;

    RunResult run(const Plan &plan)
    {
        RunResult r;
        RunEngine engine(m_data.filePath(QStringLiteral("db.sqlite")));
        SampleBufferPtr buffer;
        connect(
            &engine, &RunEngine::runStarted, this, [&](RunId, const Plan &, SampleBufferPtr b, double) { buffer = b; });
        connect(&engine, &RunEngine::stepFinished, this,
            [&](RunId, int, const QString &node, const QJsonObject &s) { r.byNode[node].summary = s; });
        connect(&engine, &RunEngine::stepFailed, this,
            [&](RunId, int, const QString &node, const Error &e) { r.byNode[node].error = e.toString(); });
        QSignalSpy done(&engine, &RunEngine::runFinished);
        engine.start(plan);
        [&] { QVERIFY(done.wait(120000)); }();
        if (buffer)
            r.samples = buffer->take();
        return r;
    }

    // Every ordered pair of the three nodes at once.
    Plan meshPlan(int streams, int duration)
    {
        NetIperfKind::Options o;
        o.mode = QStringLiteral("mesh");
        o.atOnce = true;
        o.streams = streams;
        o.duration = duration;
        Error e;
        const Plan p = NetIperfKind::makePlan({m_net.node(1), m_net.node(2), m_net.node(3)}, o, &e);
        [&] { QVERIFY2(!e, qPrintable(e.toString())); }();
        return p;
    }

    // Nothing listens on the pairs' ports in any node any more.
    QStringList listening(const QList<int> &ports)
    {
        QStringList out;
        for (int k = 1; k <= 3; ++k)
            for (int p : ports) {
                QByteArray o;
                m_net.exec(
                    k, {QStringLiteral("ss"), QStringLiteral("-Hltn"), QStringLiteral("sport = :%1").arg(p)}, &o);
                if (!o.trimmed().isEmpty())
                    out << QStringLiteral("node%1:%2").arg(k).arg(p);
            }
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::NetnsFixture::available(&why), why);
        QVERIFY2(m_net.up(3, QStringLiteral("1gbit")), qPrintable(m_net.whyNot()));
        qputenv("CLUSTERMARK_DATA_DIR", m_data.path().toUtf8());
        const Error trusted = m_net.trustAll(m_data.filePath(QStringLiteral("known_hosts")));
        QVERIFY2(!trusted, qPrintable(trusted.toString()));
    }

    void planAndCommands()
    {
        const Plan p = meshPlan(4, 10);
        QCOMPARE(p.steps.size(), 1);
        QCOMPARE(netconcurrent::pairs(p.steps.first()).size(), 6);
        QCOMPARE(NetIperfKind().stepNodes(p, 0).size(), 3);
        QVERIFY(NetIperfKind().startsTogether(p, 0));
        const QString preview = NetIperfKind().commandPreview(p, 0, m_net.node(1));
        QCOMPARE(preview.count(QLatin1String("iperf3 -s")), 2); // node1 serves two pairs
        QCOMPARE(preview.count(QLatin1String("iperf3 -c")), 2); // and is the client of two
        Plan bad = p;
        QJsonArray pairs = bad.steps[0].params.value(QStringLiteral("pairs")).toArray();
        QJsonObject first = pairs.at(1).toObject();
        first.insert(QStringLiteral("port"), pairs.at(3).toObject().value(QStringLiteral("port")));
        first.insert(QStringLiteral("server"), pairs.at(3).toObject().value(QStringLiteral("server")));
        pairs[1] = first;
        bad.steps[0].params.insert(QStringLiteral("pairs"), pairs);
        QVERIFY(NetIperfKind().validate(bad).message.contains(QLatin1String("two pairs use port")));
        const QList<QByteArray> split
            = NetConcurrentRunner::untag("@@cm-1 b\n@@cm-0 a\nnoise\n@@cm-7 x\n@@cm-0 c\n", 2);
        QCOMPARE(split.at(0), QByteArray("a\nc\n"));
        QCOMPARE(split.at(1), QByteArray("b\n"));
    }

    // A node's other address (its storage network) is what the clients dial, at once or
    // one pair at a time.
    void addressesAreDialled()
    {
        NetIperfKind::Options o;
        o.mode = QStringLiteral("mesh");
        o.addresses.insert(m_net.hostname(2), QStringLiteral("10.99.0.2"));
        Error e;
        Plan p = NetIperfKind::makePlan({m_net.node(1), m_net.node(2), m_net.node(3)}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(p.steps.size(), 6);
        for (const PlanStep &s : std::as_const(p.steps)) {
            const bool toNode2 = s.params.value(QStringLiteral("server")).toString() == m_net.hostname(2);
            QCOMPARE(NetIperfKind::serverAddress(p, s) == QLatin1String("10.99.0.2"), toNode2);
        }
        o.atOnce = true;
        p = NetIperfKind::makePlan({m_net.node(1), m_net.node(2), m_net.node(3)}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(NetIperfKind().commandPreview(p, 0, m_net.node(1)).count(QLatin1String("10.99.0.2")), 1);
        o.addresses.insert(m_net.hostname(3), QStringLiteral("10.99.0.3; rm -rf /"));
        NetIperfKind::makePlan({m_net.node(1), m_net.node(2), m_net.node(3)}, o, &e);
        QVERIFY2(e, "a hostile address is refused");
    }

    // Six pairs at once: each node is the client of two and the server of two.
    void meshOfThreeAtOnce()
    {
        const RunResult r = run(meshPlan(2, 3));
        QCOMPARE(r.byNode.size(), 3);
        double sum = 0;
        for (auto it = r.byNode.cbegin(); it != r.byNode.cend(); ++it) {
            QVERIFY2(it->error.isEmpty(), qPrintable(it.key() + QStringLiteral(": ") + it->error));
            const QJsonArray pairs = it->summary.value(QStringLiteral("pairs")).toArray();
            QCOMPARE(pairs.size(), 2);
            QCOMPARE(it->summary.value(QStringLiteral("served")).toArray().size(), 2);
            for (const QJsonValue &v : pairs) {
                const double bps = v.toObject().value(QStringLiteral("bitsPerSecond")).toDouble();
                qInfo("%s → %s: %.2f Gbit/s", qPrintable(v.toObject().value(QStringLiteral("client")).toString()),
                    qPrintable(v.toObject().value(QStringLiteral("server")).toString()), bps / 1e9);
                QVERIFY(bps > 1e6);
                sum += bps;
            }
        }
        qInfo("mesh of 3 at once: %.2f Gbit/s over 6 pairs", sum / 1e9);
        // Every pair's samples start within the same second: they ran at once.
        QMap<QString, double> firstEnd;
        for (const Sample &s : r.samples)
            if (s.metric == metric::NetBw && !firstEnd.contains(s.target))
                firstEnd.insert(s.target, s.t);
        QCOMPARE(firstEnd.size(), 6);
        const auto [lo, hi] = std::minmax_element(firstEnd.cbegin(), firstEnd.cend());
        QVERIFY2(*hi - *lo < 0.5, qPrintable(QStringLiteral("%1 .. %2").arg(*lo).arg(*hi)));
        QTRY_VERIFY_WITH_TIMEOUT(listening({5201, 5202, 5203, 5204, 5205, 5206}).isEmpty(), 3000);
    }

    // A cancel while six pairs run: the run ends within seconds, and no iperf client or
    // server is left on any node.
    void cancelLeavesNoIperf()
    {
        const QStringList iperf {QStringLiteral("iperf3")};
        const cmtest::CancelTiming t = cmtest::cancelOnceRunning(
            meshPlan(1, 30), m_data.filePath(QStringLiteral("db.sqlite")),
            [&] { return m_net.processes(iperf).size() >= 12; }, // 6 servers, 6 clients
            [&] { return m_net.processes(iperf).isEmpty(); });
        qInfo("cancel to no iperf3 on any node: %lld ms; to run finished: %lld ms", t.stoppedMs, t.finishedMs);
        QVERIFY2(t.stoppedMs >= 0 && t.stoppedMs < 2000, qPrintable(QString::number(t.stoppedMs)));
        QVERIFY2(t.finishedMs >= 0 && t.finishedMs < 8000, qPrintable(QString::number(t.finishedMs)));
        QTRY_VERIFY_WITH_TIMEOUT(listening({5201, 5202, 5203, 5204, 5205, 5206}).isEmpty(), 3000);
    }

    // node1 (over both links of the stand-in) and node3 (over the bridge) into node2.
    void twoClientsIntoOneServer()
    {
        const QString server = m_net.loAddr(2); // node1 reaches it over s1a/s1b
        QVERIFY(m_net.exec(3,
                    {QStringLiteral("ip"), QStringLiteral("route"), QStringLiteral("replace"),
                        server + QStringLiteral("/32"), QStringLiteral("via"), m_net.addr(2)})
            == 0); // node3 over the bridge
        NetIperfKind::Options o;
        o.mode = QStringLiteral("star");
        o.centreIsServer = true;
        o.atOnce = true;
        o.streams = 16; // the flows hash over both links: all on one has odds of 2^-15
        o.duration = 3;
        o.addresses.insert(m_net.hostname(2), server);
        Error e;
        const Plan p = NetIperfKind::makePlan({m_net.node(2), m_net.node(1), m_net.node(3)}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(NetIperfKind().stepNodes(p, 0).size(), 3);
        const RunResult r = run(p);
        for (const NodeResult &n : r.byNode)
            QVERIFY2(n.error.isEmpty(), qPrintable(n.error));
        const QJsonObject srv = r.byNode.value(m_net.hostname(2)).summary;
        QCOMPARE(srv.value(QStringLiteral("served")).toArray().size(), 2);
        const QString name = m_net.hostname(2);
        const double a = linkBytes(srv, name, QStringLiteral("s2a"), "rxBytes");
        const double b = linkBytes(srv, name, QStringLiteral("s2b"), "rxBytes");
        const double bridge = linkBytes(srv, name, QStringLiteral("eth0"), "rxBytes");
        qInfo("node2 took in s2a %.0f MB, s2b %.0f MB, eth0 %.0f MB", a / 1e6, b / 1e6, bridge / 1e6);
        QVERIFY2(a > 10e6 && b > 10e6, "both links of the server carry data");
        QVERIFY(bridge > 10e6);
        for (const int k : {1, 3}) {
            const QJsonObject c = r.byNode.value(m_net.hostname(k)).summary;
            QVERIFY(c.value(QStringLiteral("bitsPerSecond")).toDouble() > 1e6);
        }
        QTRY_VERIFY_WITH_TIMEOUT(listening({5201, 5202}).isEmpty(), 3000);
    }
};

QTEST_GUILESS_MAIN(TestNetAtOnce)
#include "test_netatonce.moc"
