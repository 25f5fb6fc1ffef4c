// SPDX-License-Identifier: GPL-3.0-or-later
// The run's charts: the same grid live and in Results (drawn from a real SQLite store),
// the kind's words (requests/s, GET/PUT), log latency axes, one time axis per
// dashboard, and a target's colour kept across runs and restarts. Samples are made up
// here: the point is the drawing path, not measuring.
#include "bench/registry.h"
#include "io/appsettings.h"
#include "live/livechart.h"
#include "live/liveplotitem.h"
#include "live/runchartgrid.h"
#include "model/metric.h"
#include "compare/compareloader.h"
#include "results/resultsloader.h"
#include "results/rundetailpane.h"
#include "results/runchartsview.h"
#include "shots.h"
#include "store/sessionstore.h"
#include "targetcolors.h"

#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>

#include <cmath>

using namespace cm;
using namespace cm::ui;

namespace {
Plan planOf(const QString &kind)
{
    Plan p;
    p.kind = kind;
    p.name = QStringLiteral("charts");
    p.nodes = {NodeSpec::parse(QStringLiteral("local"))};
    p.steps = {PlanStep {QStringLiteral("a"), QStringLiteral("A"), {}}};
    return p;
}

// seconds [from, to) at 1 Hz of one metric of one target
SampleList ramp(const QString &target, const QString &metric, double from, double to, double value, int step = 0)
{
    SampleList out;
    for (double t = from; t < to; t += 1)
        out.append(Sample {step, target, metric, t, value});
    return out;
}

QStringList lineNames(LiveChart *c)
{
    QStringList out;
    for (QLineSeries *s : c->series())
        out << s->name();
    return out;
}
} // namespace

