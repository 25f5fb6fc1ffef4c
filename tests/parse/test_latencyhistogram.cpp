// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/latencyhistogram.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace cm;

namespace {

// Exact percentile of sorted data with fio's rule: the smallest value whose rank
// reaches q% of the count.
double exactPercentile(const std::vector<quint64> &sorted, double q)
{
    const long double target = static_cast<long double>(q) / 100.0L * sorted.size();
    size_t rank = size_t(std::ceil(target));
    rank = std::clamp<size_t>(rank, 1, sorted.size());
    return double(sorted[rank - 1]);
}

} // namespace

class TestLatencyHistogram : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bucketsCoverEveryValueWithinOnePercent()
    {
        QRandomGenerator rng(12345);
        QList<quint64> values = {0, 1, 127, 128, 129, 255, 256, 1000, 4095, 4096, 1'000'000, (quint64(1) << 40) - 1,
            quint64(1) << 40, ~quint64(0)};
        for (int i = 0; i < 20000; ++i)
            values << (rng.generate64() >> rng.bounded(64));
        int prevIdx = -1;
        std::sort(values.begin(), values.end());
        for (quint64 v : values) {
            const int idx = LatencyHistogram::bucketIndex(v);
            QVERIFY2(LatencyHistogram::bucketLow(idx) <= v && v <= LatencyHistogram::bucketHigh(idx),
                qPrintable(QString::number(v)));
            QVERIFY(idx >= prevIdx); // monotonic
            prevIdx = idx;
            const double mid = LatencyHistogram::bucketMid(idx);
            if (v > 0)
                QVERIFY2(std::abs(mid - double(v)) / double(v) <= LatencyHistogram::kMaxRelativeError + 1e-12,
                    qPrintable(QString::number(v)));
            else
                QCOMPARE(mid, 0.0);
        }
        QVERIFY(LatencyHistogram::kMaxRelativeError <= 0.01);
        // adjacent buckets tile the range without gaps
        for (int i = 0; i < 3000; ++i)
            QCOMPARE(LatencyHistogram::bucketHigh(i) + 1, LatencyHistogram::bucketLow(i + 1));
    }

    void percentilesWithinOnePercentOfExactSortedData_data()
    {
        QTest::addColumn<int>("shape");
        QTest::newRow("lognormal") << 0;
        QTest::newRow("uniform-wide") << 1;
        QTest::newRow("bimodal") << 2;
        QTest::newRow("small-exact") << 3;
    }
    void percentilesWithinOnePercentOfExactSortedData()
    {
        QFETCH(int, shape);
        QRandomGenerator rng(777 + shape);
        std::vector<quint64> data;
        LatencyHistogram h;
        for (int i = 0; i < 200000; ++i) {
            double v = 0;
            switch (shape) {
            case 0: {
                // Box-Muller normal -> lognormal around 100 µs
                const double u1 = std::max(rng.generateDouble(), 1e-12), u2 = rng.generateDouble();
                const double z = std::sqrt(-2 * std::log(u1)) * std::cos(2 * M_PI * u2);
                v = std::exp(std::log(100000.0) + 1.2 * z);
                break;
            }
            case 1: v = rng.bounded(1'000'000'000.0); break;
            case 2: v = (i % 10 == 0) ? 5e6 + rng.bounded(1e6) : 20000 + rng.bounded(5000.0); break;
            default: v = rng.bounded(128); break;
            }
            const quint64 ns = quint64(v);
            data.push_back(ns);
            h.add(ns);
        }
        std::sort(data.begin(), data.end());
        QCOMPARE(h.count(), quint64(data.size()));
        QCOMPARE(h.min(), data.front());
        QCOMPARE(h.max(), data.back());
        long double sum = 0;
        for (quint64 v : data)
            sum += v;
        QVERIFY(std::abs(h.mean() - double(sum / data.size())) <= 1e-9 * double(sum / data.size()) + 1e-9);
        double worst = 0;
        for (double q : {0.0, 1.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.99, 100.0}) {
            const double exact = exactPercentile(data, q);
            const double est = h.percentile(q);
            const double rel = exact > 0 ? std::abs(est - exact) / exact : std::abs(est);
            worst = std::max(worst, rel);
            QVERIFY2(rel <= 0.01, qPrintable(QStringLiteral("q=%1 exact=%2 est=%3").arg(q).arg(exact).arg(est)));
            if (shape == 3)
                QCOMPARE(est, exact); // below 128 ns buckets are exact
        }
        qInfo("worst relative error: %.5f%%", worst * 100);
    }

    void mergeEqualsAddingEverythingToOne()
    {
        QRandomGenerator rng(99);
        LatencyHistogram a, b, all;
        for (int i = 0; i < 5000; ++i) {
            const quint64 v = rng.bounded(10'000'000);
            (i % 3 ? a : b).add(v, 2);
            all.add(v, 2);
        }
        LatencyHistogram m = a;
        m.merge(b);
        QCOMPARE(m.count(), all.count());
        QCOMPARE(m.bins(), all.bins());
        QCOMPARE(m.min(), all.min());
        QCOMPARE(m.max(), all.max());
        QCOMPARE(m.mean(), all.mean());
        for (double q : {50.0, 99.0, 99.9})
            QCOMPARE(m.percentile(q), all.percentile(q));
        LatencyHistogram empty;
        m.merge(empty);
        QCOMPARE(m.count(), all.count());
        empty.merge(all);
        QCOMPARE(empty.percentile(99), all.percentile(99));
    }

    void emptyAndOddInputs()
    {
        LatencyHistogram h;
        QVERIFY(h.isEmpty());
        QCOMPARE(h.percentile(50), 0.0);
        QCOMPARE(h.mean(), 0.0);
        h.add(500, 0);
        QVERIFY(h.isEmpty());
        h.add(~quint64(0));
        QCOMPARE(h.percentile(50), double(~quint64(0)));
        QCOMPARE(h.percentile(std::nan("")), 0.0);
        QCOMPARE(h.percentile(-5), h.percentile(0));
        QCOMPARE(h.percentile(500), h.percentile(100));
        QCOMPARE(binsPercentile({}, 50), 0.0);
        QCOMPARE(binsMean({}), 0.0);
    }

    void binsPercentileFollowsFioRule()
    {
        // brute force over the expanded values must agree
        QRandomGenerator rng(4242);
        for (int round = 0; round < 50; ++round) {
            LatencyBins bins;
            std::vector<quint64> expanded;
            const int n = 1 + int(rng.bounded(40));
            for (int i = 0; i < n; ++i) {
                const quint64 key = 1000 + rng.bounded(1'000'000);
                const quint64 cnt = 1 + rng.bounded(20);
                bins[key] += cnt;
            }
            for (auto it = bins.cbegin(); it != bins.cend(); ++it)
                expanded.insert(expanded.end(), size_t(it.value()), it.key());
            QCOMPARE(binsCount(bins), quint64(expanded.size()));
            for (double q : {0.0, 1.0, 50.0, 90.0, 99.0, 99.9, 100.0})
                QCOMPARE(binsPercentile(bins, q), exactPercentile(expanded, q));
        }
    }
};

QTEST_GUILESS_MAIN(TestLatencyHistogram)
#include "test_latencyhistogram.moc"
