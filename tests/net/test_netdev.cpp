// SPDX-License-Identifier: GPL-3.0-or-later
// /proc/net/dev parsing and differencing, on node1's counters recorded around an
// iperf3 -P 4 run over the netns fixture's two shaped links (tests/data/netdev).
#include "parse/netdev.h"
#include "testutil.h"

#include <QTest>

using namespace cm;

namespace {

QByteArray readData(const QString &rel)
{
    QFile f(cmtest::testData(rel));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(rel));
    return f.readAll();
}

QByteArray netDev(const QList<QPair<QByteArray, QList<quint64>>> &rows)
{
    QByteArray out = "Inter-|   Receive                                                |  Transmit\n"
                     " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop "
                     "fifo colls carrier compressed\n";
    for (const auto &[name, v] : rows) {
        out += name.rightJustified(6) + ':';
        for (int i = 0; i < 16; ++i)
            out += ' ' + QByteArray::number(v.value(i));
        out += '\n';
    }
    return out;
}

} // namespace

class TestNetDev : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recordedSnapshots()
    {
        Error err;
        QStringList w;
        const QList<NetDevStat> before = parseNetDev(readData(QStringLiteral("netdev/netns-node1.before")), &err, &w);
        QVERIFY(!err);
        QVERIFY(w.isEmpty());
        QStringList names;
        for (const NetDevStat &s : before)
            names << s.name;
        QCOMPARE(names,
            (QStringList {QStringLiteral("lo"), QStringLiteral("eth0"), QStringLiteral("s1a"), QStringLiteral("s1b")}));
        const NetDevStat *s1a = findNetDev(before, QStringLiteral("s1a"));
        QVERIFY(s1a);
        QCOMPARE(s1a->rxBytes, Q_UINT64_C(586));
        QCOMPARE(s1a->rxPackets, Q_UINT64_C(7));
        QCOMPARE(s1a->txBytes, Q_UINT64_C(586));
        QVERIFY(!findNetDev(before, QStringLiteral("s2a")));

        const QList<NetDevStat> after = parseNetDev(readData(QStringLiteral("netdev/netns-node1.after")), &err, &w);
        QVERIFY(!err);
        const QList<NetDevRate> rates = netDevRates(before, after, 2.0, &w);
        QVERIFY(w.isEmpty());
        QCOMPARE(rates.size(), 4);
        double txA = 0, txB = 0;
        for (const NetDevRate &r : rates) {
            QVERIFY(!r.wrapped);
            if (r.name == QLatin1String("s1a"))
                txA = r.txBytesPerSec;
            if (r.name == QLatin1String("s1b"))
                txB = r.txBytesPerSec;
        }
        const NetDevStat *a1 = findNetDev(after, QStringLiteral("s1a"));
        QCOMPARE(txA, double(a1->txBytes - s1a->txBytes) / 2.0);
        // Four flows hashed over the two shaped links: both carried about half.
        const double share = txA / (txA + txB);
        QVERIFY2(share > 0.3 && share < 0.7, qPrintable(QString::number(share)));
        // ACKs come back on the links too
        QVERIFY(rates.at(2).rxPacketsPerSec > 0);
    }

    void thisMachineAndOldFormat()
    {
        QFile f(QStringLiteral("/proc/net/dev"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        Error err;
        const QList<NetDevStat> now = parseNetDev(f.readAll(), &err);
        QVERIFY(!err);
        QVERIFY(findNetDev(now, QStringLiteral("lo")));
        // 2.4 kernels: no space after the colon
        const QList<NetDevStat> old
            = parseNetDev("Inter-|\n face |\n  eth0:1234 5 0 0 0 0 0 0 678 9 0 0 0 0 0 0\n", &err);
        QVERIFY(!err);
        QCOMPARE(old.size(), 1);
        QCOMPARE(old.at(0).rxBytes, Q_UINT64_C(1234));
        QCOMPARE(old.at(0).txPackets, Q_UINT64_C(9));
    }

    void wrapResetAndChangedInterfaces()
    {
        const QList<NetDevStat> prev = parseNetDev(netDev({
            {"eth0", {4294967000ULL, 10, 0, 0, 0, 0, 0, 0, 1000, 10, 0, 0, 0, 0, 0, 0}},
            {"eth1", {5000000000ULL, 10, 0, 0, 0, 0, 0, 0, 1000, 10, 0, 0, 0, 0, 0, 0}},
            {"gone0", {1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0}},
        }));
        const QList<NetDevStat> cur = parseNetDev(netDev({
            {"eth0", {100, 20, 1, 2, 0, 0, 0, 0, 3000, 30, 0, 4, 0, 0, 0, 0}},
            {"eth1", {10, 1, 0, 0, 0, 0, 0, 0, 10, 1, 0, 0, 0, 0, 0, 0}},
            {"new0", {1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0}},
        }));
        QCOMPARE(prev.size(), 3);
        QStringList w;
        const QList<NetDevRate> r = netDevRates(prev, cur, 2.0, &w);
        QCOMPARE(r.size(), 1); // eth1 reset, new0 new, gone0 gone
        QCOMPARE(r.at(0).name, QStringLiteral("eth0"));
        QVERIFY(r.at(0).wrapped);
        QCOMPARE(r.at(0).rxBytesPerSec, (100.0 + 4294967296.0 - 4294967000.0) / 2.0);
        QCOMPARE(r.at(0).txBytesPerSec, 1000.0);
        QCOMPARE(r.at(0).rxPacketsPerSec, 5.0);
        QCOMPARE(r.at(0).rxErrsPerSec, 0.5);
        QCOMPARE(r.at(0).rxDropPerSec, 1.0);
        QCOMPARE(r.at(0).txDropPerSec, 2.0);
        QCOMPARE(w.size(), 3);
        QVERIFY(w.join(QLatin1Char(' ')).contains(QLatin1String("eth1 went backwards")));
        QVERIFY(w.join(QLatin1Char(' ')).contains(QLatin1String("new0 appeared")));
        QVERIFY(w.join(QLatin1Char(' ')).contains(QLatin1String("gone0 disappeared")));
        QVERIFY(netDevRates(prev, cur, 0).isEmpty());
        QVERIFY(netDevRates(prev, cur, -1).isEmpty());
    }

    void badInput()
    {
        Error err;
        QStringList w;
        QVERIFY(parseNetDev(QByteArray(), &err).isEmpty());
        QVERIFY(!err); // empty input is not an error
        QVERIFY(parseNetDev("cpu  1 2 3 4\nintr 5\n", &err, &w).isEmpty());
        QCOMPARE(err.code, Error::Code::ParseError);
        QCOMPARE(w.size(), 1);
        w.clear();
        const QList<NetDevStat> some = parseNetDev("  eth0: 1 2 3\n  eth1: x 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n"
                                                   "  eth2: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n",
            &err, &w);
        QVERIFY(!err);
        QCOMPARE(some.size(), 1);
        QVERIFY(w.at(0).startsWith(QLatin1String("/proc/net/dev: 2 unreadable")));
    }
};

QTEST_GUILESS_MAIN(TestNetDev)
#include "test_netdev.moc"
