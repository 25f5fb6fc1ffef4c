// SPDX-License-Identifier: GPL-3.0-or-later
// Drives the plan wizard offscreen, page by page, with the real disk-fio kind.
#include "bench/registry.h"
#include "presettext.h"
#include "wizard/diskparamspage.h"
#include "kinds/diskfio/disksafetypage.h"
#include "kinds/diskfio/disktargetpage.h"
#include "wizard/kindpage.h"
#include "wizard/nodespage.h"
#include "wizard/cephclientform.h"
#include "kinds/osdlatency/osdlatencytargetpage.h"
#include "wizard/planwizard.h"
#include "kinds/rados/radostargetpage.h"
#include "kinds/rbd/rbdtargetpage.h"
#include "wizard/nodecheckpanel.h"
#include "wizard/reviewpage.h"

#include "shots.h"
#include "wizarddriver.h"
#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace cm;
using namespace cm::ui;
using namespace cmtest;

class TestPlanWizard : public QObject {
    Q_OBJECT
    // The page lists the kind's own presets, each with the number of tests it holds:
    // never the disk kind's titles under another kind.
    static void checkPresetTitles(DiskParamsPage *params, const QString &kindId)
    {
        const QList<Preset> presets = Registry::instance().kind(kindId)->presets();
        QCOMPARE(params->presetList()->count(), presets.size());
        for (int i = 0; i < presets.size(); ++i) {
            const QString text = params->presetList()->item(i)->text();
            QVERIFY2(text.startsWith(presets.at(i).title), qPrintable(text));
            const qsizetype n = presets.at(i).steps.size();
            QVERIFY2(text.endsWith(n == 1 ? QStringLiteral("— 1 test") : QStringLiteral("— %1 tests").arg(n)),
                qPrintable(text));
            QVERIFY2(!text.contains(QStringLiteral("CrystalDiskMark")), qPrintable(text));
        }
        // the chosen preset's description is on the page, not only in a tooltip
        const int row = params->presetList()->currentRow();
        auto *description = params->findChild<QLabel *>(QStringLiteral("presetDescription"));
        QVERIFY(row >= 0 && description);
        QCOMPARE(description->text(), presetDescription(presets.at(row)));
        QVERIFY(!description->text().isEmpty());
    }

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void fileTargetPlan()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        PlanWizard w({});
        w.setDefaultTargetDir(dir.path());
        w.show();
        QVERIFY(currentPage<KindPage>(w));
        auto *kinds = currentPage<KindPage>(w)->list();
        QVERIFY(kinds->count() >= 1);
        QCOMPARE(kinds->currentItem()->data(Qt::UserRole).toString(), QStringLiteral("disk-fio"));
        QVERIFY(clickNext(w));

