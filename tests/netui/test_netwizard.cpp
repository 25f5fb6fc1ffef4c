// SPDX-License-Identifier: GPL-3.0-or-later
// Drives the plan wizard offscreen through the net-iperf page set with real widgets
// and the real kind: the plan it hands on is the one NetIperfKind::makePlan (the
// builder of `clustermark-cli plan net`) makes from the same choices, and the review
// lists every pair's exact server and client commands.
#include "bench/netiperf/netiperfkind.h"
#include "bench/netiperf/netiperfrunner.h"
#include "bench/registry.h"
#include "shots.h"
#include "transport/shellquote.h"
#include "wizard/kindpage.h"
#include "kinds/netiperf/netnodespage.h"
#include "kinds/netiperf/netparamspage.h"
#include "kinds/netiperf/netpreviewpage.h"
#include "wizard/planwizard.h"

#include "wizarddriver.h"
#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

using namespace cm;
using namespace cm::ui;
using namespace cmtest;

namespace {
QList<NodeSpec> threeNodes()
{
    QList<NodeSpec> out;
    for (int k = 1; k <= 3; ++k) {
        NodeSpec n = NodeSpec::parse(QStringLiteral("root@10.9.0.%1").arg(k));
        n.name = QStringLiteral("pve%1").arg(k);
        out << n;
    }
    return out;
}
} // namespace

class TestNetWizard : public QObject {
    Q_OBJECT

    // Kind page → the net-iperf page set.
    NetNodesPage *toNodes(PlanWizard &w) { return chooseKind<NetNodesPage>(w, NetIperfKind::kindId()); }
    static void tick(NetNodesPage *p, const QStringList &names)
    {
        for (int i = 0; i < p->list()->count(); ++i) {
            bool on = false;
            for (const QString &n : names)
                on = on || p->list()->item(i)->text().startsWith(n + QLatin1Char(' '));
            p->list()->item(i)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        }
    }

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    // Every pair of the mesh at the same time: one step, each node's servers and clients.
    void meshAtOnce()
    {
        PlanWizard w(threeNodes());
        w.show();
        NetNodesPage *nodes = toNodes(w);
        QVERIFY(nodes);
        nodes->modeCombo()->setCurrentIndex(nodes->modeCombo()->findData(QStringLiteral("mesh")));
        tick(nodes, {QStringLiteral("pve1"), QStringLiteral("pve2"), QStringLiteral("pve3")});
        QVERIFY(clickNext(w));
        auto *params = currentPage<NetParamsPage>(w);
        QVERIFY(params);
        QVERIFY(params->atOnceCheck()->isVisible());
        params->atOnceCheck()->setChecked(true);
        QVERIFY(clickNext(w));
        auto *review = currentPage<NetPreviewPage>(w);
        QVERIFY(review);
        const Plan &plan = w.plan();
        QCOMPARE(plan.steps.size(), 1);
        QVERIFY(!NetIperfKind().validate(plan));
        const QString text = review->commandsText();
        QCOMPARE(text.count(QStringLiteral("iperf3 -s")), 6); // one server per pair
        QCOMPARE(text.count(QStringLiteral("iperf3 -c")), 6);
        QVERIFY2(text.contains(QStringLiteral("[pve1] iperf3 -c")), qPrintable(text));
    }

    void meshPlanAndCommands()
    {
        PlanWizard w(threeNodes());
        w.resize(820, 620);
        w.show();
        NetNodesPage *nodes = toNodes(w);
        QVERIFY(nodes);
        QCOMPARE(nodes->list()->count(), 4); // local + three
        cmtest::saveShot(&w, QStringLiteral("wizard-1-nodes-empty"));
        nodes->modeCombo()->setCurrentIndex(nodes->modeCombo()->findData(QStringLiteral("pair")));
        tick(nodes, {QStringLiteral("pve1"), QStringLiteral("pve2"), QStringLiteral("pve3")});
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled()); // a pair of three: blocked
        QVERIFY(nodes->problemLabel()->text().contains(QStringLiteral("exactly two")));
        nodes->modeCombo()->setCurrentIndex(nodes->modeCombo()->findData(QStringLiteral("mesh")));
        QVERIFY(nodes->problemLabel()->text().isEmpty());
        QVERIFY(nodes->centreCombo()->isHidden() || !nodes->centreCombo()->isVisible());
        cmtest::saveShot(&w, QStringLiteral("wizard-1-nodes-mesh"));
        QVERIFY(clickNext(w));

        auto *params = currentPage<NetParamsPage>(w);
        QVERIFY(params);
        QCOMPARE(params->streamsSpin()->value(), 4); // the kind's defaults
        QCOMPARE(params->durationSpin()->value(), 10);
        params->directionCombo()->setCurrentIndex(params->directionCombo()->findData(QStringLiteral("reverse")));
        params->streamsSpin()->setValue(8);
        params->durationSpin()->setValue(5);
        params->toolCombo()->setCurrentIndex(params->toolCombo()->findData(QStringLiteral("iperf2")));
        cmtest::saveShot(&w, QStringLiteral("wizard-2-params"));
        QVERIFY(clickNext(w));

