// SPDX-License-Identifier: GPL-3.0-or-later
// The metadata figures of a REAL CephFS run: a tiny metadata plan (CephFsKind::makePlan,
// native engine) runs through the real RunEngine against the lab (scripts/lab/ceph-lab.sh)
// into a real SQLite store; the live dashboard is fed the run's own SampleBuffer, and the
// saved run is loaded like the session library does. A second case feeds the dashboard
// the engine's metadata metric names without the lab. Expected figures come from the
// engine's stepFinished summaries, not from the panel.
// CLUSTERMARK_SHOTS=<folder> saves a screenshot of the metadata tab.
#include "bench/cephfs/cephfskind.h"
#include "bench/registry.h"
#include "cephlabfixture.h"
#include "engine/runengine.h"
#include "live/figurecard.h"
#include "live/livechart.h"
#include "live/livedashboard.h"
#include "kinds/cephfs/cephfsmetapanel.h"
#include "results/resultsloader.h"
#include "report/unitformat.h"
#include "results/rundetailpane.h"
#include "testutil.h"
#include "unitscale.h"

#include <QDir>
#include <QLineSeries>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTableWidget>
#include <QTest>

using namespace cm;
using namespace cm::ui;

class TestCephFsMeta : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    bool m_labUp = false;
    QString m_labWhy;
    QTemporaryDir m_home;

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        QString why;
        if (cmtest::CephLabFixture::available(&why)) {
            m_labUp = m_lab.start(1);
            m_labWhy = m_lab.whyNot();
        } else {
            m_labWhy = why;
        }
    }
    void cleanupTestCase() { m_lab.stop(); }

    // No lab needed: a real SampleBuffer with the metric names the CephFS engine emits
    // (model/metric.h); the three op phases follow each other as in a metadata step.
    void liveChartsPlotMetadataMetrics()
    {
        LiveDashboard dash;
        dash.resize(1000, 640);
        dash.show();
        auto buffer = std::make_shared<SampleBuffer>();
        Plan plan;
        plan.kind = CephFsKind::kindId();
        plan.steps = {PlanStep {QStringLiteral("metadata"), QStringLiteral("Small files"), {}}};
        dash.startRun(7, plan, buffer, 30);
        const QString t = QStringLiteral("local:cephfs");
        const QStringList ops {QStringLiteral("create"), QStringLiteral("stat"), QStringLiteral("delete")};
        SampleList list;
        for (int o = 0; o < 3; ++o)
            for (int i = 0; i < 5; ++i) {
                const double x = o * 5 + i;
                list << Sample {0, t, metric::metaIops(ops.at(o)), x, 1000.0 * (o + 1)}
                     << Sample {0, t, metric::metaLatP50(ops.at(o)), x, 500e3}
                     << Sample {0, t, metric::metaLatP99(ops.at(o)), x, 2e6}
                     << Sample {0, t, metric::metaLatP999(ops.at(o)), x, 9e6}
                     << Sample {0, t, metric::metaLatMean(ops.at(o)), x, 700e3};
            }
        buffer->append(list);
        QTRY_COMPARE_WITH_TIMEOUT(dash.samplesReceived(), qint64(list.size()), 3000);
        LiveChart *iops = dash.chart(LiveDashboard::Chart::Iops);
        LiveChart *lat = dash.chart(LiveDashboard::Chart::Latency);
        QCOMPARE(iops->lineCount(), 3); // one line per op
        QCOMPARE(lat->lineCount(), 6); // p50 and p99 per op (p99.9 and mean are not plotted)
        QCOMPARE(dash.chart(LiveDashboard::Chart::Bandwidth)->lineCount(), 0);
        QStringList names;
        for (int i = 0; i < iops->lineCount(); ++i) {
            names << iops->series().at(i)->name();
            QCOMPARE(iops->linePoints(i).size(), 5);
        }
        names.sort();
        QCOMPARE(names,
            (QStringList {QStringLiteral("create ops/s"), QStringLiteral("delete ops/s"),
                QStringLiteral("stat ops/s")})); // one target: the legend names the figures only
        QCOMPARE(iops->scale().label, QStringLiteral("k ops/s")); // metadata operations, not IOPS
        FigureCard *card = dash.card(t);
        QVERIFY(card);
        QCOMPARE(card->currentText(metric::MetaDeleteIops), QStringLiteral("3.00k ops/s"));
        QCOMPARE(
            card->currentText(metric::metaLatP99(QStringLiteral("stat"))), formatValue(metric::Unit::Nanoseconds, 2e6));
        dash.finishRun(RunStatus::Completed);
    }

    void metadataRunShowsOneBarPerOp()
    {
        CM_REQUIRE_FIXTURE(m_labUp, m_labWhy);
        CephFsKind::Options o;
        o.conf = m_lab.confPath();
        o.keyring = m_lab.keyringPath();
        o.fsName = m_lab.cephfsName();
        o.preset = QStringLiteral("metadata");
        o.threads = 2;
        o.files = 150;
        o.runtime = 20;
        o.timeout = 20;
        Error e;
        Plan plan = CephFsKind::makePlan({}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        plan.name = QStringLiteral("cephfs metadata");
        plan.ceph = {}; // no health poll: only the step's own samples reach the charts

        const QString store = m_home.filePath(QStringLiteral("store.sqlite"));
        RunEngine engine(store);
        LiveDashboard live;
        live.resize(1000, 640);
        live.show();
        QObject::connect(&engine, &RunEngine::runStarted, &live, &LiveDashboard::startRun);
        QSignalSpy started(&engine, &RunEngine::runStarted);
        QSignalSpy stepDone(&engine, &RunEngine::stepFinished);
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        engine.start(plan, {});
        QVERIFY(started.wait(20000));
        QVERIFY(finished.count() > 0 || finished.wait(180000));
        QCOMPARE(finished.at(0).at(1).value<RunStatus>(), RunStatus::Completed);
        live.finishRun(RunStatus::Completed);
        const RunId id = started.at(0).at(0).value<RunId>();
        QCOMPARE(stepDone.size(), 1);
        const QJsonObject summary = stepDone.at(0).at(3).toJsonObject();
        const QJsonObject meta = summary.value(QStringLiteral("meta")).toObject();
        QCOMPARE(meta.keys().size(), 3);

        // Live: ops/s went to the IOPS chart, latencies to the latency chart, named by op.
        LiveChart *iops = live.chart(LiveDashboard::Chart::Iops);
        LiveChart *lat = live.chart(LiveDashboard::Chart::Latency);
        QVERIFY(live.samplesReceived() > 0);
        QVERIFY2(iops->lineCount() >= 1, "no metadata ops/s line in the IOPS chart");
        QVERIFY(lat->lineCount() >= 1);
        QVERIFY(iops->receivedPointCount() >= 3); // at least one point per op
        QVERIFY(lat->receivedPointCount() >= 6); // p50 and p99 per op
        QStringList names;
        for (QLineSeries *s : iops->series())
            names << s->name();
        QVERIFY2(!names.filter(QStringLiteral("create ops/s")).isEmpty(), qPrintable(names.join(QLatin1Char('|'))));
        for (const QString &n : std::as_const(names))
            QVERIFY2(n.contains(QStringLiteral("ops/s")) && !n.contains(QStringLiteral("write")), qPrintable(n));
        for (QLineSeries *s : lat->series())
            QVERIFY2(s->name().contains(QRegularExpression(QStringLiteral("(create|stat|delete) p(50|99)$"))),
                qPrintable(s->name()));
        QVERIFY(live.chart(LiveDashboard::Chart::Bandwidth)->lineCount() == 0); // no bytes moved

        // The saved run, loaded as the library does.
        const RunDetail d = loadRunDetail(store, id);
        QVERIFY2(!d.error, qPrintable(d.error.toString()));
        QCOMPARE(d.plan.kind, CephFsKind::kindId());
        // Listed with the other runs, its key figure the create rate.
        Error le;
        bool listed = false;
        for (const ResultRow &row : loadResultRows(store, &le))
            if (row.run.id == id) {
                listed = true;
                QVERIFY2(
                    keyFigures(row.steps).contains(QStringLiteral("creates/s")), qPrintable(keyFigures(row.steps)));
            }
        QVERIFY2(!le && listed, qPrintable(le.toString()));
        RunDetailPane pane;
        pane.resize(760, 440);
        pane.show();
        pane.showDetail(d);
        QVERIFY(pane.isTabShown(pane.findChild<CephFsMetaPanel *>()));
        QTRY_VERIFY(pane.findChild<CephFsMetaPanel *>()->width() > 300);
        QCOMPARE(pane.tabs()->currentWidget()->findChild<CephFsMetaPanel *>(), pane.findChild<CephFsMetaPanel *>());
        CephFsMetaPanel *panel = pane.findChild<CephFsMetaPanel *>();
        QCOMPARE(panel->groups().size(), 1);
        QCOMPARE(panel->barCount(), 3);
        const CephFsMetaPanel::Group g = panel->groups().first();
        QCOMPARE(g.threads, 2);
        QCOMPARE(g.files, 150);
        QStringList ops;
        double maxOps = 0;
        for (const CephFsMetaPanel::Bar &b : g.bars) {
            ops << b.op;
            const QJsonObject o = meta.value(b.op).toObject();
            QCOMPARE(b.opsPerSec, o.value(QStringLiteral("iops")).toDouble());
            QCOMPARE(b.p50Ns, o.value(QStringLiteral("lat_p50_ns")).toDouble());
            QCOMPARE(b.p99Ns, o.value(QStringLiteral("lat_p99_ns")).toDouble());
            QVERIFY(b.opsPerSec > 0);
            QVERIFY(b.p50Ns > 0 && b.p50Ns <= b.p99Ns);
            QCOMPARE(b.totalOps, qint64(2 * 150)); // every file created, stat-ed, deleted
            maxOps = std::max(maxOps, b.opsPerSec);
        }
        QCOMPARE(ops, (QStringList {QStringLiteral("create"), QStringLiteral("stat"), QStringLiteral("delete")}));
        // The Summary grid: one row per operation with its rate (the Ops/s column shown).
        QTableWidget *grid = pane.grid();
        QCOMPARE(grid->rowCount(), 3);
        QVERIFY(!grid->isColumnHidden(7));
        const QStringList labels {
            QStringLiteral("File create"), QStringLiteral("File stat"), QStringLiteral("File delete")};
        for (int i = 0; i < 3; ++i) {
            QVERIFY2(grid->verticalHeaderItem(i)->text().endsWith(QStringLiteral(" · ") + labels.at(i)),
                qPrintable(grid->verticalHeaderItem(i)->text()));
            const QJsonObject o = meta.value(ops.at(i)).toObject();
            QCOMPARE(grid->item(i, 7)->text(), formatSignificant(o.value(QStringLiteral("iops")).toDouble()));
            QCOMPARE(grid->item(i, 1)->text(), QStringLiteral("–"));
        }
        for (int col = 1; col <= 4; ++col) // no data moved: the MB/s and IOPS columns are hidden
            QVERIFY(grid->isColumnHidden(col));
        // Bars on one scale: the fastest op spans the full width, the others in proportion.
        int full = 0;
        for (int i = 0; i < 3; ++i)
            full = std::max(full, panel->barRect(0, i).width());
        QVERIFY(full > 100);
        for (int i = 0; i < 3; ++i) {
            const double want = full * g.bars.at(i).opsPerSec / maxOps;
            QVERIFY2(std::abs(panel->barRect(0, i).width() - want) <= 2.0,
                qPrintable(QStringLiteral("%1: %2 px for %3 ops/s")
                               .arg(g.bars.at(i).op)
                               .arg(panel->barRect(0, i).width())
                               .arg(g.bars.at(i).opsPerSec)));
            QVERIFY(panel->barRect(0, i).top() > (i ? panel->barRect(0, i - 1).bottom() : 0));
        }
        const QString shots = qEnvironmentVariable("CLUSTERMARK_SHOTS");
        if (!shots.isEmpty()) {
            QDir().mkpath(shots);
            pane.resize(760, 300);
            QVERIFY(pane.grab().save(shots + QStringLiteral("/cephfs-meta.png"), "PNG"));
            QVERIFY(live.grab().save(shots + QStringLiteral("/cephfs-live.png"), "PNG"));
            pane.tabs()->setCurrentIndex(0);
            QVERIFY(pane.grab().save(shots + QStringLiteral("/cephfs-summary-grid.png"), "PNG"));
        }

        // Another kind's run hides the tab again.
        RunDetail other = d;
        other.run.kind = QStringLiteral("disk-fio");
        other.plan.kind = QStringLiteral("disk-fio");
        pane.showDetail(other);
        QVERIFY(!pane.isTabShown(pane.findChild<CephFsMetaPanel *>()));
    }
};

QTEST_MAIN(TestCephFsMeta)
#include "test_cephfsmeta.moc"
