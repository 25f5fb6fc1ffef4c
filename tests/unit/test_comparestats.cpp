// SPDX-License-Identifier: GPL-3.0-or-later
// Welch's t-test and the Student t distribution against known values: closed forms,
// the printed Student t table, and the worked example of Welch's test on Wikipedia.
// Constants with more digits than tables print were computed independently with
// mpmath's arbitrary-precision betainc (30 digits), not with this code.
#include "stats/comparestats.h"

#include <QTest>

#include <cmath>

using namespace cm;

class TestCompareStats : public QObject {
    Q_OBJECT

    static bool near(double got, double want, double tol) { return std::fabs(got - want) <= tol; }

private Q_SLOTS:
    void incompleteBeta()
    {
        // I_x(2,3) = sum_{j=2..4} C(4,j) x^j (1-x)^(4-j): at 0.3 = 0.2646 + 0.0756 + 0.0081
        QVERIFY(near(regularizedIncompleteBeta(2, 3, 0.3), 0.3483, 1e-12));
        // I_x(1,1) = x; I_x(a,1) = x^a
        QVERIFY(near(regularizedIncompleteBeta(1, 1, 0.42), 0.42, 1e-12));
        QVERIFY(near(regularizedIncompleteBeta(3.5, 1, 0.8), std::pow(0.8, 3.5), 1e-12));
        // the symmetric branch (x above the mean): mpmath 0.999308696614237
        QVERIFY(near(regularizedIncompleteBeta(0.5, 5, 0.7), 0.999308696614237, 1e-12));
        QCOMPARE(regularizedIncompleteBeta(2, 3, 0), 0.0);
        QCOMPARE(regularizedIncompleteBeta(2, 3, 1), 1.0);
        QVERIFY(std::isnan(regularizedIncompleteBeta(-1, 3, 0.5)));
    }

    void studentT()
    {
        // df = 1 is the Cauchy distribution: CDF = 1/2 + atan(t)/pi
        for (double t : {-7.0, -1.0, 0.3, 2.0, 40.0})
            QVERIFY2(near(studentTCdf(t, 1), 0.5 + std::atan(t) / M_PI, 1e-12), qPrintable(QString::number(t)));
        // df = 2: CDF = 1/2 + t / (2 sqrt(2 + t^2))
        for (double t : {-3.0, 0.5, 4.0})
            QVERIFY(near(studentTCdf(t, 2), 0.5 + t / (2 * std::sqrt(2 + t * t)), 1e-12));
        // Student t table, two-sided 5 %: 12.706, 4.303, 2.571, 2.228, 2.042
        const double table[][2] = {{1, 12.7062047361747}, {2, 4.30265272974946}, {5, 2.57058183563631},
            {10, 2.22813885198627}, {30, 2.04227245630124}};
        for (const auto &row : table) {
            QVERIFY2(near(studentTQuantile(0.975, row[0]), row[1], 1e-9), qPrintable(QString::number(row[0])));
            QVERIFY(near(studentTTwoSidedP(row[1], row[0]), 0.05, 1e-10));
        }
        QVERIFY(near(studentTTwoSidedP(2.228, 10), 0.0500117718171114, 1e-12));
        // a fractional df, lower tail: mpmath 0.0877815464015430
        QVERIFY(near(studentTCdf(-1.5, 7.3), 0.0877815464015430, 1e-12));
        QCOMPARE(studentTTwoSidedP(0, 4), 1.0);
        QVERIFY(near(studentTQuantile(0.025, 10), -2.22813885198627, 1e-9));
    }

