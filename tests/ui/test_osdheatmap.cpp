// SPDX-License-Identifier: GPL-3.0-or-later
// The per-OSD latency heat map, rendered offscreen: the summary is built here from data
// (hosts, classes, latencies), and the checks read the grabbed pixels, not a stored image.
#include "kinds/osdlatency/osdheatmap.h"
#include "results/rundetailpane.h"
#include "shots.h"

#include <QComboBox>
#include <QHash>
#include <QImage>
#include <QJsonArray>
#include <QTest>

using namespace cm;
using namespace cm::ui;

namespace {

struct Osd {
    int id;
    QString host;
    QString cls;
    QJsonValue rot;
    double p50;
    double p99;
    bool outlier = false;
    QString reason;
};

QJsonObject summaryOf(const QList<Osd> &osds)
{
    QJsonArray arr;
    for (const Osd &o : osds)
        arr.append(QJsonObject {{QStringLiteral("id"), o.id}, {QStringLiteral("host"), o.host},
            {QStringLiteral("deviceClass"), o.cls}, {QStringLiteral("rotational"), o.rot},
            {QStringLiteral("ops"), 3000}, {QStringLiteral("p50"), o.p50}, {QStringLiteral("p99"), o.p99},
            {QStringLiteral("p999"), o.p99 * 1.5}, {QStringLiteral("mean"), o.p50 * 1.1},
            {QStringLiteral("max"), o.p99 * 3}, {QStringLiteral("iops"), 1e9 / o.p50},
            {QStringLiteral("outlier"), o.outlier}, {QStringLiteral("outlierReason"), o.reason}});
    return {{QStringLiteral("osds"), arr}, {QStringLiteral("mode"), QStringLiteral("sequential")},
        {QStringLiteral("pool"), QStringLiteral("cm-osdlat")}};
}

// Three hosts of four OSDs: SSDs around 0.4 ms, HDDs around 4 ms, one slow outlier;
// osd.2's p99 is far worse than its p50 suggests.
QList<Osd> cluster()
{
    QList<Osd> out;
    for (int id = 0; id < 12; ++id) {
        const QString host = QStringLiteral("pve%1").arg(id / 4 + 1);
        const bool hdd = id >= 8;
        double p50 = (hdd ? 4.0e6 : 0.4e6) * (1 + 0.03 * (id % 4));
        double p99 = p50 * 3;
        Osd o {id, host, hdd ? QStringLiteral("hdd") : QStringLiteral("ssd"), hdd, p50, p99, false, {}};
        if (id == 2)
            o.p99 = 60e6;
        if (id == 7) {
            o.p50 = 25e6;
            o.p99 = 80e6;
            o.outlier = true;
            o.reason = QStringLiteral("p50 60x the median of the ssd OSDs");
        }
        out << o;
    }
    return out;
}

// The colour that fills most of a cell (text and border excluded by the majority vote).
QColor dominant(const QImage &img, const QRect &cell)
{
    QHash<QRgb, int> count;
    const QRect in = cell.adjusted(6, 6, -6, -6);
    for (int y = in.top(); y <= in.bottom(); ++y)
        for (int x = in.left(); x <= in.right(); ++x)
            ++count[img.pixel(x, y)];
    QRgb best = 0;
    int n = -1;
    for (auto it = count.cbegin(); it != count.cend(); ++it)
        if (it.value() > n) {
            n = it.value();
            best = it.key();
        }
    return QColor::fromRgb(best);
}

// Hue in degrees: 120 green … 60 yellow … 0 red.
int hueOf(OsdHeatMap &map, int osd)
{
    const QImage img = map.grab().toImage();
    const qreal dpr = img.devicePixelRatio();
    const QRect r = map.cellRect(osd);
    return dominant(img, QRect((r.topLeft() * dpr), r.size() * dpr)).hsvHue();
}

} // namespace

