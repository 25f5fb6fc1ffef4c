// SPDX-License-Identifier: GPL-3.0-or-later
// The live header's ETA and the live figures' units and end of run, on the real
// widgets (offscreen): the ETA follows the run's pace, a network run reads in bit/s,
// and no "now" value outlives the run.
#include "bench/registry.h"
#include "engine/samplebuffer.h"
#include "live/figurecard.h"
#include "live/livechart.h"
#include "live/livedashboard.h"
#include "live/liveheader.h"
#include "model/metric.h"

#include <QTest>

using namespace cm;
using namespace cm::ui;

namespace {
Plan oneStepPlan(const QString &kind)
{
    Plan plan;
    plan.kind = kind;
    plan.name = QStringLiteral("Synthetic");
    plan.steps = {PlanStep {QStringLiteral("a"), QStringLiteral("A"), {}}};
    return plan;
}

// Five seconds of one metric of one target into a started run, drained by the
// dashboard's own timer.
bool feed(LiveDashboard &dash, const SampleBufferPtr &buffer, const QString &target, const QString &metric, double v,
    int step = 0, double from = 0)
{
    SampleList list;
    for (int i = 0; i < 5; ++i)
        list.append(Sample {step, target, metric, from + i, v});
    const qint64 before = dash.samplesReceived();
    buffer->append(list);
    return QTest::qWaitFor([&] { return dash.samplesReceived() == before + 5; }, 3000);
}
} // namespace

class TestLiveHeader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The ETA follows the run's pace: a step that took twice its estimate (a prefill)
    // makes the rest expected at twice theirs; an overrunning last step says so
    // instead of showing 0:00.
    void etaFollowsThePace()
    {
        LiveHeader h;
        h.startRun(QStringLiteral("plan"), 2, 20, {10, 10});
        h.setElapsed(0);
        h.setStep(0, 2, QStringLiteral("first"));
        h.setElapsed(5);
        QCOMPARE(h.etaText(), QStringLiteral("ETA 0:15"));
        h.setElapsed(20); // the first step overran: 20 s for 10 planned
        QCOMPARE(h.etaText(), QStringLiteral("ETA 0:10"));
        h.setStep(1, 2, QStringLiteral("second"));
        h.setElapsed(20);
        QCOMPARE(h.etaText(), QStringLiteral("ETA 0:20"));
        h.setElapsed(39);
        QCOMPARE(h.etaText(), QStringLiteral("ETA 0:01"));
        h.setElapsed(45);
        QCOMPARE(h.etaText(), QStringLiteral("finishing…"));
        // Without per-step estimates the total counts down, as before.
        LiveHeader total;
        total.startRun(QStringLiteral("plan"), 2, 20);
        total.setElapsed(5);
        QCOMPARE(total.etaText(), QStringLiteral("ETA 0:15"));
    }

    // A network run's throughput in bit/s, on the chart and the card, as in its results.
    void networkRunInBits()
    {
        registerBuiltinKinds();
        LiveDashboard dash;
        dash.resize(1100, 700);
        dash.show();
        auto buffer = std::make_shared<SampleBuffer>();
        Plan plan = oneStepPlan(QStringLiteral("net-iperf"));
        dash.startRun(7, plan, buffer, 10);
        dash.setStep(0, 1, QStringLiteral("node1 → node2"));
        QVERIFY(feed(dash, buffer, QStringLiteral("node1→node2"), metric::NetBw, 9.41e9 / 8));
        LiveChart *bw = dash.chart(LiveDashboard::Chart::Bandwidth);
        QCOMPARE(bw->scale().label, QStringLiteral("Gbit/s"));
        QCOMPARE(bw->linePoints(0).last().y(), 9.41);
        QCOMPARE(dash.card(QStringLiteral("node1→node2"))->currentText(metric::NetBw), QStringLiteral("9.41 Gbit/s"));
        // The next disk run is back in bytes.
        plan.kind = QStringLiteral("disk-fio");
        dash.startRun(8, plan, std::make_shared<SampleBuffer>(), 10);
        QCOMPARE(bw->scale().label, QStringLiteral("B/s"));
    }

    // When the run ends, nothing is "now" any more; the step's own figure stays.
    void nowClearedAtTheEnd()
    {
        LiveDashboard dash;
        dash.resize(1100, 700);
        dash.show();
        auto buffer = std::make_shared<SampleBuffer>();
        dash.startRun(9, oneStepPlan(QStringLiteral("disk-fio")), buffer, 10);
        dash.setStep(0, 1, QStringLiteral("A"));
        const QString t = QStringLiteral("node1:/tmp/a");
        QVERIFY(feed(dash, buffer, t, metric::ReadBw, 1.8e9));
        QCOMPARE(dash.card(t)->currentText(metric::ReadBw), QStringLiteral("1.80 GB/s"));
        const QString stepMean = dash.card(t)->stepText(metric::ReadBw);
        QVERIFY(!stepMean.isEmpty());
        dash.finishRun(RunStatus::Completed);
        QCOMPARE(dash.card(t)->currentText(metric::ReadBw), QStringLiteral("–"));
        QCOMPARE(dash.card(t)->stepText(metric::ReadBw), stepMean);
    }

    // The header says the step is setting up until its first figures, then measuring;
    // a repeated step (the run's third, the plan's first) feeds the cards again.
    void phaseAndRepeatedSteps()
    {
        LiveDashboard dash;
        dash.resize(1100, 700);
        dash.show();
        auto buffer = std::make_shared<SampleBuffer>();
        Plan plan = oneStepPlan(QStringLiteral("disk-fio"));
        plan.steps << PlanStep {QStringLiteral("b"), QStringLiteral("B"), {}};
        plan.repeat = 2;
        dash.startRun(10, plan, buffer, 40);
        dash.setStep(0, 4, QStringLiteral("A"), 0);
        QCOMPARE(dash.header()->statusText(), QStringLiteral("Setting up…"));
        const QString t = QStringLiteral("node1:/tmp/a");
        QVERIFY(feed(dash, buffer, t, metric::ReadBw, 1.0e9));
        QCOMPARE(dash.header()->statusText(), QStringLiteral("Measuring"));
        dash.setStep(1, 4, QStringLiteral("B"), 1);
        QVERIFY(feed(dash, buffer, t, metric::ReadBw, 1.5e9, 1, 5));
        dash.setStep(2, 4, QStringLiteral("A"), 0); // the second round
        QCOMPARE(dash.header()->statusText(), QStringLiteral("Setting up…"));
        QVERIFY(feed(dash, buffer, t, metric::ReadBw, 2.0e9, 0, 10));
        QCOMPARE(dash.card(t)->currentText(metric::ReadBw), QStringLiteral("2.00 GB/s"));
        QCOMPARE(dash.card(t)->stepText(metric::ReadBw), QStringLiteral("2.00 GB/s"));
        QCOMPARE(dash.header()->statusText(), QStringLiteral("Measuring"));
    }
};

QTEST_MAIN(TestLiveHeader)
#include "test_liveheader.moc"
