// SPDX-License-Identifier: GPL-3.0-or-later
// An experiment's chart: every counted run's value in the order the runs went, each bar
// in its variant's colour, the legend one entry per variant, the verdict by the figure.
#include "render/chartrender.h"
#include "render/experimentchart.h"

#include <QGuiApplication>
#include <QTest>

#include <cmath>

using namespace cm;
using namespace cm::render;

class TestExperimentChart : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void barsInTimeOrderColouredByVariant()
    {
        ExperimentResult r;
        r.record.id = QStringLiteral("abc");
        r.record.status = RunStatus::Completed;
        r.record.experiment.name = QStringLiteral("write cache");
        r.record.experiment.plan.name = QStringLiteral("rnd4k");
        r.record.experiment.variants = {ExperimentVariant {QStringLiteral("baseline"), {}, {}},
            ExperimentVariant {QStringLiteral("cache off"), {}, {}}};
        r.counted = {2, 2};
        r.timeOrder = {{0, 0}, {1, 0}, {1, 1}, {0, 1}}; // A B B A
        ExperimentFigure lat;
        lat.test = QStringLiteral("RND4K Q1T1 Write");
        lat.node = QStringLiteral("pve1");
        lat.figure.label = QStringLiteral("Write lat p99");
        lat.figure.unit = metric::Unit::Nanoseconds;
        lat.figure.higherIsBetter = false;
        lat.figure.values = {{100e3, 110e3}, {300e3, 320e3}};
        lat.verdicts << judgeFigure(lat.figure.values.at(0), lat.figure.values.at(1), false);
        ExperimentFigure iops = lat;
        iops.figure.label = QStringLiteral("Write IOPS");
        iops.figure.unit = metric::Unit::OpsPerSec;
        iops.figure.higherIsBetter = true;
        iops.figure.values = {{10000, 10100}, {3000, 3050}};
        iops.verdicts = {judgeFigure(iops.figure.values.at(0), iops.figure.values.at(1), true)};
        r.figures = {lat, iops};

        const BarChart c = buildExperimentChart(r);
        QCOMPARE(c.key.size(), 2);
        QCOMPARE(c.runs.size(), 4);
        QCOMPARE(c.runs.at(1).color, 1);
        QCOMPARE(c.runs.at(3).color, 0);
        QCOMPARE(c.runs.at(2).label, QStringLiteral("cache off #2"));
        QCOMPARE(c.groups.size(), 2);
        QCOMPARE(c.groups.first().figure.left(10), QStringLiteral("Write IOPS")); // rates before latency
        QCOMPARE(c.groups.first().values, (QList<double> {10000, 3000, 3050, 10100}));
        QVERIFY2(
            c.groups.first().figure.startsWith(QStringLiteral("Write IOPS: -")), qPrintable(c.groups.first().figure));
        QVERIFY2(c.groups.first().figure.endsWith(QStringLiteral("(worse)")), qPrintable(c.groups.first().figure));
        QVERIFY(std::isnan(c.groups.first().changePct.first())); // no per-bar change against bar 0
        const QImage img = chartImage(c, RenderOptions());
        QCOMPARE(img.size(), QSize(1200, 800));
        // Both variants' colours are painted (the bars), each on a good share of the image.
        const ChartTheme theme = ChartTheme::light();
        int baseline = 0, variant = 0;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2) {
                const QColor px = img.pixelColor(x, y);
                baseline += px == theme.seriesColor(0) ? 1 : 0;
                variant += px == theme.seriesColor(1) ? 1 : 0;
            }
        QVERIFY2(baseline > 2000 && variant > 2000, qPrintable(QStringLiteral("%1 %2").arg(baseline).arg(variant)));
        QVERIFY(chartSvg(c, RenderOptions()).contains("cache off"));
    }
};

QTEST_MAIN(TestExperimentChart)
#include "test_experimentchart.moc"
