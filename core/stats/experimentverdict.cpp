// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/experimentverdict.h"

#include <cmath>
#include <limits>

namespace cm {

double noiseFloorPct(const QList<double> &baseline)
{
    const GroupStats a = groupStats(baseline);
    if (a.n < 2 || !std::isfinite(a.stddev) || a.mean == 0)
        return std::numeric_limits<double>::quiet_NaN();
    // Two groups of n like the baseline: the difference of their means has the standard
    // error sd * sqrt(2 / n) and n - 1 + n - 1 degrees of freedom.
    const double se = a.stddev * std::sqrt(2.0 / a.n);
    return 100.0 * studentTQuantile(0.975, 2.0 * (a.n - 1)) * se / std::abs(a.mean);
}

FigureVerdict judgeFigure(const QList<double> &baseline, const QList<double> &variant, bool higherIsBetter)
{
    FigureVerdict v;
    v.stats = compareGroups(baseline, variant);
    v.noiseFloorPct = noiseFloorPct(baseline);
    if (!v.stats.tested || !std::isfinite(v.stats.changePct)) {
        v.verdict = Verdict::NotTested;
        return v;
    }
    // A zero spread on both sides (identical repetitions) has no interval; its floor is 0.
    const double floor = std::isfinite(v.noiseFloorPct) ? v.noiseFloorPct : 0;
    if (!v.stats.significant || std::abs(v.stats.changePct) <= floor) {
        v.verdict = Verdict::NoDifference;
        return v;
    }
    const bool up = v.stats.diff > 0;
    v.verdict = up == higherIsBetter ? Verdict::Better : Verdict::Worse;
    return v;
}

QString verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Better: return QStringLiteral("better");
    case Verdict::Worse: return QStringLiteral("worse");
    case Verdict::NoDifference: return QStringLiteral("no difference beyond noise");
    case Verdict::NotTested: return QStringLiteral("not tested");
    }
    return {};
}

} // namespace cm
