// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/comparestats.h"

#include <cmath>
#include <limits>

namespace cm {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Lentz's continued fraction for I_x(a, b) (Numerical Recipes, betacf).
double betaContinuedFraction(double a, double b, double x)
{
    constexpr double tiny = 1e-300;
    constexpr double eps = 1e-15;
    const double qab = a + b;
    const double qap = a + 1.0;
    const double qam = a - 1.0;
    double c = 1.0;
    double d = 1.0 - qab * x / qap;
    if (std::fabs(d) < tiny)
        d = tiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 1000; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if (std::fabs(d) < tiny)
            d = tiny;
        c = 1.0 + aa / c;
        if (std::fabs(c) < tiny)
            c = tiny;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if (std::fabs(d) < tiny)
            d = tiny;
        c = 1.0 + aa / c;
        if (std::fabs(c) < tiny)
            c = tiny;
        d = 1.0 / d;
        const double del = d * c;
        h *= del;
        if (std::fabs(del - 1.0) < eps)
            break;
    }
    return h;
}

} // namespace

double regularizedIncompleteBeta(double a, double b, double x)
{
    if (!(a > 0) || !(b > 0) || std::isnan(x))
        return kNaN;
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    const double lnFront = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
    const double front = std::exp(lnFront);
    // The fraction converges fast only on this side of the mean; use the symmetry otherwise.
    if (x < (a + 1.0) / (a + b + 2.0))
        return front * betaContinuedFraction(a, b, x) / a;
    return 1.0 - front * betaContinuedFraction(b, a, 1.0 - x) / b;
}

double studentTTwoSidedP(double t, double df)
{
    if (std::isnan(t) || !(df > 0))
        return kNaN;
    if (std::isinf(t))
        return 0;
    return regularizedIncompleteBeta(df / 2.0, 0.5, df / (df + t * t));
}

double studentTCdf(double t, double df)
{
    const double tail = studentTTwoSidedP(t, df) / 2.0;
    return t >= 0 ? 1.0 - tail : tail;
}

double studentTQuantile(double prob, double df)
{
    if (!(prob > 0) || !(prob < 1) || !(df > 0))
        return kNaN;
    if (prob == 0.5)
        return 0;
    if (prob < 0.5)
        return -studentTQuantile(1.0 - prob, df);
    double hi = 1.0;
    while (studentTCdf(hi, df) < prob && hi < 1e12)
        hi *= 2;
    double lo = 0;
    for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; ++i) {
        const double mid = (lo + hi) / 2;
        (studentTCdf(mid, df) < prob ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

GroupStats groupStats(const QList<double> &values)
{
    GroupStats g;
    double sum = 0;
    for (double v : values) {
        if (std::isfinite(v)) {
            sum += v;
            ++g.n;
        }
    }
    g.mean = g.n ? sum / g.n : kNaN;
    if (g.n < 2) {
        g.stddev = kNaN;
        return g;
    }
    double ss = 0;
    for (double v : values)
        if (std::isfinite(v))
            ss += (v - g.mean) * (v - g.mean);
    g.stddev = std::sqrt(ss / (g.n - 1));
    return g;
}

CompareStats compareGroups(const QList<double> &a, const QList<double> &b, double alpha)
{
    CompareStats s;
    s.a = groupStats(a);
    s.b = groupStats(b);
    s.t = s.df = s.p = s.ciLow = s.ciHigh = kNaN;
    if (s.a.n == 0 || s.b.n == 0) {
        s.diff = s.changePct = kNaN;
        s.note = QStringLiteral("no values on one side");
        return s;
    }
    s.diff = s.b.mean - s.a.mean;
    s.changePct = s.a.mean != 0 ? 100.0 * s.diff / std::fabs(s.a.mean) : kNaN;
    if (s.a.n < 2 || s.b.n < 2) {
        s.note = QStringLiteral("no noise estimate (1 repetition)");
        return s;
    }
    const double va = s.a.stddev * s.a.stddev / s.a.n;
    const double vb = s.b.stddev * s.b.stddev / s.b.n;
    const double se = std::sqrt(va + vb);
    if (!(se > 0)) {
        s.note = QStringLiteral("no noise estimate (identical repetitions)");
        return s;
    }
    s.tested = true;
    s.t = s.diff / se;
    s.df = (va + vb) * (va + vb) / (va * va / (s.a.n - 1) + vb * vb / (s.b.n - 1));
    s.p = studentTTwoSidedP(s.t, s.df);
    const double q = studentTQuantile(0.975, s.df);
    s.ciLow = s.diff - q * se;
    s.ciHigh = s.diff + q * se;
    s.significant = s.p < alpha;
    return s;
}

} // namespace cm
