// SPDX-License-Identifier: GPL-3.0-or-later
// Compare tab on real runs: three short disk plans run with real fio (through
// clustermark-cli) into a store in a temporary folder — two alike with 3 repetitions
// (Welch's t-test possible), one with a larger block size and 1 repetition (the
// banner must name the difference; no noise estimate). The real widgets are checked
// against the core's comparison of the same runs. CLUSTERMARK_UI_SHOT_DIR=DIR saves
// grabs of the view there.
#include "clirun.h"
#include "testutil.h"

#include "compare/comparebanner.h"
#include "compare/comparebarchart.h"
#include "compare/comparemarks.h"
#include "compare/comparemodel.h"
#include "compare/compareview.h"
#include "compare/percentilechart.h"
#include "compare/seriesoverlay.h"
#include "export/chartexportdialog.h"
#include "export/forumcomposerdialog.h"
#include "results/resultsmodel.h"
#include "results/resultsview.h"
#include "report/runcompare.h"
#include "unitscale.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QLineEdit>
#include <QComboBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>

using namespace cm;
using namespace cm::ui;

class TestCompareView : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;
    QTemporaryDir m_target;
    RunId m_a = 0, m_b = 0, m_c = 0;

    QString storePath() const { return m_data.filePath(QStringLiteral("clustermark.sqlite")); }

    cmtest::CliResult cli(const QStringList &args)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), 240000);
    }

    // The quick preset cut to SEQ1M Q8T1 Read and RND4K Q32T1 Read, 1 s each.
    RunId runPlan(const QString &seqBs, int repeat)
    {
        const cmtest::CliResult plan
            = cli({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--preset"), QStringLiteral("quick"),
                QStringLiteral("--target"), m_target.path(), QStringLiteral("--size"), QStringLiteral("16M"),
                QStringLiteral("--runtime"), QStringLiteral("1"), QStringLiteral("--repeat"), QString::number(repeat)});
        if (plan.code != 0) {
            qWarning() << plan.err;
            return -1;
        }
        QJsonObject p = plan.json();
        const QJsonArray all = p.value(QStringLiteral("steps")).toArray();
        QJsonObject seq = all.at(0).toObject();
        QJsonObject params = seq.value(QStringLiteral("params")).toObject();
        params.insert(QStringLiteral("bs"), seqBs);
        seq.insert(QStringLiteral("params"), params);
        p.insert(QStringLiteral("steps"), QJsonArray {seq, all.at(4)});
        const QString file = m_data.filePath(QStringLiteral("plan-%1-%2.json").arg(seqBs).arg(repeat));
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly))
            return -1;
        f.write(QJsonDocument(p).toJson());
        f.close();
        const cmtest::CliResult run = cli({QStringLiteral("run"), file});
        if (run.code != 0) {
            qWarning() << run.err;
            return -1;
        }
        return RunId(run.json().value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toDouble());
    }

    static void shot(QWidget *w, const QString &name)
    {
        const QString dir = qEnvironmentVariable("CLUSTERMARK_UI_SHOT_DIR");
        if (dir.isEmpty())
            return;
        QTest::qWait(300); // charts lay out on the event loop
        QVERIFY(w->grab().save(dir + QLatin1Char('/') + name, "PNG"));
    }

    static RunCompare coreCompare(const QString &path, const QList<RunId> &ids)
    {
        SessionStore store(path);
        RunCompare c;
        if (store.open() || compareRuns(store, ids, &c))
            return {};
        return c;
    }

    bool compareIn(CompareView &view, const QList<RunId> &ids)
    {
        QSignalSpy shown(&view, &CompareView::compareShown);
        view.compare(ids);
        return shown.wait(60000) && shown.at(0).at(0).value<QList<RunId>>() == ids;
    }

