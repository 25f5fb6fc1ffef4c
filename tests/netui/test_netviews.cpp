// SPDX-License-Identifier: GPL-3.0-or-later
// The network result and live views on their own, fed constructed step records and
// samples (made up here: the point is how the views read and draw them; real runs
// feed them in test_netresults).
#include "engine/samplebuffer.h"
#include "kinds/netiperf/linkchart.h"
#include "live/livechart.h"
#include "live/livedashboard.h"
#include "model/metric.h"
#include "kinds/netiperf/netfindingspanel.h"
#include "kinds/netiperf/netmatrix.h"
#include "shots.h"

#include <QJsonArray>
#include <QLabel>
#include <QLineSeries>
#include <QTest>
#include <QValueAxis>

using namespace cm;
using namespace cm::ui;

namespace {
StepRecord step(const QString &client, const QString &server, const QString &dir, double bps,
    const QString &status = QStringLiteral("completed"), const QString &error = {})
{
    StepRecord s;
    s.params = QJsonObject {{QStringLiteral("client"), client}, {QStringLiteral("server"), server},
        {QStringLiteral("direction"), dir}, {QStringLiteral("streams"), 4}};
    s.status = status;
    s.error = error;
    if (status == QLatin1String("completed")) {
        s.summary = QJsonObject {{QStringLiteral("bitsPerSecond"), bps}, {QStringLiteral("retransmits"), 12},
            {QStringLiteral("senderCpuPercent"), 35.5}, {QStringLiteral("receiverCpuPercent"), 88.0},
            {QStringLiteral("tool"), QStringLiteral("iperf3")},
            {QStringLiteral("toolReason"), QStringLiteral("iperf3 (links up to 10 Gbit/s)")}};
        if (dir == QLatin1String("bidir"))
            s.summary.insert(QStringLiteral("reverseBitsPerSecond"), bps / 2);
    }
    return s;
}

Sample net(const QString &node, const QString &metric, double t, double v)
{
    return Sample {-1, node, metric, t, v};
}
} // namespace

