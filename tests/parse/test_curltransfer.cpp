// SPDX-License-Identifier: GPL-3.0-or-later
// curl's per-request write-out lines (recorded from curl 7.88 against the lab's
// radosgw): parsing, a stream cut anywhere, malformed lines refused one by one, and the
// merged histograms of three clients equal to the histogram of all their requests.
#include "parse/curltransfer.h"
#include "stats/latencyhistogram.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

using namespace cm;

namespace {

QByteArray data(const QString &name)
{
    QFile f(qEnvironmentVariable("CLUSTERMARK_TEST_DATA") + QStringLiteral("/curl/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QList<CurlTransfer> parseAll(const QByteArray &text, int *rejected = nullptr)
{
    CurlTransferStream s;
    QList<CurlTransfer> out = s.feed(text);
    out += s.finish();
    if (rejected)
        *rejected = s.rejectedLines();
    return out;
}

} // namespace

class TestCurlTransfer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void oneLine()
    {
        CurlTransfer t;
        QVERIFY(parseCurlTransfer("cm 200 0.008309 0.002011 65536 0 ", &t));
        QCOMPARE(t.status, 200);
        QCOMPARE(t.totalNs, quint64(8309000));
        QCOMPARE(t.firstByteNs, quint64(2011000));
        QCOMPARE(t.bytesUp, quint64(65536));
        QCOMPARE(t.bytesDown, quint64(0));
        QVERIFY(t.ok() && t.error.isEmpty());
        QVERIFY(parseCurlTransfer("cm 000 0.000163 0.000000 0 0 Failed to connect: Couldn't connect", &t));
        QCOMPARE(t.status, 0);
        QVERIFY(!t.ok());
        QCOMPARE(t.error, QStringLiteral("Failed to connect: Couldn't connect"));
        for (const char *bad : {"", "cm", "cm 200", "cm 200 0.1 0.1 1", "xx 200 0.1 0.1 1 1", "cm two 0.1 0.1 1 1",
                 "cm 200 -1 0 1 1", "cm 200 nan 0 1 1", "cm 200 inf 0 1 1", "cm 200 1e9 0 1 1", "cm 200 0.1 0.1 -5 1",
                 "cm 200 0.1 0.1 1 99999999999999999999", "cm 1200 0.1 0.1 1 1", "cm -1 0.1 0.1 1 1"})
            QVERIFY2(!parseCurlTransfer(bad, &t), bad);
        QVERIFY(parseCurlTransfer("cm 200 0.001 0.002 1 1 ", &t)); // rounding: first byte after the last
        QCOMPARE(t.firstByteNs, t.totalNs);
    }

    // Every cut of a recorded stream gives the same transfers.
    void streamCutAnywhere()
    {
        const QByteArray text = data(QStringLiteral("put-64k-client1.txt"));
        QVERIFY(!text.isEmpty());
        const QList<CurlTransfer> whole = parseAll(text);
        QCOMPARE(whole.size(), 60);
        for (qsizetype cut = 1; cut < text.size(); cut += 7) {
            CurlTransferStream s;
            QList<CurlTransfer> parts = s.feed(text.left(cut));
            parts += s.feed(text.mid(cut));
            parts += s.finish();
            QCOMPARE(parts.size(), whole.size());
            QCOMPARE(parts.last().totalNs, whole.last().totalNs);
            QCOMPARE(s.rejectedLines(), 0);
        }
    }

    // Error bodies glued to the front of their lines: those lines are refused, counted
    // and shown; the others still count.
    void malformedLinesRefused()
    {
        int rejected = 0;
        const QList<CurlTransfer> t = parseAll(data(QStringLiteral("get-64k-with-404.txt")), &rejected);
        QCOMPARE(t.size(), 60);
        QCOMPARE(rejected, 3);
        for (const CurlTransfer &x : t)
            QVERIFY(x.ok() && x.bytesDown == 65536);
        const QList<CurlTransfer> refused = parseAll(data(QStringLiteral("refused.txt")));
        QCOMPARE(refused.size(), 2);
        QVERIFY(refused.first().error.contains(QLatin1String("Couldn't connect")));
        CurlTransferStream s; // a flood without a newline is not held forever
        s.feed(QByteArray(10000, 'x'));
        QCOMPARE(s.rejectedLines(), 1);
    }

    // Three clients' histograms merged = the histogram of their requests put together:
    // the percentiles of the total come from requests, never from averaged percentiles.
    void mergedClientsEqualAllRequests()
    {
        LatencyBins merged;
        LatencyHistogram all;
        QList<double> p99s;
        for (int c = 1; c <= 3; ++c) {
            LatencyHistogram client;
            for (const CurlTransfer &t : parseAll(data(QStringLiteral("put-64k-client%1.txt").arg(c)))) {
                client.add(t.totalNs);
                all.add(t.totalNs);
            }
            QCOMPARE(client.count(), quint64(60));
            mergeBins(merged, client.bins());
            p99s << client.percentile(99);
        }
        QCOMPARE(merged, all.bins());
        for (const double q : {50.0, 90.0, 99.0, 99.9})
            QCOMPARE(binsPercentile(merged, q), binsPercentile(all.bins(), q));
        QCOMPARE(binsCount(merged), quint64(180));
        qInfo("p99 of the clients %.0f / %.0f / %.0f ns; of all requests %.0f ns", p99s.at(0), p99s.at(1), p99s.at(2),
            all.percentile(99));
    }
};

QTEST_GUILESS_MAIN(TestCurlTransfer)
#include "test_curltransfer.moc"
