// SPDX-License-Identifier: GPL-3.0-or-later
// The whole S3 story on the real lab (scripts/lab/ceph-lab.sh, radosgw): the wizard,
// connected to the lab, fills the lab's gateway with one click; a tiny object-size
// sweep (PUT and GET at 4 KiB, 64 KiB and 1 MiB, 2 s each) runs through the real
// RunEngine into a real SQLite store while the live dashboard drains its samples
// (time-to-first-byte on the latency chart); then the run detail pane read back from
// the store shows the sweep: one point per size per operation on a log2 axis, figures
// equal to the stored summaries, a latency/TTFB table.
#include "bench/registry.h"
#include "bench/s3/s3kind.h"
#include "cephconnection.h"
#include "cephlabfixture.h"
#include "engine/runengine.h"
#include "live/livechart.h"
#include "live/livedashboard.h"
#include "results/resultsloader.h"
#include "results/rundetailpane.h"
#include "kinds/s3/s3sweepchart.h"
#include "testutil.h"
#include "wizard/kindpage.h"
#include "wizard/planwizard.h"
#include "kinds/s3/s3advancedform.h"
#include "kinds/s3/s3paramspage.h"
#include "kinds/s3/s3reviewpage.h"
#include "kinds/s3/s3targetpage.h"

#include "wizarddriver.h"
#include <QAbstractButton>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QLogValueAxis>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace cm;
using namespace cm::ui;
using namespace cmtest;

