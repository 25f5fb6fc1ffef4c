// SPDX-License-Identifier: GPL-3.0-or-later
// The review page's repetition fields, driven offscreen through the real wizard with
// the disk-fio kind: what is set there is in the plan that Run hands on and in the
// saved file, and the estimate follows.
#include "bench/registry.h"
#include "wizard/planwizard.h"
#include "wizard/repetitionform.h"
#include "wizard/reviewpage.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;
using namespace cm::ui;

class TestWizardRepetition : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void reviewPageSetsRepetitions()
    {
        QTemporaryDir dir;
        PlanWizard w({});
        w.setDefaultTargetDir(dir.path());
        w.show();
        ReviewPage *review = nullptr;
        for (int i = 0; i < 10 && !review; ++i) {
            review = qobject_cast<ReviewPage *>(w.currentPage());
            if (review)
                break;
            QAbstractButton *next = w.button(QWizard::NextButton);
            QVERIFY2(next->isEnabled(), qPrintable(w.currentPage()->objectName()));
            QTest::mouseClick(next, Qt::LeftButton);
        }
        QVERIFY(review);
        RepetitionForm *f = review->repetitionForm();
        QCOMPARE(f->repeatSpin()->value(), 1);
        QVERIFY(!f->untilStableCheck()->isChecked());
        QVERIFY(!f->spreadSpin()->isEnabled());
        const double once = review->estimatedSeconds();
        QVERIFY(once > 0);

        f->repeatSpin()->setValue(3);
        QCOMPARE(review->estimatedSeconds(), 3 * once);
        f->untilStableCheck()->click();
        QVERIFY(f->spreadSpin()->isEnabled());
        f->spreadSpin()->setValue(4);
        f->windowSpin()->setValue(2);
        f->maxRepeatSpin()->setValue(2); // below repeat: the spin box keeps it at 3
        QCOMPARE(f->maxRepeatSpin()->value(), 3);
        f->maxRepeatSpin()->setValue(7);
        QCOMPARE(review->estimatedSeconds(), 3 * once);

        const QString saved = dir.filePath(QStringLiteral("plan.json"));
        QCOMPARE(review->savePlan(saved), QString());
        QSignalSpy spy(&w, &PlanWizard::runRequested);
        QTest::mouseClick(w.button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        const Plan plan = spy.at(0).at(0).value<Plan>();
        QCOMPARE(plan.repeat, 3);
        QCOMPARE(plan.untilSpreadPct, 4.0);
        QCOMPARE(plan.stableWindow, 2);
        QCOMPARE(plan.maxIterations(), 7);
        QVERIFY(!Registry::instance().kind(plan.kind)->validate(plan).isError());

        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        Error e;
        const Plan loaded = Plan::fromJsonBytes(file.readAll(), &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(loaded.untilSpreadPct, 4.0);
        QCOMPARE(loaded.maxIterations(), 7);
        QCOMPARE(loaded.repeat, 3);

        // unticking turns "until stable" off again
        f->untilStableCheck()->click();
        QVERIFY(!w.plan().untilStable());
        QCOMPARE(w.plan().repeat, 3);
    }
};

QTEST_MAIN(TestWizardRepetition)
#include "test_wizardrepetition.moc"