class TestOsdHeatMap : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cellsOutliersAndColours()
    {
        OsdHeatMap map;
        map.resize(900, 500);
        const QList<Osd> osds = cluster();
        map.setSummary(summaryOf(osds));
        QCOMPARE(map.cellCount(), osds.size());
        QCOMPARE(map.skippedEntries(), 0);
        QCOMPARE(map.hosts(), (QStringList {QStringLiteral("pve1"), QStringLiteral("pve2"), QStringLiteral("pve3")}));
        for (const Osd &o : osds) {
            QVERIFY2(!map.cellRect(o.id).isEmpty(), qPrintable(QString::number(o.id)));
            QCOMPARE(map.isOutlier(o.id), o.outlier);
        }
        // one row per host: the cells of a host share a y, hosts go downwards
        QCOMPARE(map.cellRect(1).top(), map.cellRect(0).top());
        QVERIFY(map.cellRect(4).top() > map.cellRect(0).bottom());
        QVERIFY(map.cellRect(8).top() > map.cellRect(4).bottom());
        QVERIFY(map.toolTipFor(7).contains(QStringLiteral("60x the median")));
        QVERIFY(map.toolTipFor(9).contains(QStringLiteral("hdd")));
        QVERIFY(!map.toolTipFor(0).contains(QStringLiteral("Outlier")));

        // Slower cells are redder: the hue falls as p50 rises, over every pair.
        QList<Osd> byP50 = osds;
        std::sort(byP50.begin(), byP50.end(), [](const Osd &a, const Osd &b) { return a.p50 < b.p50; });
        QHash<int, int> hue;
        for (const Osd &o : osds)
            hue.insert(o.id, hueOf(map, o.id));
        for (int i = 1; i < byP50.size(); ++i)
            QVERIFY2(hue.value(byP50.at(i).id) <= hue.value(byP50.at(i - 1).id) + 1,
                qPrintable(QStringLiteral("osd.%1 (%2 ns) hue %3 vs osd.%4 (%5 ns) hue %6")
                               .arg(byP50.at(i).id)
                               .arg(byP50.at(i).p50)
                               .arg(hue.value(byP50.at(i).id))
                               .arg(byP50.at(i - 1).id)
                               .arg(byP50.at(i - 1).p50)
                               .arg(hue.value(byP50.at(i - 1).id))));
        QVERIFY2(hue.value(0) > 90, qPrintable(QString::number(hue.value(0)))); // fastest: green
        QVERIFY2(hue.value(7) < 15, qPrintable(QString::number(hue.value(7)))); // slowest: red
        QVERIFY(hue.value(9) < hue.value(1) - 20); // HDDs clearly warmer

        // The outlier's bold border: a pixel just inside its left edge is the red mark.
        const QImage img = map.grab().toImage();
        const qreal dpr = img.devicePixelRatio();
        auto edge = [&](int osd) {
            const QRect r = map.cellRect(osd);
            return QColor::fromRgb(img.pixel(QPoint(r.left() + 2, r.center().y()) * dpr));
        };
        const QColor border = edge(7);
        QVERIFY2(border.red() > 150 && border.green() < 80 && border.blue() < 80, qPrintable(border.name()));
        QVERIFY2(edge(6).green() > 120, qPrintable(edge(6).name())); // a normal neighbour has none

        // p99: osd.2's long tail now makes it the second-reddest SSD.
        QCOMPARE(map.legendTitle(), QStringLiteral("Colour: p50 latency"));
        QVERIFY(std::abs(hue.value(2) - hue.value(1)) < 10);
        map.setMetric(OsdHeatMap::Metric::P99);
        QCOMPARE(map.legendTitle(), QStringLiteral("Colour: p99 latency"));
        QVERIFY2(hueOf(map, 2) < hueOf(map, 1) - 30,
            qPrintable(QStringLiteral("%1 %2").arg(hueOf(map, 2)).arg(hueOf(map, 1))));
        QVERIFY(map.scaleMax() >= 80e6 && map.scaleMin() <= 1.2e6);
        QVERIFY(cmtest::saveShot(&map, QStringLiteral("osd-heatmap-p99")));
    }

    void emptyAndBadInput()
    {
        OsdHeatMap map;
        map.resize(600, 300);
        map.setSummary({});
        QCOMPARE(map.cellCount(), 0);
        QVERIFY(!map.emptyText().isEmpty());
        // The empty text is drawn: the centre of the widget holds non-background pixels.
        const QImage img = map.grab().toImage();
        const QRgb bg = img.pixel(2, 2);
        int ink = 0;
        for (int x = 0; x < img.width(); ++x)
            ink += img.pixel(x, img.height() / 2) != bg;
        QVERIFY(ink > 10);

        QJsonObject bad {{QStringLiteral("osds"),
            QJsonArray {QJsonObject {{QStringLiteral("host"), QStringLiteral("x")}}, 5, QStringLiteral("osd.1"),
                QJsonObject {{QStringLiteral("id"), 3}, {QStringLiteral("p50"), QStringLiteral("fast")}}}}};
        map.setSummary(bad);
        QCOMPARE(map.cellCount(), 1);
        QCOMPARE(map.skippedEntries(), 3);
        QCOMPARE(map.hosts(), QStringList {QStringLiteral("(no host)")});
        QVERIFY(!map.grab().isNull()); // a cell without figures paints (grey, "no ops")
        map.setSummary(QJsonObject {{QStringLiteral("osds"), QStringLiteral("nope")}});
        QCOMPARE(map.cellCount(), 0);
    }

    void hundredOsdsWrap()
    {
        QList<Osd> osds;
        for (int id = 0; id < 100; ++id)
            osds << Osd {id, QStringLiteral("node%1").arg(id % 2), QStringLiteral("nvme"), false, 100e3 + id * 1e3,
                300e3, false, {}};
        OsdHeatMap map;
        map.setSummary(summaryOf(osds));
        QCOMPARE(map.cellCount(), 100);
        const int tall = map.heightForWidth(500);
        const int wide = map.heightForWidth(1400);
        QVERIFY2(tall > wide, qPrintable(QStringLiteral("%1 %2").arg(tall).arg(wide)));
        map.resize(700, map.heightForWidth(700));
        QList<QRect> rects;
        for (int id = 0; id < 100; ++id) {
            const QRect r = map.cellRect(id);
            QVERIFY(map.rect().contains(r));
            for (const QRect &o : std::as_const(rects))
                QVERIFY(!o.intersects(r));
            rects << r;
        }
    }

    void detailPaneShowsItForOsdRuns()
    {
        RunDetailPane pane;
        pane.resize(900, 600);
        RunDetail d;
        d.run.kind = QStringLiteral("osd-latency");
        d.run.name = QStringLiteral("Per-OSD latency, 4k QD1 write");
        d.run.status = RunStatus::Completed;
        StepRecord s;
        s.title = QStringLiteral("4k QD1 write per OSD");
        s.status = QStringLiteral("completed");
        s.summary = summaryOf(cluster());
        d.steps = {s};
        pane.showDetail(d);
        QVERIFY(pane.isTabShown(pane.findChild<OsdHeatMap *>()));
        QCOMPARE(pane.findChild<OsdHeatMap *>()->cellCount(), 12);
        QCOMPARE(pane.findChild<QComboBox *>(QStringLiteral("heatMapStep"))->count(), 1);
        if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT")) { // for looking at it by hand
            pane.show();
            QTest::qWait(200);
            pane.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT"));
        }
        pane.findChild<QComboBox *>(QStringLiteral("heatMapMetric"))->setCurrentIndex(1);
        QCOMPARE(pane.findChild<OsdHeatMap *>()->metric(), OsdHeatMap::Metric::P99);

        d.run.kind = QStringLiteral("disk-fio");
        pane.showDetail(d);
        QVERIFY(!pane.isTabShown(pane.findChild<OsdHeatMap *>()));
        QCOMPARE(pane.findChild<OsdHeatMap *>()->cellCount(), 0);
    }
};

QTEST_MAIN(TestOsdHeatMap)
#include "test_osdheatmap.moc"
