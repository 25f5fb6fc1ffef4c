// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/latencyhistogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace cm {

namespace {
constexpr int kSub = 1 << LatencyHistogram::kSubBucketBits; // 64 buckets per octave
constexpr int kExact = 2 * kSub; // 0..127 are exact
} // namespace

int LatencyHistogram::bucketIndex(quint64 ns)
{
    if (ns < quint64(kExact))
        return int(ns);
    const int msb = 63 - std::countl_zero(ns); // >= 7
    const int shift = msb - kSubBucketBits;
    const int sub = int((ns >> shift) - kSub);
    return kExact + (msb - kSubBucketBits - 1) * kSub + sub;
}

quint64 LatencyHistogram::bucketLow(int index)
{
    if (index < kExact)
        return quint64(index);
    const int octave = (index - kExact) / kSub;
    const int sub = (index - kExact) % kSub;
    return quint64(kSub + sub) << (octave + 1);
}

quint64 LatencyHistogram::bucketHigh(int index)
{
    if (index < kExact)
        return quint64(index);
    const int octave = (index - kExact) / kSub;
    return bucketLow(index) + ((quint64(1) << (octave + 1)) - 1);
}

double LatencyHistogram::bucketMid(int index)
{
    return (double(bucketLow(index)) + double(bucketHigh(index))) / 2.0;
}

void LatencyHistogram::add(quint64 ns, quint64 count)
{
    if (count == 0)
        return;
    const int idx = bucketIndex(ns);
    if (size_t(idx) >= m_counts.size())
        m_counts.resize(size_t(idx) + 1, 0);
    m_counts[size_t(idx)] += count;
    if (m_count == 0) {
        m_min = m_max = ns;
    } else {
        m_min = std::min(m_min, ns);
        m_max = std::max(m_max, ns);
    }
    m_count += count;
    m_sum += static_cast<long double>(ns) * static_cast<long double>(count);
}

void LatencyHistogram::addBins(const LatencyBins &bins)
{
    for (auto it = bins.cbegin(); it != bins.cend(); ++it)
        add(it.key(), it.value());
}

void LatencyHistogram::merge(const LatencyHistogram &other)
{
    if (other.m_count == 0)
        return;
    if (other.m_counts.size() > m_counts.size())
        m_counts.resize(other.m_counts.size(), 0);
    for (size_t i = 0; i < other.m_counts.size(); ++i)
        m_counts[i] += other.m_counts[i];
    if (m_count == 0) {
        m_min = other.m_min;
        m_max = other.m_max;
    } else {
        m_min = std::min(m_min, other.m_min);
        m_max = std::max(m_max, other.m_max);
    }
    m_count += other.m_count;
    m_sum += other.m_sum;
}

void LatencyHistogram::clear()
{
    *this = LatencyHistogram();
}

double LatencyHistogram::mean() const
{
    return m_count ? double(m_sum / static_cast<long double>(m_count)) : 0.0;
}

double LatencyHistogram::percentile(double q) const
{
    if (m_count == 0 || std::isnan(q))
        return 0;
    q = std::clamp(q, 0.0, 100.0);
    const long double target = static_cast<long double>(q) / 100.0L * static_cast<long double>(m_count);
    quint64 cum = 0;
    for (size_t i = 0; i < m_counts.size(); ++i) {
        cum += m_counts[i];
        if (m_counts[i] && static_cast<long double>(cum) >= target)
            return std::clamp(bucketMid(int(i)), double(m_min), double(m_max));
    }
    return double(m_max);
}

LatencyBins LatencyHistogram::bins() const
{
    LatencyBins out;
    for (size_t i = 0; i < m_counts.size(); ++i) {
        if (m_counts[i])
            out.insert(quint64(std::llround(bucketMid(int(i)))), m_counts[i]);
    }
    return out;
}

double binsPercentile(const LatencyBins &bins, double q)
{
    return binsPercentile(bins, q, binsCount(bins));
}

double binsPercentile(const LatencyBins &bins, double q, quint64 total)
{
    if (total == 0 || bins.isEmpty() || std::isnan(q))
        return 0;
    q = std::clamp(q, 0.0, 100.0);
    const long double target = static_cast<long double>(q) / 100.0L * static_cast<long double>(total);
    quint64 cum = 0;
    for (auto it = bins.cbegin(); it != bins.cend(); ++it) {
        cum += it.value();
        if (it.value() && static_cast<long double>(cum) >= target)
            return double(it.key());
    }
    return double(bins.lastKey());
}

double binsMean(const LatencyBins &bins)
{
    long double sum = 0;
    quint64 n = 0;
    for (auto it = bins.cbegin(); it != bins.cend(); ++it) {
        sum += static_cast<long double>(it.key()) * static_cast<long double>(it.value());
        n += it.value();
    }
    return n ? double(sum / static_cast<long double>(n)) : 0.0;
}

quint64 binsCount(const LatencyBins &bins)
{
    quint64 n = 0;
    for (auto it = bins.cbegin(); it != bins.cend(); ++it)
        n += it.value();
    return n;
}

void mergeBins(LatencyBins &into, const LatencyBins &from)
{
    for (auto it = from.cbegin(); it != from.cend(); ++it)
        into[it.key()] += it.value();
}

} // namespace cm
