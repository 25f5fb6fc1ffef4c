// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A/B statistics for one figure of two runs (docs/ARCHITECTURE.md §7): each side is the set of
// repetition values (one per iteration). Mean, sample standard deviation, % change of
// the means, Welch's unequal-variance t-test (Welch–Satterthwaite degrees of freedom,
// two-sided p from the Student t distribution) and the 95 % confidence interval of the
// difference of means. No bootstrap: Welch only. Pure.
#include <QList>
#include <QString>

namespace cm {

struct GroupStats {
    int n = 0; // finite values used
    double mean = 0; // NaN when n == 0
    double stddev = 0; // sample (n - 1); NaN when n < 2
};

struct CompareStats {
    GroupStats a; // baseline
    GroupStats b;
    double diff = 0; // mean(b) - mean(a)
    double changePct = 0; // 100 * diff / mean(a); NaN when mean(a) == 0
    bool tested = false; // Welch's test was possible (n >= 2 on both sides, some spread)
    double t = 0; // diff / standard error; NaN when !tested
    double df = 0; // Welch–Satterthwaite
    double p = 0; // two-sided
    double ciLow = 0; // 95 % confidence interval of diff
    double ciHigh = 0;
    bool significant = false; // tested && p < alpha
    QString note; // why not tested, e.g. "no noise estimate (1 repetition)"
};

inline constexpr double kSignificanceAlpha = 0.05;

GroupStats groupStats(const QList<double> &values); // non-finite values are skipped
// b compared with a (positive change: b is larger).
CompareStats compareGroups(const QList<double> &a, const QList<double> &b, double alpha = kSignificanceAlpha);

// Regularized incomplete beta I_x(a, b), a, b > 0, x in [0, 1] (continued fraction).
double regularizedIncompleteBeta(double a, double b, double x);
// Student t distribution with df > 0 degrees of freedom (df need not be an integer).
double studentTCdf(double t, double df);
double studentTTwoSidedP(double t, double df); // P(|T| >= |t|)
double studentTQuantile(double prob, double df); // inverse of the CDF, prob in (0, 1)

} // namespace cm
