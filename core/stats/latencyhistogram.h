// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Latency histogram with log-linear buckets: values below 128 ns are exact, above that
// each power of two is split into 64 equal buckets, so a bucket's midpoint is within
// 1/128 (< 1%) of any value in it. Memory grows only up to the largest value added
// (at most 3,776 counters). Pure value type, not thread-safe.
#include <QMap>
#include <QtGlobal>

#include <vector>

namespace cm {

// fio-style latency bins: bucket latency (ns) -> count, non-empty buckets only.
using LatencyBins = QMap<quint64, quint64>;

class LatencyHistogram {
public:
    static constexpr int kSubBucketBits = 6;
    static constexpr double kMaxRelativeError = 1.0 / (1 << (kSubBucketBits + 1));

    void add(quint64 ns, quint64 count = 1);
    void addBins(const LatencyBins &bins); // each key counted as its own value
    void merge(const LatencyHistogram &other);
    void clear();

    bool isEmpty() const { return m_count == 0; }
    quint64 count() const { return m_count; }
    double mean() const; // exact mean of the values added; 0 if empty
    quint64 min() const { return m_count ? m_min : 0; }
    quint64 max() const { return m_count ? m_max : 0; }
    // q in [0, 100]: the smallest bucket whose cumulative count reaches q% of the total
    // (fio's rule), reported as the bucket midpoint clamped to [min, max]; 0 if empty.
    double percentile(double q) const;
    LatencyBins bins() const; // bucket midpoint -> count

    static int bucketIndex(quint64 ns);
    static quint64 bucketLow(int index);
    static quint64 bucketHigh(int index); // inclusive
    static double bucketMid(int index);

private:
    std::vector<quint64> m_counts;
    quint64 m_count = 0;
    long double m_sum = 0;
    quint64 m_min = 0;
    quint64 m_max = 0;
};

// Percentile over fio-style bins with fio's own rule (calc_clat_percentiles): the first
// bin, in latency order, whose cumulative count reaches q% of the total. 0 if empty.
double binsPercentile(const LatencyBins &bins, double q);
// Same with the total given (fio uses its sample count N, which in status reports can
// differ by a few from the bins' sum: the counters are not read atomically).
double binsPercentile(const LatencyBins &bins, double q, quint64 total);
double binsMean(const LatencyBins &bins);
quint64 binsCount(const LatencyBins &bins);
void mergeBins(LatencyBins &into, const LatencyBins &from);

} // namespace cm
