// SPDX-License-Identifier: GPL-3.0-or-later
// Axis ticks of exported charts: 1/2/2.5/5 × 10^n steps covering the data, labels
// with just the decimals the step needs, log-axis decades with their own units.
#include "render/niceticks.h"

#include <QTest>

#include <cmath>

using namespace cm::render;

class TestNiceTicks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void linear_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<int>("maxTicks");
        QTest::newRow("GB/s") << 0.0 << 2.87 << 6;
        QTest::newRow("k IOPS") << 0.0 << 56.3 << 5;
        QTest::newRow("tiny") << 0.0 << 0.0123 << 6;
        QTest::newRow("seconds") << 0.0 << 61.0 << 8;
        QTest::newRow("offset") << 103.0 << 117.0 << 4;
        QTest::newRow("two ticks") << 0.0 << 9.0 << 2;
        QTest::newRow("flat") << 5.0 << 5.0 << 6;
        QTest::newRow("zero") << 0.0 << 0.0 << 6;
    }
    void linear()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(int, maxTicks);
        const Ticks t = niceTicks(lo, hi, maxTicks);
        QVERIFY(t.step > 0);
        const double mant = t.step / std::pow(10.0, std::floor(std::log10(t.step) + 1e-9));
        QVERIFY2(std::fabs(mant - 1) < 1e-9 || std::fabs(mant - 2) < 1e-9 || std::fabs(mant - 2.5) < 1e-9
                || std::fabs(mant - 5) < 1e-9,
            qPrintable(QString::number(t.step)));
        QVERIFY(t.lo <= lo + 1e-12);
        QVERIFY(t.hi >= hi - 1e-12);
        QVERIFY(t.hi > t.lo);
        QVERIFY2(t.values.size() >= 2 && t.values.size() <= maxTicks + 1, qPrintable(QString::number(t.values.size())));
        QCOMPARE(t.values.first(), t.lo);
        QVERIFY(std::fabs(t.values.last() - t.hi) < t.step * 1e-6);
        for (double v : t.values)
            QVERIFY(!tickLabel(v, t.step).startsWith(QLatin1String("-0")));
    }

    void labels()
    {
        QCOMPARE(tickLabel(0.25, 0.25), QStringLiteral("0.25"));
        QCOMPARE(tickLabel(2.5, 2.5), QStringLiteral("2.5"));
        QCOMPARE(tickLabel(1000, 500), QStringLiteral("1000"));
        QCOMPARE(tickLabel(0.5, 0.5), QStringLiteral("0.5"));
        QCOMPARE(tickLabel(0.004, 0.002), QStringLiteral("0.004"));
        QCOMPARE(tickLabel(0, 0.1), QStringLiteral("0.0"));
    }

    void logAxis()
    {
        const Ticks t = logTicks(37e3, 25e6); // 37 µs … 25 ms
        QCOMPARE(t.lo, 1e4);
        QCOMPARE(t.hi, 1e8);
        QCOMPARE(t.values, (QList<double> {1e4, 1e5, 1e6, 1e7, 1e8}));
        QStringList labels;
        for (double v : t.values)
            labels << valueLabel(Quantity::Nanoseconds, v);
        QCOMPARE(labels,
            (QStringList {QStringLiteral("10 µs"), QStringLiteral("100 µs"), QStringLiteral("1 ms"),
                QStringLiteral("10 ms"), QStringLiteral("100 ms")}));
        // Two decades or fewer: 2 and 5 in between.
        const Ticks f = logTicks(150, 4000);
        QCOMPARE(f.values, (QList<double> {100, 200, 500, 1000, 2000, 5000, 10000}));
        // Bad input gives a usable axis, not a crash.
        const Ticks bad = logTicks(0, std::nan(""));
        QVERIFY(bad.hi > bad.lo && bad.lo > 0);
    }

    void units()
    {
        QCOMPARE(axisUnit(Quantity::BytesPerSec, 2.87e9).label, QStringLiteral("GB/s"));
        QCOMPARE(axisUnit(Quantity::BytesPerSec, 870e6).label, QStringLiteral("MB/s"));
        QCOMPARE(axisUnit(Quantity::OpsPerSec, 56e3).label, QStringLiteral("k IOPS"));
        QCOMPARE(axisUnit(Quantity::OpsPerSec, 2300).label, QStringLiteral("IOPS"));
        QCOMPARE(axisUnit(Quantity::Nanoseconds, 4.2e6).label, QStringLiteral("ms"));
    }
};

QTEST_GUILESS_MAIN(TestNiceTicks)
#include "test_niceticks.moc"
