// SPDX-License-Identifier: GPL-3.0-or-later
// Temporary pools from the plan wizard (ui/wizard/temporarypoolform.h): the RBD page
// says up front whether the connected cluster holds the layout, and an EC-vs-replicated
// comparison of RBD is two wizard plans, two runs on a 3-OSD lab and one compare that
// names the pool's type as the difference; the pools are gone afterwards.
#include "bench/registry.h"
#include "cephlabfixture.h"
#include "engine/runengine.h"
#include "kinds/rbd/rbdtargetpage.h"
#include "report/runcompare.h"
#include "store/sessionstore.h"
#include "testutil.h"
#include "wizard/diskparamspage.h"
#include "wizard/reviewpage.h"
#include "wizard/temporarypoolform.h"
#include "wizarddriver.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTemporaryDir>

using namespace cm;
using namespace cm::ui;
using namespace cmtest;

namespace {

QList<CephOsd> osdsOnOneHost(int count)
{
    QList<CephOsd> osds;
    for (int i = 0; i < count; ++i) {
        CephOsd o;
        o.id = i;
        o.name = QStringLiteral("osd.%1").arg(i);
        o.host = QStringLiteral("lab");
        o.deviceClass = QStringLiteral("hdd");
        o.up = o.in = true;
        osds << o;
    }
    return osds;
}

// Type, k/m or size, failure domain.
void chooseLayout(TemporaryPoolForm *f, bool erasure, int a, int b, const QString &domain)
{
    f->setChecked(true);
    f->typeCombo()->setCurrentIndex(erasure ? 1 : 0);
    if (erasure) {
        f->kSpin()->setValue(a);
        f->mSpin()->setValue(b);
    } else {
        f->sizeSpin()->setValue(a);
        f->minSizeSpin()->setValue(b);
    }
    f->failureDomainCombo()->setCurrentText(domain);
}

} // namespace

class TestTemporaryPoolWizard : public QObject {
    Q_OBJECT

    QTemporaryDir m_home;