        auto *review = currentPage<NetPreviewPage>(w);
        QVERIFY(review);
        const Plan &plan = w.plan();
        QCOMPARE(plan.kind, NetIperfKind::kindId());
        QCOMPARE(plan.steps.size(), 6); // every ordered pair of three
        // The same plan as the shared builder makes (the CLI's `plan net` calls it too).
        NetIperfKind::Options o;
        o.mode = QStringLiteral("mesh");
        o.direction = QStringLiteral("reverse");
        o.streams = 8;
        o.duration = 5;
        o.tool = QStringLiteral("iperf2");
        Error e;
        const Plan expected = NetIperfKind::makePlan(threeNodes(), o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QJsonArray gotSteps, wantSteps;
        for (const PlanStep &s : plan.steps)
            gotSteps.append(s.toJson());
        for (const PlanStep &s : expected.steps)
            wantSteps.append(s.toJson());
        QCOMPARE(QJsonDocument(gotSteps).toJson(), QJsonDocument(wantSteps).toJson());
        QCOMPARE(plan.target, expected.target);
        QCOMPARE(plan.nodes.size(), 3);
        QVERIFY(!NetIperfKind().validate(plan));

        // The review: every pair's exact server and client commands, quoted as run.
        const QString text = review->commandsText();
        QVERIFY2(text.contains(QStringLiteral(
                     "[pve2] iperf -s -p PORT -t 25\n[pve1] iperf -c 10.9.0.2 -p PORT -P 8 -i 1 -t 5 -y C -R")),
            qPrintable(text));
        for (int i = 0; i < plan.steps.size(); ++i) {
            const PlanStep &s = plan.steps.at(i);
            const QString server = s.params.value(QStringLiteral("server")).toString();
            const QString client = s.params.value(QStringLiteral("client")).toString();
            QString cli = shellJoin(
                NetIperfKind::clientArgs(QStringLiteral("iperf2"), NetIperfKind::serverAddress(plan, s), 0, s));
            cli.replace(QLatin1String(" -p 0"), QLatin1String(" -p PORT"));
            QVERIFY2(text.contains(QStringLiteral("[%1] %2").arg(client, cli)), qPrintable(cli));
            QVERIFY(text.contains(QStringLiteral("[%1] iperf -s").arg(server)));
        }
        QVERIFY(!text.contains(QStringLiteral("iperf3"))); // iperf 2 was asked for
        QVERIFY(text.contains(QStringLiteral("PORT: a free port")));
        QVERIFY(!review->checkButton()->isEnabled()); // nothing automatic to check
        QCOMPARE(review->estimatedSeconds(), 6 * 7.5);
        cmtest::saveShot(&w, QStringLiteral("wizard-3-review-mesh"));

        QSignalSpy spy(&w, &PlanWizard::runRequested);
        QTest::mouseClick(w.button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(spy.size(), 1);
        const Plan ran = spy.first().first().value<Plan>();
        QCOMPARE(ran.steps.size(), 6);
        QVERIFY(ran.name.contains(QStringLiteral("mesh")));
        // survives the JSON round trip the CLI's `run` reads
        Error pe;
        const Plan back = Plan::fromJsonBytes(ran.toJsonBytes(), &pe);
        QVERIFY2(!pe, qPrintable(pe.toString()));
        QVERIFY(!NetIperfKind().validate(back));
    }

    void starAroundAServerAndAHostileAddress()
    {
        PlanWizard w(threeNodes());
        w.show();
        NetNodesPage *nodes = toNodes(w);
        QVERIFY(nodes);
        nodes->modeCombo()->setCurrentIndex(nodes->modeCombo()->findData(QStringLiteral("star")));
        tick(nodes, {QStringLiteral("pve1"), QStringLiteral("pve2")});
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled()); // a star needs three
        tick(nodes, {QStringLiteral("pve1"), QStringLiteral("pve2"), QStringLiteral("pve3")});
        QCOMPARE(nodes->centreCombo()->count(), 3);
        nodes->centreCombo()->setCurrentIndex(2); // pve3 in the centre …
        nodes->centreServesRadio()->setChecked(true); // … running the server
        cmtest::saveShot(&w, QStringLiteral("wizard-1-nodes-star"));
        QVERIFY(clickNext(w));
        QVERIFY(clickNext(w)); // defaults: forward, 4 streams, 10 s, auto
        auto *review = currentPage<NetPreviewPage>(w);
        QVERIFY(review);
        const Plan &plan = w.plan();
        QCOMPARE(plan.steps.size(), 2);
        for (const PlanStep &s : plan.steps)
            QCOMPARE(s.params.value(QStringLiteral("server")).toString(), QStringLiteral("pve3"));
        QCOMPARE(plan.steps.at(0).params.value(QStringLiteral("client")).toString(), QStringLiteral("pve1"));
        QCOMPARE(plan.steps.at(1).params.value(QStringLiteral("client")).toString(), QStringLiteral("pve2"));
        const QString text = review->commandsText();
        QVERIFY2(text.contains(QStringLiteral(
                     "[pve3] iperf3 -s -1 -p PORT --forceflush\n[pve1] iperf3 -c 10.9.0.3 -p PORT -J -P 4 -t 10")),
            qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("# or, with iperf 2:\n[pve3] iperf -s -p PORT -t 30")));
        QVERIFY(review->checkButton()->isEnabled());