class TestNetViews : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Pairs at once: each client node's record lists its pairs; a pair without a result
    // is a failure with its reason.
    void matrixReadsPairsAtOnce()
    {
        StepRecord a;
        a.node = QStringLiteral("a");
        a.status = QStringLiteral("completed");
        a.params = {{QStringLiteral("direction"), QStringLiteral("forward")}, {QStringLiteral("streams"), 2}};
        a.summary = {{QStringLiteral("tool"), QStringLiteral("iperf3")},
            {QStringLiteral("pairs"),
                QJsonArray {
                    QJsonObject {{QStringLiteral("client"), QStringLiteral("a")},
                        {QStringLiteral("server"), QStringLiteral("b")}, {QStringLiteral("bitsPerSecond"), 4e9}},
                    QJsonObject {{QStringLiteral("client"), QStringLiteral("a")},
                        {QStringLiteral("server"), QStringLiteral("c")},
                        {QStringLiteral("error"), QStringLiteral("unable to connect")}}}}};
        NetMatrix m;
        m.setSteps({a});
        QCOMPARE(m.cellCount(), 2);
        QCOMPARE(m.cell(QStringLiteral("a"), QStringLiteral("b"))->bitsPerSecond, 4e9);
        QVERIFY(m.cell(QStringLiteral("a"), QStringLiteral("c"))->failed());
        QVERIFY(m.toolTipFor(QStringLiteral("a"), QStringLiteral("c")).contains(QStringLiteral("unable to connect")));
    }

    void matrixReadsDirections()
    {
        QList<StepRecord> steps {
            step(QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("forward"), 9.4e9),
            step(QStringLiteral("a"), QStringLiteral("c"), QStringLiteral("reverse"), 4.0e9), // c sends to a
            step(QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("bidir"), 8.0e9), // both ways
            step(QStringLiteral("c"), QStringLiteral("b"), QStringLiteral("forward"), 0, QStringLiteral("failed"),
                QStringLiteral("iperf3: unable to connect to server: Connection refused")),
        };
        // a repeat of a → b: the cell shows the mean
        StepRecord again = step(QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("forward"), 9.0e9);
        again.iteration = 1;
        steps << again;
        NetMatrix m;
        m.setSteps(steps);
        QCOMPARE(m.nodes(), (QStringList {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
        QCOMPARE(m.cellCount(), 4); // a→b, c→a, b→c, c→b (failed)
        QCOMPARE(m.cell(QStringLiteral("a"), QStringLiteral("b"))->bitsPerSecond, 9.2e9);
        QCOMPARE(m.cell(QStringLiteral("a"), QStringLiteral("b"))->measurements, 2);
        QCOMPARE(m.cell(QStringLiteral("a"), QStringLiteral("b"))->retransmits, 24);
        QVERIFY(!m.cell(QStringLiteral("a"), QStringLiteral("c"))); // reverse: c sent
        QCOMPARE(m.cell(QStringLiteral("c"), QStringLiteral("a"))->bitsPerSecond, 4.0e9);
        QCOMPARE(m.cell(QStringLiteral("b"), QStringLiteral("c"))->bitsPerSecond, 8.0e9);
        // bidir: the reverse figure fills c → b too, next to the failed forward test
        const NetPairCell *cb = m.cell(QStringLiteral("c"), QStringLiteral("b"));
        QCOMPARE(cb->measurements, 1);
        QCOMPARE(cb->failures, 1);
        QVERIFY(!cb->failed());
        QCOMPARE(m.bestBitsPerSecond(), 9.2e9);
        QCOMPARE(m.cellText(QStringLiteral("a"), QStringLiteral("b")), QStringLiteral("9.20 Gbit/s"));
        QCOMPARE(m.cellText(QStringLiteral("a"), QStringLiteral("c")), QStringLiteral("not measured"));
        QCOMPARE(m.cellText(QStringLiteral("a"), QStringLiteral("a")), QStringLiteral("—"));
        QCOMPARE(m.cellColor(QStringLiteral("a"), QStringLiteral("b")), NetMatrix::scaleColor(0)); // the best: green
        QCOMPARE(m.cellColor(QStringLiteral("c"), QStringLiteral("a")), NetMatrix::scaleColor(1)); // under half: red
        const QString tip = m.toolTipFor(QStringLiteral("a"), QStringLiteral("b"));
        QVERIFY2(tip.contains(QStringLiteral("TCP retransmits: 24"))
                && tip.contains(QStringLiteral("sender 35.5%, receiver 88.0%"))
                && tip.contains(QStringLiteral("mean of 2")),
            qPrintable(tip));
        QVERIFY(m.toolTipFor(QStringLiteral("c"), QStringLiteral("b")).contains(QStringLiteral("Connection refused")));
        // a failed pair alone is marked failed, with its reason
        NetMatrix only;
        only.setSteps({steps.at(3)});
        QVERIFY(only.cell(QStringLiteral("c"), QStringLiteral("b"))->failed());
        QCOMPARE(only.cellText(QStringLiteral("c"), QStringLiteral("b")), QStringLiteral("failed"));
        // cells do not overlap and sit in sender rows, receiver columns
        const QRect ab = m.cellRect(QStringLiteral("a"), QStringLiteral("b"));
        const QRect ba = m.cellRect(QStringLiteral("b"), QStringLiteral("a"));
        QVERIFY(!ab.intersects(ba));
        QVERIFY(ab.top() < ba.top() && ab.left() > ba.left());
        m.resize(m.sizeHint());
        QVERIFY(m.sizeHint().height() > ba.bottom());
        QVERIFY(!m.grab().isNull());
        QVERIFY(cmtest::saveShot(&m, QStringLiteral("matrix-constructed")));
        // empty and malformed input: no cells, no crash
        NetMatrix empty;
        StepRecord junk;
        junk.params = QJsonObject {{QStringLiteral("client"), 5}};
        empty.setSteps({junk});
        QCOMPARE(empty.cellCount(), 0);
        empty.resize(400, 200);
        QVERIFY(!empty.grab().isNull());
    }

    void findingsInPlainWords()
    {
        StepRecord ok = step(QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("forward"), 0.94e9);
        ok.summary.insert(QStringLiteral("findings"),
            QJsonArray {QJsonObject {{QStringLiteral("id"), QStringLiteral("link-shares")},
                            {QStringLiteral("severity"), QStringLiteral("info")},
                            {QStringLiteral("text"), QStringLiteral("a sent over eno1 100 %.")}},
                QJsonObject {{QStringLiteral("id"), QStringLiteral("hash-policy")},
                    {QStringLiteral("severity"), QStringLiteral("problem")},
                    {QStringLiteral("text"), QStringLiteral("bond0 hashes layer2.")}}});
        const StepRecord bad = step(QStringLiteral("b"), QStringLiteral("a"), QStringLiteral("forward"), 0,
            QStringLiteral("failed"), QStringLiteral("lost the server node a"));
        NetFindingsPanel p;
        p.resize(700, 400);
        p.setSteps({ok, bad});
        const QList<NetFindingRow> rows = p.rows();
        QCOMPARE(rows.size(), 4);
        QCOMPARE(rows.at(0).id, QStringLiteral("hash-policy")); // problems first
        QCOMPARE(rows.at(1).id, QStringLiteral("link-shares"));
        QCOMPARE(rows.at(2).id, QStringLiteral("tool"));
        QVERIFY(rows.at(2).text.contains(QStringLiteral("links up to 10 Gbit/s")));
        QCOMPARE(rows.at(3).pair, QStringLiteral("b → a"));
        QCOMPARE(rows.at(3).severity, QStringLiteral("problem"));
        QVERIFY(rows.at(3).text.contains(QStringLiteral("lost the server node a")));
        QCOMPARE(p.count(QStringLiteral("problem")), 2);
        QVERIFY(p.headline()->text().contains(QStringLiteral("2 problem")));
        QVERIFY(!NetFindingsPanel::severityIcon(QStringLiteral("warning")).isNull());
        QVERIFY(cmtest::saveShot(&p, QStringLiteral("findings-constructed")));
        p.clear();
        QVERIFY(p.rows().isEmpty());
    }

    void linkChartLinesAggregateAndReferences()
    {
        LinkChart c;
        c.resize(900, 420);
        SampleList s;
        const QString n = QStringLiteral("pve1");
        for (int t = 1; t <= 10; ++t) {
            s << net(n, metric::netTxBytes(QStringLiteral("eno1")), t, 1.1e9) // 8.8 Gbit/s
              << net(n, metric::netTxBytes(QStringLiteral("eno2")), t, 0.5e9) // 4 Gbit/s
              << net(n, metric::netTxBytes(QStringLiteral("bond0")), t, 1.6e9) // their master
              << net(n, metric::netTxBytes(QStringLiteral("vmbr0")), t, 1.6e9) // the bridge over it
              << net(n, metric::netTxBytes(QStringLiteral("eno3")), t, 2e3) // idle
              << net(n, metric::netRxBytes(QStringLiteral("eno1")), t, 4e6); // ACKs
        }
        for (const char *i : {"eno1", "eno2", "eno3"})
            s << net(n, metric::netSpeed(QLatin1String(i)), 0.5, 10e9 / 8);
        s << net(n, metric::netSpeed(QStringLiteral("bond0")), 0.5, 20e9 / 8);
        s << net(n, metric::netMaster(QStringLiteral("bond0")), 0.5, 1)
          << net(n, metric::netMaster(QStringLiteral("vmbr0")), 0.5, 1);
        s << net(n, metric::CpuBusy, 1, 50); // not the chart's
        c.addSamples(s);
        c.flush();
        const QStringList lines = c.lineNames();
        qInfo("lines: %s", qPrintable(lines.join(QStringLiteral(" | "))));
        qInfo("references: %s", qPrintable(c.referenceNames().join(QStringLiteral(" | "))));
        for (const char *l : {"pve1 eno1 TX", "pve1 eno2 TX", "pve1 bond0 TX", "pve1 vmbr0 TX", "pve1 all links TX"})
            QVERIFY2(lines.contains(QLatin1String(l)), l);
        QVERIFY(!lines.contains(QStringLiteral("pve1 eno3 TX"))); // idle: not drawn
        QVERIFY(!lines.contains(QStringLiteral("pve1 eno1 RX"))); // ACKs, under 2% of the busiest
        QCOMPARE(c.peakBitsPerSecond(n, QStringLiteral("eno1"), false), 32e6);
        QVERIFY(c.isMaster(n, QStringLiteral("bond0")));
        QCOMPARE(c.aggregatePeak(n, true), 8 * (1.1e9 + 0.5e9 + 2e3)); // members only, not bond0/vmbr0
        QCOMPARE(c.peakBitsPerSecond(n, QStringLiteral("eno1"), true), 8.8e9);
        const QStringList refs = c.referenceNames();
        QCOMPARE(refs.size(), 2); // 10 Gbit/s (eno1, eno2) and 20 Gbit/s (bond0 and the links together)
        QCOMPARE(refs.at(0), QStringLiteral("10 Gbit/s nominal: pve1 eno1 eno2"));
        QCOMPARE(refs.at(1), QStringLiteral("20 Gbit/s nominal: pve1 bond0, all links"));
        QVERIFY(c.offScaleReferences().isEmpty()); // within 2.5 × the traffic: drawn
        QCOMPARE(c.unitLabel(), QStringLiteral("Gbit/s"));
        QVERIFY(c.axisY()->max() >= 20);
        QCOMPARE(c.series().size(), lines.size() + refs.size());
        QVERIFY(cmtest::saveShot(&c, QStringLiteral("linkchart-constructed")));
        // 100 Mbit/s of traffic on 10 Gbit/s links: the scale follows the traffic and
        // the nominal speeds are named above it
        LinkChart slow;
        slow.resize(900, 420);
        SampleList t;
        for (int k = 1; k <= 5; ++k)
            t << net(n, metric::netTxBytes(QStringLiteral("eno1")), k, 12.5e6);
        t << net(n, metric::netSpeed(QStringLiteral("eno1")), 0.5, 10e9 / 8);
        slow.addSamples(t);
        slow.flush();
        QCOMPARE(slow.unitLabel(), QStringLiteral("Mbit/s"));
        QVERIFY(slow.axisY()->max() >= 100 && slow.axisY()->max() <= 150);
        QCOMPARE(slow.offScaleReferences(), QStringList {QStringLiteral("10 Gbit/s nominal: pve1 eno1")});
        QCOMPARE(slow.series().size(), 1);
        c.clear();
        QVERIFY(c.series().isEmpty());
        QVERIFY(c.lineNames().isEmpty());
    }

    void dashboardShowsLinksForNetworkRuns()
    {
        LiveDashboard live;
        live.resize(1000, 700);
        live.show();
        Plan netPlan;
        netPlan.kind = QStringLiteral("net-iperf");
        netPlan.steps << PlanStep {QStringLiteral("a-b"), QStringLiteral("a → b"), {}};
        auto buffer = std::make_shared<SampleBuffer>();
        live.startRun(1, netPlan, buffer, 10);
        QVERIFY(live.findChild<LinkChart *>()->isVisible());
        QVERIFY(!live.chart(LiveDashboard::Chart::Iops)->isVisible());
        QVERIFY(!live.chart(LiveDashboard::Chart::Latency)->isVisible());
        buffer->append({net(QStringLiteral("a"), metric::netTxBytes(QStringLiteral("eth0")), 1, 1e8),
            net(QStringLiteral("a"), metric::netTxBytes(QStringLiteral("eth0")), 2, 1.2e8),
            Sample {0, QStringLiteral("a→b"), metric::NetBw, 2, 1.1e8}});
        live.drain();
        QCOMPARE(live.findChild<LinkChart *>()->lineNames(), QStringList {QStringLiteral("a eth0 TX")});
        QVERIFY(live.chart(LiveDashboard::Chart::Bandwidth)->lineCount() >= 1);
        QCOMPARE(live.chart(LiveDashboard::Chart::Bandwidth)->axisY()->titleText(), QStringLiteral("MB/s"));
        QVERIFY(live.card(QStringLiteral("a→b")));
        QVERIFY(cmtest::saveShot(&live, QStringLiteral("dashboard-constructed")));
        live.finishRun(RunStatus::Completed);
        // a disk run afterwards: the usual four charts again
        Plan disk;
        disk.kind = QStringLiteral("disk-fio");
        live.startRun(2, disk, std::make_shared<SampleBuffer>(), 10);
        QVERIFY(!live.findChild<LinkChart *>()->isVisible());
        QVERIFY(live.chart(LiveDashboard::Chart::Iops)->isVisible());
        QVERIFY(live.findChild<LinkChart *>()->lineNames().isEmpty());
        live.finishRun(RunStatus::Completed);
    }
};

QTEST_MAIN(TestNetViews)
#include "test_netviews.moc"
