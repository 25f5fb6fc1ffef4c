// SPDX-License-Identifier: GPL-3.0-or-later
// The nodes × resources strip: which rows a run's samples make and in what order, a
// NIC against its link speed, merged buckets for long runs (bounded memory), the
// bottleneck on its row, a saved run's strip, and the picture: a saturated cell is
// red where it should be, and an SVG stays small.
#include "model/metric.h"
#include "render/chartrender.h"
#include "render/chartpainter.h"
#include "render/usagestrippainter.h"
#include "report/runstrip.h"

#include <QJsonArray>
#include <QPainter>
#include <QTest>

#include <cmath>

using namespace cm;
using Resource = UsageStripRow::Resource;

namespace {

SampleList ramp(const QString &node, const QString &m, double from, double to, double value)
{
    SampleList out;
    for (double t = from; t <= to; t += 1)
        out << Sample {-1, node, m, t, value};
    return out;
}

} // namespace

class TestUsageStrip : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rowsAndOrder()
    {
        UsageStripBuilder b;
        b.add(ramp(QStringLiteral("node2"), metric::diskUtil(QStringLiteral("vdb")), 1, 10, 50));
        b.add(ramp(QStringLiteral("local"), metric::CpuBusy, 1, 10, 40));
        b.add(ramp(QStringLiteral("node2"), metric::CpuBusy, 1, 10, 20));
        b.add(ramp(QStringLiteral("node2"), metric::diskUtil(QStringLiteral("vda")), 1, 10, 10));
        b.add(ramp(metric::osdTarget(10), metric::OsdCommitLat, 2, 10, 3e6));
        b.add(ramp(metric::osdTarget(2), metric::OsdCommitLat, 3, 10, 1e6)); // each also fills the second before
        b.add(ramp(QStringLiteral("local"), metric::ReadBw, 1, 10, 1e9)); // a step figure: no row
        const UsageStrip s = b.strip();
        QCOMPARE(s.rows.size(), 6);
        // nodes in the order they reported, CPU before disks, disks by name, OSDs by id
        QCOMPARE(s.rows.at(0).node, QStringLiteral("node2"));
        QCOMPARE(s.rows.at(0).resource, Resource::Cpu);
        QCOMPARE(s.rows.at(1).part, QStringLiteral("vda"));
        QCOMPARE(s.rows.at(2).part, QStringLiteral("vdb"));
        QCOMPARE(s.rows.at(3).node, QStringLiteral("local"));
        QCOMPARE(s.rows.at(4).node, QStringLiteral("osd.2"));
        QCOMPARE(s.rows.at(5).node, QStringLiteral("osd.10"));
        QCOMPARE(s.columns, 10); // a sample at t describes the second before t
        QCOMPARE(s.rows.at(2).cells.at(5), 50.0);
        QVERIFY(std::isnan(s.rows.at(4).cells.at(0))); // osd.2 first reported at t = 3
        QCOMPARE(s.rows.at(4).cells.at(1), 1e6);
        QCOMPARE(s.rows.at(5).cells.at(5), 3e6);
    }

    void nicAgainstItsSlowestSpeed()
    {
        UsageStripBuilder b;
        b.add(ramp(QStringLiteral("n1"), metric::netTxBytes(QStringLiteral("eth0")), 1, 4, 50e6));
        b.add(ramp(QStringLiteral("n1"), metric::netRxBytes(QStringLiteral("eth0")), 1, 4, 100e6));
        b.add(ramp(QStringLiteral("n1"), metric::netTxBytes(QStringLiteral("eth1")), 1, 4, 1e6));
        UsageStrip s = b.strip();
        QCOMPARE(s.rows.size(), 2);
        QVERIFY(std::isnan(s.rows.at(0).cells.at(0))); // no speed yet: no colour
        b.add(Sample {-1, QStringLiteral("n1"), metric::netSpeed(QStringLiteral("eth0")), 1, 1250e6});
        b.add(Sample {-1, QStringLiteral("n1"), metric::netShaped(QStringLiteral("eth0")), 2, 125e6}); // a shaper
        s = b.strip();
        QCOMPARE(s.rows.at(0).linkSpeed, 125e6);
        QCOMPARE(s.rows.at(0).cells.at(1), 80.0); // rx, the larger, of 125 MB/s
    }

    // An hour at one sample a second fits in kMaxColumns buckets of 8 s.
    void longRunsMergeBuckets()
    {
        UsageStripBuilder b;
        for (int t = 1; t <= 3600; ++t)
            b.add(Sample {-1, QStringLiteral("n1"), metric::CpuBusy, double(t), t <= 1800 ? 10.0 : 90.0});
        const UsageStrip s = b.strip();
        QVERIFY(s.columns <= UsageStripBuilder::kMaxColumns);
        QCOMPARE(s.bucketSeconds, 8.0);
        QCOMPARE(s.columns, 450);
        QCOMPARE(s.rows.at(0).cells.first(), 10.0);
        QCOMPARE(s.rows.at(0).cells.last(), 90.0);
        QVERIFY(std::fabs(s.seconds() - 3600) < 1e-9);
    }

    void bottleneckOnItsRow()
    {
        UsageStripBuilder b;
        b.add(ramp(QStringLiteral("n1"), metric::CpuBusy, 1, 20, 30));
        b.add(ramp(QStringLiteral("n1"), metric::diskUtil(QStringLiteral("vda")), 1, 20, 99));
        const BottleneckFinding disk {
            BottleneckFinding::Kind::Disk, QStringLiteral("n1"), QStringLiteral("vda"), 99, 100};
        b.mark(disk, 2, 5);
        b.mark(disk, 5, 9); // the next live window: one frame
        b.mark(BottleneckFinding {}, 9, 12); // nothing: no frame
        const UsageStrip s = b.strip();
        QCOMPARE(s.marks.size(), 1);
        QCOMPARE(s.marks.first().row, s.rowOf(disk));
        QCOMPARE(s.rows.at(s.marks.first().row).part, QStringLiteral("vda"));
        QCOMPARE(s.marks.first().to, 9.0);
    }

    void savedRun()
    {
        RunRecords r;
        r.run.started = QDateTime::fromSecsSinceEpoch(1000000, Qt::UTC);
        r.run.lastSampleT = 30;
        for (int i = 0; i < 2; ++i) {
            StepRecord st;
            st.index = i;
            st.title = QStringLiteral("step %1").arg(i);
            st.started = r.run.started.addSecs(2 + 14 * i);
            st.finished = r.run.started.addSecs(14 + 14 * i);
            if (i == 1) {
                Bottleneck limit;
                limit.findings << BottleneckFinding {
                    BottleneckFinding::Kind::Osd, QStringLiteral("osd.1"), {}, 9e6, 1e6};
                st.summary.insert(QStringLiteral("bottleneck"), limit.toJson());
            }
            r.steps << st;
        }
        SeriesData cpu {1, -1, QStringLiteral("local"), metric::CpuBusy, {}, {}};
        SeriesData osd {2, -1, QStringLiteral("osd.1"), metric::OsdCommitLat, {}, {}};
        for (int t = 1; t <= 30; ++t) {
            cpu.t << t;
            cpu.v << 20;
            osd.t << t;
            osd.v << 9e6;
        }
        const QJsonObject summary {{QStringLiteral("ceph_osds"),
            QJsonArray {QJsonObject {{QStringLiteral("id"), 1}, {QStringLiteral("host"), QStringLiteral("vm")},
                {QStringLiteral("devices"), QStringLiteral("vda")},
                {QStringLiteral("node"), QStringLiteral("local")}}}}};
        const UsageStrip s = runUsageStrip(r, summary, {cpu, osd});
        QCOMPARE(s.rows.size(), 2);
        QCOMPARE(s.rows.at(1).part, QStringLiteral("local, vda"));
        QCOMPARE(s.steps.size(), 2);
        QCOMPARE(s.steps.at(1).from, 16.0);
        QCOMPARE(s.steps.at(1).to, 28.0);
        QCOMPARE(s.marks.size(), 1);
        QCOMPARE(s.marks.first().row, 1);
        QCOMPARE(s.marks.first().from, 16.0);
    }

    // 100 % is red, idle is green, and the frame is drawn: read back from the pixels.
    void pictureShowsTheCells()
    {
        UsageStripBuilder b;
        b.add(ramp(QStringLiteral("n1"), metric::CpuBusy, 1, 60, 100));
        b.add(ramp(QStringLiteral("n1"), metric::MemUsed, 1, 60, 0));
        const UsageStrip s = b.strip();
        QImage img(800, 300, QImage::Format_ARGB32_Premultiplied);
        img.fill(Qt::white);
        QPainter p(&img);
        render::UsageStripLayout layout;
        layout.rowHeight = 40;
        render::paintUsageStrip(p, QRectF(0, 0, 800, 300), s, render::ChartTheme::light(), {}, layout);
        p.end();
        // the rows start below the legend and the ruler; probe the middle of each row
        // at the right end of the strip
        QColor busy, idle;
        for (int y = 0; y < 300 && !busy.isValid(); ++y)
            if (img.pixelColor(700, y) == render::utilisationColor(100))
                busy = img.pixelColor(700, y), idle = img.pixelColor(700, y + 40);
        QVERIFY(busy.isValid());
        QCOMPARE(idle, render::utilisationColor(0));
        QVERIFY(render::utilisationColor(100).red() > 200 && render::utilisationColor(100).green() < 100);
    }

    void exportedChart()
    {
        UsageStripBuilder b;
        for (int n = 0; n < 7; ++n)
            for (int d = 0; d < 12; ++d)
                for (int t = 1; t <= 600; ++t)
                    b.add(Sample {-1, QStringLiteral("pve%1").arg(n),
                        metric::diskUtil(QStringLiteral("sd%1").arg(QChar('a' + d))), double(t),
                        double((t / 30 + d) % 10) * 10});
        render::StripChart c;
        c.title = QStringLiteral("Nodes and OSDs: test");
        c.limits = {QStringLiteral("4k write: limited by a disk: sdc on pve3 at 99 % utilisation")};
        c.strip = b.strip();
        QCOMPARE(c.strip.rows.size(), 84);
        render::RenderOptions o;
        const QImage img = render::chartImage(c, o);
        QCOMPARE(img.size(), o.size);
        const QByteArray svg = render::chartSvg(c, o);
        QVERIFY(svg.contains("<svg"));
        // one rectangle per run of equal colour, not per second: 84 rows × 20 runs
        QVERIFY2(svg.size() < 2 * 1024 * 1024, qPrintable(QString::number(svg.size())));
    }
};

QTEST_MAIN(TestUsageStrip)
#include "test_usagestrip.moc"