        // The check of the nodes, with a stand-in prober: no 40 Gbit/s link exists
        // here (the real prober runs against network-namespace nodes in test_netresults).
        review->setProber([](const NodeSpec &n) {
            NetEndProbe p;
            p.node = n.displayName();
            p.iperf3Version = QStringLiteral("3.12");
            p.iperf2Version = QStringLiteral("2.1.8");
            NicInfo nic;
            nic.name = QStringLiteral("bond0");
            nic.speedMbps = 40000;
            p.nics << nic;
            return p;
        });
        QSignalSpy checked(review, &NetPreviewPage::toolsChecked);
        QTest::mouseClick(review->checkButton(), Qt::LeftButton);
        QVERIFY(checked.wait(5000));
        QCOMPARE(review->resolvedTool(0), QStringLiteral("iperf2"));
        QVERIFY2(review->toolReason(0).contains(QStringLiteral("3.16")), qPrintable(review->toolReason(0)));
        QVERIFY(review->toolLabel()->text().contains(QStringLiteral("cannot fill")));
        const QString after = review->commandsText();
        QVERIFY2(after.contains(QStringLiteral(
                     "[pve3] iperf -s -p PORT -t 30\n[pve1] iperf -c 10.9.0.3 -p PORT -P 4 -i 1 -t 10 -y C")),
            qPrintable(after));
        QVERIFY(!after.contains(QStringLiteral("iperf3 -c")));
        cmtest::saveShot(&w, QStringLiteral("wizard-3-review-star-checked"));

        // Back to the nodes: a pair with a hostile "address" is refused on the page.
        w.back();
        w.back();
        nodes = currentPage<NetNodesPage>(w);
        QVERIFY(nodes);
        nodes->modeCombo()->setCurrentIndex(nodes->modeCombo()->findData(QStringLiteral("pair")));
        tick(nodes, {QStringLiteral("pve1"), QStringLiteral("pve2")});
        nodes->serverAddressEdit()->setText(QStringLiteral("10.0.0.2;reboot"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(nodes->problemLabel()->text().contains(QStringLiteral("not a host name")));
        nodes->serverAddressEdit()->setText(QStringLiteral("192.168.50.2"));
        nodes->centreCombo()->setCurrentIndex(1); // pve2 is the client
        QVERIFY(clickNext(w));
        QVERIFY(clickNext(w));
        QCOMPARE(w.plan().steps.size(), 1);
        QCOMPARE(w.plan().steps.at(0).params.value(QStringLiteral("client")).toString(), QStringLiteral("pve2"));
        QCOMPARE(w.plan().steps.at(0).params.value(QStringLiteral("serverAddress")).toString(),
            QStringLiteral("192.168.50.2"));
        QVERIFY(
            currentPage<NetPreviewPage>(w)->commandsText().contains(QStringLiteral("iperf3 -c 192.168.50.2 -p PORT")));
    }

    void duplicateNamesAreRefusedWithTheKindsWords()
    {
        // Two nodes with the same display name: the builder refuses, the page says why.
        QList<NodeSpec> nodes = threeNodes();
        nodes[1].name = nodes[0].name;
        PlanWizard w(nodes);
        w.show();
        NetNodesPage *p = toNodes(w);
        QVERIFY(p);
        p->modeCombo()->setCurrentIndex(p->modeCombo()->findData(QStringLiteral("mesh")));
        tick(p, {QStringLiteral("pve1"), QStringLiteral("pve3")});
        p->list()->item(2)->setCheckState(Qt::Checked); // the second "pve1"
        QVERIFY(clickNext(w));
        auto *params = currentPage<NetParamsPage>(w);
        QVERIFY(params);
        QVERIFY(!clickNext(w));
        QVERIFY2(params->problemLabel()->text().contains(QStringLiteral("distinct names")),
            qPrintable(params->problemLabel()->text()));
    }
};

QTEST_MAIN(TestNetWizard)
#include "test_netwizard.moc"