        auto *nodes = currentPage<NodesPage>(w);
        QVERIFY(nodes);
        QCOMPARE(nodes->list()->item(0)->checkState(), Qt::Checked); // local pre-ticked
        nodes->list()->item(0)->setCheckState(Qt::Unchecked);
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled()); // no node: blocked
        nodes->list()->item(0)->setCheckState(Qt::Checked);
        QVERIFY(clickNext(w));

        auto *target = currentPage<DiskTargetPage>(w);
        QVERIFY(target);
        QVERIFY(target->fileRadio()->isChecked());
        QCOMPARE(target->dirEdit()->text(), dir.path());
        target->dirEdit()->setText(dir.path() + QStringLiteral("/missing"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled()); // folder never created
        target->dirEdit()->setText(dir.path());
        target->sizeEdit()->setText(QStringLiteral("16m"));
        QVERIFY(clickNext(w));

        auto *params = currentPage<DiskParamsPage>(w);
        QVERIFY(params);
        QCOMPARE(params->presetList()->count(), 2);
        QCOMPARE(params->presetList()->currentRow(), 0); // quick
        QTest::mouseClick(params->advancedToggle(), Qt::LeftButton);
        QVERIFY(params->runtimeSpin()->isVisible());
        params->runtimeSpin()->setValue(7);
        QCOMPARE(params->stepTable()->rowCount(), 8);
        params->stepTable()->item(0, 2)->setText(QStringLiteral("16")); // QD of the first test
        QVERIFY(clickNext(w));

        auto *safety = currentPage<DiskSafetyPage>(w);
        QVERIFY(safety);
        QVERIFY(!safety->confirmEdit()->isVisible()); // files need no typing
        QVERIFY(clickNext(w));

        auto *review = currentPage<ReviewPage>(w);
        QVERIFY(review);
        const QString cmds = review->commandsText();
        QVERIFY2(cmds.contains(QStringLiteral("fio")), qPrintable(cmds));
        QVERIFY2(cmds.contains(QStringLiteral("--runtime=7")), qPrintable(cmds));
        QVERIFY(cmds.contains(dir.path()));
        QVERIFY(review->estimatedSeconds() >= 8 * 7);
        const QString saved = dir.filePath(QStringLiteral("plan.json"));
        QCOMPARE(review->savePlan(saved), QString());

        QSignalSpy spy(&w, &PlanWizard::runRequested);
        QVERIFY(w.button(QWizard::FinishButton)->isVisible());
        QCOMPARE(w.button(QWizard::FinishButton)->text(), QStringLiteral("Run"));
        QTest::mouseClick(w.button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        const Plan plan = spy.at(0).at(0).value<Plan>();
        QCOMPARE(plan.kind, QStringLiteral("disk-fio"));
        QCOMPARE(plan.nodes.size(), 1);
        QVERIFY(plan.nodes.first().isLocal());
        QCOMPARE(plan.target.value(QStringLiteral("type")).toString(), QStringLiteral("file"));
        QCOMPARE(plan.target.value(QStringLiteral("dir")).toString(), dir.path());
        QCOMPARE(plan.target.value(QStringLiteral("size")).toString(), QStringLiteral("16M"));
        QCOMPARE(plan.preset, QStringLiteral("quick"));
        const auto quick = Registry::instance().kind(QStringLiteral("disk-fio"))->presets().first();
        QCOMPARE(plan.steps.size(), quick.steps.size());
        for (int i = 0; i < plan.steps.size(); ++i) {
            QCOMPARE(plan.steps.at(i).id, quick.steps.at(i).id);
            QCOMPARE(plan.steps.at(i).params.value(QStringLiteral("runtime")).toInt(), 7);
        }
        QCOMPARE(plan.steps.at(0).params.value(QStringLiteral("iodepth")).toInt(), 16);
        QCOMPARE(plan.steps.at(1).params.value(QStringLiteral("iodepth")).toInt(),
            quick.steps.at(1).params.value(QStringLiteral("iodepth")).toInt());
        QVERIFY(!Registry::instance().kind(plan.kind)->validate(plan).isError());

        // The saved file is the same plan, readable by the CLI's parser.
        QFile f(saved);
        QVERIFY(f.open(QIODevice::ReadOnly));
        Error err;
        const Plan loaded = Plan::fromJsonBytes(f.readAll(), &err);
        QVERIFY2(!err, qPrintable(err.toString()));
        QCOMPARE(loaded.steps.size(), plan.steps.size());
        QCOMPARE(loaded.target, plan.target);
    }

    void rbdPlan()
    {
        PlanWizard w({});
        w.show();
        auto *kinds = currentPage<KindPage>(w)->list();
        QListWidgetItem *rbd = nullptr;
        for (int i = 0; i < kinds->count(); ++i)
            if (kinds->item(i)->data(Qt::UserRole).toString() == QLatin1String("rbd"))
                rbd = kinds->item(i);
        QVERIFY2(rbd, "the RBD kind is offered");
        kinds->setCurrentItem(rbd);
        QVERIFY(clickNext(w));
        QVERIFY(currentPage<NodesPage>(w));
        QVERIFY(clickNext(w));
        auto *target = currentPage<RbdTargetPage>(w);
        QVERIFY(target);
        target->poolEdit()->setText(QStringLiteral("bad pool;"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        target->poolEdit()->setText(QStringLiteral("bench"));
        target->dataPoolEdit()->setText(QStringLiteral("ec data"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled()); // no spaces in a pool name
        target->dataPoolEdit()->setText(QStringLiteral("ecdata"));
        target->confEdit()->setText(QStringLiteral("/etc/pve/ceph.conf"));
        target->keyringEdit()->setText(QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring"));
        QVERIFY(target->healthCheck()->isChecked()); // local node: health polled too
        target->engineCombo()->setCurrentIndex(1); // native: fine with the local node
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        target->engineCombo()->setCurrentIndex(0);
        QCOMPARE(target->cacheCombo()->currentData().toString(), QString()); // as the cluster sets it
        target->cacheCombo()->setCurrentIndex(target->cacheCombo()->findData(QStringLiteral("off")));
        QVERIFY(saveShot(&w, QStringLiteral("rbd-target")));
        QVERIFY(clickNext(w));
        auto *params = currentPage<DiskParamsPage>(w);
        QVERIFY(params);
        QCOMPARE(params->presetList()->count(), 1);
        QCOMPARE(params->stepTable()->rowCount(), 6);
        QVERIFY(clickNext(w));
        auto *review = currentPage<ReviewPage>(w);
        QVERIFY(review);
        QVERIFY2(review->commandsText().contains(QStringLiteral("--ioengine=rbd")), qPrintable(review->commandsText()));
        QVERIFY(review->commandsText().contains(QStringLiteral("CEPH_CONF=/etc/pve/ceph.conf")));
        QVERIFY2(
            review->commandsText().contains(QStringLiteral("--rbd_cache=false")), qPrintable(review->commandsText()));
        QSignalSpy spy(&w, &PlanWizard::runRequested);
        QTest::mouseClick(w.button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        const Plan plan = spy.at(0).at(0).value<Plan>();
        QCOMPARE(plan.kind, QStringLiteral("rbd"));
        QVERIFY2(plan.name.startsWith(QStringLiteral("RBD")), qPrintable(plan.name)); // the review page's name
        QCOMPARE(plan.target.value(QStringLiteral("pool")).toString(), QStringLiteral("bench"));
        QCOMPARE(plan.target.value(QStringLiteral("cache")).toString(), QStringLiteral("off"));
        QCOMPARE(plan.target.value(QStringLiteral("dataPool")).toString(), QStringLiteral("ecdata"));
        QCOMPARE(plan.ceph.value(QStringLiteral("conf")).toString(), QStringLiteral("/etc/pve/ceph.conf"));
        const Error v = Registry::instance().kind(plan.kind)->validate(plan);
        QVERIFY2(!v, qPrintable(v.toString()));
    }

    // Two RBD clients and a scaling series: each test with the first client, then both;
    // the review lists each step's command on the nodes it runs on only.
    void rbdScalingSeries()
    {
        PlanWizard w({NodeSpec::parse(QStringLiteral("root@pve2"))});
        w.show();
        QVERIFY(chooseKind(w, QStringLiteral("rbd")));
        auto *nodes = currentPage<NodesPage>(w);
        QVERIFY(nodes);
        QCOMPARE(nodes->list()->count(), 2); // this machine and pve2
        for (int i = 0; i < nodes->list()->count(); ++i)
            nodes->list()->item(i)->setCheckState(Qt::Checked);
        QVERIFY(clickNext(w));
        auto *target = currentPage<RbdTargetPage>(w);
        QVERIFY(target);
        target->poolEdit()->setText(QStringLiteral("bench"));
        target->confEdit()->setText(QStringLiteral("/etc/pve/ceph.conf"));
        target->keyringEdit()->setText(QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring"));
        QVERIFY(clickNext(w));
        QVERIFY(clickNext(w));
        auto *review = currentPage<ReviewPage>(w);
        QVERIFY(review);
        QVERIFY(review->scalingBox()->isVisible());
        QVERIFY(review->commandsText().contains(QStringLiteral("# 6/6")));
        review->scalingBox()->setChecked(true);
        const QString text = review->commandsText();
        QVERIFY2(text.contains(QStringLiteral("# 12/12")), qPrintable(text));
        const QString first = text.section(QStringLiteral("# 2/12"), 0, 0); // one client
        const QString second = text.section(QStringLiteral("# 2/12"), 1).section(QStringLiteral("# 3/12"), 0, 0);
        QVERIFY2(first.contains(QStringLiteral("[local]")) && !first.contains(QStringLiteral("[root@pve2]")),
            qPrintable(first));
        QVERIFY2(second.contains(QStringLiteral("[local]")) && second.contains(QStringLiteral("[root@pve2]")),
            qPrintable(second));
        QVERIFY(saveShot(&w, QStringLiteral("rbd-scaling-review")));
        QSignalSpy spy(&w, &PlanWizard::runRequested);
        QTest::mouseClick(w.button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        const Plan plan = spy.at(0).at(0).value<Plan>();
        QCOMPARE(plan.steps.size(), 12);
        QCOMPARE(plan.steps.at(1).params.value(QStringLiteral("clients")).toInt(), 2);
        const Error v = Registry::instance().kind(plan.kind)->validate(plan);
        QVERIFY2(!v, qPrintable(v.toString()));
    }

    bool chooseKind(PlanWizard &w, const QString &id)
    {
        auto *kinds = currentPage<KindPage>(w)->list();
        for (int i = 0; i < kinds->count(); ++i)
            if (kinds->item(i)->data(Qt::UserRole).toString() == id) {
                kinds->setCurrentItem(kinds->item(i));
                return clickNext(w);
            }
        return false;
    }

    void osdLatencyPlanNeedsPoolConsent()
    {
        PlanWizard w({});
        Plan connected; // the cluster the main window is connected to
        connected.ceph = {{QStringLiteral("conf"), QStringLiteral("/srv/lab/ceph.conf")},
            {QStringLiteral("keyring"), QStringLiteral("/srv/lab/keyring")},
            {QStringLiteral("client"), QStringLiteral("client.bench")}};
        w.prefill(connected);
        w.show();
        QVERIFY2(chooseKind(w, QStringLiteral("osd-latency")), "the per-OSD latency kind is offered");
        auto *target = currentPage<OsdLatencyTargetPage>(w);
        QVERIFY2(target, "no node page: ClusterMark is the client");
        QCOMPARE(target->clientForm()->confEdit()->text(), QStringLiteral("/srv/lab/ceph.conf"));
        QCOMPARE(target->clientForm()->clientEdit()->text(), QStringLiteral("bench"));
        QVERIFY(target->tempPoolRadio()->isChecked());
        QVERIFY2(!w.button(QWizard::NextButton)->isEnabled(), "a temporary pool needs the user's consent");
        target->consentCheck()->setChecked(true);
        target->osdsEdit()->setText(QStringLiteral("0,x"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        target->osdsEdit()->setText(QStringLiteral("osd.2, 0"));
        target->modeCombo()->setCurrentIndex(1);
        if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT")) // for looking at it by hand
            w.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT") + QStringLiteral("-osd.png"));
        QVERIFY(clickNext(w));
        auto *params = currentPage<DiskParamsPage>(w);
        QVERIFY(params);
        checkPresetTitles(params, QStringLiteral("osd-latency"));
        QVERIFY(clickNext(w));
        QVERIFY(currentPage<ReviewPage>(w));
        QVERIFY2(!currentPage<ReviewPage>(w)->nameEdit()->text().trimmed().isEmpty(), "the run gets a name");
        QSignalSpy spy(&w, &PlanWizard::runRequested);
        QTest::mouseClick(w.button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        const Plan plan = spy.at(0).at(0).value<Plan>();
        QCOMPARE(plan.kind, QStringLiteral("osd-latency"));
        QVERIFY2(!plan.name.trimmed().isEmpty(), "the run has the review page's name");
        QCOMPARE(plan.nodes.size(), 1);
        QVERIFY(plan.nodes.first().isLocal());
        QCOMPARE(plan.target.value(QStringLiteral("poolConsent")).toBool(), true);
        QCOMPARE(plan.target.value(QStringLiteral("mode")).toString(), QStringLiteral("parallel"));
        QCOMPARE(QJsonDocument(plan.target.value(QStringLiteral("osds")).toArray()).toJson(QJsonDocument::Compact),
            QByteArray("[2,0]"));
        QCOMPARE(plan.ceph.value(QStringLiteral("client")).toString(), QStringLiteral("client.bench"));
        const Error e = Registry::instance().kind(plan.kind)->validate(plan);
        QVERIFY2(!e, qPrintable(e.toString()));
    }

    void radosPlanShowsTheWorkingSet()
    {
        PlanWizard w({});
        w.show();
        QVERIFY2(chooseKind(w, QStringLiteral("rados")), "the RADOS kind is offered");
        QVERIFY(currentPage<NodesPage>(w)); // this machine, checked by default
        QVERIFY(clickNext(w));
        auto *target = currentPage<RadosTargetPage>(w);
        QVERIFY(target);
        QCOMPARE(target->engineCombo()->currentData().toString(), QStringLiteral("native"));
        target->clientForm()->confEdit()->setText(QStringLiteral("/etc/ceph/ceph.conf"));
        target->objectSizeEdit()->setText(QStringLiteral("4M"));
        target->objectsSpin()->setValue(2000);
        QVERIFY2(target->workingSetLabel()->text().contains(QStringLiteral("7.81 GiB")),
            qPrintable(target->workingSetLabel()->text()));
        target->objectSizeEdit()->setText(QStringLiteral("four"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        target->objectSizeEdit()->setText(QStringLiteral("1M"));
        target->objectsSpin()->setValue(300);
        target->poolEdit()->setText(QStringLiteral("bench"));
        if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT"))
            w.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT") + QStringLiteral("-rados.png"));
        QVERIFY(clickNext(w));
        QVERIFY(currentPage<DiskParamsPage>(w));
        checkPresetTitles(currentPage<DiskParamsPage>(w), QStringLiteral("rados"));
        QVERIFY(saveShot(&w, QStringLiteral("wizard-rados-presets")));
        QVERIFY(clickNext(w));
        QVERIFY(currentPage<ReviewPage>(w));
        QSignalSpy spy(&w, &PlanWizard::runRequested);
        QTest::mouseClick(w.button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        const Plan plan = spy.at(0).at(0).value<Plan>();
        QCOMPARE(plan.kind, QStringLiteral("rados"));
        QVERIFY2(plan.name.startsWith(QStringLiteral("RADOS")), qPrintable(plan.name));
        QVERIFY(plan.nodes.size() == 1 && plan.nodes.first().isLocal());
        QCOMPARE(plan.target.value(QStringLiteral("objects")).toInt(), 300);
        QCOMPARE(plan.target.value(QStringLiteral("objectSize")).toString(), QStringLiteral("1M"));
        const Error e = Registry::instance().kind(plan.kind)->validate(plan);
        QVERIFY2(!e, qPrintable(e.toString()));
    }

    // fio's rados engine on two client nodes: the stat test is left out, the plan runs.
    void radosFromClientNodes()
    {
        PlanWizard w({NodeSpec::parse(QStringLiteral("root@pve2"))});
        w.show();
        QVERIFY(chooseKind(w, QStringLiteral("rados")));
        auto *nodes = currentPage<NodesPage>(w);
        QVERIFY(nodes);
        for (int i = 0; i < nodes->list()->count(); ++i)
            nodes->list()->item(i)->setCheckState(Qt::Checked);
        QVERIFY(clickNext(w));
        auto *target = currentPage<RadosTargetPage>(w);
        QVERIFY(target);
        QCOMPARE(target->engineCombo()->currentData().toString(), QStringLiteral("fio")); // two nodes
        target->clientForm()->confEdit()->setText(QStringLiteral("/etc/pve/ceph.conf"));
        target->poolEdit()->setText(QStringLiteral("bench"));
        target->engineCombo()->setCurrentIndex(target->engineCombo()->findData(QStringLiteral("native")));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled()); // the own client runs here only
        target->engineCombo()->setCurrentIndex(target->engineCombo()->findData(QStringLiteral("fio")));
        QVERIFY(clickNext(w));
        QVERIFY(clickNext(w));
        auto *review = currentPage<ReviewPage>(w);
        QVERIFY(review);
        QVERIFY(review->scalingBox()->isVisible());
        QVERIFY2(
            review->commandsText().contains(QStringLiteral("--ioengine=rados")), qPrintable(review->commandsText()));
        // "Check the nodes": fio's rados engine, rados and the mons on each node (no SSH
        // here: the checker answers for pve2 as a node without ceph-common would).
        NodeCheckPanel *check = review->nodeCheck();
        QVERIFY(check->isVisible());
        QList<PreflightCheck> asked;
        check->setChecker([&](const Plan &p, const QList<PreflightCheck> &checks) {
            asked = checks;
            QList<PreflightResult> out;
            for (const NodeSpec &n : p.nodes)
                for (const PreflightCheck &c : checks) {
                    const bool missing = n.host == QLatin1String("pve2") && c.what == QLatin1String("rados");
                    out << PreflightResult {n.displayName(), c.what, !missing,
                        missing ? QStringLiteral("missing") : QString(), missing ? c.fix : QString()};
                }
            return out;
        });
        QSignalSpy checked(check, &NodeCheckPanel::checked);
        check->checkButton()->click();
        QVERIFY(checked.wait(5000));
        QCOMPARE(checked.first().first().toBool(), false);
        QCOMPARE(asked.size(), 3);
        const QString result = check->resultLabel()->text();
        QVERIFY2(result.contains(QStringLiteral("✗ pve2: rados: missing — install the package ceph-common")),
            qPrintable(result));
        QVERIFY(saveShot(&w, QStringLiteral("rados-review-check")));
        QSignalSpy spy(&w, &PlanWizard::runRequested);
        QTest::mouseClick(w.button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        const Plan plan = spy.at(0).at(0).value<Plan>();
        QCOMPARE(plan.nodes.size(), 2);
        for (const PlanStep &s : plan.steps)
            QVERIFY(s.params.value(QStringLiteral("op")).toString() != QLatin1String("stat"));
        const Error e = Registry::instance().kind(plan.kind)->validate(plan);
        QVERIFY2(!e, qPrintable(e.toString()));
    }

    void deviceNeedsTypedPath()
    {
        PlanWizard w({});
        w.show();
        QVERIFY(clickNext(w)); // kind
        QVERIFY(clickNext(w)); // nodes (local)
        auto *target = currentPage<DiskTargetPage>(w);
        QVERIFY(target);
        target->deviceRadio()->setChecked(true);
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        target->deviceEdit()->setText(QStringLiteral("/dev/sdz"));
        QVERIFY(clickNext(w));
        QVERIFY(clickNext(w)); // params
        auto *safety = currentPage<DiskSafetyPage>(w);
        QVERIFY(safety);
        QVERIFY(safety->confirmEdit()->isVisible());
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QTest::keyClicks(safety->confirmEdit(), QStringLiteral("/dev/sd"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QTest::keyClicks(safety->confirmEdit(), QStringLiteral("y"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled()); // /dev/sdy is not /dev/sdz
        safety->confirmEdit()->clear();
        QTest::keyClicks(safety->confirmEdit(), QStringLiteral("/dev/sdz "));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled()); // exact, no trailing space
        safety->confirmEdit()->clear();
        QTest::keyClicks(safety->confirmEdit(), QStringLiteral("/dev/sdz"));
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(clickNext(w));
        QVERIFY(currentPage<ReviewPage>(w));
        QCOMPARE(w.plan().target.value(QStringLiteral("confirm")).toString(), QStringLiteral("/dev/sdz"));
    }

    void prefilledNodeAndDevice()
    {
        Plan partial;
        partial.kind = QStringLiteral("disk-fio");
        partial.nodes = {NodeSpec::parse(QStringLiteral("root@10.0.0.5"))};
        partial.target = QJsonObject {{QStringLiteral("type"), QStringLiteral("device")},
            {QStringLiteral("path"), QStringLiteral("/dev/nvme1n1")}};
        PlanWizard w({});
        w.prefill(partial);
        w.show();
        QVERIFY(clickNext(w));
        auto *nodes = currentPage<NodesPage>(w);
        QCOMPARE(nodes->list()->count(), 2);
        QCOMPARE(nodes->list()->item(0)->checkState(), Qt::Unchecked); // local
        QCOMPARE(nodes->list()->item(1)->checkState(), Qt::Checked);
        QVERIFY(clickNext(w));
        auto *target = currentPage<DiskTargetPage>(w);
        QVERIFY(target->deviceRadio()->isChecked());
        QCOMPARE(target->deviceEdit()->text(), QStringLiteral("/dev/nvme1n1"));
    }
};

QTEST_MAIN(TestPlanWizard)
#include "test_planwizard.moc"
