// SPDX-License-Identifier: GPL-3.0-or-later
// The network views on real runs: network-namespace nodes with their own sshd
// (scripts/fixtures/netns.sh; root), node1 and node2 joined by two 1 Gbit/s shaped
// links with an ECMP route, node3 on the bridge only. A pair run drives the live
// per-link chart; a mesh run (one pair over the shaped links, one pair dialling an
// address where nothing listens) is saved in a real SQLite store and read back into
// the Results tab's matrix and findings; the review page checks real nodes' tools.
#include "bench/netiperf/netiperfkind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "kinds/netiperf/linkchart.h"
#include "live/livechart.h"
#include "live/livedashboard.h"
#include "netnsfixture.h"
#include "kinds/netiperf/netfindingspanel.h"
#include "kinds/netiperf/netmatrix.h"
#include "kinds/osdlatency/osdheatmap.h"
#include "results/resultsview.h"
#include "results/rundetailpane.h"
#include "shots.h"
#include "testutil.h"
#include "transport/sshtransport.h"
#include "wizard/kindpage.h"
#include "kinds/netiperf/netnodespage.h"
#include "kinds/netiperf/netpreviewpage.h"
#include "wizard/planwizard.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>

using namespace cm;
using namespace cm::ui;

class TestNetResults : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;
    cmtest::NetnsFixture m_net;

    QString storePath() const { return m_data.filePath(QStringLiteral("db.sqlite")); }

    // Runs a plan through the real engine with a live dashboard attached, as the main
    // window wires it; returns the run id (0 if it did not start).
    RunId run(const Plan &plan, LiveDashboard &live, RunStatus *status)
    {
        RunEngine engine(storePath());
        RunId id = 0;
        bool finished = false;
        connect(&engine, &RunEngine::runStarted, &live, [&](RunId i, const Plan &p, SampleBufferPtr b, double est) {
            id = i;
            live.startRun(i, p, b, est);
        });
        connect(&engine, &RunEngine::stepStarted, &live,
            [&](RunId, int i, int total, const QString &t) { live.setStep(i, total, t); });
        connect(&engine, &RunEngine::logAvailable, this, [](RunId, const QString &l) { qInfo("  %s", qPrintable(l)); });
        connect(&engine, &RunEngine::runFinished, &live, [&](RunId, RunStatus st, const Error &e) {
            *status = st;
            live.finishRun(st, e.message);
            finished = true;
        });
        engine.start(plan);
        if (!QTest::qWaitFor([&] { return finished; }, 180000))
            qWarning("the run did not finish in 180 s");
        return id;
    }

    Plan pairPlan(int streams, int duration)
    {
        NetIperfKind::Options o;
        o.streams = streams;
        o.duration = duration;
        o.tool = QStringLiteral("iperf3");
        o.serverAddress = m_net.loAddr(2); // over the two shaped links
        Error e;
        Plan p = NetIperfKind::makePlan({m_net.node(1), m_net.node(2)}, o, &e);
        [&] { QVERIFY2(!e, qPrintable(e.toString())); }();
        return p;
    }

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::NetnsFixture::available(&why), why);
        QVERIFY2(m_net.up(3, QStringLiteral("1gbit")), qPrintable(m_net.whyNot()));
        qputenv("CLUSTERMARK_DATA_DIR", m_data.path().toUtf8());
        const Error trusted = m_net.trustAll(m_data.filePath(QStringLiteral("known_hosts"))); // as `trust` does
        QVERIFY2(!trusted, qPrintable(trusted.toString()));
    }

    void liveLinkChartOnTwoLinks()
    {
        LiveDashboard live;
        live.resize(1200, 760);
        live.show();
        LinkChart *links = live.findChild<LinkChart *>();
        RunStatus status = RunStatus::Failed;
        // The layer 3+4 hash puts all four flows on one link now and then (as on a real
        // bond): then the chart shows one link, and the test runs again.
        for (int attempt = 0; attempt < 3; ++attempt) {
            run(pairPlan(4, 4), live, &status);
            QCOMPARE(status, RunStatus::Completed);
            if (links->peakBitsPerSecond(QStringLiteral("node1"), QStringLiteral("s1a"), true) > 0.3e9
                && links->peakBitsPerSecond(QStringLiteral("node1"), QStringLiteral("s1b"), true) > 0.3e9)
                break;
            qInfo("attempt %d: the flows hashed onto one link; running again", attempt + 1);
        }
        QVERIFY(live.findChild<LinkChart *>()->isVisible());
        QVERIFY(!live.chart(LiveDashboard::Chart::Iops)->isVisible());
        const double a = links->peakBitsPerSecond(QStringLiteral("node1"), QStringLiteral("s1a"), true);
        const double b = links->peakBitsPerSecond(QStringLiteral("node1"), QStringLiteral("s1b"), true);
        const double sum = links->aggregatePeak(QStringLiteral("node1"), true);
        const double rx = links->aggregatePeak(QStringLiteral("node2"), false);
        qInfo("link chart peaks: node1 s1a %.3f, s1b %.3f, together %.3f Gbit/s; node2 receives %.3f Gbit/s", a / 1e9,
            b / 1e9, sum / 1e9, rx / 1e9);
        qInfo("lines: %s", qPrintable(links->lineNames().join(QStringLiteral(" | "))));
        qInfo("references: %s", qPrintable(links->referenceNames().join(QStringLiteral(" | "))));
        // each link is shaped to 1 Gbit/s; both carried traffic, together about 2
        QVERIFY2(a > 0.3e9 && a < 1.1e9, qPrintable(QString::number(a)));
        QVERIFY2(b > 0.3e9 && b < 1.1e9, qPrintable(QString::number(b)));
        QVERIFY2(sum > 1.5e9 && sum < 2.2e9, qPrintable(QString::number(sum)));
        // the receiver's samples are rates over the arrival times of its counter blocks: on
        // a loaded machine one late block makes a spike, so only a lower bound here
        QVERIFY2(rx > 1.5e9, qPrintable(QString::number(rx)));
        QVERIFY(rx >= links->peakBitsPerSecond(QStringLiteral("node2"), QStringLiteral("s2a"), false));
        const QStringList names = links->lineNames();
        for (const char *n : {"node1 s1a TX", "node1 s1b TX", "node1 all links TX", "node2 s2a RX", "node2 s2b RX",
                 "node2 all links RX"})
            QVERIFY2(names.contains(QLatin1String(n)), n);
        // nominal speeds: what the node's kernel reports for the link, from the run's probe
        const QByteArray sysSpeed = m_net.readFile(1, QStringLiteral("/sys/class/net/s1a/speed")).trimmed();
        const double nominal = links->nominalSpeed(QStringLiteral("node1"), QStringLiteral("s1a"));
        qInfo("s1a speed in /sys: %s; chart: %.0f bit/s; axis up to %.3g %s; above it: %s", sysSpeed.constData(),
            nominal, links->axisY()->max(), qPrintable(links->unitLabel()),
            qPrintable(links->offScaleReferences().join(QStringLiteral(" | "))));
        if (sysSpeed.toInt() > 0) {
            QCOMPARE(nominal, sysSpeed.toDouble() * 1e6);
            const QString refs = links->referenceNames().join(QLatin1Char('\n'));
            QVERIFY2(refs.contains(QStringLiteral("node1 s1a s1b")) && refs.contains(QStringLiteral("node1 all links")),
                qPrintable(refs));
            // 10 Gbit/s veths shaped to 1 Gbit/s: the nominal speeds are far above the
            // traffic, named above the scale rather than squashing it
            if (nominal > 2.5 * sum)
                QVERIFY(!links->offScaleReferences().isEmpty() && links->axisY()->max() < nominal / 1e9);
        }
        QVERIFY(!links->isMaster(QStringLiteral("node1"), QStringLiteral("s1a")));
        // the pair's own figure reaches the bandwidth chart and a card
        QVERIFY(live.chart(LiveDashboard::Chart::Bandwidth)->lineCount() >= 1);
        QVERIFY(live.card(QStringLiteral("node1→node2")));
        QVERIFY(cmtest::saveShot(&live, QStringLiteral("live-links-pair")));
        QVERIFY(cmtest::saveShot(links, QStringLiteral("live-links-chart")));
    }

    void meshMatrixAndFindingsFromTheStore()
    {
        NetIperfKind::Options o;
        o.mode = QStringLiteral("mesh");
        o.streams = 1;
        o.duration = 2;
        o.tool = QStringLiteral("iperf3");
        Error e;
        Plan plan = NetIperfKind::makePlan({m_net.node(1), m_net.node(2), m_net.node(3)}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(plan.steps.size(), 6);
        for (PlanStep &s : plan.steps) {
            if (s.id == QLatin1String("node1-node2"))
                s.params.insert(QStringLiteral("serverAddress"), m_net.loAddr(2)); // the shaped links
            else if (s.id == QLatin1String("node2-node1"))
                s.params.insert(QStringLiteral("serverAddress"), m_net.loAddr(1));
            else if (s.id == QLatin1String("node3-node1"))
                s.params.insert(QStringLiteral("serverAddress"), m_net.addr(2)); // nothing listens there
        }
        LiveDashboard live;
        live.resize(1200, 760);
        live.show();
        RunStatus status = RunStatus::Completed;
        const RunId id = run(plan, live, &status);
        QVERIFY(id > 0);
        QCOMPARE(status, RunStatus::Failed); // one pair failed
        QVERIFY(cmtest::saveShot(&live, QStringLiteral("live-links-mesh")));

        ResultsView view(storePath());
        view.resize(1100, 820);
        view.show();
        QSignalSpy shown(&view, &ResultsView::detailShown);
        view.reload();
        view.selectRun(id);
        QVERIFY(shown.wait(10000));
        RunDetailPane *pane = view.detailPane();
        QVERIFY(pane->isTabShown(pane->findChild<NetMatrix *>()));
        QVERIFY(!pane->isTabShown(pane->findChild<OsdHeatMap *>()));
        NetMatrix *m = pane->findChild<NetMatrix *>();
        QCOMPARE(m->cellCount(), 6);
        QCOMPARE(m->nodes(), (QStringList {QStringLiteral("node1"), QStringLiteral("node2"), QStringLiteral("node3")}));
        const NetPairCell *shaped = m->cell(QStringLiteral("node1"), QStringLiteral("node2"));
        const NetPairCell *bridge = m->cell(QStringLiteral("node1"), QStringLiteral("node3"));
        const NetPairCell *failed = m->cell(QStringLiteral("node3"), QStringLiteral("node1"));
        QVERIFY(shaped && bridge && failed);
        for (const QString &s : m->nodes())
            for (const QString &r : m->nodes())
                if (s != r)
                    qInfo("%s → %s: %s", qPrintable(s), qPrintable(r), qPrintable(m->cellText(s, r)));
        // one stream over one 1 Gbit/s shaped link (never above it; below it when the
        // machine's CPUs are busy); the bridge is not shaped
        QVERIFY2(shaped->bitsPerSecond > 0.4e9 && shaped->bitsPerSecond < 1.05e9,
            qPrintable(QString::number(shaped->bitsPerSecond)));
        // the bridge pairs are not shaped (how fast they go depends on the machine's load)
        QVERIFY2(bridge->bitsPerSecond > 0.3e9, qPrintable(QString::number(bridge->bitsPerSecond)));
        QVERIFY(failed->failed());
        QVERIFY2(failed->reason.contains(QStringLiteral("refused"), Qt::CaseInsensitive), qPrintable(failed->reason));
        QCOMPARE(m->cellText(QStringLiteral("node3"), QStringLiteral("node1")), QStringLiteral("failed"));
        QVERIFY(m->toolTipFor(QStringLiteral("node3"), QStringLiteral("node1"))
                    .contains(QStringLiteral("refused"), Qt::CaseInsensitive));
        const QString tip = m->toolTipFor(QStringLiteral("node1"), QStringLiteral("node2"));
        QVERIFY2(tip.contains(QStringLiteral("TCP retransmits: ")) && tip.contains(QStringLiteral("CPU: sender")),
            qPrintable(tip));
        // the slow pair is coloured towards red, the best pair green
        QVERIFY(m->bestBitsPerSecond() >= bridge->bitsPerSecond);
        if (shaped->bitsPerSecond < 0.5 * m->bestBitsPerSecond())
            QCOMPARE(m->cellColor(QStringLiteral("node1"), QStringLiteral("node2")), NetMatrix::scaleColor(1));
        pane->tabs()->setCurrentWidget(pane->tabs()->widget(pane->tabs()->indexOf(m->parentWidget()->parentWidget())));
        QVERIFY(cmtest::saveShot(&view, QStringLiteral("results-matrix")));
        QVERIFY(cmtest::saveShot(m, QStringLiteral("results-matrix-widget")));

        NetFindingsPanel *f = pane->findChild<NetFindingsPanel *>();
        bool single = false, failedRow = false;
        for (const NetFindingRow &r : f->rows()) {
            single = single || (r.pair == QStringLiteral("node1 → node2") && r.id == QLatin1String("single-stream"));
            failedRow = failedRow
                || (r.pair == QStringLiteral("node3 → node1") && r.id == QLatin1String("step-failed")
                    && r.severity == QLatin1String("problem"));
        }
        QVERIFY(single);
        QVERIFY(failedRow);
        QVERIFY(f->count(QStringLiteral("problem")) >= 1);
        QVERIFY(f->headline()->text().contains(QStringLiteral("problem")));
        pane->tabs()->setCurrentWidget(f);
        QVERIFY(cmtest::saveShot(&view, QStringLiteral("results-findings")));
    }

    void reviewChecksTheRealNodes()
    {
        PlanWizard w({m_net.node(1), m_net.node(2)});
        w.resize(900, 640);
        w.show();
        auto *kinds = qobject_cast<KindPage *>(w.currentPage())->list();
        for (int i = 0; i < kinds->count(); ++i)
            if (kinds->item(i)->data(Qt::UserRole).toString() == NetIperfKind::kindId())
                kinds->setCurrentRow(i);
        w.next();
        auto *nodes = qobject_cast<NetNodesPage *>(w.currentPage());
        QVERIFY(nodes);
        for (int i = 0; i < nodes->list()->count(); ++i)
            nodes->list()->item(i)->setCheckState(
                nodes->list()->item(i)->text().startsWith(QLatin1String("node")) ? Qt::Checked : Qt::Unchecked);
        w.next();
        w.next(); // defaults: forward, 4 streams, 10 s, tool automatic
        auto *review = qobject_cast<NetPreviewPage *>(w.currentPage());
        QVERIFY(review);
        QVERIFY(review->checkButton()->isEnabled());
        QSignalSpy checked(review, &NetPreviewPage::toolsChecked);
        QTest::mouseClick(review->checkButton(), Qt::LeftButton);
        QVERIFY(checked.wait(30000));
        qInfo("tool: %s — %s", qPrintable(review->resolvedTool(0)), qPrintable(review->toolReason(0)));
        QCOMPARE(review->resolvedTool(0), QStringLiteral("iperf3")); // iperf3 3.12, links up to 10 Gbit/s
        QVERIFY(review->toolReason(0).startsWith(QStringLiteral("iperf3")));
        QVERIFY(review->toolLabel()->text().contains(review->toolReason(0)));
        QVERIFY(review->commandsText().contains(QStringLiteral("# tool: iperf3 (links up to")));
        QVERIFY(cmtest::saveShot(&w, QStringLiteral("wizard-3-review-pair-checked")));
    }
};

QTEST_MAIN(TestNetResults)
#include "test_netresults.moc"
