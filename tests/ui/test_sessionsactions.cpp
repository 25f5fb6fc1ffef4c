// SPDX-License-Identifier: GPL-3.0-or-later
// The session library's actions, real widgets over a real store with real runs:
// moving a run, running a plan again, a running run, a new session.
// Each test works on its own copy of the store sessionsfixture.h makes.
#include "sessionsfixture.h"

using namespace cm;
using namespace cm::ui;
using namespace cmtest;

class TestSessionsActions : public QObject, protected SessionsFixture {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { makeMaster(); }

    void moveRun()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.resize(1200, 700);
        v.show();
        QVERIFY(waitReload(v));
        v.selectRun(m_a);
        QTest::mouseClick(v.findChild<QPushButton *>(QStringLiteral("moveRun")), Qt::LeftButton);
        SessionPickDialog *d = nullptr;
        QTRY_VERIFY((d = visibleChild<SessionPickDialog>(&v)));
        QCOMPARE(d->sessionName(), QStringLiteral("baseline"));
        QVERIFY(d->sessionCombo()->findText(QStringLiteral("EC 4+2")) >= 0);
        d->sessionCombo()->setCurrentIndex(d->sessionCombo()->findText(QStringLiteral("EC 4+2")));
        shot(d, QStringLiteral("move-run"));
        QSignalSpy done(&v, &SessionsView::operationFinished);
        d->accept();
        QVERIFY(done.wait(10000));
        QVERIFY(!done.at(0).at(0).value<Error>());
        SessionStore s(path);
        QVERIFY(!s.open());
        QCOMPARE(s.run(m_a).sessionName, QStringLiteral("EC 4+2"));
        QCOMPARE(s.steps(m_a).size(), 1); // the steps went along
        // After the reload: under EC 4+2, still selected.
        QTRY_COMPARE_WITH_TIMEOUT(
            v.model()->sessionAt(v.model()->runIndex(m_a))->session.name, QStringLiteral("EC 4+2"), 10000);
        QCOMPARE(v.currentRunId(), m_a);

