// SPDX-License-Identifier: GPL-3.0-or-later
// The session library (Sessions tab), real widgets over a real store with real runs:
// search and filter, a run's details, editing and deleting sessions and runs.
// Each test works on its own copy of the store sessionsfixture.h makes.
#include "sessionsfixture.h"

using namespace cm;
using namespace cm::ui;
using namespace cmtest;

class TestSessionsView : public QObject, protected SessionsFixture {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { makeMaster(); }

    void searchAndFilter()
    {
        SessionsView v(copyOfStore());
        v.resize(1200, 700);
        v.show();
        QAbstractItemModelTester tester(v.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(waitReload(v));
        SessionsModel *m = v.model();
        QCOMPARE(sessionNamesShown(m),
            (QStringList {QStringLiteral("EC 4+2"), QStringLiteral("MTU 9000"), QStringLiteral("baseline")}));
        QCOMPARE(runNames(m),
            (QStringList {QStringLiteral("quick A"), QStringLiteral("quick B"), QStringLiteral("quick C")}));
        // Session rows say what they hold: name, runs, tags.
        const QString mtuRow = m->sessionIndex(m->runAt(m->runIndex(m_b))->run.sessionId).data().toString();
        QCOMPARE(mtuRow, QStringLiteral("MTU 9000 · 2 runs · #network #jumbo"));
        // The filter lists were filled from the store.
        SessionFilterBar *bar = v.filterBar();
        QVERIFY(bar->nodeCombo()->findData(QStringLiteral("pve2")) > 0);
        QVERIFY(bar->tagCombo()->findData(QStringLiteral("ceph")) > 0);
        QVERIFY(bar->kindCombo()->findData(QStringLiteral("disk-fio")) > 0);

        // Text: a word of a note, a node name, a session name + a node.
        shot(&v, QStringLiteral("library-all"));
        QVERIFY(filtered(v, [&] { QTest::keyClicks(bar->searchEdit(), QStringLiteral("9216")); }));
        shot(&v, QStringLiteral("library-search-note"));
        QCOMPARE(sessionNamesShown(m), QStringList {QStringLiteral("MTU 9000")});
        QCOMPARE(runNames(m), (QStringList {QStringLiteral("quick B"), QStringLiteral("quick C")}));
        QVERIFY2(v.statusText().startsWith(QStringLiteral("2 of 3 runs match")), qPrintable(v.statusText()));
        QVERIFY(filtered(v, [&] { bar->searchEdit()->setText(QStringLiteral("pve2")); }));
        QCOMPARE(runNames(m), QStringList {QStringLiteral("quick C")});
        QVERIFY(filtered(v, [&] { bar->searchEdit()->setText(QStringLiteral("baseline PVE1")); }));
        QCOMPARE(runNames(m), QStringList {QStringLiteral("quick A")});
        QVERIFY(filtered(v, [&] { bar->searchEdit()->setText(QStringLiteral("no-such-thing")); }));
        QCOMPARE(m->rowCount(), 0);
        // A session that matches by itself shows even without runs.
        QVERIFY(filtered(v, [&] { bar->searchEdit()->setText(QStringLiteral("k=4")); }));
        QCOMPARE(sessionNamesShown(m), QStringList {QStringLiteral("EC 4+2")});
        QVERIFY(filtered(v, [&] { bar->searchEdit()->clear(); }));
        QCOMPARE(runNames(m).size(), 3);

        // Lists: node, tag, kind.
        QVERIFY(filtered(
            v, [&] { bar->nodeCombo()->setCurrentIndex(bar->nodeCombo()->findData(QStringLiteral("pve1"))); }));
        QCOMPARE(runNames(m), (QStringList {QStringLiteral("quick A"), QStringLiteral("quick B")}));
        QCOMPARE(sessionNamesShown(m), (QStringList {QStringLiteral("MTU 9000"), QStringLiteral("baseline")}));
        shot(&v, QStringLiteral("library-filter-node"));
        QVERIFY(filtered(v, [&] { bar->nodeCombo()->setCurrentIndex(0); }));
        QVERIFY(
            filtered(v, [&] { bar->tagCombo()->setCurrentIndex(bar->tagCombo()->findData(QStringLiteral("jumbo"))); }));
        QCOMPARE(runNames(m), (QStringList {QStringLiteral("quick B"), QStringLiteral("quick C")}));
        QVERIFY(
            filtered(v, [&] { bar->tagCombo()->setCurrentIndex(bar->tagCombo()->findData(QStringLiteral("ceph"))); }));
        QCOMPARE(sessionNamesShown(m), QStringList {QStringLiteral("EC 4+2")});
        QCOMPARE(runNames(m).size(), 0);
        QVERIFY(filtered(v, [&] { bar->tagCombo()->setCurrentIndex(0); }));
        QVERIFY(filtered(
            v, [&] { bar->kindCombo()->setCurrentIndex(bar->kindCombo()->findData(QStringLiteral("disk-fio"))); }));
        QCOMPARE(runNames(m).size(), 3);
        QVERIFY(!sessionNamesShown(m).contains(QStringLiteral("EC 4+2"))); // a kind asks for runs
        QVERIFY(filtered(v, [&] { bar->kindCombo()->setCurrentIndex(0); }));

        // Dates: the runs started today; a range that ends yesterday holds none.
        QVERIFY(filtered(v, [&] { bar->setDateRange(SessionFilterBar::DateRange::Today); }));
        QCOMPARE(runNames(m).size(), 3);
        QVERIFY(filtered(v, [&] { bar->setDateRange(SessionFilterBar::DateRange::Custom); }));
        QVERIFY(bar->fromEdit()->isVisible());
        shot(&v, QStringLiteral("library-filter-dates"));
        QCOMPARE(runNames(m).size(), 3); // default custom range: the last 30 days
        QVERIFY(filtered(v, [&] {
            bar->toEdit()->setDate(QDate::currentDate().addDays(-1));
            bar->fromEdit()->setDate(QDate::currentDate().addDays(-10));
        }));
        QCOMPARE(runNames(m).size(), 0);
        QVERIFY(filtered(v, [&] { bar->clear(); }));
        QCOMPARE(runNames(m).size(), 3);
    }

    void runDetailShowsEnvironmentAndCommands()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.resize(1200, 700);
        v.show();
        QVERIFY(waitReload(v));
        QSignalSpy shown(&v, &SessionsView::detailShown);
        v.selectRun(m_c);
        QVERIFY(shown.wait(10000));
        QCOMPARE(shown.last().at(0).value<RunId>(), m_c);
        QCOMPARE(v.currentPane(), v.runPane()->parentWidget());

        SessionStore s(path);
        QVERIFY(!s.open());
        const QList<StepRecord> steps = s.steps(m_c);
        QCOMPARE(steps.size(), 1);
        const QJsonObject env = steps.first().environment;
        QTreeWidget *tree = v.runPane()->environmentTree();
        // Grouped and readable: the kernel of this machine, fio's version, the disk's cache.
        QCOMPARE(envValue(tree, QStringLiteral("pve2"), QStringLiteral("System"), QStringLiteral("Kernel")),
            QSysInfo::kernelVersion());
        QProcess fio;
        fio.start(QStringLiteral("fio"), {QStringLiteral("--version")});
        QVERIFY(fio.waitForFinished(10000));
        QCOMPARE(envValue(tree, QStringLiteral("pve2"), QStringLiteral("Tools"), QStringLiteral("fio")),
            QString::fromUtf8(fio.readAllStandardOutput()).trimmed());
        if (env.contains(QStringLiteral("write_cache"))) {
            const QString wc = envValue(
                tree, QStringLiteral("pve2"), QStringLiteral("Disk"), QStringLiteral("Write cache (kernel)"));
            QVERIFY2(wc.startsWith(env.value(QStringLiteral("write_cache")).toString()), qPrintable(wc));
        }
        // The run's own group: the client that ran it.
        QVERIFY(tree->topLevelItemCount() >= 2);
        QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("This run"));
        shot(&v, QStringLiteral("run-summary"));
        v.runPane()->tabs()->setCurrentWidget(tree);
        shot(&v, QStringLiteral("run-environment"));
        // Nothing shown as raw JSON.
        for (QTreeWidgetItem *it : tree->findItems(QStringLiteral("{"), Qt::MatchContains | Qt::MatchRecursive, 1))
            QFAIL(qPrintable(it->text(1)));

