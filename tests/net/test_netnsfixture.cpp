// SPDX-License-Identifier: GPL-3.0-or-later
// The network-namespace node fixture (scripts/fixtures/netns.sh) for real: two nodes
// joined by two 1 Gbit/s shaped veth links with an ECMP route hashing on layer 3+4
// (the bond stand-in: this kernel has no bonding driver). iperf3 -P 4 must fill both
// links (~1.9 Gbit/s, each link carrying about half, seen in node1's /proc/net/dev),
// one stream only one link (~0.95 Gbit/s); each node's sshd answers `hostname` with its
// own name through SshTransport; `down` leaves nothing behind. Needs root.
#include "netnsfixture.h"
#include "parse/iperf3json.h"
#include "parse/netdev.h"
#include "testutil.h"
#include "transport/sshtransport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTest>

using namespace cm;

namespace {

constexpr int kIperfPort = 5201;

struct LinkRun {
    Iperf3Result result;
    Error parseError;
    QMap<QString, double> txBytes; // per link of node1, during the run
    double share(const QString &link) const
    {
        double total = 0;
        for (double v : txBytes)
            total += v;
        return total > 0 ? txBytes.value(link) / total : 0;
    }
};

// One iperf3 client run from node1 to node2's lo address, with node1's link counters
// read right before and after it.
LinkRun runIperf(const cmtest::NetnsFixture &net, int streams, int seconds)
{
    LinkRun run;
    const QList<NetDevStat> before = parseNetDev(net.readFile(1, QStringLiteral("/proc/net/dev")));
    QByteArray out;
    QStringList args {QStringLiteral("iperf3"), QStringLiteral("-c"), net.loAddr(2), QStringLiteral("-p"),
        QString::number(kIperfPort), QStringLiteral("-J"), QStringLiteral("-P"), QString::number(streams),
        QStringLiteral("-t"), QString::number(seconds)};
    net.exec(1, args, &out, nullptr, (seconds + 15) * 1000);
    const QList<NetDevStat> after = parseNetDev(net.readFile(1, QStringLiteral("/proc/net/dev")));
    run.result = parseIperf3Json(out, &run.parseError);
    for (const QString &link : net.linkNames(1)) {
        const NetDevStat *b = findNetDev(before, link);
        const NetDevStat *a = findNetDev(after, link);
        if (a && b && a->txBytes >= b->txBytes)
            run.txBytes.insert(link, double(a->txBytes - b->txBytes));
    }
    return run;
}

QStringList namespacesWith(const QString &prefix)
{
    QProcess p;
    p.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("list")});
    p.waitForFinished(10000);
    QStringList out;
    for (const QString &l : QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (l.startsWith(prefix + QLatin1Char('-')))
            out << l.section(QLatin1Char(' '), 0, 0);
    return out;
}

QStringList linksWith(const QString &prefix)
{
    QProcess p;
    p.start(QStringLiteral("ip"), {QStringLiteral("-o"), QStringLiteral("link"), QStringLiteral("show")});
    p.waitForFinished(10000);
    QStringList out;
    for (const QString &l : QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString name = l.section(QStringLiteral(": "), 1, 1).section(QLatin1Char('@'), 0, 0);
        if (name.startsWith(prefix))
            out << name;
    }
    return out;
}

bool startIperfServer(const cmtest::NetnsFixture &net, int node)
{
    if (net.exec(node,
            {QStringLiteral("iperf3"), QStringLiteral("-s"), QStringLiteral("-D"), QStringLiteral("-p"),
                QString::number(kIperfPort)})
        != 0)
        return false;
    // -D returns before the socket listens
    return net.exec(node,
               {QStringLiteral("sh"), QStringLiteral("-c"),
                   QStringLiteral("for i in $(seq 100); do ss -Hltn 'sport = :%1' | grep -q . && exit 0; "
                                  "sleep 0.05; done; exit 1")
                       .arg(kIperfPort)})
        == 0;
}

} // namespace

