// SPDX-License-Identifier: GPL-3.0-or-later
// What the live view says a figure is: a latency percentile's step figure comes from the
// step's merged histograms (metric::stepSoFar samples, as the engines send them), never
// from an average of the intervals' percentiles; rates keep their mean. An RBD step run
// with the client cache on, or at QD1, says so above the charts before any figure (the
// plan's facts, RunnerKind::stepFacts). Real widgets, offscreen.
#include "bench/rbd/rbdkind.h"
#include "bench/registry.h"
#include "engine/samplebuffer.h"
#include "live/figurecard.h"
#include "live/livedashboard.h"
#include "model/metric.h"
#include "unitscale.h"

#include <QLabel>
#include <QTest>

using namespace cm;
using namespace cm::ui;

class TestLiveFigures : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void percentileStepFigureIsMergedNotAveraged()
    {
        FigureCard card(QStringLiteral("pve1"));
        card.addValue(metric::WriteIops, 100);
        card.addValue(metric::WriteIops, 300);
        QCOMPARE(card.stepText(metric::WriteIops), formatValue(metric::Unit::OpsPerSec, 200));
        card.addValue(metric::WriteLatP50, 1e6);
        card.addValue(metric::WriteLatP50, 3e6);
        // the mean of the two p50s (2 ms) is no percentile of the step
        QCOMPARE(card.stepText(metric::WriteLatP50), QStringLiteral("–"));
        card.addValue(metric::stepSoFar(metric::WriteLatP50), 1.2e6);
        QCOMPARE(card.stepText(metric::WriteLatP50), formatValue(metric::Unit::Nanoseconds, 1.2e6));
        card.addValue(metric::WriteLatP50, 5e6); // a later interval keeps the merged figure
        QCOMPARE(card.stepText(metric::WriteLatP50), formatValue(metric::Unit::Nanoseconds, 1.2e6));
        QCOMPARE(card.currentText(metric::WriteLatP50), formatValue(metric::Unit::Nanoseconds, 5e6));
        // a new step starts without one
        card.resetStep();
        card.addValue(metric::WriteLatP50, 4e6);
        QCOMPARE(card.stepText(metric::WriteLatP50), QStringLiteral("–"));
    }

    void rbdStepsSayWhatTheirFiguresAre()
    {
        registerBuiltinKinds();
        Error e;
        const Plan plan = RbdKind::makePlan(QStringLiteral("standard"), {NodeSpec::parse(QStringLiteral("local"))},
            {{QStringLiteral("engine"), QStringLiteral("native")}, {QStringLiteral("pool"), QStringLiteral("rbd")}}, 5,
            &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        LiveDashboard dash;
        dash.resize(1024, 700);
        dash.show();
        dash.startRun(1, plan, std::make_shared<SampleBuffer>(), 30);
        auto *note = dash.findChild<QLabel *>(QStringLiteral("liveCaveats"));
        QVERIFY(note);
        QCOMPARE(plan.steps.at(1).id, QStringLiteral("randwrite-4k-qd1"));
        dash.setStep(1, int(plan.steps.size()), plan.steps.at(1).title); // QD1: cache off by default
        QVERIFY(note->isVisible());
        QVERIFY2(note->text().startsWith(QStringLiteral("² ")) && !note->text().contains(QStringLiteral("¹")),
            qPrintable(note->text()));
        dash.setStep(2, int(plan.steps.size()), plan.steps.at(2).title); // QD128 write: the cluster's cache
        QVERIFY2(note->text().startsWith(QStringLiteral("¹ ")), qPrintable(note->text()));
        dash.setStep(0, int(plan.steps.size()), plan.steps.at(0).title);
        dash.setStep(5, int(plan.steps.size()), plan.steps.at(5).title); // QD128 read: nothing to say
        QVERIFY(!note->isVisible());
    }
};

QTEST_MAIN(TestLiveFigures)
#include "test_livefigures.moc"