private Q_SLOTS:
    void initTestCase()
    {
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        m_a = runPlan(QStringLiteral("1M"), 3);
        m_b = runPlan(QStringLiteral("1M"), 3);
        m_c = runPlan(QStringLiteral("4M"), 1);
        QVERIFY(m_a > 0 && m_b > 0 && m_c > 0);
    }

    // Results: multi-select two runs → compareRequested with both, oldest first.
    void resultsMultiSelect()
    {
        ResultsView results(storePath());
        results.resize(900, 500);
        QSignalSpy reloaded(&results, &ResultsView::reloaded);
        results.reload();
        QVERIFY(reloaded.wait(10000));
        QCOMPARE(results.model()->rowCount(), 3);
        QVERIFY(!results.compareButton()->isEnabled());
        results.setSelectedRuns({m_c, m_a});
        QVERIFY(results.compareButton()->isEnabled());
        QCOMPARE(results.selectedRuns(), (QList<RunId> {m_a, m_c}));
        QSignalSpy requested(&results, &ResultsView::compareRequested);
        QTest::mouseClick(results.compareButton(), Qt::LeftButton);
        QCOMPARE(requested.size(), 1);
        QCOMPARE(requested.at(0).at(0).value<QList<RunId>>(), (QList<RunId> {m_a, m_c}));
        results.setSelectedRuns({m_a});
        QVERIFY(!results.compareButton()->isEnabled());
    }

    // Alike runs with 3 repetitions each: no parameter banner, every mark from Welch's test.
    void alikeRunsAreTested()
    {
        CompareView view(storePath());
        view.resize(1100, 800);
        view.show();
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(compareIn(view, {m_a, m_b}));
        const RunCompare core = coreCompare(storePath(), {m_a, m_b});
        QCOMPARE(core.rows.size(), 2);
        QVERIFY(!view.banner()->parametersDiffer());
        // same machine, same plan: only environment lines (if any) may show, never parameters
        for (const QString &l : view.banner()->lines())
            QVERIFY2(!l.startsWith(QLatin1String("block size")), qPrintable(l));

        CompareModel *m = view.model();
        QCOMPARE(m->runCount(), 2);
        int marks = 0;
        for (int r = 0; r < m->rowCount(); ++r) {
            const int testRow = m->index(r, 0).data(CompareModel::TestRowRole).toInt();
            const QString figLabel = m->index(r, CompareModel::ColFigure).data().toString();
            const CompareFigure *fig = nullptr;
            for (const CompareFigure &f : core.rows.at(testRow).figures)
                if (figureLabel(f) == figLabel)
                    fig = &f;
            QVERIFY2(fig, qPrintable(figLabel));
            QCOMPARE(fig->values.at(0).size(), 3);
            const CompareStats s = fig->vsBaseline.at(0);
            QVERIFY(s.tested);
            const auto mark = SignificanceMark(m->index(r, m->markColumn(1)).data(CompareModel::MarkRole).toInt());
            QCOMPARE(mark, s.significant ? SignificanceMark::Significant : SignificanceMark::WithinNoise);
            const QString markCell = m->index(r, m->markColumn(1)).data().toString();
            QVERIFY(markCell.contains(s.significant ? QStringLiteral("significant") : QStringLiteral("within noise")));
            const QString ci = m->index(r, m->ciColumn(1)).data().toString();
            QVERIFY2(ci.startsWith(QStringLiteral("Welch's t-test, 95 % CI of the difference [")), qPrintable(ci));
            QVERIFY(ci.contains(formatValue(fig->unit, std::fabs(s.ciLow))));
            QVERIFY(ci.contains(formatValue(fig->unit, std::fabs(s.ciHigh))));
            QCOMPARE(m->index(r, m->changeColumn(1)).data(CompareModel::ChangeRole).toDouble(), s.changePct);
            QCOMPARE(
                m->index(r, m->valueColumn(0)).data().toString(), meanText(groupStats(fig->values.at(0)), fig->unit));
            ++marks;
        }
        QVERIFY(marks >= 8); // 2 tests × (MB/s, IOPS, p50, p99)

        // Bars: bandwidth, one group per test, one bar per run with value, change and mark.
        CompareBarChart *bars = view.barChart();
        QCOMPARE(view.figure(), CompareView::Figure::Bandwidth);
        QCOMPARE(bars->groupCount(), 2);
        for (int g = 0; g < 2; ++g) {
            const CompareFigure &bw = core.rows.at(g).figures.at(0);
            QCOMPARE(bw.key, QStringLiteral("read.bw"));
            QVERIFY(bars->barLabel(g, 0).startsWith(formatValue(bw.unit, groupStats(bw.values.at(0)).mean)));
            const QString l1 = bars->barLabel(g, 1);
            QVERIFY2(l1.contains(changeText(bw.vsBaseline.at(0))), qPrintable(l1));
            QVERIFY(l1.contains(markText(significanceMark(bw.vsBaseline.at(0)))));
            QVERIFY(!bars->barRect(g, 0).isEmpty() && !bars->barRect(g, 1).isEmpty());
            // the longer bar belongs to the larger mean
            const bool bLarger = groupStats(bw.values.at(1)).mean > groupStats(bw.values.at(0)).mean;
            QCOMPARE(bars->barRect(g, 1).width() >= bars->barRect(g, 0).width(),
                bLarger || bars->barRect(g, 1).width() == bars->barRect(g, 0).width());
        }
        view.setFigure(CompareView::Figure::LatencyP99);
        QCOMPARE(bars->groupCount(), 2);
        QVERIFY(bars->barLabel(0, 0).contains(QRegularExpression(QStringLiteral("(µs|ms|ns)"))));

        // Overlay: read bandwidth of test 0, every repetition of both runs, on the test's time.
        QCOMPARE(view.currentTest(), 0);
        QCOMPARE(view.currentMetric(), QStringLiteral("read.bw"));
        const QList<QLineSeries *> lines = view.overlay()->series();
        QCOMPARE(lines.size(), 6); // 2 runs × 3 repetitions × 1 target
        for (QLineSeries *s : lines) {
            QVERIFY(s->count() >= 1);
            QVERIFY2(s->at(0).x() > -0.6 && s->at(0).x() < 3.0,
                qPrintable(QString::number(s->at(0).x()))); // starts with the repetition
            QVERIFY(s->at(s->count() - 1).x() < 6.0); // 1 s runtime: not the run's time axis
        }
        QCOMPARE(lines.at(0)->pen().color().rgb(), runColor(0).rgb());
        QVERIFY(view.metricBox()->count() >= 4); // bw, iops, p50, p99 (+ node CPU)
        view.setMetric(QStringLiteral("read.lat.p99"));
        QCOMPARE(view.overlay()->series().size(), 6);
        QVERIFY(view.overlay()->chart()->title().contains(QStringLiteral("latency")));

        // Percentiles: one read curve per run, p50 … p99.99, increasing.
        const QList<QLineSeries *> pct = view.percentiles()->series();
        QCOMPARE(pct.size(), 2);
        for (QLineSeries *s : pct) {
            QVERIFY(s->count() >= 5);
            QVERIFY(qFuzzyCompare(s->at(0).x(), PercentileChart::nines(50)));
            QVERIFY(qFuzzyCompare(s->at(s->count() - 1).x(), PercentileChart::nines(99.99)));
            for (int i = 1; i < s->count(); ++i)
                QVERIFY(s->at(i).y() >= s->at(i - 1).y());
        }
        view.setFigure(CompareView::Figure::Bandwidth);
        view.setMetric(QStringLiteral("read.bw"));
        shot(&view, QStringLiteral("compare-alike.png"));
        view.showTest(1);
        QCOMPARE(view.currentMetric(), QStringLiteral("read.bw"));
        QCOMPARE(view.overlay()->series().size(), 6);
    }

    // From the compare view to a chart file and a forum post: the comparison's bars, its
    // differences in the footer, the % change in the summary, host names redacted.
    void exportFromTheCompareView()
    {
        CompareView view(storePath());
        view.resize(1100, 800);
        view.show();
        QVERIFY(compareIn(view, {m_a, m_c}));
        const RunCompare core = coreCompare(storePath(), {m_a, m_c});
        QVERIFY(!core.hostNames.isEmpty());

        ChartExportDialog *e = view.exportChart();
        QVERIFY(e);
        QSignalSpy loaded(e, &ChartExportDialog::loaded);
        QVERIFY(loaded.wait(30000));
        QCOMPARE(loaded.first().first().toBool(), true);
        QVERIFY(e->windowTitle().contains(QStringLiteral("runs %1 vs %2").arg(m_a).arg(m_c)));
        e->formatCombo()->setCurrentIndex(e->formatCombo()->findData(QStringLiteral("svg")));
        QVERIFY2(e->pathEdit()->text().endsWith(QStringLiteral("clustermark-compare-%1-%2.svg").arg(m_a).arg(m_c)),
            qPrintable(e->pathEdit()->text()));
        QTemporaryDir out;
        QSignalSpy saved(e, &ChartExportDialog::saved);
        const QString svgPath = out.filePath(QStringLiteral("compare.svg"));
        e->save(svgPath);
        QVERIFY(saved.wait(30000));
        QFile f(svgPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(f.readAll());
        QVERIFY2(svg.contains(QStringLiteral("Comparison of runs")), qPrintable(svg.left(400)));
        QVERIFY(svg.contains(QStringLiteral("block size: 1M → 4M")));
        QVERIFY(svg.contains(QStringLiteral("ClusterMark ")));
        for (const QString &h : core.hostNames)
            QVERIFY2(h.size() < 3 || !svg.contains(h), qPrintable(h));
        e->close();

        ForumComposerDialog *c = view.composeForumPost();
        QVERIFY(c);
        QSignalSpy cl(c, &ForumComposerDialog::loaded);
        QVERIFY(cl.wait(30000));
        QCOMPARE(cl.first().first().toBool(), true);
        const QString post = c->postText();
        QVERIFY2(post.contains(QStringLiteral("[img]")) && post.contains(QStringLiteral("[table]")), qPrintable(post));
        // The summary: baseline → other run with the change and the noise verdict.
        QVERIFY2(post.contains(QStringLiteral(" → ")) && post.contains(QStringLiteral("no noise estimate")),
            qPrintable(post));
        for (const QString &h : core.hostNames)
            QVERIFY2(h.size() < 3 || !post.contains(h), qPrintable(h));
        c->redactCheck()->setChecked(false);
        bool named = false;
        for (const QString &h : core.hostNames)
            named = named || (h.size() >= 3 && c->postText().contains(h));
        QVERIFY2(named, "without redaction the post names the nodes (so the check above can fail)");
        shot(c, QStringLiteral("compare-forum-post.png"));
        c->close();
    }

    // Different block size, one repetition: the banner names it, marks say "single run".
    void differentParametersWarn()
    {
        CompareView view(storePath());
        view.resize(1100, 800);
        view.show();
        QVERIFY(compareIn(view, {m_a, m_c}));
        CompareBanner *banner = view.banner();
        QVERIFY(banner->isVisibleTo(&view));
        QVERIFY(banner->parametersDiffer());
        QVERIFY2(banner->lines().contains(QStringLiteral("block size: 1M → 4M (seq1m-q8t1-read)")),
            qPrintable(banner->lines().join('\n')));
        QVERIFY(banner->lines().contains(QStringLiteral("repetitions: 3 → 1")));
        QVERIFY(banner->label()->text().contains(QStringLiteral("not a like-for-like comparison")));
        QVERIFY(banner->label()->text().contains(QStringLiteral("block size: 1M → 4M")));
        CompareModel *m = view.model();
        for (int r = 0; r < m->rowCount(); ++r) {
            QCOMPARE(SignificanceMark(m->index(r, m->markColumn(1)).data(CompareModel::MarkRole).toInt()),
                SignificanceMark::SingleRun);
            QVERIFY(m->index(r, m->markColumn(1))
                        .data()
                        .toString()
                        .contains(QStringLiteral("single run: no noise estimate")));
        }
        QVERIFY(view.barChart()->barLabel(0, 1).contains(QStringLiteral("single run: no noise estimate")));
        QCOMPARE(view.overlay()->series().size(), 4); // 3 repetitions + 1
        shot(&view, QStringLiteral("compare-banner.png"));

        // Three runs: a value column per run, change/mark/CI for each run after the baseline.
        QVERIFY(compareIn(view, {m_a, m_b, m_c}));
        QCOMPARE(m->runCount(), 3);
        QCOMPARE(m->columnCount(), 2 + 3 + 6);
        QCOMPARE(view.percentiles()->series().size(), 3);
        QVERIFY(m->headerData(m->valueColumn(0), Qt::Horizontal).toString().contains(QStringLiteral("baseline")));
        shot(&view, QStringLiteral("compare-three.png"));
    }

    void badRequests()
    {
        CompareView view(storePath());
        QSignalSpy failed(&view, &CompareView::compareFailed);
        view.compare({m_a, 999999});
        QVERIFY(failed.wait(10000));
        QVERIFY(!failed.at(0).at(0).toString().isEmpty());
        QVERIFY(view.header()->text().contains(QStringLiteral("could not be compared")));
        view.compare({m_a, m_a});
        QVERIFY(failed.wait(10000));
        view.compare({m_a});
        QVERIFY(failed.wait(10000));
        CompareView missing(QStringLiteral("/nonexistent-folder/x.sqlite"));
        QSignalSpy failed2(&missing, &CompareView::compareFailed);
        missing.compare({1, 2});
        QVERIFY(failed2.wait(10000));
    }
};

QTEST_MAIN(TestCompareView)
#include "test_compareview.moc"