        // A name that is no session yet creates one.
        done.clear();
        v.moveRun(m_a, QStringLiteral("write cache off"));
        QVERIFY(done.wait(10000));
        QVERIFY(!done.at(0).at(0).value<Error>());
        QCOMPARE(s.run(m_a).sessionName, QStringLiteral("write cache off"));
        // A run that is gone: a clear error, nothing created.
        done.clear();
        v.moveRun(99999, QStringLiteral("nowhere"));
        QVERIFY(done.wait(10000));
        QCOMPARE(done.at(0).at(0).value<Error>().code, Error::Code::InvalidInput);
    }

    // Rename… asks for the new name, filled with the old one; the list shows the new.
    void renameRun()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.resize(1200, 700);
        v.show();
        QVERIFY(waitReload(v));
        v.selectRun(m_a);
        QTRY_COMPARE(v.currentRunId(), m_a);
        const QString before = v.model()->runAt(v.model()->runIndex(m_a))->run.name;
        QTest::mouseClick(v.findChild<QPushButton *>(QStringLiteral("renameRun")), Qt::LeftButton);
        QInputDialog *d = nullptr;
        QTRY_VERIFY((d = visibleChild<QInputDialog>(&v)));
        QCOMPARE(d->textValue(), before);
        d->setTextValue(QStringLiteral("MTU 1500, before the change"));
        shot(d, QStringLiteral("rename-run"));
        QSignalSpy done(&v, &SessionsView::operationFinished);
        d->accept();
        QVERIFY(done.wait(10000));
        QVERIFY(!done.at(0).at(0).value<Error>());
        SessionStore s(path);
        QVERIFY(!s.open());
        QCOMPARE(s.run(m_a).name, QStringLiteral("MTU 1500, before the change"));
        QTRY_COMPARE_WITH_TIMEOUT(
            v.model()->runAt(v.model()->runIndex(m_a))->run.name, QStringLiteral("MTU 1500, before the change"), 10000);
        QCOMPARE(v.currentRunId(), m_a);
    }

    // The toolbar's Run again… acts on the run selected in Results and shows its plan
    // first; nothing starts until the user says so.
    void toolbarRunAgainShowsTheSelectedRun()
    {
        const QString path = copyOfStore();
        RunEngine engine(path);
        MainWindow window(&engine, path);
        window.resize(1280, 800);
        window.show();
        ResultsView *results = window.resultsView();
        QSignalSpy shown(results, &ResultsView::detailShown);
        QTRY_VERIFY_WITH_TIMEOUT(results->model()->rowCount() > 0, 10000);
        results->selectRun(m_c);
        QVERIFY(shown.wait(10000));
        QSignalSpy started(&engine, &RunEngine::runStarted);
        auto *action = window.findChild<QAction *>(QStringLiteral("runAgainAction"));
        QVERIFY(action && action->isEnabled());
        action->trigger();
        RunAgainDialog *d = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((d = visibleChild<RunAgainDialog>(&window)), 10000);
        QCOMPARE(d->plan().name, QStringLiteral("quick C")); // the selected run's, not the last started
        QTest::qWait(200);
        QCOMPARE(started.count(), 0);
        d->reject();
    }

    // Through the main window: Run again… → Edit in wizard… opens the plan wizard with
    // the saved plan, and what it runs is that plan, in the session picked; then Start
    // now runs it at once.
    void runAgainOpensWizardWithSamePlan()
    {
        const QString path = copyOfStore();
        RunEngine engine(path);
        MainWindow window(&engine, path);
        window.resize(1280, 800);
        window.show();
        SessionsView *v = window.sessionsView();
        QVERIFY(waitReload(*v));
        v->selectRun(m_a);
        QTest::mouseClick(v->findChild<QPushButton *>(QStringLiteral("runAgain")), Qt::LeftButton);
        RunAgainDialog *d = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((d = visibleChild<RunAgainDialog>(&window)), 10000);
        QCOMPARE(d->sessionCombo()->currentText(), QStringLiteral("baseline"));
        d->sessionCombo()->setEditText(QStringLiteral("MTU 9000"));
        shot(d, QStringLiteral("run-again"));
        if (auto *tabs = qobject_cast<QTabWidget *>(v->parentWidget() ? v->parentWidget()->parentWidget() : nullptr)) {
            tabs->setCurrentWidget(v);
            shot(&window, QStringLiteral("main-sessions-tab"));
        }
        QTest::mouseClick(d->editButton(), Qt::LeftButton);

        PlanWizard *w = nullptr;
        QTRY_VERIFY((w = visibleChild<PlanWizard>(&window)));
        for (int i = 0; i < 8 && !qobject_cast<ReviewPage *>(w->currentPage()); ++i) {
            if (auto *params = qobject_cast<DiskParamsPage *>(w->currentPage())) {
                // The saved run's own tests come first and are chosen.
                QCOMPARE(params->presetList()->currentRow(), 0);
                QVERIFY2(params->presetList()->item(0)->text().startsWith(QStringLiteral("As saved")),
                    qPrintable(params->presetList()->item(0)->text()));
                QCOMPARE(params->stepTable()->rowCount(), 1);
                shot(w, QStringLiteral("wizard-params-as-saved"));
            }
            QVERIFY2(w->button(QWizard::NextButton)->isEnabled(), qPrintable(w->currentPage()->objectName()));
            QTest::mouseClick(w->button(QWizard::NextButton), Qt::LeftButton);
        }
        auto *review = qobject_cast<ReviewPage *>(w->currentPage());
        QVERIFY(review);
        QCOMPARE(review->nameEdit()->text(), QStringLiteral("quick A"));
        QCOMPARE(review->sessionCombo()->currentText(), QStringLiteral("MTU 9000"));
        shot(w, QStringLiteral("wizard-review-session"));
        QSignalSpy requested(w, &PlanWizard::runRequested);
        QSignalSpy started(&engine, &RunEngine::runStarted);
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QTest::mouseClick(w->button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(requested.count(), 1);
        const Plan p = requested.at(0).at(0).value<Plan>();
        Plan expected = m_planA;
        expected.session = QStringLiteral("MTU 9000");
        QCOMPARE(p.kind, expected.kind);
        QCOMPARE(p.name, expected.name);
        QCOMPARE(p.session, expected.session);
        QCOMPARE(p.nodes, expected.nodes);
        QCOMPARE(p.target, expected.target);
        QCOMPARE(p.repeat, expected.repeat);
        QCOMPARE(p.steps.size(), expected.steps.size());
        for (int i = 0; i < p.steps.size(); ++i) {
            QCOMPARE(p.steps.at(i).id, expected.steps.at(i).id);
            QCOMPARE(p.steps.at(i).params, expected.steps.at(i).params);
        }
        // The real engine runs it into the session picked.
        QVERIFY(started.wait(20000));
        const RunId again = started.at(0).at(0).value<RunId>();
        QVERIFY(finished.wait(120000));
        SessionStore s(path);
        QVERIFY(!s.open());
        QCOMPARE(s.run(again).sessionName, QStringLiteral("MTU 9000"));
        QCOMPARE(s.runPlan(again).steps.first().params, m_planA.steps.first().params);

        // Start now: no wizard, straight to the engine, into a new session.
        QTRY_VERIFY(window.currentRun() == 0);
        v->runAgain(m_c);
        QTRY_VERIFY_WITH_TIMEOUT((d = visibleChild<RunAgainDialog>(&window)), 10000);
        d->sessionCombo()->setEditText(QStringLiteral("write cache off"));
        started.clear();
        finished.clear();
        QTest::mouseClick(d->startButton(), Qt::LeftButton);
        QVERIFY(started.wait(20000));
        const RunId third = started.at(0).at(0).value<RunId>();
        QVERIFY(finished.wait(120000));
        QCOMPARE(s.run(third).sessionName, QStringLiteral("write cache off"));
        QCOMPARE(s.run(third).nodes, QStringList {QStringLiteral("pve2")});
        QTRY_VERIFY_WITH_TIMEOUT(v->model()->runIndex(third).isValid(), 10000);
    }

    // A run the engine is still writing (status "running", owned by this live process)
    // cannot be deleted, nor its session; once finished it can.
    void runningRunIsNotDeleted()
    {
        const QString path = copyOfStore();
        SessionStore s(path);
        QVERIFY(!s.open());
        Error e;
        const RunId running = s.createRun(
            tinyPlan(QStringLiteral("still going"), QStringLiteral("baseline"), QStringLiteral("pve1")), {}, &e);
        QVERIFY(!e && running > 0);
        SessionsView v(path);
        v.show();
        QVERIFY(waitReload(v));
        QCOMPARE(v.model()->runIndex(running).siblingAtColumn(SessionsModel::ColStatus).data().toString(),
            QStringLiteral("running"));
        v.confirmDeleteRun(running);
        QTRY_VERIFY_WITH_TIMEOUT(v.messageText().contains(QStringLiteral("still running")), 10000);
        QVERIFY(!visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete")));
        const qint64 base = s.ensureSession(QStringLiteral("baseline"));
        v.confirmDeleteSession(base);
        QTRY_VERIFY_WITH_TIMEOUT(
            v.messageText().contains(QStringLiteral("stop it before deleting the session")), 10000);
        QVERIFY(!visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete")));
        QCOMPARE(s.sessionContents(base).runs, 2);

        QVERIFY(!s.finishRun(running, RunStatus::Completed));
        v.confirmDeleteRun(running);
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleChild<QMessageBox>(&v, QStringLiteral("confirmDelete"))), 10000);
        QTest::mouseClick(box->button(QMessageBox::Cancel), Qt::LeftButton);
    }

    void newSessionFromDialog()
    {
        const QString path = copyOfStore();
        SessionsView v(path);
        v.show();
        QVERIFY(waitReload(v));
        v.newSession();
        QInputDialog *d = nullptr;
        QTRY_VERIFY((d = visibleChild<QInputDialog>(&v, QStringLiteral("newSessionDialog"))));
        d->setTextValue(QStringLiteral("bluestore 4k min_alloc"));
        QSignalSpy done(&v, &SessionsView::operationFinished);
        d->accept();
        QVERIFY(done.wait(10000));
        QVERIFY(!done.at(0).at(0).value<Error>());
        SessionStore s(path);
        QVERIFY(!s.open());
        bool found = false;
        for (const SessionInfo &i : s.sessions())
            found = found || i.name == QStringLiteral("bluestore 4k min_alloc");
        QVERIFY(found);
        QTRY_VERIFY(v.currentPane() == v.sessionPane()
            && v.sessionPane()->nameEdit()->text() == QStringLiteral("bluestore 4k min_alloc"));
    }
};

QTEST_MAIN(TestSessionsActions)
#include "test_sessionsactions.moc"
