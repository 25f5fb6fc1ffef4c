// SPDX-License-Identifier: GPL-3.0-or-later
// iperf3 -J and iperf 2 -y C parsing on outputs recorded with iperf3 3.12 and iperf
// 2.1.8 (tests/data/iperf, see its README).
#include "parse/iperf2csvreader.h"
#include "parse/iperf3json.h"
#include "testutil.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace cm;

namespace {

QByteArray readData(const QString &rel)
{
    QFile f(cmtest::testData(rel));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(rel));
    return f.readAll();
}

Iperf3Result parse3(const QString &file, QStringList *warnings = nullptr)
{
    Error err;
    const Iperf3Result r = parseIperf3Json(readData(QStringLiteral("iperf/") + file), &err, warnings);
    if (err)
        qWarning("%s: %s", qPrintable(file), qPrintable(err.message));
    return r;
}

bool near(double a, double b, double rel = 1e-6)
{
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}

} // namespace

class TestIperfParsers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void iperf3Parallel()
    {
        QStringList w;
        const Iperf3Result r = parse3(QStringLiteral("iperf3-3.12-p2.json"), &w);
        QVERIFY2(w.isEmpty(), qPrintable(w.join(QLatin1Char('\n'))));
        QVERIFY(!r.failed());
        QVERIFY(!r.toolError());
        QCOMPARE(r.version, QStringLiteral("iperf 3.12"));
        QCOMPARE(r.protocol, QStringLiteral("TCP"));
        QCOMPARE(r.numStreams, 2);
        QCOMPARE(r.connectedStreams, 2);
        QCOMPARE(r.duration, 2.0);
        QCOMPARE(r.blksize, 131072);
        QVERIFY(!r.reverse);
        QVERIFY(!r.bidir);
        QCOMPARE(r.remoteHost, QStringLiteral("127.0.0.1"));
        QCOMPARE(r.intervals.size(), 2);
        for (const Iperf3Interval &in : r.intervals) {
            QCOMPARE(in.streams.size(), 2);
            double bps = 0;
            int retr = 0;
            quint64 bytes = 0;
            for (const Iperf3Stream &s : in.streams) {
                bps += s.bitsPerSecond;
                retr += s.retransmits;
                bytes += s.bytes;
                QVERIFY(s.sender);
                QVERIFY(s.rttUs.has_value());
            }
            QVERIFY(near(bps, in.sum.bitsPerSecond, 1e-3)); // streams add up to the sum
            QCOMPARE(retr, in.sum.retransmits);
            QCOMPARE(bytes, in.sum.bytes);
            QVERIFY(in.end > in.start);
        }
        QCOMPARE(r.intervals.at(0).streams.at(1).socket, 7);
        QCOMPARE(r.intervals.at(0).streams.at(0).retransmits, 9);
        QVERIFY(r.sumSent.present && r.sumReceived.present);
        QCOMPARE(r.sumSent.retransmits, 20);
        QCOMPARE(r.sumReceived.retransmits, -1);
        QCOMPARE(r.sumReceived.bytes, Q_UINT64_C(3444572160));
        QVERIFY(near(r.sumReceived.bitsPerSecond, double(r.sumReceived.bytes) * 8 / r.sumReceived.seconds, 1e-6));
        QCOMPARE(r.receivedBitsPerSecond(), r.sumReceived.bitsPerSecond);
        QVERIFY(r.cpuHostTotal && r.cpuRemoteTotal);
        QVERIFY(near(*r.cpuHostTotal, *r.cpuHostUser + *r.cpuHostSystem, 1e-3));
        QCOMPARE(r.senderCongestion, QStringLiteral("bbr"));
    }

    void iperf3Reverse()
    {
        const Iperf3Result r = parse3(QStringLiteral("iperf3-3.12-p2-reverse.json"));
        QVERIFY(r.reverse);
        QCOMPARE(r.intervals.size(), 2);
        QVERIFY(!r.intervals.at(0).sum.sender); // the client receives
        QCOMPARE(r.intervals.at(0).streams.at(0).retransmits, -1);
        QVERIFY(r.sumSent.retransmits > 0); // the server's retransmits
        QVERIFY(r.receivedBitsPerSecond() > 1e8);
    }

    void iperf3Bidir()
    {
        const Iperf3Result r = parse3(QStringLiteral("iperf3-3.12-p2-bidir.json"));
        QVERIFY(r.bidir);
        QCOMPARE(r.intervals.size(), 2);
        const Iperf3Interval &in = r.intervals.at(0);
        QCOMPARE(in.streams.size(), 4); // 2 each way
        QVERIFY(in.sumReverse.present);
        QVERIFY(!in.sumReverse.sender);
        double forward = 0, reverse = 0;
        for (const Iperf3Stream &s : in.streams)
            (s.sender ? forward : reverse) += s.bitsPerSecond;
        QVERIFY(near(forward, in.sum.bitsPerSecond, 1e-3));
        QVERIFY(near(reverse, in.sumReverse.bitsPerSecond, 1e-3));
        QVERIFY(r.sumSentReverse.present && r.sumReceivedReverse.present);
        QVERIFY(r.sumReceivedReverse.bitsPerSecond > 0);
    }

    void iperf3Udp()
    {
        const Iperf3Result r = parse3(QStringLiteral("iperf3-3.12-udp.json"));
        QCOMPARE(r.protocol, QStringLiteral("UDP"));
        QVERIFY(r.udpSum.present);
        QVERIFY(r.udpSum.jitterMs.has_value());
        QCOMPARE(r.udpSum.lostPackets, qint64(0));
        QVERIFY(r.udpSum.packets > 0);
        QCOMPARE(r.intervals.at(0).sum.packets, qint64(763));
        QVERIFY(near(r.sumSent.bitsPerSecond, 2e8, 0.01)); // -b 200M
    }

    void iperf3NanAndTextAround()
    {
        QStringList w;
        const Iperf3Result r = parse3(QStringLiteral("iperf3-3.12-udp-nan-derived.txt"), &w);
        QVERIFY(!r.failed());
        QVERIFY(r.udpSum.present);
        QVERIFY(!r.udpSum.lostPercent.has_value()); // -nan: unknown
        QVERIFY(r.sumReceived.present);
        QVERIFY(r.sumReceived.bitsPerSecond > 0);
        QCOMPARE(w.size(), 2);
        QVERIFY(w.at(0).contains(QLatin1String("warning: UDP block size")));
        QVERIFY(w.at(1).contains(QLatin1String("5 nan")));

        // Every spelling; nothing inside strings is touched.
        int n = 0;
        QCOMPARE(nullifyNonFiniteTokens(
                     R"({"a": nan, "b": -nan, "c": inf, "d": -Infinity, "e": "nan x", "f": NaN, "g": true})", &n),
            QByteArray(R"({"a": null, "b": null, "c": null, "d": null, "e": "nan x", "f": null, "g": true})"));
        QCOMPARE(n, 5);
        // bits_per_second nan: recomputed from bytes and seconds
        Error err;
        const Iperf3Result c = parseIperf3Json(
            R"({"intervals":[{"streams":[],"sum":{"start":0,"end":0.5,"seconds":0.5,"bytes":1000,"bits_per_second":-nan}}],"end":{}})",
            &err);
        QVERIFY(!err);
        QCOMPARE(c.intervals.size(), 1);
        QCOMPARE(c.intervals.at(0).sum.bitsPerSecond, 16000.0);
    }

    void iperf3TrailingCopyIgnored()
    {
        // 3.17 printed the document twice (esnet/iperf#1716); a shell may add text.
        const QByteArray one = readData(QStringLiteral("iperf/iperf3-3.12-p2.json"));
        QStringList w;
        Error err;
        const Iperf3Result r = parseIperf3Json("motd line {not json}\n" + one + one + "logout\n", &err, &w);
        QVERIFY(!err);
        QCOMPARE(r.intervals.size(), 2);
        QCOMPARE(w.size(), 2);
    }

    void iperf3Refused()
    {
        const Iperf3Result r = parse3(QStringLiteral("iperf3-3.12-refused.json"));
        QVERIFY(r.failed());
        QCOMPARE(r.error, QStringLiteral("unable to connect to server: Connection refused"));
        QCOMPARE(r.toolError(QStringLiteral("node1")).code, Error::Code::Unreachable);
        QCOMPARE(r.toolError(QStringLiteral("node1")).context, QStringLiteral("node1"));
        QVERIFY(r.intervals.isEmpty());
        QVERIFY(!r.sumReceived.present);
        QCOMPARE(r.receivedBitsPerSecond(), 0.0);
    }

    void iperf3ServerKilled()
    {
        const Iperf3Result r = parse3(QStringLiteral("iperf3-3.12-server-killed.json"));
        QVERIFY(r.failed());
        QCOMPARE(r.toolError().code, Error::Code::CommandFailed);
        QVERIFY(!r.intervals.isEmpty()); // what ran before is kept
        QVERIFY(!r.sumSent.present);
    }

    void iperf3BadInput()
    {
        Error err;
        (void)parseIperf3Json(QByteArray(), &err);
        QCOMPARE(err.code, Error::Code::ParseError);
        QVERIFY(err.message.contains(QLatin1String("no output")));
        const QByteArray whole = readData(QStringLiteral("iperf/iperf3-3.12-p2.json"));
        (void)parseIperf3Json(whole.left(whole.size() / 2), &err);
        QCOMPARE(err.code, Error::Code::ParseError);
        QVERIFY(err.message.contains(QLatin1String("no complete JSON")));
        (void)parseIperf3Json("{\n \"start\": [1, 2,, ]\n}\n", &err);
        QCOMPARE(err.code, Error::Code::ParseError);
        QVERIFY(err.message.contains(QLatin1String("malformed")));
        // Wrong types everywhere: values stay empty, no crash.
        const Iperf3Result r = parseIperf3Json(R"({"start":5,"intervals":{"a":1},"end":[],"error":7})", &err);
        QVERIFY(!err);
        QVERIFY(!r.failed());
        QVERIFY(r.intervals.isEmpty());
        for (qsizetype cut = 0; cut < whole.size(); cut += 97)
            (void)parseIperf3Json(whole.left(cut) + "}}}]]", &err);
    }

    void iperf2Parallel()
    {
        const QByteArray csv = readData(QStringLiteral("iperf/iperf-2.1.8-p2-csv.txt"));
        Iperf2CsvReader reader(2);
        const QList<Iperf2Interval> in = reader.feed(csv) + reader.finish();
        QVERIFY2(reader.takeWarnings().isEmpty(), "warnings on a clean run");
        QCOMPARE(in.size(), 3); // -t 3 -i 1
        for (int i = 0; i < in.size(); ++i) {
            QCOMPARE(in.at(i).start, double(i));
            QCOMPARE(in.at(i).end, double(i + 1));
            QCOMPARE(in.at(i).streams.size(), 2);
            QCOMPARE(in.at(i).bytes, in.at(i).streams.at(0).bytes + in.at(i).streams.at(1).bytes);
            QVERIFY(near(
                in.at(i).bitsPerSecond, in.at(i).streams.at(0).bitsPerSecond + in.at(i).streams.at(1).bitsPerSecond));
            QVERIFY(near(double(in.at(i).bytes) * 8, in.at(i).bitsPerSecond, 1e-3)); // 1-second intervals
        }
        QCOMPARE(in.at(0).timestamp, QStringLiteral("20261129224202"));
        QCOMPARE(in.at(0).bytes, Q_UINT64_C(2240020540) + Q_UINT64_C(1862008892));
        const auto total = reader.total();
        QVERIFY(total.has_value());
        QCOMPARE(total->start, 0.0);
        QCOMPARE(total->end, 3.0);
        QCOMPARE(total->streams.size(), 2);
        quint64 sum = 0;
        for (const Iperf2Interval &i : in)
            sum += i.bytes;
        QVERIFY(near(double(total->bytes), double(sum), 0.01)); // whole run = the intervals
        QCOMPARE(reader.linesRead(), 8);
    }

    void iperf2Incremental()
    {
        // Fed in 7-byte pieces: each interval comes out as soon as both streams reported it.
        const QByteArray csv = readData(QStringLiteral("iperf/iperf-2.1.8-p2-csv.txt"));
        Iperf2CsvReader reader(2);
        QList<Iperf2Interval> got;
        QList<int> completedAtLine;
        int newlines = 0;
        for (qsizetype i = 0; i < csv.size(); i += 7) {
            const QByteArray piece = csv.mid(i, 7);
            newlines += int(piece.count('\n'));
            for (const Iperf2Interval &in : reader.feed(piece)) {
                got << in;
                completedAtLine << newlines;
            }
        }
        got += reader.finish();
        QCOMPARE(got.size(), 3);
        QCOMPARE(completedAtLine, (QList<int> {2, 4, 6})); // right after the second stream's line
        QVERIFY(reader.total().has_value());

        // Unknown stream count: an interval completes when the next one starts.
        Iperf2CsvReader unknown;
        QList<Iperf2Interval> u;
        const QList<QByteArray> lines = csv.split('\n');
        QList<int> sizes;
        for (const QByteArray &l : lines) {
            const QList<Iperf2Interval> out = unknown.feed(l + '\n');
            u += out;
            sizes << int(u.size());
        }
        u += unknown.finish();
        QCOMPARE(u.size(), 3);
        QCOMPARE(sizes.mid(0, 7), (QList<int> {0, 0, 1, 1, 2, 2, 3}));
        QCOMPARE(u.at(2).streams.size(), 2);
    }

    void iperf2OverTheShapedLinks()
    {
        // Four flows over two 1 Gbit/s links (netns fixture): spread, or all on one link.
        for (const char *file :
            {"iperf/iperf-2.1.8-netns-p4-shaped-csv.txt", "iperf/iperf-2.1.8-netns-p4-shaped-onelink-csv.txt"}) {
            Iperf2CsvReader reader(4);
            const QList<Iperf2Interval> in = reader.feed(readData(QLatin1String(file))) + reader.finish();
            QVERIFY(reader.takeWarnings().isEmpty());
            QCOMPARE(in.size(), 3);
            for (const Iperf2Interval &i : in)
                QCOMPARE(i.streams.size(), 4);
            QVERIFY(reader.total().has_value());
            QCOMPARE(reader.total()->streams.size(), 4);
            QVERIFY(reader.total()->end >= 3.0); // whole-run lines: "0.0-3.0" or "0.0-3.1"
            const double mid = in.at(1).bitsPerSecond;
            if (QByteArray(file).contains("onelink"))
                QVERIFY2(mid > 0.85e9 && mid < 1.0e9, qPrintable(QString::number(mid)));
            else
                QVERIFY2(mid > 1.7e9 && mid < 2.0e9, qPrintable(QString::number(mid)));
        }
    }

    void iperf2SingleStreamAndRefused()
    {
        Iperf2CsvReader one(1);
        const QList<Iperf2Interval> in = one.feed(readData(QStringLiteral("iperf/iperf-2.1.8-p1-csv.txt")));
        QCOMPARE(in.size(), 3);
        QVERIFY(one.total().has_value());
        QCOMPARE(one.total()->streams.size(), 1);

        Iperf2CsvReader refused(2);
        QVERIFY(refused.feed(readData(QStringLiteral("iperf/iperf-2.1.8-refused-csv.txt"))).isEmpty());
        QVERIFY(refused.finish().isEmpty());
        QVERIFY(!refused.total());
        QCOMPARE(refused.linesRead(), 0);
        // With a pty the error lines land on stdout: noted, not crashed on.
        Iperf2CsvReader merged(2);
        QVERIFY(merged.feed(readData(QStringLiteral("iperf/iperf-2.1.8-refused-csv.stderr"))).isEmpty());
        QCOMPARE(merged.takeWarnings().size(), 1);
    }

    void iperf2MissingStreamAndSumRows()
    {
        // Stream 2 misses interval 1-2; older iperf 2 SUM rows (id -1) are ignored.
        const QByteArray csv = "20260101000001,10.0.0.1,5001,10.0.0.2,5201,1,0.0-1.0,100,800\n"
                               "20260101000001,10.0.0.1,5002,10.0.0.2,5201,2,0.0-1.0,100,800\n"
                               "20260101000001,10.0.0.1,0,10.0.0.2,5201,-1,0.0-1.0,200,1600\n"
                               "20260101000002,10.0.0.1,5001,10.0.0.2,5201,1,1.0-2.0,50,400\n"
                               "20260101000003,10.0.0.1,5001,10.0.0.2,5201,1,2.0-3.0,70,560\n"
                               "20260101000003,10.0.0.1,5002,10.0.0.2,5201,2,2.0-3.0,70,560\n"
                               "garbage,line\n"
                               "20260101000003,10.0.0.1,5001,10.0.0.2,5201,1,0.0-3.0,220,586\n";
        Iperf2CsvReader r(2);
        const QList<Iperf2Interval> in = r.feed(csv) + r.finish();
        QCOMPARE(in.size(), 3);
        QCOMPARE(in.at(0).bytes, Q_UINT64_C(200));
        QCOMPARE(in.at(1).streams.size(), 1);
        QCOMPARE(in.at(1).bytes, Q_UINT64_C(50));
        QCOMPARE(in.at(2).bytes, Q_UINT64_C(140));
        const QStringList w = r.takeWarnings();
        QCOMPARE(w.size(), 3); // SUM rows, the incomplete interval, the garbage line
        QVERIFY(r.total().has_value());
        QCOMPARE(r.total()->bytes, Q_UINT64_C(220));
    }
};

QTEST_GUILESS_MAIN(TestIperfParsers)
#include "test_iperfparsers.moc"
