// SPDX-License-Identifier: GPL-3.0-or-later
// Drives the plan wizard offscreen through the CephFS page set with real widgets and
// the real kind: the plan it hands on is the one CephFsKind::makePlan (the builder of
// `clustermark-cli plan cephfs`) makes from the same choices, for the native engine and
// for fio (existing mount, and a mount the app makes, which needs the consent box
// before Next); the review names what is created and removed and every step's command.
// CLUSTERMARK_SHOTS=<folder> saves screenshots of the pages (outside the repository).
#include "bench/cephfs/cephfskind.h"
#include "bench/registry.h"
#include "wizard/cephclientform.h"
#include "kinds/cephfs/cephfsparamspage.h"
#include "kinds/cephfs/cephfsreviewpage.h"
#include "kinds/cephfs/cephfstargetpage.h"
#include "wizard/kindpage.h"
#include "wizard/planwizard.h"

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
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

using namespace cm;
using namespace cm::ui;
using namespace cmtest;

namespace {
NodeSpec pve1()
{
    NodeSpec n = NodeSpec::parse(QStringLiteral("root@10.9.0.1"));
    n.name = QStringLiteral("pve1");
    return n;
}
} // namespace

class TestCephFsWizard : public QObject {
    Q_OBJECT

    CephFsTargetPage *toTarget(PlanWizard &w) { return chooseKind<CephFsTargetPage>(w, CephFsKind::kindId()); }
    static void checkReview(CephFsReviewPage *review, const Plan &plan)
    {
        const QString text = review->commandsText();
        const CephFsKind kind;
        double seconds = 0;
        for (int i = 0; i < plan.steps.size(); ++i) {
            const QString cmd = kind.commandPreview(plan, i, plan.nodes.first());
            QVERIFY(!cmd.isEmpty());
            QVERIFY2(text.contains(cmd), qPrintable(cmd));
            QVERIFY(text.contains(plan.steps.at(i).title));
            seconds += kind.estimatedSeconds(plan, i);
        }
        QCOMPARE(review->estimatedSeconds(), seconds);
        QVERIFY(review->changesLabel()->text().contains(CephFsKind::folderPrefix()));
    }

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void nativePlanIsMakePlans()
    {
        PlanWizard w({pve1()});
        CephConnectionSpec spec;
        spec.confPath = QStringLiteral("/etc/ceph/ceph.conf");
        spec.keyringPath = QStringLiteral("/etc/ceph/ceph.client.bench.keyring");
        spec.clientName = QStringLiteral("bench");
        w.setCephConnection(spec);
        w.setCephFilesystems({QStringLiteral("cephfs"), QStringLiteral("archive")});
        w.resize(820, 640);
        w.show();
        CephFsTargetPage *target = toTarget(w);
        QVERIFY(target);
        QCOMPARE(target->engineCombo()->currentData().toString(), QStringLiteral("native"));
        // The connected cluster's file systems and client are offered.
        QCOMPARE(target->fsCombo()->count(), 2);
        QCOMPARE(target->fsCombo()->currentText(), QStringLiteral("cephfs"));
        QCOMPARE(target->clientForm()->keyringEdit()->text(), spec.keyringPath);
        QCOMPARE(target->clientForm()->clientEdit()->text(), QStringLiteral("bench"));
        QVERIFY(target->clientForm()->isVisible());
        QVERIFY(!target->nodeCombo()->isVisible());
        target->fsCombo()->setCurrentIndex(1);
        target->dirEdit()->setText(QStringLiteral("bench/x")); // not absolute: blocked
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(!target->problemLabel()->text().isEmpty());
        target->dirEdit()->setText(QStringLiteral("/bench"));
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(saveShot(&w, QStringLiteral("cephfs-1-target-native")));
        QVERIFY(clickNext(w));

        auto *params = currentPage<CephFsParamsPage>(w);
        QVERIFY(params);
        QCOMPARE(params->presetList()->count(), 3);
        for (int i = 0; i < 3; ++i) // each preset says in words what it does
            QVERIFY(params->presetList()->item(i)->text().split(QLatin1Char('\n')).value(1).size() > 40);
        QVERIFY(!params->advancedBox()->isVisible());
        QVERIFY(selectById(params->presetList(), QStringLiteral("throughput")));
        params->advancedToggle()->click();
        QVERIFY(params->advancedBox()->isVisible());
        QCOMPARE(params->workloadList()->count(), 4);
        QVERIFY(!params->iodepthSpin()->isVisible()); // fio only
        QVERIFY(!params->filesSpin()->isEnabled()); // no metadata step in this preset
        params->threadsSpin()->setValue(2);
        params->blockSizeEdit()->setText(QStringLiteral("1M"));
        params->runtimeSpin()->setValue(5);
        params->fileSizeEdit()->setText(QStringLiteral("64k")); // smaller than the block size
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(params->problemLabel()->text().contains(QStringLiteral("smaller than the block size")));
        params->fileSizeEdit()->setText(QStringLiteral("128M"));
        params->workloadList()->item(2)->setCheckState(Qt::Unchecked); // no random writes
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(saveShot(&w, QStringLiteral("cephfs-2-params")));
        QVERIFY(clickNext(w));

        auto *review = currentPage<CephFsReviewPage>(w);
        QVERIFY(review);
        CephFsKind::Options o;
        o.conf = spec.confPath;
        o.keyring = spec.keyringPath;
        o.client = QStringLiteral("bench");
        o.fsName = QStringLiteral("archive");
        o.dir = QStringLiteral("/bench");
        o.preset = QStringLiteral("throughput");
        o.threads = 2;
        o.bs = QStringLiteral("1M");
        o.fileSize = QStringLiteral("128M");
        o.runtime = 5;
        Error e;
        Plan expected = CephFsKind::makePlan({}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(expected.steps.size(), 4);
        expected.steps.removeAt(2);
        const Plan &plan = w.plan();
        QCOMPARE(stepsJson(plan.steps), stepsJson(expected.steps));
        QCOMPARE(plan.target, expected.target);
        QCOMPARE(plan.kind, expected.kind);
        QCOMPARE(plan.preset, expected.preset);
        QCOMPARE(plan.ceph, expected.ceph); // the health poll uses the same client
        QVERIFY(plan.nodes.size() == 1 && plan.nodes.first().isLocal());
        checkReview(review, plan);
        QVERIFY(review->changesLabel()->text().contains(QStringLiteral("archive")));
        QVERIFY(review->changesLabel()->text().contains(QStringLiteral("/bench")));
        QVERIFY(review->commandsText().contains(QStringLiteral("libcephfs seq-read bs=1M threads=2 fileSize=128M")));
        QVERIFY(saveShot(&w, QStringLiteral("cephfs-3-review-native")));

        const Plan ran = finish(w);
        QCOMPARE(stepsJson(ran.steps), stepsJson(expected.steps));
        Error pe;
        const Plan back = Plan::fromJsonBytes(ran.toJsonBytes(), &pe);
        QVERIFY2(!pe, qPrintable(pe.toString()));
        QVERIFY(!CephFsKind().validate(back));
    }

    void metadataPresetNative()
    {
        PlanWizard w({});
        w.show();
        CephFsTargetPage *target = toTarget(w);
        QVERIFY(target);
        QCOMPARE(target->fsCombo()->count(), 0); // no inventory: typed, or the default fs
        QCOMPARE(target->fsCombo()->currentText(), QString());
        QVERIFY(clickNext(w));
        auto *params = currentPage<CephFsParamsPage>(w);
        QVERIFY(params);
        QVERIFY(selectById(params->presetList(), QStringLiteral("metadata")));
        params->advancedToggle()->click();
        params->filesSpin()->setValue(300);
        params->threadsSpin()->setValue(3);
        QVERIFY(clickNext(w));
        CephFsKind::Options o;
        o.conf = QStringLiteral("/etc/ceph/ceph.conf");
        o.preset = QStringLiteral("metadata");
        o.files = 300;
        o.threads = 3;
        Error e;
        const Plan expected = CephFsKind::makePlan({}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(stepsJson(w.plan().steps), stepsJson(expected.steps));
        QCOMPARE(w.plan().target, expected.target);
        QCOMPARE(w.plan().steps.first().params.value(QStringLiteral("files")).toInt(), 300);
        checkReview(currentPage<CephFsReviewPage>(w), w.plan());
    }

    void fioWithAppMountNeedsConsent()
    {
        PlanWizard w({pve1()});
        w.resize(820, 680);
        w.show();
        CephFsTargetPage *target = toTarget(w);
        QVERIFY(target);
        target->engineCombo()->setCurrentIndex(target->engineCombo()->findData(QStringLiteral("fio")));
        QVERIFY(target->nodeCombo()->isVisible());
        QVERIFY(!target->clientForm()->isVisible());
        QCOMPARE(target->nodeCombo()->count(), 2); // this machine + pve1
        target->nodeCombo()->setCurrentIndex(1);
        target->fsCombo()->setEditText(QStringLiteral("cephfs"));
        target->appMountRadio()->setChecked(true);
        target->mountToolCombo()->setCurrentIndex(target->mountToolCombo()->findData(QStringLiteral("ceph-fuse")));
        target->nodeKeyringEdit()->setText(QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring"));
        QVERIFY(target->consentCheck()->isVisible());
        QVERIFY(!target->consentCheck()->isChecked());
        // Without consent: no Next, and the page says why and what would happen.
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(!clickNext(w));
        QVERIFY(target->problemLabel()->text().contains(QStringLiteral("Tick the box")));
        const QString consentText = target->findChild<QLabel *>(QStringLiteral("cephFsConsentText"))->text();
        QVERIFY2(consentText.contains(QStringLiteral("pve1"))
                && consentText.contains(QStringLiteral("/tmp/clustermark-cephfs-"))
                && consentText.contains(QStringLiteral("ceph-fuse")) && consentText.contains(QStringLiteral("unmounts"))
                && consentText.contains(QStringLiteral("cephfs")),
            qPrintable(consentText));
        QVERIFY(saveShot(&w, QStringLiteral("cephfs-1-target-fio-no-consent")));
        target->consentCheck()->setChecked(true);
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(saveShot(&w, QStringLiteral("cephfs-1-target-fio-mount")));
        QVERIFY(clickNext(w));

        auto *params = currentPage<CephFsParamsPage>(w);
        QVERIFY(params);
        // fio measures throughput only: the metadata preset is off, quick loses its metadata step.
        const int meta = rowById(params->presetList(), QStringLiteral("metadata"));
        QVERIFY(!(params->presetList()->item(meta)->flags() & Qt::ItemIsEnabled));
        QVERIFY(selectById(params->presetList(), QStringLiteral("quick")));
        params->advancedToggle()->click();
        QCOMPARE(params->workloadList()->count(), 3);
        QVERIFY(params->iodepthSpin()->isVisible());
        params->iodepthSpin()->setValue(8);
        QVERIFY(clickNext(w));

        auto *review = currentPage<CephFsReviewPage>(w);
        QVERIFY(review);
        CephFsKind::Options o;
        o.engine = QStringLiteral("fio");
        o.conf = QStringLiteral("/etc/ceph/ceph.conf");
        o.keyring = QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring");
        o.fsName = QStringLiteral("cephfs");
        o.mount = QStringLiteral("ceph-fuse");
        o.mountConsent = true;
        o.preset = QStringLiteral("quick");
        o.iodepth = 8;
        Error e;
        const Plan expected = CephFsKind::makePlan({pve1()}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        const Plan &plan = w.plan();
        QCOMPARE(stepsJson(plan.steps), stepsJson(expected.steps));
        QCOMPARE(plan.target, expected.target);
        QCOMPARE(plan.nodes.size(), 1);
        QCOMPARE(plan.nodes.first().secretKey(), pve1().secretKey());
        checkReview(review, plan);
        QVERIFY(review->commandsText().contains(QStringLiteral("ceph-fuse")));
        // unmounted by umount (root), not by fusermount, which may not be installed
        QVERIFY(review->commandsText().contains(QStringLiteral("umount /tmp/clustermark-cephfs-")));
        const QString changes = review->changesLabel()->text();
        QVERIFY2(changes.contains(QStringLiteral("Mounted and unmounted")) && changes.contains(QStringLiteral("pve1")),
            qPrintable(changes));
        QCOMPARE(review->nameEdit()->text(), QStringLiteral("CephFS · Quick (pve1)"));
        QVERIFY(saveShot(&w, QStringLiteral("cephfs-3-review-fio")));

        // Back to the target page: taking the consent back blocks Next again.
        w.back();
        w.back();
        target = currentPage<CephFsTargetPage>(w);
        QVERIFY(target);
        QVERIFY(target->consentCheck()->isChecked());
        target->consentCheck()->setChecked(false);
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());

        // Two clients at once: pve1 and this machine, a mount and a folder each.
        target->consentCheck()->setChecked(true);
        QCOMPARE(target->moreNodesList()->count(), 1); // this machine; pve1 is the first node
        target->moreNodesList()->item(0)->setCheckState(Qt::Checked);
        QCOMPARE(target->chosenNodes().size(), 2);
        QVERIFY(target->findChild<QLabel *>(QStringLiteral("cephFsConsentText"))
                    ->text()
                    .contains(QStringLiteral("each chosen node")));
        QVERIFY(clickNext(w));
        QVERIFY(clickNext(w));
        QCOMPARE(w.plan().nodes.size(), 2);
        const Error v = CephFsKind().validate(w.plan());
        QVERIFY2(!v, qPrintable(v.toString()));
    }

    void fioOnExistingMount()
    {
        PlanWizard w({pve1()});
        w.show();
        CephFsTargetPage *target = toTarget(w);
        QVERIFY(target);
        target->engineCombo()->setCurrentIndex(target->engineCombo()->findData(QStringLiteral("fio")));
        target->nodeCombo()->setCurrentIndex(1);
        QVERIFY(target->existingMountRadio()->isChecked());
        QVERIFY(!target->consentCheck()->isVisible()); // nothing is mounted
        target->mountPathEdit()->setText(QStringLiteral("/mnt/pve/cephfs"));
        target->dirEdit()->setText(QStringLiteral("/bench"));
        QVERIFY(clickNext(w));
        QVERIFY(clickNext(w)); // the default preset (throughput: quick is not the default here)
        CephFsKind::Options o;
        o.engine = QStringLiteral("fio");
        o.mountPath = QStringLiteral("/mnt/pve/cephfs");
        o.dir = QStringLiteral("/bench");
        o.preset = w.plan().preset;
        Error e;
        const Plan expected = CephFsKind::makePlan({pve1()}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(stepsJson(w.plan().steps), stepsJson(expected.steps));
        QCOMPARE(w.plan().target, expected.target);
        auto *review = currentPage<CephFsReviewPage>(w);
        checkReview(review, w.plan());
        QVERIFY(review->changesLabel()->text().contains(QStringLiteral("existing CephFS mount at /mnt/pve/cephfs")));
        QVERIFY(review->commandsText().contains(QStringLiteral("/mnt/pve/cephfs/bench/clustermark-bench-")));
        QVERIFY(!review->commandsText().contains(QStringLiteral("fusermount")));
    }

    void runAgainKeepsTheChoices()
    {
        CephFsKind::Options o;
        o.engine = QStringLiteral("fio");
        o.conf = QStringLiteral("/etc/ceph/ceph.conf");
        o.fsName = QStringLiteral("cephfs");
        o.mount = QStringLiteral("kernel");
        o.mountConsent = true;
        o.preset = QStringLiteral("throughput");
        o.threads = 6;
        o.iodepth = 2;
        Error e;
        Plan saved = CephFsKind::makePlan({pve1()}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        saved.steps.removeFirst();
        saved.name = QStringLiteral("fs bench");
        PlanWizard w({pve1()});
        w.setPlan(saved);
        w.show();
        CephFsTargetPage *target = toTarget(w);
        QVERIFY(target);
        QCOMPARE(target->engineCombo()->currentData().toString(), QStringLiteral("fio"));
        QCOMPARE(target->nodeCombo()->currentIndex(), 1);
        QVERIFY(target->appMountRadio()->isChecked());
        QCOMPARE(target->mountToolCombo()->currentData().toString(), QStringLiteral("kernel"));
        QVERIFY(target->consentCheck()->isChecked());
        QVERIFY(clickNext(w));
        auto *params = currentPage<CephFsParamsPage>(w);
        QCOMPARE(params->threadsSpin()->value(), 6);
        QCOMPARE(params->iodepthSpin()->value(), 2);
        QCOMPARE(params->checkedWorkloads().size(), 3);
        QVERIFY(clickNext(w));
        QCOMPARE(currentPage<CephFsReviewPage>(w)->nameEdit()->text(), QStringLiteral("fs bench")); // its own name
        QCOMPARE(stepsJson(w.plan().steps), stepsJson(saved.steps));
        QCOMPARE(w.plan().target, saved.target);
    }
};

QTEST_MAIN(TestCephFsWizard)
#include "test_cephfswizard.moc"
