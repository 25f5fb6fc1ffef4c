// SPDX-License-Identifier: GPL-3.0-or-later
// Drives the plan wizard offscreen through the s3 page set with real widgets and the
// real kind: the plan it hands on is the one S3Kind::makePlan (the builder of
// `clustermark-cli plan s3`) makes from the same choices; a mix that does not add up
// to 100 % blocks Next; TLS choices are offered only for https and the unsafe one is
// shown as such; the review lists what is created and removed and every step.
#include "bench/registry.h"
#include "bench/s3/s3kind.h"
#include "wizard/kindpage.h"
#include "wizard/planwizard.h"
#include "kinds/s3/s3advancedform.h"
#include "kinds/s3/s3paramspage.h"
#include "kinds/s3/s3reviewpage.h"
#include "kinds/s3/s3targetpage.h"

#include "wizard/nodespage.h"
#include "wizarddriver.h"
#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

using namespace cm;
using namespace cm::ui;
using namespace cmtest;

class TestS3Wizard : public QObject {
    Q_OBJECT

    S3TargetPage *toTarget(PlanWizard &w) { return chooseKind<S3TargetPage>(w, S3Kind::kindId()); }
    static void choosePreset(S3ParamsPage *p, const QString &id) { QVERIFY(selectById(p->presetList(), id)); }

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    // curl on two client nodes: the engine follows the nodes, the preset keeps PUT and GET.
    void curlFromClientNodes()
    {
        PlanWizard w({NodeSpec::parse(QStringLiteral("root@pve2"))});
        w.show();
        auto *kinds = currentPage<KindPage>(w);
        QVERIFY(kinds && selectById(kinds->list(), S3Kind::kindId()) && clickNext(w));
        auto *nodes = currentPage<NodesPage>(w);
        QVERIFY(nodes);
        for (int i = 0; i < nodes->list()->count(); ++i)
            nodes->list()->item(i)->setCheckState(Qt::Checked);
        QVERIFY(clickNext(w));
        auto *target = currentPage<S3TargetPage>(w);
        QVERIFY(target);
        QCOMPARE(target->engineCombo()->currentData().toString(), QStringLiteral("curl"));
        QTest::keyClicks(target->endpointEdit(), QStringLiteral("http://10.0.0.5:7480"));
        QTest::keyClicks(target->accessKeyEdit(), QStringLiteral("AK1"));
        QVERIFY2(w.button(QWizard::NextButton)->isEnabled(), qPrintable(target->problemLabel()->text()));
        target->engineCombo()->setCurrentIndex(0); // the own client: this machine only
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(target->problemLabel()->text().contains(QStringLiteral("curl")));
        target->engineCombo()->setCurrentIndex(1);
        QVERIFY(clickNext(w));
        auto *params = currentPage<S3ParamsPage>(w);
        QVERIFY(params);
        choosePreset(params, QStringLiteral("small-objects")); // PUT, GET, HEAD, DELETE
        QVERIFY(clickNext(w));
        const Plan plan = finish(w);
        QCOMPARE(plan.nodes.size(), 2);
        QCOMPARE(plan.steps.size(), 2); // curl runs the PUT and the GET
        QCOMPARE(plan.target.value(QStringLiteral("engine")).toString(), QStringLiteral("curl"));
        const Error e = S3Kind().validate(plan);
        QVERIFY2(!e, qPrintable(e.toString()));
    }