    void welchWikipediaExample()
    {
        // en.wikipedia.org "Welch's t-test", example 1: t = 2.46, df ≈ 25.0, p = 0.021
        const QList<double> a1
            = {27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4};
        const QList<double> a2
            = {27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4};
        const CompareStats s = compareGroups(a1, a2);
        QVERIFY(s.tested);
        QCOMPARE(s.a.n, 15);
        QVERIFY(near(s.a.mean, 20.82, 1e-9));
        QVERIFY(near(s.b.mean, 22.9866666666667, 1e-9));
        QVERIFY(near(s.t, 2.45535639828601, 1e-9));
        QVERIFY(near(s.df, 24.9885292902314, 1e-9));
        QVERIFY(near(s.p, 0.0213780014628668, 1e-10));
        QVERIFY(near(s.ciLow, 0.349237066192409, 1e-8));
        QVERIFY(near(s.ciHigh, 3.98409626714093, 1e-8));
        QVERIFY(s.significant);
        QVERIFY(near(s.changePct, 100 * (22.9866666666667 - 20.82) / 20.82, 1e-9));
        // swapping the sides flips the sign, not the verdict
        const CompareStats r = compareGroups(a2, a1);
        QVERIFY(near(r.t, -s.t, 1e-12));
        QVERIFY(near(r.p, s.p, 1e-14));
    }

    void welchSmallSamples()
    {
        // {1,2,3} vs {4,6,8,10}: sd 1 and 2.582; mpmath t 3.53553390593274, df 4.07547169811321
        const CompareStats s = compareGroups({1, 2, 3}, {4, 6, 8, 10});
        QVERIFY(near(s.a.stddev, 1.0, 1e-12));
        QVERIFY(near(s.b.stddev, std::sqrt(20.0 / 3.0), 1e-12));
        QVERIFY(near(s.t, 3.53553390593274, 1e-10));
        QVERIFY(near(s.df, 4.07547169811321, 1e-10));
        QVERIFY(near(s.p, 0.0233767676003037, 1e-10));
        QVERIFY(near(s.ciLow, 1.10202454891687, 1e-8));
        QVERIFY(near(s.ciHigh, 8.89797545108313, 1e-8));
        QCOMPARE(s.changePct, 250.0);

        // three disk runs of ~505 vs ~530 MB/s: a small but clear change
        const CompareStats d = compareGroups({512.3, 498.1, 505.7}, {530.2, 528.9, 531.5});
        QVERIFY(near(d.t, 5.95428662594357, 1e-9));
        QVERIFY(near(d.df, 2.13372925306690, 1e-9));
        QVERIFY(near(d.p, 0.0231910361076304, 1e-10));
        QVERIFY(d.significant);

        // overlapping noise: not significant
        const CompareStats n = compareGroups({100, 120, 80}, {105, 125, 85});
        QVERIFY(n.tested);
        QVERIFY(n.p > 0.5);
        QVERIFY(!n.significant);
        QVERIFY(n.ciLow < 0 && n.ciHigh > 0);
    }

    void notTestable()
    {
        const CompareStats one = compareGroups({500}, {520, 530});
        QVERIFY(!one.tested);
        QVERIFY(!one.significant);
        QCOMPARE(one.note, QStringLiteral("no noise estimate (1 repetition)"));
        QCOMPARE(one.changePct, 5.0); // 525 against 500
        QVERIFY(std::isnan(one.p));
        QVERIFY(std::isnan(one.a.stddev));

        const CompareStats same = compareGroups({5, 5}, {6, 6});
        QVERIFY(!same.tested);
        QVERIFY(same.note.contains(QStringLiteral("identical")));

        const CompareStats empty = compareGroups({}, {1, 2});
        QVERIFY(!empty.tested);
        QVERIFY(std::isnan(empty.diff));

        // NaN (a gap) is skipped, not counted
        const GroupStats g = groupStats({1, std::nan(""), 3});
        QCOMPARE(g.n, 2);
        QCOMPARE(g.mean, 2.0);
        QVERIFY(std::isnan(compareGroups({0, 0, 0}, {1, 2, 3}).changePct));
    }
};

QTEST_GUILESS_MAIN(TestCompareStats)
#include "test_comparestats.moc"