    // The RBD page of a wizard that knows `osds`, with the native engine on this machine.
    RbdTargetPage *rbdPage(PlanWizard &w, int osds, const QString &conf = {}, const QString &keyring = {})
    {
        w.setCephOsds(osdsOnOneHost(osds));
        if (!conf.isEmpty()) {
            CephConnectionSpec spec;
            spec.confPath = conf;
            spec.keyringPath = keyring;
            w.setCephConnection(spec);
        }
        w.show();
        auto *page = chooseKind<RbdTargetPage>(w, QStringLiteral("rbd"));
        if (page)
            page->engineCombo()->setCurrentIndex(page->engineCombo()->findData(QStringLiteral("native")));
        return page;
    }

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void capacityIsSaidUpFront()
    {
        PlanWizard w({});
        RbdTargetPage *page = rbdPage(w, 6);
        QVERIFY(page);
        TemporaryPoolForm *form = page->temporaryPoolForm();
        chooseLayout(form, true, 4, 2, QStringLiteral("host"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY2(form->capacityLabel()->text().contains(QStringLiteral("needs 6 up OSDs")),
            qPrintable(form->capacityLabel()->text()));
        form->failureDomainCombo()->setCurrentText(QStringLiteral("osd"));
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        QVERIFY2(form->capacityLabel()->text().contains(QStringLiteral("6 up OSDs")),
            qPrintable(form->capacityLabel()->text()));
        QVERIFY(!page->poolEdit()->isEnabled()); // the run names the pools
        QVERIFY(saveShot(&w, QStringLiteral("rbd-temporary-pool")));
        chooseLayout(form, true, 8, 3, QStringLiteral("osd"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled()); // 11 OSDs needed, 6 there
        chooseLayout(form, true, 4, 2, QStringLiteral("osd"));
        QVERIFY(clickNext(w));
        QVERIFY(currentPage<DiskParamsPage>(w));
        QVERIFY(clickNext(w));
        auto *review = currentPage<ReviewPage>(w);
        QVERIFY(review);
        QVERIFY2(
            review->commandsText().contains(QStringLiteral("clustermark-bench-POOL data-pool=clustermark-bench-DATA")),
            qPrintable(review->commandsText()));
        QVERIFY(!review->pauseScrubBox()->isHidden()); // a Ceph plan: scrubbing can be held off
        review->pauseScrubBox()->setChecked(true);
        const Plan plan = finish(w);
        QVERIFY(plan.pauseScrub);
        const QJsonObject layout = plan.target.value(QStringLiteral("temporaryPool")).toObject();
        QCOMPARE(layout.value(QStringLiteral("type")).toString(), QStringLiteral("erasure"));
        QCOMPARE(layout.value(QStringLiteral("k")).toInt(), 4);
        QCOMPARE(layout.value(QStringLiteral("failureDomain")).toString(), QStringLiteral("osd"));
        QVERIFY(!plan.target.contains(QStringLiteral("pool")));
        const Error v = Registry::instance().kind(plan.kind)->validate(plan);
        QVERIFY2(!v, qPrintable(v.toString()));
        QCOMPARE(Registry::instance().kind(plan.kind)->temporaryPools(plan).size(), 2); // headers + EC data
    }

    void erasureAgainstReplicatedFromTheWizard()
    {
        QString why;
        CM_REQUIRE_FIXTURE(CephLabFixture::available(&why), why);
        CephLabFixture lab;
        QVERIFY2(lab.start(3), qPrintable(lab.whyNot()));
        const QString db = m_home.filePath(QStringLiteral("clustermark.sqlite"));
        RunEngine engine(db);
        QList<RunId> runs;
        for (const bool erasure : {true, false}) {
            PlanWizard w({});
            RbdTargetPage *page = rbdPage(w, 3, lab.confPath(), lab.keyringPath());
            QVERIFY(page);
            page->confEdit()->setText(lab.confPath());
            page->keyringEdit()->setText(lab.keyringPath());
            page->imageSizeEdit()->setText(QStringLiteral("64M"));
            chooseLayout(page->temporaryPoolForm(), erasure, 2, 1, QStringLiteral("osd"));
            QVERIFY(clickNext(w));
            QVERIFY(clickNext(w));
            Plan plan = finish(w);
            QVERIFY(!plan.kind.isEmpty());
            // One short step keeps the test short; the target is the wizard's.
            plan.steps.removeIf([](const PlanStep &s) { return s.id != QLatin1String("randwrite-4k-qd1"); });
            QCOMPARE(plan.steps.size(), 1);
            plan.steps[0].params.insert(QStringLiteral("runtime"), 2);
            QSignalSpy done(&engine, &RunEngine::runFinished);
            engine.start(plan);
            QVERIFY(done.wait(180000));
            QCOMPARE(done.first().at(1).value<RunStatus>(), RunStatus::Completed);
            runs << done.first().at(0).value<RunId>();
        }
        SessionStore store(db);
        QVERIFY(!store.open());
        QList<RunRecords> records(2);
        for (int i = 0; i < 2; ++i)
            QVERIFY(!loadRunRecords(store, runs.at(i), &records[i]));
        const QStringList differences = compareRunRecords(records).differences;
        QVERIFY2(differences.contains(QStringLiteral("local: pool type: erasure → replicated")),
            qPrintable(differences.join('\n')));
        QByteArray pools;
        QCOMPARE(lab.client(QStringLiteral("ceph"),
                     {QStringLiteral("osd"), QStringLiteral("pool"), QStringLiteral("ls")}, &pools),
            0);
        QVERIFY2(!pools.contains("clustermark-bench-"), pools.constData());
        lab.stop();
    }
};

QTEST_MAIN(TestTemporaryPoolWizard)
#include "test_temporarypoolwizard.moc"
