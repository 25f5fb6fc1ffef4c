// SPDX-License-Identifier: GPL-3.0-or-later
// An experiment from the main window, real widgets over a real store and real fio:
// Experiment… takes the plan of the run selected in Results, the dialog refuses a
// change it cannot check and reviews the one it can (the run order, what changes and
// how it is put back), Live's banner says which variant is applied while the runs go,
// and the results dialog shows the chart and the verdict table and exports them. Then
// (as root) the drive write cache of a loop device under the plan's folder as the knob:
// Stop in the middle of the variant puts it back.
#include "live/livedashboard.h"
#include "shots.h"
#include "sessionsfixture.h"
#include "tuning/experimentcontroller.h"
#include "tuning/experimentdialog.h"
#include "tuning/experimentresultsdialog.h"
#include "tuning/knobjournal.h"
#include "transport/shellquote.h"

#include <QCheckBox>
#include <QProcess>
#include <QImage>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>

using namespace cm;
using namespace cm::ui;
using namespace cmtest;

class TestExperimentGui : public QObject, protected SessionsFixture {
    Q_OBJECT

    QTemporaryDir m_disk;
    QString m_loop; // "loop5"
    QString m_mount;

    QString writeCache() const
    {
        QFile f(QStringLiteral("/sys/block/%1/queue/write_cache").arg(m_loop));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).trimmed() : QString();
    }

