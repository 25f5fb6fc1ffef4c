// SPDX-License-Identifier: GPL-3.0-or-later
// The live dashboard fed a real SampleBuffer with synthetic samples (no engine): the
// samples are made up here because the point is the drawing path, not measuring.
#include "bench/registry.h"
#include "engine/samplebuffer.h"
#include "live/decimator.h"
#include "live/figurecard.h"
#include "live/columnstore.h"
#include "live/healthbands.h"
#include "live/livechart.h"
#include "live/livedashboard.h"
#include "live/usagestripview.h"
#include "live/liveheader.h"
#include "live/liveplotitem.h"
#include "model/metric.h"
#include "unitscale.h"

#include <QFontMetrics>
#include <QGraphicsScene>
#include <QLabel>
#include <QLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QValueAxis>

#include <cmath>

using namespace cm;
using namespace cm::ui;

class TestLiveDashboard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void unitScaling()
    {
        QCOMPARE(formatBytesPerSec(1.5e9), QStringLiteral("1.50 GB/s"));
        QCOMPARE(formatBytesPerSec(250e6), QStringLiteral("250 MB/s"));
        QCOMPARE(formatIops(45600), QStringLiteral("45.6k IOPS"));
        QCOMPARE(formatIops(950), QStringLiteral("950 IOPS"));
        QCOMPARE(formatLatencyNs(870e3), QStringLiteral("870 µs"));
        QCOMPARE(formatLatencyNs(2.5e6), QStringLiteral("2.50 ms"));
        QCOMPARE(scaleFor(metric::Unit::BytesPerSec, 3e9).label, QStringLiteral("GB/s"));
        QCOMPARE(formatDuration(3723), QStringLiteral("1:02:03"));
    }

    void decimationKeepsExtremes()
    {
        QList<QPointF> pts;
        for (int i = 0; i < 100000; ++i)
            pts.append(QPointF(i * 0.01, i == 54321 ? 1e6 : (i % 7)));
        const QList<QPointF> d = decimateMinMax(pts, 500, 1.0);
        QVERIFY(d.size() <= 4 * 500);
        QVERIFY(d.size() >= 500);
        double maxY = 0;
        for (const QPointF &p : d)
            maxY = std::max(maxY, p.y());
        QCOMPARE(maxY, 1e6); // the one spike survives
        QCOMPARE(d.first(), pts.first());
        QCOMPARE(d.last(), pts.last());
        for (int i = 1; i < d.size(); ++i)
            QVERIFY(d.at(i).x() >= d.at(i - 1).x());
        // Small inputs pass through, divided.
        const QList<QPointF> small = decimateMinMax({{0, 10}, {1, 20}}, 500, 10);
        QCOMPARE(small, (QList<QPointF> {{0, 1}, {1, 2}}));
    }

    void drainsBufferOnTimer()
    {
        LiveDashboard dash;
        dash.resize(1100, 700);
        dash.show();
        auto buffer = std::make_shared<SampleBuffer>();
        Plan plan;
        plan.kind = QStringLiteral("disk-fio");
        plan.name = QStringLiteral("Synthetic");
        plan.steps = {PlanStep {QStringLiteral("a"), QStringLiteral("A"), {}},
            PlanStep {QStringLiteral("b"), QStringLiteral("B"), {}}};
        dash.startRun(42, plan, buffer, 20);
        dash.setStep(0, 2, QStringLiteral("SEQ1M Q8T1 Read"));
        QCOMPARE(dash.header()->stepText(), QStringLiteral("Step 1/2: SEQ1M Q8T1 Read"));

        const QString t1 = QStringLiteral("node1:/tmp/a/clustermark-bench.fio.dat");
        const QString t2 = QStringLiteral("node2:/tmp/b/clustermark-bench.fio.dat");
        // 30 seconds of samples from two targets, fed in three bursts
        for (int burst = 0; burst < 3; ++burst) {
            SampleList list;
            for (int i = burst * 10; i < burst * 10 + 10; ++i) {
                for (const QString &t : {t1, t2}) {
                    const double f = t == t1 ? 1.0 : 0.5;
                    list.append(Sample {0, t, metric::ReadBw, double(i), f * 1.8e9});
                    list.append(Sample {0, t, metric::WriteBw, double(i), 0}); // idle direction
                    list.append(Sample {0, t, metric::ReadIops, double(i), f * 1800});
                    list.append(Sample {0, t, metric::ReadLatP50, double(i), f * 400e3});
                    list.append(Sample {0, t, metric::ReadLatP99, double(i), f * 2.2e6});
                }
                list.append(
                    Sample {-1, QStringLiteral("node1"), metric::CpuBusy, double(i), 35}); // node metric: no step
            }
            buffer->append(list);
            // the dashboard's own 10 Hz timer drains it
            QTRY_COMPARE_WITH_TIMEOUT(dash.samplesReceived(), qint64(110 * (burst + 1)), 3000);
        }
        LiveChart *bw = dash.chart(LiveDashboard::Chart::Bandwidth);
        QCOMPARE(bw->lineCount(), 2); // no line for the idle write direction
        QCOMPARE(bw->displayedPointCount(), 60);
        for (int i = 0; i < bw->lineCount(); ++i)
            QCOMPARE(bw->linePoints(i).size(), 30);
        QCOMPARE(bw->scale().label, QStringLiteral("GB/s"));
        QCOMPARE(bw->linePoints(0).at(5).y(), 1.8); // scaled to GB/s
        QVERIFY(bw->axisY()->max() >= 1.8);
        QVERIFY(bw->series().first()->pen().color() != bw->series().last()->pen().color());
        LiveChart *iops = dash.chart(LiveDashboard::Chart::Iops);
        QCOMPARE(iops->scale().label, QStringLiteral("k IOPS"));
        LiveChart *lat = dash.chart(LiveDashboard::Chart::Latency);
        QCOMPARE(lat->lineCount(), 4);
        QCOMPARE(lat->scale().label, QStringLiteral("ms"));
        QCOMPARE(dash.chart(LiveDashboard::Chart::Cpu)->displayedPointCount(), 30);
        // One colour per target across charts.
        QCOMPARE(iops->series().first()->pen().color(), bw->series().first()->pen().color());
        QCOMPARE(lat->series().first()->pen().color(), bw->series().first()->pen().color());

        QCOMPARE(dash.cardCount(), 3); // two files and node1's CPU
        QCOMPARE(dash.card(t1)->currentText(metric::ReadBw), QStringLiteral("1.80 GB/s"));
        QCOMPARE(dash.card(t2)->currentText(metric::ReadIops), QStringLiteral("900 IOPS"));
        QCOMPARE(dash.card(t1)->currentText(metric::ReadLatP99), QStringLiteral("2.20 ms"));
        QCOMPARE(dash.card(t1)->currentText(metric::WriteBw), QString());

        if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT")) // for looking at it by hand
            dash.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT"));
        QSignalSpy cancel(&dash, &LiveDashboard::cancelRequested);
        QTest::mouseClick(dash.header()->cancelButton(), Qt::LeftButton);
        QCOMPARE(cancel.count(), 1);
        QCOMPARE(cancel.at(0).at(0).value<RunId>(), RunId(42));
        dash.setStep(
            3, 8, QStringLiteral("A long step title that does not fit next to everything else SEQ1M Q8T1 Read"));
        dash.finishRun(RunStatus::Completed);
        QVERIFY(!dash.isRunning());
        QVERIFY(!dash.header()->cancelButton()->isEnabled());
        // The status word is shown whole (bold) even when the step title is long.
        QLabel *statusLabel = nullptr;
        for (QLabel *l : dash.header()->findChildren<QLabel *>())
            if (l->text() == QLatin1String("Completed"))
                statusLabel = l;
        QVERIFY(statusLabel);
        dash.header()->layout()->activate();
        QFont bold = statusLabel->font();
        bold.setBold(true);
        QVERIFY2(statusLabel->width() >= QFontMetrics(bold).horizontalAdvance(QStringLiteral("Completed")),
            qPrintable(QStringLiteral("status label %1 px").arg(statusLabel->width())));
    }

    void healthTimelineShadesTheCharts()
    {
        LiveDashboard dash;
        dash.resize(1000, 700);
        auto buffer = std::make_shared<SampleBuffer>();
        Plan plan;
        plan.name = QStringLiteral("health");
        dash.startRun(8, plan, buffer, 0);
        SampleList list;
        const QString t = QStringLiteral("local:/tmp/f");
        // OK at 0 and 2, WARN at 4 and 6, OK again at 8, scrubbing at 10
        const double health[] = {0, 0, 1, 1, 0, 0};
        const double scrub[] = {0, 0, 0, 0, 0, 3};
        for (int i = 0; i < 6; ++i) {
            const double x = i * 2;
            list.append(Sample {0, t, metric::ReadBw, x, 1e8});
            list.append(Sample {-1, QStringLiteral("ceph"), metric::CephHealth, x, health[i]});
            list.append(Sample {-1, QStringLiteral("ceph"), metric::CephPgsScrubbing, x, scrub[i]});
        }
        buffer->append(list);
        QTRY_COMPARE_WITH_TIMEOUT(dash.samplesReceived(), qint64(18), 3000);
        for (LiveDashboard::Chart c : {LiveDashboard::Chart::Bandwidth, LiveDashboard::Chart::Cpu})
            QCOMPARE(dash.chart(c)->bandCount(), 2); // the WARN span and the scrub span
        QCOMPARE(dash.chart(LiveDashboard::Chart::Bandwidth)->lineCount(), 1); // bands are not lines
        QVERIFY(!dash.card(QStringLiteral("ceph"))); // the cluster is not a target card
        QCOMPARE(dash.header()->healthText(), QStringLiteral("Ceph: scrub"));
        if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT")) // for looking at it by hand
            dash.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT") + QStringLiteral("-health.png"));
        // the tracker's spans: WARN from 4 until the OK poll at 8
        HealthBandTracker tracker;
        const auto changed = tracker.add(list);
        QCOMPARE(tracker.bands().size(), 2);
        QCOMPARE(tracker.bands().at(0).label, QStringLiteral("HEALTH_WARN"));
        QCOMPARE(tracker.bands().at(0).start, 4.0);
        QCOMPARE(tracker.bands().at(0).end, 8.0);
        QCOMPARE(tracker.bands().at(1).label, QStringLiteral("scrub"));
        QVERIFY(tracker.isOpen());
        QVERIFY(!changed.isEmpty());
    }

    // The "Nodes & OSDs" tab: a row per watched resource, the saturated disk framed as
    // the step's bottleneck, the step on the ruler; rebuilt only while shown.
    void nodesAndOsdsStrip()
    {
        LiveDashboard dash;
        dash.resize(1000, 700);
        dash.show();
        auto buffer = std::make_shared<SampleBuffer>();
        Plan plan;
        plan.name = QStringLiteral("strip");
        plan.steps = {PlanStep {QStringLiteral("w"), QStringLiteral("4k write"), {}}};
        dash.startRun(9, plan, buffer, 0);
        dash.setStep(0, 1, QStringLiteral("4k write"));
        SampleList list;
        for (int i = 1; i <= 8; ++i) {
            list.append(Sample {-1, QStringLiteral("pve2"), metric::CpuBusy, double(i), 20});
            list.append(Sample {-1, QStringLiteral("pve2"), metric::diskUtil(QStringLiteral("sdb")), double(i), 99});
            for (int osd = 0; osd < 3; ++osd)
                list.append(Sample {-1, metric::osdTarget(osd), metric::OsdCommitLat, double(i), 2e6});
        }
        buffer->append(list);
        QTRY_COMPARE_WITH_TIMEOUT(dash.samplesReceived(), qint64(list.size()), 3000);
        QCOMPARE(dash.usageStrip()->rowCount(), 0); // not shown: not rebuilt
        dash.views()->setCurrentWidget(dash.usageStrip());
        QTRY_COMPARE_WITH_TIMEOUT(dash.usageStrip()->rowCount(), 5, 3000);
        const UsageStrip &s = dash.usageStrip()->strip();
        QCOMPARE(s.rows.at(1).part, QStringLiteral("sdb"));
        QVERIFY(!s.marks.isEmpty());
        QCOMPARE(s.marks.first().row, 1); // the disk at 99 %
        QVERIFY(!dash.card(QStringLiteral("osd.0"))); // OSDs are in the strip, not cards
        dash.finishRun(RunStatus::Completed);
        QTRY_COMPARE_WITH_TIMEOUT(dash.usageStrip()->strip().steps.size(), qsizetype(1), 3000);
        if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT")) // for looking at it by hand
            dash.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT") + QStringLiteral("-strip.png"));
    }

    void stepsAreSeparateSegments()
    {
        LiveDashboard dash;
        dash.resize(1000, 700);
        dash.show();
        auto buffer = std::make_shared<SampleBuffer>();
        Plan plan;
        plan.name = QStringLiteral("steps");
        dash.startRun(7, plan, buffer, 0);
        const QString t = QStringLiteral("local:/tmp/f");
        SampleList list;
        // step 0 reads, step 1 writes (reads report 0), step 2 reads again
        for (int step = 0; step < 3; ++step) {
            for (int i = 0; i < 5; ++i) {
                const double x = step * 6 + i;
                const bool reads = step != 1;
                list.append(Sample {step, t, metric::ReadBw, x, reads ? 5e8 : 0});
                list.append(Sample {step, t, metric::WriteBw, x, reads ? 0 : 3e8});
                list.append(Sample {-1, QStringLiteral("local"), metric::CpuBusy, x, 20.0 + step});
            }
        }
        buffer->append(list);
        QTRY_COMPARE_WITH_TIMEOUT(dash.samplesReceived(), qint64(45), 3000);
        LiveChart *bw = dash.chart(LiveDashboard::Chart::Bandwidth);
        QCOMPARE(bw->lineCount(), 3); // read, write, read: no line across steps
        QCOMPARE(bw->displayedPointCount(), 15);
        auto visibleMarkers = [bw] {
            int n = 0;
            for (QLegendMarker *m : bw->chart()->legend()->markers())
                n += m->isVisible();
            return n;
        };
        // one legend entry per target and metric (the legend lays its markers out lazily)
        QTRY_COMPARE_WITH_TIMEOUT(visibleMarkers(), 2, 3000);
        QCOMPARE(bw->scale().label, QStringLiteral("MB/s"));
        // The card's "now" restarts with each step: the write step ended reads.
        QCOMPARE(dash.card(t)->currentText(metric::ReadBw), QStringLiteral("500 MB/s"));
        QCOMPARE(dash.card(t)->currentText(metric::WriteBw), QString()); // not in this step
        QVERIFY(dash.card(QStringLiteral("local"))); // CPU card across steps
        QCOMPARE(dash.card(QStringLiteral("local"))->currentText(metric::CpuBusy), QStringLiteral("22.0 %"));
        QCOMPARE(dash.chart(LiveDashboard::Chart::Cpu)->lineCount(), 1); // one unbroken CPU line
        dash.finishRun(RunStatus::Cancelled, QStringLiteral("by the user"));
        QCOMPARE(dash.header()->statusText(), QStringLiteral("Cancelled: by the user"));
    }

    void longHistoryIsDecimated()
    {
        LiveChart chart(QStringLiteral("bw"), metric::Unit::BytesPerSec);
        chart.resize(600, 300);
        chart.show();
        for (int batch = 0; batch < 20; ++batch) {
            QList<QPointF> pts;
            for (int i = 0; i < 1000; ++i)
                pts.append(QPointF(batch * 1000 + i, 1e8 + (i % 10) * 1e6));
            chart.appendPoints(QStringLiteral("n:/x"), metric::ReadBw, pts);
            chart.flush();
        }
        QCOMPARE(chart.receivedPointCount(), qint64(20000));
        // bounded: at most one bucket (min and max point) per plot column
        const int columns = int(chart.chart()->plotArea().width());
        QVERIFY2(chart.heldPointCount() <= columns, qPrintable(QString::number(chart.heldPointCount())));
        QVERIFY(chart.displayedPointCount() <= 2 * columns);
        QVERIFY(chart.displayedPointCount() > 100);
        // the line ends where the data ends, and the spikes (max 1.09e8) survive
        const QList<QPointF> s = chart.linePoints(0);
        QVERIFY(s.last().x() > 19900);
        double top = 0;
        for (const QPointF &p : s)
            top = std::max(top, p.y());
        QCOMPARE(top * chart.scale().divisor, 1.09e8);
    }

    // An hour at 10 Hz with noise and spikes: each bucket keeps the lowest and highest
    // sample of its span, and the plot never gets more points than it has columns.
    void columnsKeepMinAndMaxOfAnHour()
    {
        ColumnStore store;
        store.setColumns(600);
        QList<QPointF> raw;
        for (int k = 0; k < 36000; ++k) {
            const double t = k / 10.0;
            double v = 100 + 10 * std::sin(t / 30) + ((k * 7919) % 13);
            if (k % 4999 == 17)
                v = 400; // spikes
            if (k % 7001 == 3)
                v = 1; // dips
            raw.append(QPointF(t, v));
        }
        for (qsizetype i = 0; i < raw.size(); i += 64) // arrives in refresh-sized batches
            store.append(raw.mid(i, 64));
        QVERIFY2(store.bucketCount() <= 300, qPrintable(QString::number(store.bucketCount())));
        const QList<QPointF> shown = store.points();
        QVERIFY(shown.size() <= 600);
        QVERIFY(shown.size() >= 300);
        // per bucket span: its min and max sample are among the shown points
        const double w = store.bucketWidth();
        QHash<qint64, QPair<double, double>> expect;
        for (const QPointF &p : raw) {
            const qint64 b = qint64(std::floor(p.x() / w + 1e-9));
            auto it = expect.find(b);
            if (it == expect.end())
                expect.insert(b, {p.y(), p.y()});
            else
                *it = {std::min(it->first, p.y()), std::max(it->second, p.y())};
        }
        QCOMPARE(qsizetype(expect.size()), store.bucketCount());
        QHash<qint64, QPair<double, double>> got;
        for (const QPointF &p : shown) {
            const qint64 b = qint64(std::floor(p.x() / w + 1e-9));
            auto it = got.find(b);
            if (it == got.end())
                got.insert(b, {p.y(), p.y()});
            else
                *it = {std::min(it->first, p.y()), std::max(it->second, p.y())};
        }
        QCOMPARE(got, expect);
        for (qsizetype i = 1; i < shown.size(); ++i)
            QVERIFY(shown.at(i).x() >= shown.at(i - 1).x());
    }

    // The live chart over an hour of 64 lines: what reaches the plot is bounded by its
    // width, and the plot draws each line (seen in the grabbed pixels).
    void chartPointsBoundedByPlotWidth()
    {
        LiveChart chart(QStringLiteral("bw"), metric::Unit::BytesPerSec);
        chart.resize(640, 360);
        chart.show();
        const QString a = QStringLiteral("node1:/x"), b = QStringLiteral("node2:/y");
        for (int batch = 0; batch < 60; ++batch) { // a minute of seconds per batch
            QList<QPointF> pa, pb;
            for (int i = 0; i < 600; ++i) {
                const double t = (batch * 600 + i) / 10.0;
                pa.append(QPointF(t, 4e8 + (i % 17) * 1e6));
                pb.append(QPointF(t, 1e8 + (i % 5) * 1e6));
            }
            chart.appendPoints(a, metric::ReadBw, pa);
            chart.appendPoints(b, metric::ReadBw, pb);
            chart.flush();
            QCoreApplication::processEvents();
        }
        const int columns = int(chart.chart()->plotArea().width());
        QVERIFY(columns > 300);
        QCOMPARE(chart.lineCount(), 2);
        for (int i = 0; i < 2; ++i) {
            const QList<QPointF> pts = chart.linePoints(i);
            QVERIFY2(pts.size() <= columns && pts.size() > columns / 4, qPrintable(QString::number(pts.size())));
            QVERIFY(pts.last().x() > 3500); // the last bucket's lowest or highest point
        }
        // the pixels: both targets' colours inside the plot area
        const QImage img = chart.grab().toImage();
        const QRect plot = chart.chart()->plotArea().toRect();
        for (QLineSeries *s : chart.series()) {
            const QColor want = s->pen().color();
            int hits = 0;
            for (int y = plot.top(); y < plot.bottom(); ++y)
                for (int x = plot.left(); x < plot.right(); ++x) {
                    const QColor c = img.pixelColor(x, y);
                    hits += std::abs(c.red() - want.red()) + std::abs(c.green() - want.green())
                            + std::abs(c.blue() - want.blue())
                        < 40;
                }
            QVERIFY2(hits > columns / 2, qPrintable(QStringLiteral("%1: %2 pixels").arg(s->name()).arg(hits)));
        }
    }

    // A refresh redraws only the strip right of the last unchanged point, and that gives
    // the same picture as drawing everything (dashed lines keep their pattern).
    void plotStripRedrawMatchesFullRedraw()
    {
        auto render = [](QGraphicsScene &scene) {
            QImage img(400, 200, QImage::Format_ARGB32_Premultiplied);
            img.fill(Qt::white);
            QPainter p(&img);
            scene.render(&p, QRectF(0, 0, 400, 200), QRectF(0, 0, 400, 200));
            return img;
        };
        QPen solid(QColor(200, 30, 30));
        solid.setWidthF(1.6);
        QPen dashed(QColor(30, 30, 200));
        dashed.setWidthF(1.6);
        dashed.setStyle(Qt::DashLine);
        auto wave = [](int n, double base) {
            QList<QPointF> pts;
            for (int i = 0; i < n; ++i)
                pts.append(QPointF(i * 0.5, base + 20 * std::sin(i / 7.0) + (i % 3) * 4));
            return pts;
        };
        QGraphicsScene incScene, fullScene;
        auto *inc = new LivePlotItem;
        auto *full = new LivePlotItem;
        incScene.addItem(inc);
        fullScene.addItem(full);
        for (LivePlotItem *it : {inc, full}) {
            it->setPlot(QRectF(0, 0, 400, 200), 0, 200, 0, 100);
            it->addLine(solid);
            it->addLine(dashed);
        }
        inc->setLinePoints(0, wave(200, 60));
        inc->setLinePoints(1, wave(200, 30));
        render(incScene);
        QVERIFY(inc->lastPaintWasFull());
        // the last point moves (an open bucket) and points are added
        QList<QPointF> a = wave(210, 60), b = wave(210, 30);
        a[199].setY(95);
        inc->setLinePoints(0, a);
        inc->setLinePoints(1, b);
        const QImage got = render(incScene);
        QVERIFY(!inc->lastPaintWasFull());
        QVERIFY2(inc->lastStripWidth() < 40, qPrintable(QString::number(inc->lastStripWidth())));
        full->setLinePoints(0, a);
        full->setLinePoints(1, b);
        const QImage want = render(fullScene);
        QVERIFY(full->lastPaintWasFull());
        int differ = 0, maxDiff = 0;
        for (int y = 0; y < 200; ++y)
            for (int x = 0; x < 400; ++x) {
                const QRgb p = got.pixel(x, y), q = want.pixel(x, y);
                const int d = std::max(
                    {std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)), std::abs(qBlue(p) - qBlue(q))});
                differ += d > 8;
                maxDiff = std::max(maxDiff, d);
            }
        // a dash may start a pixel apart (the stroker rounds to the pixel grid); a
        // pattern restarted at the strip's edge moves ~180 pixels
        QVERIFY2(differ <= 40, qPrintable(QStringLiteral("%1 pixels differ, by up to %2").arg(differ).arg(maxDiff)));
        // the moved point is drawn: red near (199 * 0.5 s, 95) = pixel (199, 10)
        bool red = false;
        for (int y = 6; y <= 14; ++y)
            red = red || (qRed(got.pixel(199, y)) > 150 && qBlue(got.pixel(199, y)) < 120);
        QVERIFY(red);
        // hovering: the line under the pointer, none far from both
        QCOMPARE(inc->lineAt(QPointF(2 * 100, 200 - 2 * b.at(200).y())), 1);
        QCOMPARE(inc->lineAt(QPointF(2 * 50, 200 - 2 * a.at(100).y())), 0);
        QCOMPARE(inc->lineAt(QPointF(2 * 50, 2)), -1);
        // new axes: everything again
        inc->setPlot(QRectF(0, 0, 400, 200), 0, 400, 0, 100);
        render(incScene);
        QVERIFY(inc->lastPaintWasFull());
    }
};

QTEST_MAIN(TestLiveDashboard)
#include "test_livedashboard.moc"
