// SPDX-License-Identifier: GPL-3.0-or-later
// The cluster total of a step run from several clients (stats/clustertotal.h), on a
// real recording: fio 3.33 driving two fio servers at once (`fio --client`, json+).
// The sums must match fio's own "All clients" entry, and the merged percentiles must
// be exactly those of the concatenated per-request latencies of both clients.
#include "parse/resultdecoder.h"
#include "stats/clustertotal.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace cm;

namespace {

// fio's rule over single requests: the smallest value whose rank reaches q% of them.
double concatenatedPercentile(std::vector<quint64> all, double q)
{
    std::sort(all.begin(), all.end());
    const auto rank = size_t(std::ceil(q / 100.0 * double(all.size())));
    return double(all.at(std::max<size_t>(rank, 1) - 1));
}

std::vector<quint64> requestsOf(const QJsonObject &dir)
{
    std::vector<quint64> out;
    const QJsonObject h = dir.value(QStringLiteral("histogram")).toObject();
    for (auto it = h.begin(); it != h.end(); ++it)
        out.insert(out.end(), size_t(it.value().toDouble()), it.key().toULongLong());
    return out;
}

} // namespace

class TestClusterTotal : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void twoFioClientsRecorded()
    {
        QFile f(cmtest::testData(QStringLiteral("fio/fio3.33-client-jsonplus-2clients.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        Error err;
        const DecodedResult r = decodeResult(bytes, {}, &err);
        QVERIFY2(!err, qPrintable(err.message));
        QList<ClientStepResult> clients;
        std::vector<quint64> all;
        for (const DecodedStep &s : r.steps) {
            clients << ClientStepResult {s.node, true, s.summary};
            const std::vector<quint64> mine = requestsOf(s.summary.value(QStringLiteral("read")).toObject());
            QVERIFY(!mine.empty());
            all.insert(all.end(), mine.begin(), mine.end());
        }
        QCOMPARE(clients.size(), 2);
        // Each client's start, from its own report (timestamp_ms less job_runtime).
        for (const ClientStepResult &c : clients)
            QVERIFY(c.summary.value(QStringLiteral("start_ms")).toDouble() > 1.7e12);

        const ClusterTotal total = sumClients(clients);
        QCOMPARE(total.counted.size(), 2);
        QVERIFY(total.latencyMerged);
        QCOMPARE(total.startOffsetsMs.size(), 2);
        const QJsonObject read = total.toSummary().value(QStringLiteral("read")).toObject();
        // fio's own "All clients" entry of the same file: 224542720 bytes, 54820 ios,
        // 218842 KiB/s (fio divides by the longest runtime; the sum of rates is 0.05 % higher).
        QCOMPARE(read.value(QStringLiteral("io_bytes")).toDouble(), 224542720.0);
        QCOMPARE(read.value(QStringLiteral("total_ios")).toDouble(), 54820.0);
        QVERIFY(std::abs(read.value(QStringLiteral("bw")).toDouble() / (218842.0 * 1024) - 1) < 0.001);
        QCOMPARE(all.size(), size_t(54820));
        for (double q : {50.0, 90.0, 99.0, 99.9}) {
            const QString key = q == 50.0 ? QStringLiteral("lat_p50_ns")
                : q == 99.0               ? QStringLiteral("lat_p99_ns")
                : q == 99.9               ? QStringLiteral("lat_p999_ns")
                                          : QString();
            const LatencyBins bins = IoDirFigures::fromJson(read)->histogram;
            QCOMPARE(binsPercentile(bins, q), concatenatedPercentile(all, q));
            if (!key.isEmpty())
                QCOMPARE(read.value(key).toDouble(), concatenatedPercentile(all, q));
        }
        // The mean over every request, not the mean of the means' average.
        const double n0
            = clients[0].summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("total_ios")).toDouble();
        const double m0 = clients[0]
                              .summary.value(QStringLiteral("read"))
                              .toObject()
                              .value(QStringLiteral("lat_mean_ns"))
                              .toDouble();
        const double n1
            = clients[1].summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("total_ios")).toDouble();
        const double m1 = clients[1]
                              .summary.value(QStringLiteral("read"))
                              .toObject()
                              .value(QStringLiteral("lat_mean_ns"))
                              .toDouble();
        QVERIFY(
            std::abs(read.value(QStringLiteral("lat_mean_ns")).toDouble() - (m0 * n0 + m1 * n1) / (n0 + n1)) < 1e-6);
    }

    // One fast and one slow client: the averaged p50 would be a latency no request had.
    void mergedNotAveraged()
    {
        auto client = [](const QString &name, quint64 ns, int count) {
            QJsonObject dir {{QStringLiteral("bw"), 1000.0}, {QStringLiteral("iops"), double(count)},
                {QStringLiteral("total_ios"), double(count)}, {QStringLiteral("lat_mean_ns"), double(ns)},
                {QStringLiteral("lat_p50_ns"), double(ns)},
                {QStringLiteral("histogram"), QJsonObject {{QString::number(ns), double(count)}}}};
            return ClientStepResult {name, true, QJsonObject {{QStringLiteral("write"), dir}}};
        };
        const ClusterTotal t
            = sumClients({client(QStringLiteral("a"), 100000, 900), client(QStringLiteral("b"), 5000000, 100)});
        const QJsonObject w = t.toSummary().value(QStringLiteral("write")).toObject();
        QCOMPARE(w.value(QStringLiteral("lat_p50_ns")).toDouble(), 100000.0); // not (0.1 + 5) / 2 ms
        QCOMPARE(w.value(QStringLiteral("lat_p99_ns")).toDouble(), 5000000.0);
        QCOMPARE(w.value(QStringLiteral("iops")).toDouble(), 1000.0);
        QCOMPARE(w.value(QStringLiteral("bw")).toDouble(), 2000.0);
    }

    // A failed client is not counted and is named; a client without a histogram leaves
    // the total without percentiles instead of inventing them.
    void failedAndUnbinnedClients()
    {
        const QJsonObject binned {{QStringLiteral("read"),
            QJsonObject {{QStringLiteral("bw"), 10.0}, {QStringLiteral("iops"), 1.0},
                {QStringLiteral("total_ios"), 5.0},
                {QStringLiteral("histogram"), QJsonObject {{QStringLiteral("1000"), 5.0}}}}}};
        const QJsonObject unbinned {{QStringLiteral("read"),
            QJsonObject {{QStringLiteral("bw"), 10.0}, {QStringLiteral("iops"), 1.0},
                {QStringLiteral("total_ios"), 5.0}, {QStringLiteral("lat_p50_ns"), 2000.0}}}};
        ClusterTotal t = sumClients({{QStringLiteral("a"), true, binned}, {QStringLiteral("b"), false, binned}});
        QCOMPARE(t.counted, QStringList {QStringLiteral("a")});
        QCOMPARE(t.notCounted, QStringList {QStringLiteral("b")});
        QCOMPARE(t.toSummary().value(QStringLiteral("read")).toObject().value(QStringLiteral("bw")).toDouble(), 10.0);
        t = sumClients({{QStringLiteral("a"), true, binned}, {QStringLiteral("c"), true, unbinned}});
        QVERIFY(!t.latencyMerged);
        const QJsonObject read = t.toSummary().value(QStringLiteral("read")).toObject();
        QVERIFY(!read.contains(QStringLiteral("lat_p50_ns")));
        QCOMPARE(read.value(QStringLiteral("bw")).toDouble(), 20.0);
        QVERIFY(sumClients({{QStringLiteral("x"), true, QJsonObject {{QStringLiteral("read"), 3}}}}).isEmpty());
    }

    // Start offsets from each client's "start_ms"; unknown when a counted client has none.
    void startSpread()
    {
        auto client = [](const QString &name, double startMs) {
            QJsonObject s {{QStringLiteral("read"),
                QJsonObject {{QStringLiteral("bw"), 1.0}, {QStringLiteral("iops"), 1.0},
                    {QStringLiteral("total_ios"), 1.0},
                    {QStringLiteral("histogram"), QJsonObject {{QStringLiteral("1000"), 1.0}}}}}};
            if (startMs > 0)
                s.insert(QStringLiteral("start_ms"), startMs);
            return ClientStepResult {name, true, s};
        };
        ClusterTotal t = sumClients({client(QStringLiteral("a"), 1795983065752.0 + 30),
            client(QStringLiteral("b"), 1795983065752.0), client(QStringLiteral("c"), 1795983065752.0 + 12)});
        QCOMPARE(t.startOffsetsMs.value(QStringLiteral("a")), 30.0);
        QCOMPARE(t.startOffsetsMs.value(QStringLiteral("b")), 0.0);
        QCOMPARE(t.startSpreadMs(), 30.0);
        QCOMPARE(t.toSummary().value(QStringLiteral("start_spread_ms")).toDouble(), 30.0);
        t = sumClients({client(QStringLiteral("a"), 1000), client(QStringLiteral("b"), 0)});
        QVERIFY(t.startOffsetsMs.isEmpty());
        QVERIFY(!t.toSummary().contains(QStringLiteral("start_spread_ms")));
    }
};

QTEST_GUILESS_MAIN(TestClusterTotal)
#include "test_clustertotal.moc"