private Q_SLOTS:
    void initTestCase() { makeMaster(); }

    void cleanupTestCase()
    {
        if (!m_mount.isEmpty())
            cmtest::shell(QStringLiteral("umount %1").arg(shellQuote(m_mount)));
        if (!m_loop.isEmpty())
            cmtest::shell(QStringLiteral("losetup -d /dev/%1").arg(m_loop));
    }

    void experimentFromTheMainWindow()
    {
        const QString path = copyOfStore();
        RunEngine engine(path);
        MainWindow window(&engine, path);
        window.resize(1280, 800);
        window.show();
        QVERIFY(waitReload(*window.sessionsView()));
        window.showRun(m_a);
        QTRY_VERIFY_WITH_TIMEOUT(window.resultsView()->selectedRuns() == QList<RunId> {m_a}, 10000);
        window.findChild<QAction *>(QStringLiteral("experimentAction"))->trigger();
        ExperimentDialog *d = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((d = visibleChild<ExperimentDialog>(&window)), 10000);
        QVERIFY(!d->runButton()->isEnabled()); // nothing to measure yet

        // A value the knob does not take: refused before anything runs, and said why.
        d->addChange(QStringLiteral("cache off"), QStringLiteral("write-cache"), QStringLiteral("pve1"), QString(),
            QStringLiteral("maybe"));
        QVERIFY(!d->runButton()->isEnabled());
        auto *problem = d->findChild<QLabel *>(QStringLiteral("experimentProblem"));
        QVERIFY2(problem->text().contains(QStringLiteral("on or off")), qPrintable(problem->text()));
        d->changes()->selectRow(0);
        d->changes()->removeRow(0);

        d->addChange(QStringLiteral("bigger file"), QStringLiteral("plan"), QString(), QStringLiteral("size"),
            QStringLiteral("32M"));
        d->findChild<QSpinBox *>(QStringLiteral("experimentRepetitions"))->setValue(2);
        d->findChild<QCheckBox *>(QStringLiteral("experimentWarmUp"))->setChecked(false); // no warm-up: A B B A
        QVERIFY2(d->runButton()->isEnabled(), qPrintable(problem->text()));
        const QString review = d->review()->toPlainText();
        QVERIFY2(review.contains(QStringLiteral("Runs, in this order (4 in all): A B B A")), qPrintable(review));
        QVERIFY2(review.contains(QStringLiteral("the plan's size = 32M")), qPrintable(review));
        QVERIFY(cmtest::saveShot(d, QStringLiteral("experiment-dialog")));
        Error e;
        const Experiment x = d->experiment(&e);
        QVERIFY(!e);
        QCOMPARE(x.variants.size(), 2);
        QCOMPARE(x.variants.at(1).target.value(QStringLiteral("size")).toString(), QStringLiteral("32M"));

        QSignalSpy finished(window.experiments()->engine(), &ExperimentEngine::experimentFinished);
        QStringList banners;
        QTimer watch; // what Live's banner says while the runs go
        connect(&watch, &QTimer::timeout, this, [&] {
            const QString b = window.liveDashboard()->banner();
            if (!b.isEmpty() && !banners.contains(b))
                banners << b;
        });
        watch.start(50);
        QTest::mouseClick(d->runButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(
            window.liveDashboard()->banner().contains(QStringLiteral("variant “bigger file”")), 120000);
        QVERIFY(window.findChild<QAction *>(QStringLiteral("experimentAction"))->isEnabled() == false);
        QVERIFY(cmtest::saveShot(&window, QStringLiteral("experiment-live")));
        QVERIFY(finished.count() > 0 || finished.wait(240000));
        watch.stop();
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Completed);
        QVERIFY(window.liveDashboard()->banner().isEmpty());
        const QString joined = banners.join(QLatin1Char('\n'));
        QVERIFY2(joined.contains(QStringLiteral("run 1 of 4: baseline")), qPrintable(joined));
        QVERIFY2(joined.contains(QStringLiteral("run 2 of 4: variant “bigger file” applied (size=32M)")),
            qPrintable(joined));

        ExperimentResultsDialog *r = window.experiments()->resultsDialog();
        QVERIFY(r);
        QTRY_VERIFY_WITH_TIMEOUT(r->isLoaded(), 20000);
        QTableWidget *t = r->verdicts();
        QVERIFY(t->rowCount() > 0);
        bool judged = false;
        for (int row = 0; row < t->rowCount(); ++row) {
            const QString verdict = t->item(row, t->columnCount() - 1)->text();
            judged = judged
                || QStringList {QStringLiteral("better"), QStringLiteral("worse"),
                    QStringLiteral("no difference beyond noise")}
                       .contains(verdict);
        }
        QVERIFY(judged);
        QVERIFY2(r->markdown().contains(QStringLiteral("bigger file")), qPrintable(r->markdown()));
        QVERIFY(r->bbcode().contains(QStringLiteral("[table]")));
        QTemporaryDir out;
        QVERIFY(!r->saveChart(out.filePath(QStringLiteral("x.png"))));
        QCOMPARE(QImage(out.filePath(QStringLiteral("x.png"))).size(), QSize(1200, 800));
        QVERIFY(!r->saveChart(out.filePath(QStringLiteral("x.svg"))));
        QFile svg(out.filePath(QStringLiteral("x.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly) && svg.readAll().contains("<svg"));
        r->resize(1024, 700);
        QVERIFY(cmtest::saveShot(r, QStringLiteral("experiment-results")));
    }

    void stopInTheVariantPutsTheKnobBack()
    {
        CM_REQUIRE_FIXTURE(geteuid() == 0, QStringLiteral("loop devices and mounts need root"));
        const QString img = m_disk.filePath(QStringLiteral("disk.img"));
        QFile f(img);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(96 << 20));
        f.close();
        const QString dev = cmtest::shell(QStringLiteral("losetup --find --show -- %1").arg(shellQuote(img)));
        QVERIFY2(dev.startsWith(QLatin1String("/dev/loop")), qPrintable(dev));
        m_loop = dev.mid(5);
        m_mount = m_disk.filePath(QStringLiteral("mnt"));
        QDir().mkpath(m_mount);
        int code = 0;
        cmtest::shell(QStringLiteral("mkfs.ext4 -q -F %1 && mount %1 %2").arg(dev, shellQuote(m_mount)), &code);
        QCOMPARE(code, 0);
        const QString before = writeCache();
        QVERIFY2(before == QLatin1String("write back") || before == QLatin1String("write through"), qPrintable(before));
        const QString off = before == QLatin1String("write back") ? QStringLiteral("off") : QStringLiteral("on");
        const QString during
            = off == QLatin1String("off") ? QStringLiteral("write through") : QStringLiteral("write back");

        Error err;
        Plan plan = DiskFioKind::makePlan(QStringLiteral("quick"), {NodeSpec::parse(QStringLiteral("local"))},
            QJsonObject {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), m_mount},
                {QStringLiteral("size"), QStringLiteral("16M")}},
            20, &err);
        QVERIFY(!err);
        plan.steps = {plan.steps.last()};
        plan.name = QStringLiteral("loop 4k");
        const QString path = copyOfStore();
        RunEngine engine(path);
        MainWindow window(&engine, path);
        window.resize(1280, 800);
        window.show();
        window.experiments()->open(plan, {});
        ExperimentDialog *d = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((d = visibleChild<ExperimentDialog>(&window)), 10000);
        d->addChange(
            QStringLiteral("cache ") + off, QStringLiteral("write-cache"), QStringLiteral("local"), QString(), off);
        d->findChild<QCheckBox *>(QStringLiteral("experimentWarmUp"))->setChecked(false);
        d->findChild<QSpinBox *>(QStringLiteral("experimentRepetitions"))->setValue(2);
        QVERIFY2(d->runButton()->isEnabled(),
            qPrintable(d->findChild<QLabel *>(QStringLiteral("experimentProblem"))->text()));
        QSignalSpy finished(window.experiments()->engine(), &ExperimentEngine::experimentFinished);
        QTest::mouseClick(d->runButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(writeCache() == during, 120000); // the variant's run (2 of 4)
        QTRY_VERIFY_WITH_TIMEOUT(window.currentRun() != 0, 30000);
        QVERIFY(window.liveDashboard()->banner().contains(QStringLiteral("write-cache@") + m_loop));
        QAction *stop = window.findChild<QAction *>(QStringLiteral("stopAction"));
        QVERIFY(stop && stop->isEnabled());
        stop->trigger();
        QVERIFY(finished.count() > 0 || finished.wait(60000));
        QCOMPARE(finished.first().at(1).value<RunStatus>(), RunStatus::Cancelled);
        QCOMPARE(writeCache(), before);
        SessionStore store(path);
        QVERIFY(!store.open());
        QVERIFY(KnobJournal(store).open(false).isEmpty());
    }
};

QTEST_MAIN(TestExperimentGui)
#include "test_experimentgui.moc"