class TestRunCharts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void latencyAxisTurnsLogAcrossDecades()
    {
        RunChartGrid grid;
        grid.resize(900, 600);
        grid.show();
        grid.startRun(planOf(QStringLiteral("disk-fio")));
        LiveChart *lat = grid.chart(RunChartGrid::Chart::Latency);
        // one decade: linear
        grid.addSamples(ramp(QStringLiteral("n1"), metric::ReadLatP50, 0, 5, 1.0e6));
        grid.addSamples(ramp(QStringLiteral("n1"), metric::ReadLatP99, 0, 5, 4.0e6));
        grid.flush(5);
        QVERIFY(!lat->isLogScale());
        QVERIFY(lat->axisY()->isVisible());
        QVERIFY(!lat->plotItem()->isLogY());
        // 50 µs beside 200 ms: logarithmic, in whole decades, and it stays so
        grid.addSamples(ramp(QStringLiteral("n1"), metric::WriteLatP50, 5, 10, 50e3));
        grid.addSamples(ramp(QStringLiteral("n1"), metric::WriteLatP99, 5, 10, 200e6));
        grid.flush(10);
        QVERIFY(lat->isLogScale());
        QVERIFY(lat->plotItem()->isLogY());
        QVERIFY(!lat->axisY()->isVisible());
        QLogValueAxis *log = nullptr;
        for (QAbstractAxis *a : lat->chart()->axes(Qt::Vertical))
            if (auto *l = qobject_cast<QLogValueAxis *>(a))
                log = l;
        QVERIFY(log && log->isVisible());
        QCOMPARE(lat->scale().label, QStringLiteral("ms"));
        QCOMPARE(log->min(), 0.01); // 50 µs = 0.05 ms → 0.01
        QCOMPARE(log->max(), 1000.0); // 210 ms → 1000
        // The plot maps a value by its logarithm: 1 ms sits 2/5 up a 0.01..1000 ms axis.
        LivePlotItem *plot = lat->plotItem();
        const int idx = plot->addLine(QPen(Qt::red));
        plot->setLinePoints(idx, {QPointF(0, 1), QPointF(10, 1)});
        QImage img(plot->boundingRect().size().toSize(), QImage::Format_ARGB32_Premultiplied);
        img.fill(Qt::transparent);
        QPainter p(&img);
        plot->paint(&p, nullptr, nullptr);
        p.end();
        const int x = img.width() / 2;
        int hit = -1;
        for (int y = 0; y < img.height(); ++y)
            if (const QColor px = img.pixelColor(x, y); px.alpha() > 100 && px.red() > 150 && px.green() < 100)
                hit = y;
        QVERIFY(hit >= 0);
        const double expected = img.height() * (1 - 2.0 / 5.0);
        QVERIFY2(std::abs(hit - expected) <= 2, qPrintable(QStringLiteral("%1 vs %2").arg(hit).arg(expected)));
        cmtest::saveShot(&grid, QStringLiteral("runcharts-logaxis"));
    }

    void s3RunSpeaksRequestsAndGetPut()
    {
        RunChartGrid grid;
        grid.resize(900, 600);
        grid.show();
        grid.startRun(planOf(QStringLiteral("s3")));
        grid.addSamples(ramp(QStringLiteral("n1"), metric::ReadIops, 0, 5, 420));
        grid.addSamples(ramp(QStringLiteral("n1"), metric::WriteIops, 0, 5, 90));
        grid.addSamples(ramp(QStringLiteral("n1"), metric::ReadLatP99, 0, 5, 3e6));
        grid.flush(5);
        LiveChart *ops = grid.chart(RunChartGrid::Chart::Iops);
        QCOMPARE(ops->chart()->title(), QStringLiteral("Requests per second"));
        QCOMPARE(ops->scale().label, QStringLiteral("requests/s"));
        QCOMPARE(lineNames(ops), (QStringList {QStringLiteral("GET"), QStringLiteral("PUT")})); // one target
        QCOMPARE(lineNames(grid.chart(RunChartGrid::Chart::Latency)), QStringList {QStringLiteral("GET p99")});
        grid.addSamples(ramp(QStringLiteral("n2"), metric::ReadIops, 0, 5, 400)); // two: named by node
        grid.flush(5);
        QCOMPARE(lineNames(ops),
            (QStringList {QStringLiteral("n1 GET"), QStringLiteral("n1 PUT"), QStringLiteral("n2 GET")}));
        // a disk run keeps IOPS and read/write
        grid.startRun(planOf(QStringLiteral("disk-fio")));
        grid.addSamples(ramp(QStringLiteral("n1"), metric::ReadIops, 0, 5, 4200));
        grid.flush(5);
        QCOMPARE(ops->chart()->title(), QStringLiteral("IOPS"));
        QCOMPARE(ops->scale().label, QStringLiteral("k IOPS"));
        QCOMPARE(lineNames(ops), QStringList {QStringLiteral("read")});
        // RADOS objects: ops/s
        grid.startRun(planOf(QStringLiteral("rados")));
        grid.addSamples(ramp(QStringLiteral("n1"), metric::WriteIops, 0, 5, 88));
        grid.flush(5);
        QCOMPARE(ops->scale().label, QStringLiteral("ops/s"));
        QCOMPARE(ops->chart()->title(), QStringLiteral("Operations per second"));
    }

    void readAndWriteDifferInShadeOfTheTargetsHue()
    {
        RunChartGrid grid;
        grid.resize(900, 600);
        grid.show();
        grid.startRun(planOf(QStringLiteral("disk-fio")));
        grid.addSamples(ramp(QStringLiteral("pve1:/srv/a"), metric::ReadBw, 0, 5, 1e8));
        grid.addSamples(ramp(QStringLiteral("pve1:/srv/a"), metric::WriteBw, 0, 5, 5e7));
        grid.flush(5);
        const QList<QLineSeries *> lines = grid.chart(RunChartGrid::Chart::Bandwidth)->series();
        QCOMPARE(lines.size(), 2);
        const QColor read = lines.at(0)->pen().color(), write = lines.at(1)->pen().color();
        QVERIFY(read != write);
        QCOMPARE(read, TargetColors::instance().colorFor(QStringLiteral("pve1:/srv/a"))); // the card's colour
        QVERIFY(std::abs(read.hueF() - write.hueF()) < 0.05); // one hue, two shades
        QVERIFY(write.lightnessF() > read.lightnessF() + 0.1);
    }

    void chartsOfARunShareOneTimeAxis()
    {
        RunChartGrid grid;
        grid.resize(900, 600);
        grid.show();
        grid.startRun(planOf(QStringLiteral("disk-fio")));
        grid.addSamples(ramp(QStringLiteral("n1"), metric::ReadBw, 0, 40, 1e8));
        grid.addSamples(ramp(QStringLiteral("n1"), metric::CpuBusy, 0, 95, 30));
        grid.flush(95);
        const double end = grid.chart(RunChartGrid::Chart::Cpu)->timeAxisEnd();
        QVERIFY(end >= 95);
        for (auto which : {RunChartGrid::Chart::Bandwidth, RunChartGrid::Chart::Iops, RunChartGrid::Chart::Latency})
            QCOMPARE(grid.chart(which)->timeAxisEnd(), end);
    }

    void targetColoursOutliveARestart()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("s.ini"));
        QColor a, b;
        {
            AppSettings settings(ini);
            TargetColors colors(&settings);
            a = colors.colorFor(QStringLiteral("pve2"));
            b = colors.colorFor(QStringLiteral("pve3"));
            QVERIFY(a != b);
            settings.sync();
        }
        AppSettings settings(ini);
        TargetColors colors(&settings);
        // another run lists them the other way round: each keeps its colour
        QCOMPARE(colors.colorFor(QStringLiteral("pve3")), b);
        QCOMPARE(colors.colorFor(QStringLiteral("pve2")), a);
        // a new target takes a colour no remembered target holds
        const QColor c = colors.colorFor(QStringLiteral("pve4"));
        QVERIFY(c != a && c != b);
        // ten targets: ten distinct hues
        TargetColors fresh;
        QSet<QRgb> seen;
        for (int i = 0; i < TargetColors::PairCount; ++i)
            seen.insert(fresh.colorFor(QStringLiteral("n%1").arg(i)).rgb());
        QCOMPARE(int(seen.size()), TargetColors::PairCount);
    }

    void samplesComeInTimeOrder()
    {
        SeriesData a {1, 0, QStringLiteral("n1"), metric::ReadBw, {0, 1, 2}, {1, qQNaN(), 3}};
        SeriesData b {2, 0, QStringLiteral("n1"), metric::CpuBusy, {0.5, 1.5}, {10, 20}};
        const SampleList s = samplesInTimeOrder({a, b});
        QCOMPARE(s.size(), 4); // the gap is no point
        QList<double> t;
        for (const Sample &x : s)
            t << x.t;
        QCOMPARE(t, (QList<double> {0, 0.5, 1.5, 2}));
        QCOMPARE(s.at(3).value, 3.0);
    }

    // A saved run in a real store: Results draws the same charts from its samples, only
    // when the Charts tab is shown; a run without series says so.
    void resultsDrawTheRunsOwnCharts()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.sqlite"));
        const Plan plan = planOf(QStringLiteral("disk-fio"));
        RunId withSeries = 0, without = 0;
        {
            SessionStore store(path);
            QVERIFY(!store.open());
            withSeries = store.createRun(plan, {});
            SampleList samples = ramp(QStringLiteral("local:/tmp/f"), metric::ReadBw, 0, 3600, 2e8);
            samples += ramp(QStringLiteral("local:/tmp/f"), metric::ReadLatP99, 0, 3600, 2e6);
            samples += ramp(QStringLiteral("local"), metric::CpuBusy, 0, 3600, 25);
            QVERIFY(!store.appendSamples(withSeries, samples));
            QVERIFY(!store.finishRun(withSeries, RunStatus::Completed));
            without = store.createRun(plan, {});
            QVERIFY(!store.finishRun(without, RunStatus::Completed));
        }
        RunDetailPane pane;
        pane.resize(1100, 700);
        pane.show();
        const RunDetail d = loadRunDetail(path, withSeries);
        QVERIFY2(!d.error, qPrintable(d.error.toString()));
        QCOMPARE(d.samples.size(), 3 * 3600);
        pane.showDetail(d);
        RunChartsView *charts = pane.charts();
        QVERIFY(!charts->isDrawn()); // another tab is open: nothing drawn yet
        QElapsedTimer clock;
        clock.start();
        pane.tabs()->setCurrentWidget(charts);
        QTRY_VERIFY(charts->isDrawn());
        qInfo("drew 3 series of an hour (10800 points) in %lld ms", clock.elapsed());
        RunChartGrid *grid = charts->grid();
        QVERIFY(grid->isVisible());
        QCOMPARE(grid->chart(RunChartGrid::Chart::Bandwidth)->lineCount(), 1);
        QCOMPARE(grid->chart(RunChartGrid::Chart::Latency)->lineCount(), 1);
        QCOMPARE(grid->chart(RunChartGrid::Chart::Cpu)->lineCount(), 1);
        QCOMPARE(grid->chart(RunChartGrid::Chart::Bandwidth)->receivedPointCount(), 3600);
        QVERIFY(grid->chart(RunChartGrid::Chart::Bandwidth)->timeAxisEnd() >= 3599);
        // the decimated line still reaches the last sample
        QCOMPARE(grid->chart(RunChartGrid::Chart::Bandwidth)->linePoints(0).last().x(), 3599.0);
        QVERIFY(!grid->chart(RunChartGrid::Chart::Iops)->isVisible()); // nothing measured: no empty frame
        cmtest::saveShot(&pane, QStringLiteral("results-charts"));
        // with the Charts tab open, another run is drawn at once
        pane.showDetail(loadRunDetail(path, without));
        QVERIFY(charts->isDrawn());
        QVERIFY(charts->emptyLabel()->isVisible());
        QVERIFY(charts->emptyLabel()->text().contains(QStringLiteral("no time series")));
        QCOMPARE(grid->chart(RunChartGrid::Chart::Bandwidth)->lineCount(), 0);
    }

    // Compare draws percentile curves of runs whose engines record p50/p99/p99.9 but
    // no full table (S3), not "none recorded".
    void compareCurvesFromRecordedPercentiles()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.sqlite"));
        Plan plan = planOf(QStringLiteral("s3"));
        QList<RunId> ids;
        {
            SessionStore store(path);
            QVERIFY(!store.open());
            for (double p99 : {40e6, 25e6}) {
                const RunId id = store.createRun(plan, {});
                const qint64 st
                    = store.beginStep(id, 0, 0, plan.steps.at(0), QStringLiteral("local"), QStringLiteral("curl"));
                QVERIFY(!store.finishStep(st, QStringLiteral("completed"), QStringLiteral("local:bucket"),
                    QJsonObject {{QStringLiteral("read"),
                        QJsonObject {{QStringLiteral("bw"), 5e7}, {QStringLiteral("iops"), 50.0},
                            {QStringLiteral("lat_p50_ns"), 9e6}, {QStringLiteral("lat_p99_ns"), p99},
                            {QStringLiteral("lat_p999_ns"), p99 * 1.5}}}},
                    {}, QByteArray(), QString()));
                QVERIFY(!store.finishRun(id, RunStatus::Completed));
                ids << id;
            }
        }
        const CompareData c = loadCompareData(path, ids);
        QVERIFY2(!c.error, qPrintable(c.error.toString()));
        QCOMPARE(c.tests.size(), 1);
        const QList<PercentileCurve> curves = c.tests.first().percentiles;
        QCOMPARE(curves.size(), 2);
        QCOMPARE(curves.first().points.size(), 3);
        QCOMPARE(curves.first().points.at(1), QPointF(99, 40e6));
    }

    void resultsGridSpeaksTheKindsWords()
    {
        RunDetailPane pane;
        RunDetail d;
        d.run.kind = QStringLiteral("s3");
        d.plan = planOf(QStringLiteral("s3"));
        pane.showDetail(d);
        QStringList headers;
        for (int c = 0; c < pane.grid()->columnCount(); ++c)
            headers << pane.grid()->horizontalHeaderItem(c)->text();
        QVERIFY2(headers.contains(QStringLiteral("GET MB/s")), qPrintable(headers.join(QLatin1Char('|'))));
        QVERIFY(headers.contains(QStringLiteral("PUT requests/s")));
        d.run.kind = QStringLiteral("disk-fio");
        d.plan = planOf(QStringLiteral("disk-fio"));
        pane.showDetail(d);
        QCOMPARE(pane.grid()->horizontalHeaderItem(3)->text(), QStringLiteral("Read IOPS"));
    }
};

QTEST_MAIN(TestRunCharts)
#include "test_runcharts.moc"