        const QString cmds = v.runPane()->commandsEdit()->toPlainText();
        QVERIFY2(cmds.contains(steps.first().command), qPrintable(cmds));
        QVERIFY2(
            steps.first().command.contains(QStringLiteral("fio")) && steps.first().command.contains(m_target.path()),
            qPrintable(steps.first().command));
        QVERIFY2(cmds.contains(QStringLiteral("pve2 · completed")), qPrintable(cmds));
        v.runPane()->tabs()->setCurrentWidget(v.runPane()->commandsEdit());
        shot(&v, QStringLiteral("run-commands"));
    }

    void editSessionPersisted()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.resize(1200, 700);
        v.show();
        QVERIFY(waitReload(v));
        SessionStore s(path);
        QVERIFY(!s.open());
        const qint64 base = s.ensureSession(QStringLiteral("baseline"));
        v.selectSession(base);
        SessionPane *pane = v.sessionPane();
        QCOMPARE(v.currentPane(), pane);
        QCOMPARE(pane->nameEdit()->text(), QStringLiteral("baseline"));
        QVERIFY(!pane->saveButton()->isEnabled()); // nothing changed yet
        pane->nameEdit()->setText(QStringLiteral("MTU 1500 baseline"));
        pane->tagsEdit()->setText(QStringLiteral("network, mtu1500 #lacp network"));
        pane->noteEdit()->setPlainText(QStringLiteral("bond0 layer3+4, switch default MTU"));
        QVERIFY(pane->saveButton()->isEnabled());
        shot(&v, QStringLiteral("session-edit"));
        QSignalSpy done(&v, &SessionsView::operationFinished);
        QSignalSpy reloaded(&v, &SessionsView::reloaded);
        QTest::mouseClick(pane->saveButton(), Qt::LeftButton);
        QVERIFY(done.wait(10000));
        QVERIFY2(!done.at(0).at(0).value<Error>(), qPrintable(done.at(0).at(0).value<Error>().toString()));
        QVERIFY(reloaded.wait(10000));
        // In the file, from a fresh connection.
        SessionStore again(path);
        QVERIFY(!again.open());
        const SessionInfo info = again.session(base);
        QCOMPARE(info.name, QStringLiteral("MTU 1500 baseline"));
        QCOMPARE(
            info.tags, (QStringList {QStringLiteral("network"), QStringLiteral("mtu1500"), QStringLiteral("lacp")}));
        QCOMPARE(info.note, QStringLiteral("bond0 layer3+4, switch default MTU"));
        QCOMPARE(again.run(m_a).sessionName, QStringLiteral("MTU 1500 baseline"));
        // The pane and the tree show the saved values; the session stays selected.
        QCOMPARE(v.currentSessionId(), base);
        QCOMPARE(pane->nameEdit()->text(), QStringLiteral("MTU 1500 baseline"));
        QVERIFY(!pane->saveButton()->isEnabled());
        QVERIFY(v.model()->data(v.model()->sessionIndex(base)).toString().contains(QStringLiteral("#mtu1500")));

        // A clashing name: refused, said so, nothing written.
        pane->nameEdit()->setText(QStringLiteral("MTU 9000"));
        done.clear();
        QTest::mouseClick(pane->saveButton(), Qt::LeftButton);
        QVERIFY(done.wait(10000));
        const Error clash = done.at(0).at(0).value<Error>();
        QCOMPARE(clash.code, Error::Code::InvalidInput);
        QVERIFY2(v.messageText().contains(QStringLiteral("already exists")), qPrintable(v.messageText()));
        QCOMPARE(again.session(base).name, QStringLiteral("MTU 1500 baseline"));
    }

    void deleteRunCancelledThenConfirmed()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.resize(1200, 700);
        v.show();
        QVERIFY(waitReload(v));
        SessionStore s(path);
        QVERIFY(!s.open());
        const StoreCounts counts = s.runContents(m_b);
        QVERIFY(counts.samples > 0);

        v.selectRun(m_b);
        QTest::mouseClick(v.findChild<QPushButton *>(QStringLiteral("deleteRun")), Qt::LeftButton);
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete"))), 10000);
        // It says what goes: the run, its session, its steps and samples.
        shot(box, QStringLiteral("confirm-delete-run"));
        QVERIFY2(
            box->text().contains(QStringLiteral("“quick B”")) && box->text().contains(QStringLiteral("“MTU 9000”")),
            qPrintable(box->text()));
        QVERIFY2(box->informativeText().contains(QStringLiteral("step records (%1)").arg(counts.steps))
                && box->informativeText().contains(QLocale().toString(counts.samples)),
            qPrintable(box->informativeText()));
        QTest::mouseClick(box->button(QMessageBox::Cancel), Qt::LeftButton);
        QTRY_VERIFY(!visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete")));
        QCOMPARE(v.messageText(), QStringLiteral("Nothing was deleted."));
        QCOMPARE(v.pendingWrites(), 0);
        QVERIFY(!s.run(m_b).name.isEmpty());
        QCOMPARE(s.runContents(m_b).samples, counts.samples);

        QSignalSpy done(&v, &SessionsView::operationFinished);
        v.confirmDeleteRun(m_b);
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete"))), 10000);
        QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("confirmButton")), Qt::LeftButton);
        QVERIFY(done.wait(10000));
        QVERIFY(!done.at(0).at(0).value<Error>());
        Error e;
        s.run(m_b, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY(s.steps(m_b).isEmpty());
        QVERIFY(s.series(m_b).isEmpty()); // samples went with it
        QVERIFY(!s.run(m_c).name.isEmpty()); // its neighbour stayed
        QTRY_VERIFY(!v.model()->runIndex(m_b).isValid());
        QVERIFY(v.model()->runIndex(m_c).isValid());
    }

    void deleteSessionCancelledThenConfirmed()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.resize(1200, 700);
        v.show();
        QVERIFY(waitReload(v));
        SessionStore s(path);
        QVERIFY(!s.open());
        const qint64 mtu = s.ensureSession(QStringLiteral("MTU 9000"));
        const StoreCounts counts = s.sessionContents(mtu);
        QCOMPARE(counts.runs, 2);

        v.selectSession(mtu);
        QTest::mouseClick(v.sessionPane()->deleteButton(), Qt::LeftButton);
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete"))), 10000);
        shot(box, QStringLiteral("confirm-delete-session"));
        QVERIFY2(box->text().contains(QStringLiteral("“MTU 9000” and its 2 runs")), qPrintable(box->text()));
        QVERIFY2(
            box->informativeText().contains(QLocale().toString(counts.samples)), qPrintable(box->informativeText()));
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel)); // Enter does not delete
        QTest::mouseClick(box->button(QMessageBox::Cancel), Qt::LeftButton);
        QTRY_VERIFY(!visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete")));
        QCOMPARE(s.sessionContents(mtu).runs, 2);

        QSignalSpy done(&v, &SessionsView::operationFinished);
        v.confirmDeleteSession(mtu);
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete"))), 10000);
        QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("confirmButton")), Qt::LeftButton);
        QVERIFY(done.wait(10000));
        QVERIFY(!done.at(0).at(0).value<Error>());
        Error e;
        s.session(mtu, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QCOMPARE(s.runs().size(), 1);
        QCOMPARE(s.runs().first().id, m_a);
        QTRY_VERIFY(!v.model()->sessionIndex(mtu).isValid());
    }
};

QTEST_MAIN(TestSessionsView)
#include "test_sessionsview.moc"