class TestS3Sweep : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
    }

    void wizardRunAndSweep()
    {
        // 1. The wizard, connected to the lab.
        PlanWizard w({});
        w.resize(860, 700);
        w.setCephConnection(CephConnection::forLab(m_lab.dir()).spec);
        w.show();
        auto *kinds = qobject_cast<KindPage *>(w.currentPage())->list();
        for (int i = 0; i < kinds->count(); ++i)
            if (kinds->item(i)->data(Qt::UserRole).toString() == S3Kind::kindId())
                kinds->setCurrentRow(i);
        QVERIFY(clickNext(w));
        QVERIFY(clickNext(w)); // the nodes page: this machine
        auto *target = qobject_cast<S3TargetPage *>(w.currentPage());
        QVERIFY(target);
        QVERIFY(target->labButton()->isVisible());
        QCOMPARE(QDir(target->labDir()).canonicalPath(), QDir(m_lab.dir()).canonicalPath());
        QTest::mouseClick(target->labButton(), Qt::LeftButton);
        QCOMPARE(target->endpointEdit()->text(), m_lab.rgwEndpoint());
        QCOMPARE(target->accessKeyEdit()->text(), m_lab.s3AccessKey());
        QVERIFY(target->secretRef().startsWith(QLatin1String("lab:")));
        QVERIFY(!target->secretEdit()->isEnabled());
        QVERIFY(target->secretStatusLabel()->text().contains(QStringLiteral("lab")));
        saveShot(&w, QStringLiteral("s3-wizard-target"));
        QVERIFY(clickNext(w));

        auto *params = qobject_cast<S3ParamsPage *>(w.currentPage());
        QVERIFY(params);
        for (int i = 0; i < params->presetList()->count(); ++i)
            if (params->presetList()->item(i)->data(Qt::UserRole).toString() == QLatin1String("size-sweep"))
                params->presetList()->setCurrentRow(i);
        QTest::mouseClick(params->advancedToggle(), Qt::LeftButton);
        S3AdvancedForm *adv = params->advancedForm();
        const QList<qint64> sizes {4 * S3Kind::kKiB, 64 * S3Kind::kKiB, S3Kind::kMiB};
        adv->setCheckedSizes(sizes);
        adv->runtimeSpin()->setValue(2);
        adv->objectsSpin()->setValue(16);
        adv->concurrencySpin()->setValue(4);
        saveShot(&w, QStringLiteral("s3-wizard-params"));
        QVERIFY2(clickNext(w), qPrintable(params->problemLabel()->text()));
        auto *review = qobject_cast<S3ReviewPage *>(w.currentPage());
        QVERIFY(review);
        review->nameEdit()->setText(QStringLiteral("S3 sweep on the lab"));
        saveShot(&w, QStringLiteral("s3-wizard-review"));
        QSignalSpy requested(&w, &PlanWizard::runRequested);
        QTest::mouseClick(w.button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(requested.count(), 1);
        const Plan plan = requested.at(0).at(0).value<Plan>();
        QCOMPARE(plan.steps.size(), 6);
        QCOMPARE(plan.target.value(QStringLiteral("secretRef")).toString(), QStringLiteral("lab:") + m_lab.dir());

        // 2. The run, through the real engine, watched by the live dashboard.
        const QString store = m_tmp.filePath(QStringLiteral("store.db"));
        RunEngine engine(store);
        LiveDashboard dash;
        dash.resize(1000, 700);
        dash.show();
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        RunId id = 0;
        connect(
            &engine, &RunEngine::runStarted, &dash, [&](RunId rid, const Plan &p, SampleBufferPtr buffer, double eta) {
                id = rid;
                dash.startRun(rid, p, buffer, eta);
            });
        connect(&engine, &RunEngine::stepStarted, &dash,
            [&](RunId, int index, int total, const QString &title) { dash.setStep(index, total, title); });
        engine.start(plan);
        QVERIFY(finished.wait(180000));
        QVERIFY2(finished.at(0).at(1).value<RunStatus>() == RunStatus::Completed,
            qPrintable(finished.at(0).at(2).value<Error>().toString()));
        dash.drain();
        dash.finishRun(RunStatus::Completed);
        QStringList latNames;
        for (QLineSeries *s : dash.chart(LiveDashboard::Chart::Latency)->series())
            latNames << s->name();
        QVERIFY2(latNames.join(QLatin1Char(',')).contains(QStringLiteral("read TTFB p50")),
            qPrintable(latNames.join(QLatin1Char(','))));
        QVERIFY(dash.chart(LiveDashboard::Chart::Bandwidth)->lineCount() > 0);
        saveShot(&dash, QStringLiteral("s3-live"));

        // 3. The run as the library shows it, read back from the store.
        const RunDetail d = loadRunDetail(store, id);
        QVERIFY2(!d.error, qPrintable(d.error.toString()));
        QCOMPARE(d.steps.size(), 6);
        RunDetailPane pane;
        pane.resize(1100, 760);
        pane.show();
        pane.showDetail(d);
        QVERIFY(pane.isTabShown(pane.findChild<S3SweepChart *>()));
        QCOMPARE(pane.tabs()->currentWidget()->findChild<S3SweepChart *>(), pane.findChild<S3SweepChart *>());
        S3SweepChart *sweep = pane.findChild<S3SweepChart *>();
        const QList<S3SweepPoint> points = sweep->points();
        QCOMPARE(points.size(), 6); // one per size per op
        for (qint64 size : sizes)
            for (const QString &op : {QStringLiteral("get"), QStringLiteral("put")}) {
                const auto it = std::find_if(points.cbegin(), points.cend(),
                    [&](const S3SweepPoint &p) { return p.size == size && p.op == op; });
                QVERIFY2(it != points.cend(), qPrintable(QStringLiteral("%1 %2").arg(op).arg(size)));
                QVERIFY(it->mbPerSec > 0 && it->opsPerSec > 0 && it->latP50Ns > 0 && it->latP99Ns >= it->latP50Ns);
                // The figure is the stored summary's (bytes/s → decimal MB/s).
                const QString dir = op == QLatin1String("get") ? QStringLiteral("read") : QStringLiteral("write");
                for (const StepRecord &s : d.steps)
                    if (s.summary.value(QStringLiteral("objectSize")).toDouble() == double(size)
                        && s.summary.contains(dir))
                        QCOMPARE(
                            it->mbPerSec, s.summary.value(dir).toObject().value(QStringLiteral("bw")).toDouble() / 1e6);
                if (op == QLatin1String("get")) {
                    // Every request's first byte comes before its last.
                    QVERIFY(it->ttfbP50Ns > 0 && it->ttfbP50Ns <= it->latP50Ns);
                    QVERIFY(it->ttfbP99Ns >= it->ttfbP50Ns);
                }
            }
        for (QChartView *view : {sweep->throughputView(), sweep->opsView()}) {
            const auto x = view->chart()->axes(Qt::Horizontal);
            QCOMPARE(x.size(), 1);
            auto *log = qobject_cast<QLogValueAxis *>(x.first());
            QVERIFY(log);
            QCOMPARE(log->base(), 2.0);
            QVERIFY(log->min() < double(sizes.first()) && log->max() > double(sizes.last()));
            const auto series = view->chart()->series();
            QCOMPARE(series.size(), 2); // GET and PUT
            for (QAbstractSeries *s : series) {
                auto *line = qobject_cast<QLineSeries *>(s);
                QVERIFY(line);
                QCOMPARE(line->count(), 3);
            }
            // Every point carries its value, and no value label covers another.
            QCOMPARE(sweep->valueLabels(view).size(), 6);
            QVERIFY(!sweep->valueLabelsOverlap(view));
            const auto yAxes = view->chart()->axes(Qt::Vertical);
            QCOMPARE(yAxes.size(), 1);
            QVERIFY(qobject_cast<QLogValueAxis *>(yAxes.first()));
            QCOMPARE(sweep->sizeLabels(view),
                (QStringList {QStringLiteral("4 KiB"), QStringLiteral("64 KiB"), QStringLiteral("1 MiB")}));
        }
        QCOMPARE(sweep->table()->rowCount(), 6);
        QVERIFY(sweep->errorsLabel()->isHidden()); // a healthy lab fails no request
        saveShot(&pane, QStringLiteral("s3-detail"));
        sweep->resize(900, 620);
        saveShot(sweep, QStringLiteral("s3-sweep"));
    }

    void errorsListed()
    {
        // Rendering only: failed requests by status from a summary shaped as S3Runner
        // writes it (the lab run above had none).
        StepRecord s;
        s.status = QStringLiteral("completed");
        s.summary = {{QStringLiteral("objectSize"), 65536.0},
            {QStringLiteral("write"),
                QJsonObject {{QStringLiteral("bw"), 1048576.0}, {QStringLiteral("iops"), 16.0},
                    {QStringLiteral("total_ios"), 16.0}}},
            {QStringLiteral("errors"), QJsonObject {{QStringLiteral("503"), 4}, {QStringLiteral("transport"), 1}}}};
        S3SweepChart c;
        c.setSteps({s});
        QVERIFY(!c.errorsLabel()->isHidden());
        QVERIFY2(c.errorsLabel()->text().contains(QStringLiteral("HTTP 503 × 4")), qPrintable(c.errorsLabel()->text()));
        QVERIFY(c.errorsLabel()->text().contains(QStringLiteral("× 1")));
        QCOMPARE(c.points().size(), 1);
        QCOMPARE(c.points().first().mbPerSec, 1.048576);
    }

    void cleanupTestCase() { m_lab.stop(); }
};

QTEST_MAIN(TestS3Sweep)
#include "test_s3sweep.moc"
