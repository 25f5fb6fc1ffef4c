// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/metric.h"
#include "parse/nodestatsdecoder.h"
#include "testutil.h"

#include <QFile>

#include <QTest>

using namespace cm;

namespace {
QByteArray block(quint64 user, quint64 idle, quint64 iowait, quint64 sectorsRead, quint64 ticks)
{
    return QStringLiteral("@@stat\ncpu  %1 0 0 %2 %3 0 0 0 0 0\n@@diskstats\n"
                          "   8       0 sda 100 0 %4 50 10 0 80 20 0 %5 70 0 0 0 0 0 0\n"
                          "   8       1 sda1 100 0 %4 50 10 0 80 20 0 %5 70 0 0 0 0 0 0\n"
                          "   7       0 loop0 1 0 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n@@end\n")
        .arg(user)
        .arg(idle)
        .arg(iowait)
        .arg(sectorsRead)
        .arg(ticks)
        .toLatin1();
}
QByteArray recorded(const QString &name, int lines = -1)
{
    QFile f(cmtest::testData(QStringLiteral("proc/") + name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QByteArray all = f.readAll();
    if (lines > 0) {
        const QList<QByteArray> l = all.split('\n');
        all = l.mid(0, lines).join('\n') + '\n';
    }
    return all;
}
// A block as the monitor's loop prints it, from the recorded /proc files (tests/data/proc).
QByteArray recordedBlock(int n, const QByteArray &speeds)
{
    QByteArray cpuLines;
    for (const QByteArray &l : recorded(QStringLiteral("stat.%1").arg(n)).split('\n'))
        if (l.startsWith("cpu"))
            cpuLines += l + '\n';
    return "@@stat\n" + cpuLines + "@@diskstats\n" + recorded(QStringLiteral("diskstats.%1").arg(n)) + "@@meminfo\n"
        + recorded(QStringLiteral("meminfo.%1").arg(n), 3) + "@@netspeed\n" + speeds + "@@end\n";
}
double valueOf(const SampleList &s, const QString &metric)
{
    for (const Sample &x : s)
        if (x.metric == metric)
            return x.value;
    return -1;
}
} // namespace

class TestNodeStatsDecoder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void differencesConsecutiveBlocks()
    {
        NodeStatsDecoder d(QStringLiteral("n1"));
        QVERIFY(d.feed(block(100, 800, 100, 1000, 0), 1.0).isEmpty()); // first block: nothing to diff
        // second block: +50 user, +40 idle, +10 iowait → busy 50 %, iowait 10 %
        const QByteArray b = block(150, 840, 110, 1000 + 2048, 500);
        SampleList s;
        for (int i = 0; i < b.size(); i += 7) // cut anywhere
            s += d.feed(b.mid(i, 7), 2.0);
        QCOMPARE(valueOf(s, metric::CpuBusy), 50.0);
        QCOMPARE(valueOf(s, metric::CpuIowait), 10.0);
        QCOMPARE(valueOf(s, metric::diskReadBytes(QStringLiteral("sda"))), 2048.0 * 512);
        QCOMPARE(valueOf(s, metric::diskUtil(QStringLiteral("sda"))), 50.0);
        QCOMPARE(valueOf(s, metric::diskUtil(QStringLiteral("sda1"))), -1.0); // partitions are not shown
        QCOMPARE(valueOf(s, metric::diskUtil(QStringLiteral("loop0"))), -1.0);
        for (const Sample &x : s)
            QCOMPARE(x.target, QStringLiteral("n1"));
    }
    void interfaceRatesFromTheNetdevSection()
    {
        auto withNet = [](quint64 ethTx, quint64 ethRx) {
            QByteArray b = block(100, 800, 100, 1000, 0);
            b.chop(6); // "@@end\n"
            b += QStringLiteral(
                "@@netdev\nInter-|   Receive                                                |  Transmit\n"
                " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo "
                "colls carrier compressed\n"
                "    lo: 5000 1 0 0 0 0 0 0 5000 1 0 0 0 0 0 0\n"
                "  eth0: %1 10 0 0 0 0 0 0 %2 20 0 0 0 0 0 0\n@@end\n")
                     .arg(ethRx)
                     .arg(ethTx)
                     .toLatin1();
            return b;
        };
        NodeStatsDecoder d(QStringLiteral("n1"));
        QVERIFY(d.feed(withNet(1000, 2000), 1.0).isEmpty());
        const SampleList s = d.feed(withNet(1000 + 250000000, 2000 + 1000), 1.5);
        QCOMPARE(valueOf(s, metric::netTxBytes(QStringLiteral("eth0"))), 500000000.0); // per second
        QCOMPARE(valueOf(s, metric::netRxBytes(QStringLiteral("eth0"))), 2000.0);
        QCOMPARE(valueOf(s, metric::netTxBytes(QStringLiteral("lo"))), -1.0); // loopback left out
        QCOMPARE(valueOf(s, metric::diskReadBytes(QStringLiteral("sda"))), 0.0); // disks still read
        QVERIFY(metric::unitOf(metric::netRxBytes(QStringLiteral("eth0")))
            == metric::Unit::BitRate); // bytes/s, shown in bits
    }
    // Two real snapshots one second apart (tests/data/proc, fio writing): the expected
    // figures are worked out here from the recorded counters.
    void busiestCoreMemoryAwaitAndLinkSpeed()
    {
        NodeStatsDecoder d(QStringLiteral("n1"));
        const SampleList first = d.feed(recordedBlock(1, "eth0 10000\nbond0 -1\nlo 0\n"), 1.0);
        // link speeds and memory need no previous block
        QCOMPARE(valueOf(first, metric::netSpeed(QStringLiteral("eth0"))), 10000e6 / 8);
        QCOMPARE(valueOf(first, metric::netSpeed(QStringLiteral("bond0"))), -1.0); // unknown: not a speed
        QVERIFY(valueOf(first, metric::MemUsed) > 0);
        const SampleList s = d.feed(recordedBlock(2, "eth0 10000\n"), 2.0);
        // cpu0: busy 9503 -> 9562 of 60202 -> 60301 ticks (59 of 99); cpu1: 12503 -> 12592 of
        // 59905 -> 60005 (89 of 100): the busiest core is cpu1 at 89 %
        QVERIFY2(qFuzzyCompare(valueOf(s, metric::CpuBusiestCore), 89.0),
            qPrintable(QString::number(valueOf(s, metric::CpuBusiestCore))));
        QVERIFY(valueOf(s, metric::CpuBusy) < 89.0); // the total hides the busy core
        // MemTotal 24683656 kB, MemAvailable 24155632 kB
        QVERIFY(qFuzzyCompare(valueOf(s, metric::MemUsed), 100.0 * (24683656.0 - 24155632.0) / 24683656.0));
        // vda: reads +8504 in +3249 ms, writes +8535 in +3247 ms
        QVERIFY(qFuzzyCompare(
            valueOf(s, metric::diskAwait(QStringLiteral("vda"))), (3249.0 + 3247.0) * 1e6 / (8504 + 8535)));
        QVERIFY(metric::unitOf(metric::diskAwait(QStringLiteral("vda"))) == metric::Unit::Nanoseconds);
        QVERIFY(metric::unitOf(metric::MemUsed) == metric::Unit::Percent);
        // a speed is sent again only when it changes
        QCOMPARE(valueOf(s, metric::netSpeed(QStringLiteral("eth0"))), -1.0);
        const SampleList later = d.feed(recordedBlock(2, "eth0 1000\n"), 3.0);
        QCOMPARE(valueOf(later, metric::netSpeed(QStringLiteral("eth0"))), 1000e6 / 8);
        QVERIFY(d.takeWarnings().isEmpty());
    }
    // The first block names the node: host name and `ip -j addr show`, loopback and
    // link-local addresses left out.
    void identityFromTheFirstBlock()
    {
        NodeStatsDecoder d(QStringLiteral("n1"));
        const QByteArray ip = R"([{"ifname":"lo","addr_info":[{"family":"inet","local":"127.0.0.1","prefixlen":8}]},)"
                              R"({"ifname":"eth0","addr_info":[{"family":"inet","local":"192.0.2.5","prefixlen":24},)"
                              R"({"family":"inet6","local":"fe80::1","prefixlen":64},)"
                              R"({"family":"inet6","local":"FD00::5","prefixlen":64}]}])";
        d.feed("@@ident\npve5\n" + ip + "\n" + block(1, 1, 1, 1, 1), 1.0);
        const auto id = d.takeIdentity();
        QVERIFY(id);
        QCOMPARE(id->node, QStringLiteral("n1"));
        QCOMPARE(id->hostname, QStringLiteral("pve5"));
        QCOMPARE(id->addresses, (QStringList {QStringLiteral("192.0.2.5"), QStringLiteral("fd00::5")}));
        QVERIFY(!d.takeIdentity()); // once
        d.feed(block(2, 2, 2, 2, 2), 2.0);
        QVERIFY(!d.takeIdentity());
    }
    // A root tbf shaper's rate is a figure of its own beside the kernel's link speed.
    void shaperRateBesideTheSpeed()
    {
        NodeStatsDecoder d(QStringLiteral("n1"));
        const QByteArray qdisc
            = R"([{"kind":"tbf","handle":"8001:","root":true,"dev":"s1a","options":{"rate":37500000}},)"
              R"({"kind":"noqueue","dev":"lo","root":true}])";
        const SampleList s = d.feed("@@qdisc\n" + qdisc + "\n" + recordedBlock(1, "s1a 10000\n"), 1.0);
        QCOMPARE(valueOf(s, metric::netSpeed(QStringLiteral("s1a"))), 10000e6 / 8);
        QCOMPARE(valueOf(s, metric::netShaped(QStringLiteral("s1a"))), 37500000.0);
    }
    void garbageIsHarmless()
    {
        NodeStatsDecoder d(QStringLiteral("n1"));
        QVERIFY(d.feed("@@stat\ncpu a b c d e f g h\n@@end\n", 1).isEmpty());
        QVERIFY(!d.takeWarnings().isEmpty());
        QVERIFY(d.feed(QByteArray(5 * 1024 * 1024, 'x'), 2).isEmpty());
        QVERIFY(!d.takeWarnings().isEmpty());
    }
    void counterResetGivesNoNegativeRates()
    {
        NodeStatsDecoder d(QStringLiteral("n1"));
        d.feed(block(100, 800, 100, 5000, 900), 1.0);
        const SampleList s = d.feed(block(10, 10, 10, 10, 10), 2.0);
        for (const Sample &x : s)
            QVERIFY(x.value >= 0);
    }
};

QTEST_GUILESS_MAIN(TestNodeStatsDecoder)
#include "test_nodestatsdecoder.moc"
