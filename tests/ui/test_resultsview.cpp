// SPDX-License-Identifier: GPL-3.0-or-later
// Results tab over a real SQLite session store in a temp folder.
#include "bench/registry.h"
#include "results/resultsmodel.h"
#include "results/resultsview.h"
#include "results/rundetailpane.h"
#include "shots.h"
#include "stats/clustertotal.h"
#include "store/sessionstore.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QLabel>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;
using namespace cm::ui;

class TestResultsView : public QObject {
    Q_OBJECT
private:
    static Plan diskPlan(const QString &name)
    {
        Plan p;
        p.kind = QStringLiteral("disk-fio");
        p.name = name;
        p.nodes = {NodeSpec::parse(QStringLiteral("local"))};
        p.target = QJsonObject {
            {QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), QStringLiteral("/tmp")}};
        p.steps = {PlanStep {QStringLiteral("seq-read"), QStringLiteral("SEQ1M Q8T1 Read"), {}},
            PlanStep {QStringLiteral("rnd-write"), QStringLiteral("RND4K Q1T1 Write"), {}}};
        return p;
    }

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void listsRunsAndShowsDetail()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.sqlite"));
        RunId good = 0, bad = 0;
        {
            SessionStore store(path);
            QVERIFY(!store.open());
            Error e;
            good = store.createRun(diskPlan(QStringLiteral("good run")),
                QJsonObject {{QStringLiteral("kernel"), QStringLiteral("6.1.0")}}, &e);
            QVERIFY2(!e, qPrintable(e.toString()));
            const Plan p = diskPlan(QStringLiteral("good run"));
            const qint64 s0
                = store.beginStep(good, 0, 0, p.steps.at(0), QStringLiteral("local"), QStringLiteral("fio --rw=read"));
            QVERIFY(!store.finishStep(s0, QStringLiteral("completed"), QStringLiteral("local:/tmp/x"),
                QJsonObject {{QStringLiteral("read"),
                                 QJsonObject {{QStringLiteral("bw"), 1.8e9}, {QStringLiteral("iops"), 1716.0},
                                     {QStringLiteral("lat_p99_ns"), 2.2e6}}},
                    {QStringLiteral("write"),
                        QJsonObject {{QStringLiteral("bw"), 0.0}, {QStringLiteral("iops"), 0.0}}}},
                {}, QByteArray(""), QStringLiteral("")));
            const qint64 s1 = store.beginStep(
                good, 1, 0, p.steps.at(1), QStringLiteral("local"), QStringLiteral("fio --rw=randwrite"));
            QVERIFY(!store.finishStep(s1, QStringLiteral("completed"), QStringLiteral("local:/tmp/x"),
                QJsonObject {{QStringLiteral("write"),
                    QJsonObject {{QStringLiteral("bw"), 120e6}, {QStringLiteral("iops"), 29300.0},
                        {QStringLiteral("lat_p50_ns"), 31e3}}}},
                {}, QByteArray(""), QStringLiteral("")));
            QVERIFY(!store.finishRun(good, RunStatus::Completed, QStringLiteral("")));
            bad = store.createRun(diskPlan(QStringLiteral("bad run")), {}, &e);
            QVERIFY(!store.finishRun(bad, RunStatus::Failed, QStringLiteral("fio: No such file or directory")));
        }

        ResultsView view(path);
        view.resize(900, 600);
        view.show();
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reloaded(&view, &ResultsView::reloaded);
        view.reload();
        QVERIFY(reloaded.wait(5000));
        QCOMPARE(reloaded.at(0).at(0).toInt(), 2);
        ResultsModel *m = view.model();
        QCOMPARE(m->rowCount(), 2);
        const int g = m->rowOf(good);
        const int b = m->rowOf(bad);
        QVERIFY(g >= 0 && b >= 0);
        QCOMPARE(m->index(g, ResultsModel::ColStatus).data().toString(), QStringLiteral("completed"));
        QCOMPARE(m->index(b, ResultsModel::ColStatus).data().toString(), QStringLiteral("failed"));
        QCOMPARE(m->index(b, ResultsModel::ColStatus).data(Qt::ToolTipRole).toString(),
            QStringLiteral("fio: No such file or directory"));
        QCOMPARE(m->index(g, ResultsModel::ColKind).data().toString(), QStringLiteral("Disk (fio)"));
        QCOMPARE(m->index(g, ResultsModel::ColNodes).data().toString(), QStringLiteral("local"));
        const QString figures = m->index(g, ResultsModel::ColFigures).data().toString();
        QVERIFY2(figures.contains(QStringLiteral("1.80 GB/s")) && figures.contains(QStringLiteral("120 MB/s"))
                && figures.contains(QStringLiteral("29.3k IOPS")),
            qPrintable(figures));

        QSignalSpy shown(&view, &ResultsView::detailShown);
        view.selectRun(good);
        QVERIFY(shown.wait(5000));
        QCOMPARE(shown.at(0).at(0).value<RunId>(), good);
        QTableWidget *grid = view.detailPane()->grid();
        QCOMPARE(grid->rowCount(), 2);
        QCOMPARE(grid->verticalHeaderItem(0)->text(), QStringLiteral("SEQ1M Q8T1 Read"));
        QCOMPARE(grid->item(0, 1)->text(), QStringLiteral("1800")); // read MB/s
        QCOMPARE(grid->item(0, 2)->text(), QStringLiteral("–")); // no write in a read test
        QCOMPARE(grid->item(1, 2)->text(), QStringLiteral("120")); // write MB/s
        QCOMPARE(grid->item(1, 4)->text(), QStringLiteral("29.3k")); // write IOPS
        QCOMPARE(grid->item(0, 6)->text(), QStringLiteral("2.20 ms")); // p99
        QVERIFY(grid->isColumnHidden(7)); // Ops/s: only for metadata and S3 HEAD/LIST/DELETE steps
    }

    // A run from two clients: its "(total)" row, in bold, says what it sums.
    void clusterTotalRow()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.sqlite"));
        RunId id = 0;
        {
            SessionStore store(path);
            QVERIFY(!store.open());
            Plan p = diskPlan(QStringLiteral("two clients"));
            p.nodes << NodeSpec::parse(QStringLiteral("root@pve2"));
            p.steps = p.steps.mid(0, 1);
            id = store.createRun(p, {});
            QList<ClientStepResult> clients;
            for (const QString &node : {QStringLiteral("local"), QStringLiteral("pve2")}) {
                const QJsonObject summary {
                    {QStringLiteral("read"),
                        QJsonObject {{QStringLiteral("bw"), 400e6}, {QStringLiteral("iops"), 381.0},
                            {QStringLiteral("total_ios"), 3810.0},
                            {QStringLiteral("histogram"), QJsonObject {{QStringLiteral("2000000"), 3810.0}}}}},
                    {QStringLiteral("start_ms"), node == QLatin1String("local") ? 1.0e12 : 1.0e12 + 12}};
                const qint64 s = store.beginStep(id, 0, 0, p.steps.at(0), node, QStringLiteral("fio"));
                QVERIFY(!store.finishStep(s, QStringLiteral("completed"), node + QStringLiteral(":/tmp/x"), summary, {},
                    QByteArray(), QString()));
                clients << ClientStepResult {node, true, summary};
            }
            const qint64 t = store.beginStep(id, 0, 0, p.steps.at(0), clusterTotalNode(), QStringLiteral("sum"));
            QVERIFY(!store.finishStep(t, QStringLiteral("completed"), clusterTotalNode(),
                sumClients(clients).toSummary(), {}, QByteArray(), QString()));
            QVERIFY(!store.finishRun(id, RunStatus::Completed, QString()));
        }
        ResultsView view(path);
        view.resize(1280, 800);
        view.show();
        QSignalSpy reloaded(&view, &ResultsView::reloaded);
        view.reload();
        QVERIFY(reloaded.wait(5000));
        QSignalSpy shown(&view, &ResultsView::detailShown);
        view.selectRun(id);
        QVERIFY(shown.wait(5000));
        QTableWidget *grid = view.detailPane()->grid();
        QCOMPARE(grid->rowCount(), 3);
        QCOMPARE(grid->item(2, 0)->text(), clusterTotalNode());
        QCOMPARE(grid->item(2, 1)->text(), QStringLiteral("800")); // the two clients' MB/s summed
        QVERIFY(grid->item(2, 3)->font().bold());
        const QString tip = grid->item(2, 1)->toolTip();
        QVERIFY2(tip.contains(QLatin1String("merged histograms")) && tip.contains(QLatin1String("within 12 ms")),
            qPrintable(tip));
        QVERIFY(!grid->item(0, 3)->font().bold());
        QVERIFY(cmtest::saveShot(&view, QStringLiteral("results-cluster-total")));
    }

    // A per-OSD latency run has no reads and writes: its Summary points to its own tab
    // instead of a grid of dashes, and its key figures are the OSDs' latencies.
    void osdRunPointsToItsTab()
    {
        StepRecord s;
        s.node = QStringLiteral("local");
        s.title = QStringLiteral("4 KiB writes to each OSD");
        s.status = QStringLiteral("completed");
        QJsonArray osds;
        for (int id = 0; id < 3; ++id)
            osds.append(QJsonObject {{QStringLiteral("id"), id}, {QStringLiteral("p50"), 800e3 + id * 400e3},
                {QStringLiteral("p99"), 2e6 + id * 3e6}, {QStringLiteral("outlier"), id == 2}});
        s.summary = QJsonObject {{QStringLiteral("osds"), osds}};
        QCOMPARE(keyFigures({s}),
            QStringLiteral("OSD write p50 800 µs – 1.60 ms · slowest p99 8.00 ms (osd.2) · 1 outlier(s)"));
        RunDetail d;
        d.run.kind = d.plan.kind = QStringLiteral("osd-latency");
        d.run.name = QStringLiteral("osds");
        d.steps = {s};
        RunDetailPane pane;
        pane.resize(1000, 700);
        pane.show();
        pane.showDetail(d);
        auto *pointer = pane.findChild<QLabel *>(QStringLiteral("noGridFigures"));
        QVERIFY(pointer);
        QVERIFY(!pointer->isHidden()); // (the kind's own tab may be the one in front)
        QVERIFY(pane.grid()->isHidden());
        QVERIFY2(pointer->text().contains(QStringLiteral("not reads and writes")), qPrintable(pointer->text()));
        // a disk run shows its grid again
        RunDetail disk;
        disk.run.kind = disk.plan.kind = QStringLiteral("disk-fio");
        StepRecord r = s;
        r.summary = QJsonObject {
            {QStringLiteral("read"), QJsonObject {{QStringLiteral("bw"), 1e8}, {QStringLiteral("iops"), 100.0}}}};
        disk.steps = {r};
        pane.showDetail(disk);
        QVERIFY(!pane.grid()->isHidden());
        QVERIFY(pointer->isHidden());
    }

    void unreadableStoreGivesEmptyTable()
    {
        ResultsView view(QStringLiteral("/nonexistent-folder/x.sqlite"));
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reloaded(&view, &ResultsView::reloaded);
        view.reload();
        QVERIFY(reloaded.wait(5000));
        QCOMPARE(view.model()->rowCount(), 0);
    }
};

QTEST_MAIN(TestResultsView)
#include "test_resultsview.moc"
