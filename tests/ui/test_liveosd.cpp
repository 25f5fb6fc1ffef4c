// SPDX-License-Identifier: GPL-3.0-or-later
// The live dashboard during a per-OSD latency run: samples carry the target "osd.N"
// (synthetic values through a real SampleBuffer: the point is the drawing path). The
// charts get one line per OSD and metric; the legend stays readable as OSDs add up.
#include "engine/samplebuffer.h"
#include "live/figurecard.h"
#include "live/livechart.h"
#include "live/livedashboard.h"
#include "model/metric.h"

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QTest>

using namespace cm;
using namespace cm::ui;

namespace {
void feed(LiveDashboard &dash, const SampleBufferPtr &buffer, int osds, int seconds)
{
    SampleList list;
    for (int t = 0; t < seconds; ++t)
        for (int id = 0; id < osds; ++id) {
            const QString target = QStringLiteral("osd.%1").arg(id);
            const double slow = id == osds - 1 ? 8.0 : 1.0; // the last OSD is the bad one
            list.append(Sample {0, target, metric::WriteIops, double(t), 900 / slow});
            list.append(Sample {0, target, metric::WriteLatP50, double(t), 1.1e6 * slow});
            list.append(Sample {0, target, metric::WriteLatP99, double(t), 3.0e6 * slow});
        }
    buffer->append(list);
    dash.drain();
}

Plan osdPlan()
{
    Plan p;
    p.kind = QStringLiteral("osd-latency");
    p.name = QStringLiteral("Per-OSD latency");
    p.steps = {PlanStep {QStringLiteral("write"), QStringLiteral("4k QD1 write per OSD"), {}}};
    return p;
}

int visibleMarkers(LiveChart *c)
{
    int n = 0;
    for (QLegendMarker *m : c->chart()->legend()->markers())
        n += m->isVisible();
    return n;
}
} // namespace

class TestLiveOsd : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fewOsdsKeepTheLegendBelow()
    {
        LiveDashboard dash;
        dash.resize(1100, 700);
        dash.show();
        auto buffer = std::make_shared<SampleBuffer>();
        dash.startRun(1, osdPlan(), buffer, 30);
        // writes to each OSD move no bandwidth worth a chart: none from the start
        QVERIFY(dash.chart(LiveDashboard::Chart::Bandwidth)->isHidden());
        QVERIFY(!dash.chart(LiveDashboard::Chart::Latency)->isHidden());
        feed(dash, buffer, 3, 10);
        LiveChart *lat = dash.chart(LiveDashboard::Chart::Latency);
        LiveChart *iops = dash.chart(LiveDashboard::Chart::Iops);
        QCOMPARE(lat->lineCount(), 6); // p50 and p99 per OSD
        QCOMPARE(iops->lineCount(), 3);
        QCOMPARE(lat->legendEntryCount(), 6);
        QVERIFY(lat->isLegendShown());
        QCOMPARE(lat->chart()->legend()->alignment(), Qt::AlignBottom);
        QTRY_COMPARE_WITH_TIMEOUT(visibleMarkers(lat), 6, 3000); // markers are laid out lazily
        QStringList names;
        for (QLineSeries *s : lat->series())
            names << s->name();
        QVERIFY2(names.contains(QStringLiteral("osd.2 write p99")), qPrintable(names.join(QLatin1Char(','))));
        QCOMPARE(dash.cardCount(), 3);
        QCOMPARE(dash.card(QStringLiteral("osd.2"))->currentText(metric::WriteLatP50), QStringLiteral("8.80 ms"));
    }

    void manyOsdsMoveThenHideTheLegend()
    {
        LiveDashboard dash;
        dash.resize(1100, 900);
        dash.show();
        auto buffer = std::make_shared<SampleBuffer>();
        dash.startRun(2, osdPlan(), buffer, 30);
        feed(dash, buffer, 10, 5);
        LiveChart *lat = dash.chart(LiveDashboard::Chart::Latency);
        LiveChart *iops = dash.chart(LiveDashboard::Chart::Iops);
        // 10 OSDs: the 10 IOPS entries fit at the side of a 900 px high dashboard.
        QVERIFY2(iops->height() > 300, qPrintable(QString::number(iops->height())));
        QCOMPARE(iops->legendEntryCount(), 10);
        QVERIFY(iops->isLegendShown());
        QCOMPARE(iops->chart()->legend()->alignment(), Qt::AlignRight);
        QCOMPARE(lat->legendEntryCount(), 20);
        if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT")) { // for looking at it by hand
            QTest::qWait(300);
            dash.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT") + QStringLiteral("-10.png"));
        }
        // A shorter window: the IOPS legend no longer fits at the side.
        dash.resize(1100, 420);
        QTRY_VERIFY(!iops->isLegendShown());
        dash.resize(1100, 900);
        QTRY_VERIFY(iops->isLegendShown());

        // 40 OSDs (a new run): 80 latency lines; the legend hides, the title counts them.
        dash.startRun(3, osdPlan(), buffer, 30);
        feed(dash, buffer, 40, 5);
        QCOMPARE(lat->lineCount(), 80);
        QCOMPARE(lat->legendEntryCount(), 80);
        QVERIFY(!lat->isLegendShown());
        QVERIFY2(lat->chart()->title().contains(QStringLiteral("80 lines")), qPrintable(lat->chart()->title()));
        QVERIFY(!iops->isLegendShown());
        QCOMPARE(dash.cardCount(), 40);
        if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT")) {
            QTest::qWait(300);
            dash.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT") + QStringLiteral("-40.png"));
        }
        // The plot keeps its room: the plot area is wider than with a side legend.
        QTRY_VERIFY2(lat->chart()->plotArea().width() > lat->width() * 0.7,
            qPrintable(QString::number(lat->chart()->plotArea().width())));
    }
};

QTEST_MAIN(TestLiveOsd)
#include "test_liveosd.moc"
