// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: LatencyHistogram and the fio-bins percentile. The input is a list
// of (value, count) pairs; checks the <1% error bound on the largest value, that
// percentiles stay within [min, max], and that merging equals adding.
#include "stats/latencyhistogram.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cm::LatencyHistogram all, a, b;
    cm::LatencyBins bins;
    for (size_t i = 0; i + 10 <= size; i += 10) {
        quint64 v = 0;
        std::memcpy(&v, data + i, 8);
        v >>= (data[i + 8] & 63);
        const quint64 n = data[i + 9];
        all.add(v, n);
        ((i / 10) % 2 ? a : b).add(v, n);
        if (n)
            bins[v] += n;
    }
    a.merge(b);
    if (a.count() != all.count() || a.bins() != all.bins() || a.min() != all.min() || a.max() != all.max())
        std::abort();
    for (double q : {0.0, 1.0, 50.0, 99.0, 99.9, 100.0}) {
        const double p = all.percentile(q), pb = cm::binsPercentile(bins, q);
        if (all.isEmpty()) {
            if (p != 0 || pb != 0)
                std::abort();
            continue;
        }
        if (p < double(all.min()) || p > double(all.max()) || pb < double(all.min()) || pb > double(all.max()))
            std::abort();
        // the histogram's answer is within 1% of the exact one from the bins
        if (std::abs(p - pb) > cm::LatencyHistogram::kMaxRelativeError * pb + 0.5)
            std::abort();
    }
    return 0;
}
