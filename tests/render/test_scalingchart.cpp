// SPDX-License-Identifier: GPL-3.0-or-later
// A scaling series as a bar chart: one bar per client count with the cluster total, its
// change against one client and the efficiency per client, drawn to PNG and SVG.
#include "render/chartrender.h"
#include "render/scalingchart.h"
#include "stats/clustertotal.h"

#include <QTest>

#include <cmath>

using namespace cm;

namespace {

StepRecord step(int clients, const QString &node, double bw)
{
    StepRecord s;
    s.testId = QStringLiteral("seq-write-4m-c%1").arg(clients);
    s.title = QStringLiteral("4M write · %1 clients").arg(clients);
    s.params = {{QStringLiteral("bs"), QStringLiteral("4M")}, {QStringLiteral("clients"), clients}};
    s.node = node;
    s.status = QStringLiteral("completed");
    s.summary
        = {{QStringLiteral("write"), QJsonObject {{QStringLiteral("bw"), bw}, {QStringLiteral("iops"), bw / 4e6}}}};
    return s;
}

} // namespace

class TestScalingChart : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void barsPerClientCount()
    {
        RunRecords r;
        r.plan.name = QStringLiteral("RBD test table");
        r.steps << step(1, QStringLiteral("node1"), 100e6) << step(2, QStringLiteral("node1"), 95e6)
                << step(2, QStringLiteral("node2"), 95e6) << step(2, clusterTotalNode(), 190e6)
                << step(3, QStringLiteral("node1"), 90e6) << step(3, clusterTotalNode(), 270e6);
        const render::BarChart c = render::buildScalingChart(r);
        QCOMPARE(c.runs.size(), 3);
        QCOMPARE(c.runs.at(2).label, QStringLiteral("3 clients"));
        QCOMPARE(c.groups.size(), 1);
        const render::BarGroup &g = c.groups.first();
        QCOMPARE(g.values, (QList<double> {100e6, 190e6, 270e6}));
        QVERIFY(std::isnan(g.changePct.at(0)));
        QCOMPARE(qRound(g.changePct.at(2)), 170);
        QVERIFY2(g.label.contains(QLatin1String("100 % / 95 % / 90 %")), qPrintable(g.label));
        QVERIFY(g.quantity == render::Quantity::BytesPerSec);

        render::RenderOptions o;
        const QImage img = render::chartImage(c, o);
        QCOMPARE(img.size(), o.size);
        const QByteArray svg = render::chartSvg(c, o);
        QVERIFY(svg.contains("3 clients"));
        if (const QString shot = qEnvironmentVariable("CLUSTERMARK_UI_SHOT"); !shot.isEmpty())
            img.save(shot + QStringLiteral("-scaling.png"));

        // Whole objects carry no bs: what each op moved (4 MB) makes MB/s the headline.
        RunRecords objects = r;
        for (StepRecord &st : objects.steps)
            st.params.remove(QStringLiteral("bs"));
        QVERIFY(render::buildScalingChart(objects).groups.first().quantity == render::Quantity::BytesPerSec);
        for (StepRecord &st : objects.steps) // 4 KiB per op: IOPS
            st.summary = {{QStringLiteral("write"),
                QJsonObject {{QStringLiteral("bw"), 4096e3}, {QStringLiteral("iops"), 1000}}}};
        QVERIFY(render::buildScalingChart(objects).groups.first().quantity == render::Quantity::OpsPerSec);

        RunRecords plain; // a run without a series: nothing to draw
        plain.steps << step(1, QStringLiteral("node1"), 100e6);
        plain.steps.first().params.remove(QStringLiteral("clients"));
        QVERIFY(render::buildScalingChart(plain).groups.isEmpty());
    }
};

QTEST_MAIN(TestScalingChart)
#include "test_scalingchart.moc"
