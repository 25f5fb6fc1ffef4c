// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The verdict of an experiment on one figure (docs/ARCHITECTURE.md §12): the variant's
// repetitions against the baseline's, Welch's t-test and the 95 % confidence interval of
// the difference (stats/comparestats), and the noise floor, what the baseline's own
// spread lets one tell apart: the half-width of the 95 % interval of the difference of
// two groups drawn like the baseline (A against A), in % of its mean. A change is
// "better" or "worse" only when the interval excludes 0 and the change is beyond the
// noise floor; otherwise "no difference beyond noise". Pure.
#include "stats/comparestats.h"

namespace cm {

enum class Verdict {
    Better,
    Worse,
    NoDifference, // within the noise
    NotTested, // too few repetitions or no spread to judge by
};

struct FigureVerdict {
    CompareStats stats; // variant (b) against baseline (a)
    double noiseFloorPct = 0; // NaN when the baseline has fewer than 2 values
    Verdict verdict = Verdict::NotTested;
};

// higherIsBetter: IOPS and bandwidth; false for latency.
FigureVerdict judgeFigure(const QList<double> &baseline, const QList<double> &variant, bool higherIsBetter);
double noiseFloorPct(const QList<double> &baseline);
QString verdictName(Verdict v); // "better", "worse", "no difference beyond noise", "not tested"

} // namespace cm