    // SSE-C or SSE-S3 goes into the target; curl sends no SSE headers, so it is refused there.
    void encryptionChoice()
    {
        PlanWizard w({});
        w.resize(860, 680);
        w.show();
        S3TargetPage *target = toTarget(w);
        QVERIFY(target);
        QTest::keyClicks(target->endpointEdit(), QStringLiteral("http://127.0.0.1:7480"));
        QTest::keyClicks(target->accessKeyEdit(), QStringLiteral("AK1"));
        QComboBox *enc = target->encryptionCombo();
        enc->setCurrentIndex(enc->findData(QStringLiteral("sse-c")));
        QVERIFY(saveShot(&w, QStringLiteral("s3-wizard-encryption")));
        QVERIFY2(w.button(QWizard::NextButton)->isEnabled(), qPrintable(target->problemLabel()->text()));
        QCOMPARE(target->targetJson().value(QStringLiteral("encryption")).toString(), QStringLiteral("sse-c"));
        target->engineCombo()->setCurrentIndex(target->engineCombo()->findData(QStringLiteral("curl")));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY2(target->problemLabel()->text().contains(QStringLiteral("native engine")),
            qPrintable(target->problemLabel()->text()));
        enc->setCurrentIndex(enc->findData(QStringLiteral("none")));
        QVERIFY(!target->targetJson().contains(QStringLiteral("encryption")));
    }