class TestNetnsFixture : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void twoShapedLinksActLikeABond()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::NetnsFixture::available(&why), why);
        cmtest::NetnsFixture net;
        QElapsedTimer t;
        t.start();
        QVERIFY2(net.up(2, QStringLiteral("1gbit")), qPrintable(net.whyNot()));
        qInfo("fixture up in %lld ms (prefix %s)", t.elapsed(), qPrintable(net.prefix()));
        const QString prefix = net.prefix();
        QCOMPARE(net.linkNames(1), (QStringList {QStringLiteral("s1a"), QStringLiteral("s1b")}));
        QCOMPARE(namespacesWith(prefix).size(), 2);

        // Each node's own sshd, through the project's SSH transport.
        for (int k = 1; k <= 2; ++k) {
            SshTransport ssh(net.node(k), {}, net.options());
            const Error e = ssh.connect();
            QVERIFY2(!e, qPrintable(e.toString()));
            const ExecResult r = ssh.capture({QStringLiteral("hostname")}, 10000);
            QVERIFY2(r.ok(), qPrintable(r.error.toString() + QString::fromUtf8(r.stdErr)));
            QCOMPARE(QString::fromUtf8(r.stdOut).trimmed(), QStringLiteral("node%1").arg(k));
            // /proc/net/dev is per node: node1 sees its links, node2 does not see them
            const QList<NetDevStat> dev = parseNetDev(ssh.readFile(QStringLiteral("/proc/net/dev")));
            QVERIFY(findNetDev(dev, QStringLiteral("eth0")));
            QCOMPARE(findNetDev(dev, QStringLiteral("s1a")) != nullptr, k == 1);
        }

        QVERIFY(startIperfServer(net, 2));
        // Four flows over two 1 Gbit/s links. The layer 3+4 hash may put all four on one
        // link (1 time in 8, as on a real bond): then run again (new ephemeral ports).
        LinkRun four;
        for (int attempt = 0; attempt < 3; ++attempt) {
            four = runIperf(net, 4, 3);
            QVERIFY2(!four.parseError, qPrintable(four.parseError.toString()));
            QVERIFY2(!four.result.failed(), qPrintable(four.result.error));
            if (four.share(QStringLiteral("s1a")) > 0.1 && four.share(QStringLiteral("s1b")) > 0.1)
                break;
            qInfo("attempt %d: all flows hashed onto one link, running again", attempt + 1);
        }
        const double aggregate = four.result.receivedBitsPerSecond();
        qInfo("iperf3 -P 4: %.3f Gbit/s received; link share s1a %.1f%%, s1b %.1f%%; retransmits %d", aggregate / 1e9,
            100 * four.share(QStringLiteral("s1a")), 100 * four.share(QStringLiteral("s1b")),
            four.result.sumSent.retransmits);
        QCOMPARE(four.result.numStreams, 4);
        QCOMPARE(four.result.intervals.size(), 3);
        QVERIFY2(aggregate > 1.6e9 && aggregate < 2.05e9, qPrintable(QString::number(aggregate)));
        QVERIFY2(four.share(QStringLiteral("s1a")) > 0.3 && four.share(QStringLiteral("s1b")) > 0.3,
            "both links must carry a fair part of four flows");

        // One flow never uses more than one link.
        const LinkRun one = runIperf(net, 1, 2);
        QVERIFY2(!one.parseError && !one.result.failed(), qPrintable(one.result.error));
        const double single = one.result.receivedBitsPerSecond();
        const double maxShare = qMax(one.share(QStringLiteral("s1a")), one.share(QStringLiteral("s1b")));
        qInfo("iperf3 -P 1: %.3f Gbit/s received; busiest link carried %.1f%%", single / 1e9, 100 * maxShare);
        QVERIFY2(single > 0.8e9 && single < 1.02e9, qPrintable(QString::number(single)));
        QVERIFY(maxShare > 0.95);

        // Down removes everything up created.
        const qint64 pid1 = net.sshdPid(1), pid2 = net.sshdPid(2);
        const QString stateDir = net.value(QStringLiteral("STATE_DIR"));
        QVERIFY(cmtest::processAlive(pid1) && cmtest::processAlive(pid2));
        QVERIFY(!linksWith(prefix).isEmpty());
        t.restart();
        QVERIFY2(net.down(), qPrintable(net.whyNot()));
        qInfo("fixture down in %lld ms", t.elapsed());
        QVERIFY(namespacesWith(prefix).isEmpty());
        QVERIFY(linksWith(prefix).isEmpty());
        QVERIFY(!cmtest::processAlive(pid1));
        QVERIFY(!cmtest::processAlive(pid2));
        QVERIFY(!QDir(stateDir).exists());
        QVERIFY(cmtest::processesMatching(prefix.toUtf8() + "/node").isEmpty());
        QVERIFY(net.down()); // idempotent
    }

    void twoFixturesSideBySide()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::NetnsFixture::available(&why), why);
        cmtest::NetnsFixture a, b;
        QVERIFY2(a.up(2, QString()), qPrintable(a.whyNot()));
        QVERIFY2(b.up(3, QString()), qPrintable(b.whyNot()));
        QVERIFY(a.prefix() != b.prefix());
        QVERIFY(a.value(QStringLiteral("SUBNET")) != b.value(QStringLiteral("SUBNET")));
        QCOMPARE(b.nodes(), 3);
        QCOMPARE(namespacesWith(b.prefix()).size(), 3);
        // Node 3 sits on the bridge only; node1 reaches its sshd there, and node2's lo
        // over the (unshaped) links.
        QCOMPARE(b.exec(1,
                     {QStringLiteral("bash"), QStringLiteral("-c"),
                         QStringLiteral("exec 3<>/dev/tcp/%1/%2").arg(b.addr(3)).arg(b.port(3))}),
            0);
        QVERIFY(startIperfServer(b, 2));
        QByteArray out;
        b.exec(1,
            {QStringLiteral("iperf3"), QStringLiteral("-c"), b.loAddr(2), QStringLiteral("-p"),
                QString::number(kIperfPort), QStringLiteral("-t"), QStringLiteral("1"), QStringLiteral("-J")},
            &out);
        const Iperf3Result unshaped = parseIperf3Json(out);
        QVERIFY2(!unshaped.failed() && unshaped.receivedBitsPerSecond() > 0, qPrintable(unshaped.error));
        qInfo("unshaped links, one stream: %.1f Gbit/s", unshaped.receivedBitsPerSecond() / 1e9);
        QVERIFY(a.down());
        QVERIFY(namespacesWith(a.prefix()).isEmpty());
        QCOMPARE(namespacesWith(b.prefix()).size(), 3); // the other one is untouched
        SshTransport ssh(b.node(3), {}, b.options());
        QVERIFY(!ssh.connect());
        QCOMPARE(
            QString::fromUtf8(ssh.capture({QStringLiteral("hostname")}).stdOut).trimmed(), QStringLiteral("node3"));
    }
};

QTEST_GUILESS_MAIN(TestNetnsFixture)
#include "test_netnsfixture.moc"
