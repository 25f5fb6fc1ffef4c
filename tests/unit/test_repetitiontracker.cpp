// SPDX-License-Identifier: GPL-3.0-or-later
// The repetition decisions on hand-made step summaries (the shapes the fio and iperf
// runners write); the engine test runs them with real fio.
#include "engine/repetitiontracker.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace cm;

namespace {

Plan plan(int steps, int repeat, double spread = 0, int window = 3, int cap = 0)
{
    Plan p;
    p.kind = QStringLiteral("disk-fio");
    p.nodes = {NodeSpec::parse(QStringLiteral("local"))};
    for (int i = 0; i < steps; ++i)
        p.steps << PlanStep {QStringLiteral("s%1").arg(i), QStringLiteral("Step %1").arg(i), {}};
    p.repeat = repeat;
    p.untilSpreadPct = spread;
    p.stableWindow = window;
    p.maxRepeat = cap;
    return p;
}

QJsonObject fio(double readBw, double writeBw = 0)
{
    QJsonObject o;
    if (readBw > 0)
        o.insert(QStringLiteral("read"),
            QJsonObject {{QStringLiteral("bw"), readBw}, {QStringLiteral("iops"), readBw / 4096}});
    if (writeBw > 0)
        o.insert(QStringLiteral("write"),
            QJsonObject {{QStringLiteral("bw"), writeBw}, {QStringLiteral("iops"), writeBw / 4096}});
    return o;
}

} // namespace

class TestRepetitionTracker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void headlineFigures()
    {
        QString used;
        QCOMPARE(*RepetitionTracker::figure(QJsonObject {{QStringLiteral("bitsPerSecond"), 9.4e9}}, {}, &used), 9.4e9);
        QCOMPARE(used, QStringLiteral("bitsPerSecond"));
        QCOMPARE(*RepetitionTracker::figure(fio(100, 50), {}, &used), 150.0);
        QCOMPARE(used, QStringLiteral("read.bw+write.bw"));
        QCOMPARE(*RepetitionTracker::figure(fio(4096 * 10), QStringLiteral("read.iops"), &used), 10.0);
        QVERIFY(!RepetitionTracker::figure(fio(100), QStringLiteral("write.iops")));
        QVERIFY(!RepetitionTracker::figure(QJsonObject {{QStringLiteral("osds"), QJsonArray {}}}, {}, &used));
        QVERIFY(used.isEmpty());
    }

    void spread()
    {
        QCOMPARE(RepetitionTracker::spreadOf({100, 110, 90}), 20.0);
        QCOMPARE(RepetitionTracker::spreadOf({5}), 0.0);
        QVERIFY(std::isnan(RepetitionTracker::spreadOf({})));
        QVERIFY(std::isnan(RepetitionTracker::spreadOf({0, 0})));
    }

    void plainRepeatRunsNTimes()
    {
        RepetitionTracker t(plan(2, 3));
        int runs = 0;
        for (int iter = 0; iter < 10 && !t.allDone(); ++iter)
            for (int s = 0; s < 2; ++s)
                if (t.wants(s)) {
                    ++runs;
                    t.record(s, QStringLiteral("n1"), fio(100 + iter));
                    QVERIFY(t.endIteration(s).isEmpty());
                }
        QCOMPARE(runs, 6);
        QCOMPARE(t.outcome(0), QStringLiteral("fixed"));
        QCOMPARE(t.iterations(1), 3);
        QVERIFY(qAbs(t.spreadPct(0) - 2.0 / 101 * 100) < 1e-9); // all three: 100, 101, 102
    }

    void convergesOnTheLastWindowOfEveryNode()
    {
        RepetitionTracker t(plan(1, 1, 5, 3, 8));
        // n1 settles from iteration 2 on; n2 only from iteration 3 on
        const QList<double> n1 {50, 100, 101, 102, 101}, n2 {100, 60, 100, 100, 100};
        int iter = 0;
        QString line;
        for (; iter < 8 && t.wants(0); ++iter) {
            t.record(0, QStringLiteral("n1"), fio(n1.value(iter, 100)));
            t.record(0, QStringLiteral("n2"), fio(n2.value(iter, 100)));
            line = t.endIteration(0);
        }
        QCOMPARE(iter, 5); // window 3..5 of n2 is the first where both are within 5 %
        QCOMPARE(t.outcome(0), QStringLiteral("converged"));
        QVERIFY(line.contains(QStringLiteral("stable after 5 iterations")));
        const QJsonObject j = t.toJson();
        QVERIFY(j.value(QStringLiteral("converged")).toBool());
        QCOMPARE(j.value(QStringLiteral("steps"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("nodes"))
                     .toObject()
                     .size(),
            2);
    }

    void capWhenItNeverSettles()
    {
        RepetitionTracker t(plan(1, 1, 1, 2, 4));
        int iter = 0;
        QString line;
        for (; iter < 10 && t.wants(0); ++iter) {
            t.record(0, QStringLiteral("n1"), fio(iter % 2 ? 100 : 120));
            line = t.endIteration(0);
        }
        QCOMPARE(iter, 4);
        QCOMPARE(t.outcome(0), QStringLiteral("cap"));
        QVERIFY(line.contains(QStringLiteral("the cap")));
        QVERIFY(!t.toJson().value(QStringLiteral("converged")).toBool());
        QVERIFY(t.stepJson(0).value(QStringLiteral("hitCap")).toBool());
    }

    void minimumIsRepeatAndWindow()
    {
        // identical figures would converge at once, but not before max(repeat, window)
        RepetitionTracker t(plan(1, 4, 10, 2, 9));
        int iter = 0;
        for (; iter < 10 && t.wants(0); ++iter) {
            t.record(0, QStringLiteral("n1"), fio(100));
            t.endIteration(0);
        }
        QCOMPARE(iter, 4);
        QCOMPARE(t.outcome(0), QStringLiteral("converged"));
    }

    void noFigureRunsToTheCap()
    {
        RepetitionTracker t(plan(1, 1, 50, 2, 3));
        int iter = 0;
        for (; iter < 10 && t.wants(0); ++iter) {
            t.record(0, QStringLiteral("n1"), QJsonObject {{QStringLiteral("osds"), QJsonArray {}}});
            t.endIteration(0);
        }
        QCOMPARE(iter, 3);
        QCOMPARE(t.outcome(0), QStringLiteral("cap"));
        QVERIFY(t.stepJson(0).value(QStringLiteral("spreadPct")).isNull());
    }
};

QTEST_GUILESS_MAIN(TestRepetitionTracker)
#include "test_repetitiontracker.moc"