    void sweepPlanEqualsMakePlan()
    {
        PlanWizard w({});
        w.resize(860, 680);
        w.show();
        S3TargetPage *target = toTarget(w);
        QVERIFY(target);
        QVERIFY(target->labButton()->isHidden()); // no lab connected
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled()); // no endpoint yet
        QTest::keyClicks(target->endpointEdit(), QStringLiteral("http://127.0.0.1:7480"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled()); // no access key
        QVERIFY(!target->problemLabel()->text().isEmpty());
        QTest::keyClicks(target->accessKeyEdit(), QStringLiteral("AK1"));
        QVERIFY2(w.button(QWizard::NextButton)->isEnabled(), qPrintable(target->problemLabel()->text()));
        // TLS choices only mean something for https; the unsafe one says so when ticked.
        QVERIFY(!target->skipTlsCheck()->isEnabled());
        QVERIFY(!target->caFileEdit()->isEnabled());
        QVERIFY(target->secretStatusLabel()->text().contains(QStringLiteral("s3:http://127.0.0.1:7480:AK1")));
        QVERIFY(clickNext(w));

        auto *params = currentPage<S3ParamsPage>(w);
        QVERIFY(params);
        QCOMPARE(params->presetList()->count(), 4);
        QVERIFY(params->advancedForm()->isHidden()); // folded
        choosePreset(params, QStringLiteral("size-sweep"));
        QTest::mouseClick(params->advancedToggle(), Qt::LeftButton);
        QVERIFY(params->advancedForm()->isVisible());
        S3AdvancedForm *adv = params->advancedForm();
        if (const QString dir = qEnvironmentVariable("CLUSTERMARK_SHOTS"); !dir.isEmpty()) {
            w.resize(w.minimumSize()); // the smallest the wizard gets, Advanced open
            QTest::qWait(50);
            w.grab().save(dir + QStringLiteral("/s3-wizard-params-min.png"));
            w.resize(860, 680);
        }
        QCOMPARE(adv->checkedSizes(),
            (QList<qint64> {
                64 * S3Kind::kKiB, S3Kind::kMiB, 32 * S3Kind::kMiB, 256 * S3Kind::kMiB, S3Kind::kGiB})); // the preset's
        const QList<qint64> sizes {4 * S3Kind::kKiB, 64 * S3Kind::kKiB, S3Kind::kMiB};
        adv->setCheckedSizes(sizes);
        adv->concurrencySpin()->setValue(4);
        adv->connectionsSpin()->setValue(8);
        adv->runtimeSpin()->setValue(2);
        adv->objectsSpin()->setValue(8);
        adv->thresholdSpin()->setValue(0);
        adv->onErrorCombo()->setCurrentIndex(adv->onErrorCombo()->findData(QStringLiteral("stop")));
        QVERIFY(!adv->mixSpin(QStringLiteral("get"))->parentWidget()->isEnabled()); // no mixed step
        QVERIFY(params->summaryLabel()->text().contains(QStringLiteral("6 step")));
        // concurrency above the working set: makePlan's complaint blocks Next, live.
        adv->concurrencySpin()->setValue(9);
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(params->problemLabel()->text().contains(QStringLiteral("concurrency")));
        adv->concurrencySpin()->setValue(4);
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(clickNext(w));

        auto *review = currentPage<S3ReviewPage>(w);
        QVERIFY(review);
        S3Kind::Options o;
        o.endpoint = QStringLiteral("http://127.0.0.1:7480");
        o.accessKey = QStringLiteral("AK1");
        o.secretRef = QStringLiteral("keychain");
        o.preset = QStringLiteral("size-sweep");
        o.sizes = sizes;
        o.concurrency = 4;
        o.connections = 8;
        o.runtime = 2;
        o.objects = 8;
        o.multipartThreshold = 0;
        o.onError = QStringLiteral("stop");
        Error e;
        const Plan expected = S3Kind::makePlan(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        const Plan &plan = w.plan();
        QCOMPARE(plan.kind, S3Kind::kindId());
        QCOMPARE(plan.preset, QStringLiteral("size-sweep"));
        QCOMPARE(plan.steps.size(), 6);
        QCOMPARE(stepsJson(plan.steps), stepsJson(expected.steps));
        QCOMPARE(plan.target, expected.target);
        QCOMPARE(plan.nodes.size(), 1);
        QVERIFY(plan.nodes.first().isLocal());
        QVERIFY(!S3Kind().validate(plan));
        QVERIFY(!plan.toJsonBytes().contains("secretKey"));

        // Review: created and removed, the secret's source, every step's description.
        const QString effects = review->effectsLabel()->text();
        QVERIFY2(effects.contains(QStringLiteral("clustermark-bench-")) && effects.contains(QStringLiteral("Removes")),
            qPrintable(effects));
        QVERIFY(effects.contains(QStringLiteral("24 objects"))); // 8 at each of three sizes
        QVERIFY(effects.contains(QStringLiteral("plain HTTP")));
        const QString text = review->commandsText();
        for (int i = 0; i < plan.steps.size(); ++i)
            QVERIFY2(text.contains(S3Kind::describeStep(plan, plan.steps.at(i))), qPrintable(text));
        double secs = 0;
        for (int i = 0; i < plan.steps.size(); ++i)
            secs += S3Kind().estimatedSeconds(plan, i);
        QCOMPARE(review->estimatedSeconds(), secs);

        QSignalSpy requested(&w, &PlanWizard::runRequested);
        QTest::mouseClick(w.button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(requested.count(), 1);
        QCOMPARE(stepsJson(requested.at(0).at(0).value<Plan>().steps), stepsJson(expected.steps));
    }

    void mixMustAddUpTo100()
    {
        PlanWizard w({});
        w.show();
        S3TargetPage *target = toTarget(w);
        QVERIFY(target);
        target->endpointEdit()->setText(QStringLiteral("http://127.0.0.1:7480"));
        target->accessKeyEdit()->setText(QStringLiteral("AK1"));
        QVERIFY(clickNext(w));
        auto *params = currentPage<S3ParamsPage>(w);
        QVERIFY(params);
        S3AdvancedForm *adv = params->advancedForm();
        // Not a mixed plan: the mix does not matter, Next stays open.
        adv->mixSpin(QStringLiteral("get"))->setValue(0);
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        choosePreset(params, QStringLiteral("mixed"));
        QVERIFY(adv->mixSpin(QStringLiteral("get"))->parentWidget()->isEnabled());
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled()); // 0 + 20 + 10 = 30 %
        QVERIFY2(adv->mixLabel()->text().contains(QStringLiteral("30 %")), qPrintable(adv->mixLabel()->text()));
        QVERIFY(params->problemLabel()->text().contains(QStringLiteral("100")));
        adv->mixSpin(QStringLiteral("get"))->setValue(60);
        adv->mixSpin(QStringLiteral("head"))->setValue(10);
        QVERIFY2(w.button(QWizard::NextButton)->isEnabled(), qPrintable(params->problemLabel()->text()));
        QVERIFY(params->problemLabel()->text().isEmpty());
        adv->mixSpin(QStringLiteral("list"))->setValue(5); // 105 %
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(!clickNext(w));
        adv->mixSpin(QStringLiteral("list"))->setValue(0);
        // An op of its own: one mixed step per size with this mix.
        adv->opCombo()->setCurrentIndex(adv->opCombo()->findData(QStringLiteral("mixed")));
        QVERIFY(clickNext(w));
        S3Kind::Options o;
        o.endpoint = QStringLiteral("http://127.0.0.1:7480");
        o.accessKey = QStringLiteral("AK1");
        o.preset = QStringLiteral("mixed");
        o.op = QStringLiteral("mixed");
        o.mix = {{QStringLiteral("get"), 60}, {QStringLiteral("put"), 20}, {QStringLiteral("delete"), 10},
            {QStringLiteral("head"), 10}};
        Error e;
        const Plan expected = S3Kind::makePlan(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(stepsJson(w.plan().steps), stepsJson(expected.steps));
        QCOMPARE(
            w.plan().steps.first().params.value(QStringLiteral("mix")).toObject().value(QStringLiteral("head")).toInt(),
            10);
    }

    void runAgainKeepsThePlan()
    {
        S3Kind::Options o;
        o.endpoint = QStringLiteral("http://127.0.0.1:7480");
        o.accessKey = QStringLiteral("AK3");
        o.secretRef = QStringLiteral("env:CM_S3_SECRET");
        o.preset = QStringLiteral("small-objects");
        o.runtime = 3;
        o.op = QStringLiteral("head");
        o.sizes = {16 * S3Kind::kKiB, 3 * S3Kind::kMiB};
        o.concurrency = 8;
        o.objects = 500;
        Error e;
        Plan saved = S3Kind::makePlan(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        saved.name = QStringLiteral("Small objects, last week");
        PlanWizard w({});
        w.setPlan(saved);
        w.show();
        QVERIFY(clickNext(w)); // the kind page has s3 selected
        QVERIFY(clickNext(w)); // the nodes page: the saved plan's (this machine)
        auto *target = currentPage<S3TargetPage>(w);
        QVERIFY(target);
        QCOMPARE(target->endpointEdit()->text(), o.endpoint);
        QCOMPARE(target->accessKeyEdit()->text(), o.accessKey);
        QCOMPARE(target->secretRef(), o.secretRef);
        QVERIFY(!target->secretEdit()->isEnabled());
        QVERIFY(target->secretStatusLabel()->text().contains(QStringLiteral("CM_S3_SECRET")));
        QVERIFY(clickNext(w));
        auto *params = currentPage<S3ParamsPage>(w);
        QVERIFY(params);
        QCOMPARE(params->presetList()->currentItem()->data(Qt::UserRole).toString(), QStringLiteral("small-objects"));
        // the saved choices are in the Advanced fields
        S3AdvancedForm *adv = params->advancedForm();
        QCOMPARE(adv->opCombo()->currentData().toString(), QStringLiteral("head"));
        QCOMPARE(adv->runtimeSpin()->value(), 3);
        QCOMPARE(adv->concurrencySpin()->value(), 8);
        QCOMPARE(adv->objectsSpin()->value(), 500);
        QStringList checked;
        for (int i = 0; i < adv->sizeList()->count(); ++i)
            if (adv->sizeList()->item(i)->checkState() == Qt::Checked)
                checked << adv->sizeList()->item(i)->text();
        QCOMPARE(
            checked, (QStringList {QStringLiteral("16 KiB"), QStringLiteral("3 MiB")})); // 3 MiB: not an offered size
        QVERIFY(clickNext(w));
        QVERIFY(currentPage<S3ReviewPage>(w));
        QCOMPARE(stepsJson(w.plan().steps), stepsJson(saved.steps)); // unchanged: the saved steps (3 s each)
        QCOMPARE(w.plan().target, saved.target);
        // A change on the parameters page rebuilds the steps from the choices.
        QTest::mouseClick(w.button(QWizard::BackButton), Qt::LeftButton);
        params->advancedForm()->runtimeSpin()->setValue(4);
        QVERIFY(clickNext(w));
        QCOMPARE(w.plan().steps.first().params.value(QStringLiteral("runtime")).toInt(), 4);
        // …keeping the saved sizes, op, concurrency and working set
        QCOMPARE(w.plan().steps.size(), 2);
        for (const PlanStep &st : w.plan().steps) {
            QCOMPARE(st.params.value(QStringLiteral("op")).toString(), QStringLiteral("head"));
            QCOMPARE(st.params.value(QStringLiteral("concurrency")).toInt(), 8);
            QCOMPARE(st.params.value(QStringLiteral("objects")).toInt(), 500);
        }
        QCOMPARE(qint64(w.plan().steps.at(1).params.value(QStringLiteral("objectSize")).toDouble()), 3 * S3Kind::kMiB);
        // Typing another access key leaves the saved reference for the keychain.
        QTest::mouseClick(w.button(QWizard::BackButton), Qt::LeftButton);
        QTest::mouseClick(w.button(QWizard::BackButton), Qt::LeftButton);
        QCOMPARE(w.currentPage(), target);
        QTest::keyClick(target->accessKeyEdit(), Qt::Key_4);
        QCOMPARE(target->secretRef(), QStringLiteral("keychain"));
        QVERIFY(target->secretEdit()->isEnabled());
    }

    void tlsChoices()
    {
        PlanWizard w({});
        w.show();
        S3TargetPage *target = toTarget(w);
        QVERIFY(target);
        target->endpointEdit()->setText(QStringLiteral("https://s3.example.net"));
        target->accessKeyEdit()->setText(QStringLiteral("AK2"));
        QVERIFY(target->skipTlsCheck()->isEnabled());
        QVERIFY(target->caFileEdit()->isEnabled());
        QVERIFY(!target->skipTlsCheck()->text().isEmpty()
            && target->skipTlsCheck()->text().contains(QStringLiteral("unsafe")));
        QVERIFY(target->findChild<QLabel *>(QStringLiteral("s3TlsWarning"))->isHidden());
        target->skipTlsCheck()->setChecked(true);
        QVERIFY(target->findChild<QLabel *>(QStringLiteral("s3TlsWarning"))->isVisible());
        target->addressingCombo()->setCurrentIndex(1);
        QVERIFY(clickNext(w));
        QVERIFY(clickNext(w)); // quick preset
        auto *review = currentPage<S3ReviewPage>(w);
        QVERIFY(review);
        QVERIFY(w.plan().target.value(QStringLiteral("skipTlsVerify")).toBool());
        QVERIFY(w.plan().target.value(QStringLiteral("virtualHost")).toBool());
        QVERIFY(review->effectsLabel()->text().contains(QStringLiteral("WITHOUT certificate verification")));
        // Back to the target: an http endpoint with the box still ticked is refused by the kind.
        QTest::mouseClick(w.button(QWizard::BackButton), Qt::LeftButton);
        QTest::mouseClick(w.button(QWizard::BackButton), Qt::LeftButton);
        QCOMPARE(w.currentPage(), target);
        target->endpointEdit()->setText(QStringLiteral("http://s3.example.net"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(target->problemLabel()->text().contains(QStringLiteral("skipTlsVerify")));
        target->skipTlsCheck()->setChecked(false);
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(!target->skipTlsCheck()->isEnabled());
    }
};

QTEST_MAIN(TestS3Wizard)
#include "test_s3wizard.moc"
