// SPDX-License-Identifier: GPL-3.0-or-later
// A kind defined only under tests/ (filerate/) goes through the whole app by registering
// itself: planned from the CLI and through the wizard, run, watched live, saved, shown in
// Results, exported as Markdown, CSV and PNG, and compared. Nothing outside its folder
// names it; if this test needs a change elsewhere, the kind structure is not done.
#include "clirun.h"
#include "filerate/fileratekind.h"
#include "filerate/filerateui.h"
#include "wizarddriver.h"

#include "bench/registry.h"
#include "engine/runengine.h"
#include "live/livechart.h"
#include "live/livedashboard.h"
#include "results/resultsloader.h"
#include "results/rundetailpane.h"
#include "store/sessionstore.h"
#include "wizard/kindpage.h"

#include <QDir>
#include <QImage>
#include <QJsonArray>
#include <QLineEdit>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;
using namespace cm::ui;
using cmtest::FileRateKind;
using namespace cmtest;

class TestFileRateKind : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;
    QTemporaryDir m_work;

    cmtest::CliResult cli(const QStringList &args)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli-filerate"), args, m_data.path(), 120000);
    }
    QString file(const QString &name) const { return m_work.filePath(name); }
    static bool writeFile(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    }
    // Plans and runs from the CLI; the saved run's id, 0 on failure.
    qint64 cliRun(int rateBytes)
    {
        const cmtest::CliResult plan = cli({QStringLiteral("plan"), QStringLiteral("filerate"), QStringLiteral("--dir"),
            m_work.path(), QStringLiteral("--rate"), QString::number(rateBytes), QStringLiteral("--runtime"),
            QStringLiteral("2")});
        if (plan.code != 0 || plan.json().value(QStringLiteral("kind")).toString() != FileRateKind::kindId())
            return 0;
        const QString planFile = file(QStringLiteral("plan-%1.json").arg(rateBytes));
        if (!writeFile(planFile, plan.out))
            return 0;
        const cmtest::CliResult run = cli({QStringLiteral("run"), planFile});
        const QJsonObject r = run.json().value(QStringLiteral("run")).toObject();
        if (run.code != 0 || r.value(QStringLiteral("status")).toString() != QLatin1String("completed"))
            qWarning("run failed: %s", run.err.constData());
        return qint64(r.value(QStringLiteral("id")).toDouble());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_data.isValid() && m_work.isValid());
        qputenv("CLUSTERMARK_DATA_DIR", m_data.path().toUtf8());
        cmtest::registerFileRateUi();
        registerBuiltinKinds();
    }

    void cliPlansRunsExportsAndCompares()
    {
        const cmtest::CliResult help
            = cli({QStringLiteral("plan"), QStringLiteral("filerate"), QStringLiteral("--help")});
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.contains("--rate BYTES"));
        const cmtest::CliResult kinds = cli({QStringLiteral("plan"), QStringLiteral("--help")});
        QVERIFY(kinds.out.contains("filerate"));

        const qint64 a = cliRun(1024 * 1024);
        const qint64 b = cliRun(2 * 1024 * 1024);
        QVERIFY(a > 0 && b > 0);
        // What was measured: 2 s at 1 MiB/s is about 2 MiB written.
        const cmtest::CliResult shown = cli({QStringLiteral("show"), QString::number(a), QStringLiteral("--json")});
        QCOMPARE(shown.code, 0);
        const QJsonObject step = shown.json().value(QStringLiteral("steps")).toArray().at(0).toObject();
        const double bytes = step.value(QStringLiteral("summary")).toObject().value(QStringLiteral("bytes")).toDouble();
        QVERIFY2(bytes > 1.5 * 1024 * 1024 && bytes < 2.6 * 1024 * 1024, qPrintable(QString::number(bytes)));
        QVERIFY2(
            QDir(m_work.path()).entryList({QStringLiteral("clustermark-bench-*")}).isEmpty(), "the file is removed");

        const cmtest::CliResult md
            = cli({QStringLiteral("export"), QString::number(a), QStringLiteral("--format"), QStringLiteral("md")});
        QVERIFY2(md.code == 0 && md.out.contains("Write at rate #1"), md.err.constData());
        const cmtest::CliResult csv
            = cli({QStringLiteral("export"), QString::number(a), QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(csv.code == 0 && csv.out.contains("Write at rate #1"), csv.err.constData());
        const QString png = file(QStringLiteral("run.png"));
        const cmtest::CliResult chart
            = cli({QStringLiteral("export"), QString::number(a), QStringLiteral("--png"), png});
        QVERIFY2(chart.code == 0, chart.err.constData());
        QVERIFY(!QImage(png).isNull());

        const cmtest::CliResult cmp = cli({QStringLiteral("compare"), QString::number(a), QString::number(b),
            QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(cmp.code == 0, cmp.err.constData());
        QVERIFY2(cmp.out.contains("Write at rate #1"), cmp.out.constData());
        const QString cmpPng = file(QStringLiteral("compare.png"));
        const cmtest::CliResult cmpChart
            = cli({QStringLiteral("compare"), QString::number(a), QString::number(b), QStringLiteral("--png"), cmpPng});
        QVERIFY2(cmpChart.code == 0, cmpChart.err.constData());
        QVERIFY(!QImage(cmpPng).isNull());
    }

    void wizardLiveAndResults()
    {
        PlanWizard w({});
        w.show();
        auto *kinds = currentPage<KindPage>(w)->list();
        QVERIFY(selectById(kinds, FileRateKind::kindId()));
        QVERIFY(clickNext(w));
        auto *dir = w.findChild<QLineEdit *>(QStringLiteral("fileRateDir"));
        QVERIFY(dir && dir->isVisible());
        dir->setText(m_work.path());
        QVERIFY(clickNext(w)); // the shared review page
        QSignalSpy requested(&w, &PlanWizard::runRequested);
        const Plan plan = finish(w);
        QCOMPARE(requested.count(), 1);
        QCOMPARE(plan.kind, FileRateKind::kindId());
        QCOMPARE(plan.target.value(QStringLiteral("dir")).toString(), m_work.path());

        RunEngine engine(SessionStore::defaultPath());
        LiveDashboard live;
        live.resize(1100, 700);
        live.show();
        RunId id = 0;
        bool finished = false;
        RunStatus status = RunStatus::Failed;
        connect(&engine, &RunEngine::runStarted, &live, [&](RunId i, const Plan &p, SampleBufferPtr buf, double est) {
            id = i;
            live.startRun(i, p, std::move(buf), est);
        });
        connect(&engine, &RunEngine::runFinished, &live, [&](RunId, RunStatus st, const Error &e) {
            status = st;
            live.finishRun(st, e.message);
            finished = true;
        });
        engine.start(plan);
        QVERIFY(QTest::qWaitFor([&] { return finished; }, 60000));
        QCOMPARE(status, RunStatus::Completed);
        // Live: the kind's rate went to the Bandwidth chart under its own label, its call
        // latency to the latency chart.
        QStringList names;
        for (QLineSeries *s : live.chart(LiveDashboard::Chart::Bandwidth)->series())
            names << s->name();
        QVERIFY2(!names.filter(QStringLiteral("file write")).isEmpty(), qPrintable(names.join(QLatin1Char('|'))));
        QVERIFY(live.chart(LiveDashboard::Chart::Latency)->lineCount() > 0);

        // Results: the grid row from its summary, and its own tab.
        const RunDetail d = loadRunDetail(SessionStore::defaultPath(), id);
        QVERIFY2(!d.error, qPrintable(d.error.toString()));
        RunDetailPane pane;
        pane.resize(900, 500);
        pane.show();
        pane.showDetail(d);
        auto *tab = pane.findChild<cmtest::FileRateRunTab *>();
        QVERIFY(tab && pane.isTabShown(tab));
        QCOMPARE(pane.tabs()->currentWidget(), tab);
        QVERIFY2(tab->text().contains(QStringLiteral("bytes")), qPrintable(tab->text()));
        QVERIFY(pane.grid()->rowCount() >= 1);
    }
};

QTEST_MAIN(TestFileRateKind)
#include "test_filerate.moc"
