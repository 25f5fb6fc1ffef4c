// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard's node pages offscreen: a node that failed to connect is not offered (the
// page says which and why), and "Add node…" hands a new node to the page, ticked.
#include "bench/registry.h"
#include "kinds/netiperf/netnodespage.h"
#include "wizard/nodespage.h"
#include "wizard/planwizard.h"

#include "shots.h"
#include "wizarddriver.h"

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace cm;
using namespace cm::ui;
using namespace cmtest;

namespace {
QStringList itemTexts(QListWidget *list)
{
    QStringList out;
    for (int i = 0; i < list->count(); ++i)
        out << list->item(i)->text()
                + (list->item(i)->checkState() == Qt::Checked ? QStringLiteral(" [x]") : QString());
    return out;
}
} // namespace

class TestWizardNodes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void offlineNodeIsNotOffered()
    {
        const NodeSpec pve2 = NodeSpec::parse(QStringLiteral("root@pve2")),
                       pve3 = NodeSpec::parse(QStringLiteral("root@pve3"));
        PlanWizard w({pve2, pve3});
        w.setOfflineNodes({OfflineNode {pve3, QStringLiteral("connection refused")}});
        w.show();
        auto *nodes = chooseKind<NodesPage>(w, QStringLiteral("disk-fio"));
        QVERIFY(nodes);
        const QStringList texts = itemTexts(nodes->list());
        QCOMPARE(texts.size(), 2); // this machine and pve2
        QVERIFY2(
            !texts.join(QLatin1Char('|')).contains(QStringLiteral("pve3")), qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY(nodes->offlineLabel()->isVisible());
        QVERIFY(nodes->offlineLabel()->text().contains(QStringLiteral("pve3 (connection refused)")));
        QVERIFY(saveShot(&w, QStringLiteral("wizard-nodes-offline")));
        // all online: no note
        PlanWizard w2({pve2});
        w2.show();
        auto *nodes2 = chooseKind<NodesPage>(w2, QStringLiteral("disk-fio"));
        QVERIFY(nodes2 && !nodes2->offlineLabel()->isVisible());
    }

    // A network run needs two nodes: the page can add the second one.
    void networkPageAddsANode()
    {
        PlanWizard w({});
        w.show();
        auto *page = chooseKind<NetNodesPage>(w, QStringLiteral("net-iperf"));
        QVERIFY(page);
        QCOMPARE(page->list()->count(), 1); // this machine only
        page->list()->item(0)->setCheckState(Qt::Checked);
        QVERIFY(!page->isComplete());
        QSignalSpy asked(&w, &PlanWizard::addNodeRequested);
        QTest::mouseClick(page->addButton(), Qt::LeftButton);
        QCOMPARE(asked.size(), 1);
        // what the main window does once its dialog added the node
        w.addKnownNode(NodeSpec::parse(QStringLiteral("root@pve2")));
        QCOMPARE(itemTexts(page->list()),
            (QStringList {QStringLiteral("local (this machine) [x]"), QStringLiteral("pve2 (root@pve2) [x]")}));
        page->modeCombo()->setCurrentIndex(page->modeCombo()->findData(QStringLiteral("pair")));
        QVERIFY2(page->isComplete(), qPrintable(page->problem()));
        QVERIFY(saveShot(&w, QStringLiteral("wizard-net-nodes-added")));
    }

    void nodesPageAddsANodeTicked()
    {
        PlanWizard w({});
        w.show();
        auto *nodes = chooseKind<NodesPage>(w, QStringLiteral("disk-fio"));
        QVERIFY(nodes);
        QSignalSpy asked(&w, &PlanWizard::addNodeRequested);
        QTest::mouseClick(nodes->addButton(), Qt::LeftButton);
        QCOMPARE(asked.size(), 1);
        w.addKnownNode(NodeSpec::parse(QStringLiteral("root@pve4")));
        const QStringList texts = itemTexts(nodes->list());
        QCOMPARE(texts.size(), 2);
        QVERIFY2(texts.at(1).endsWith(QStringLiteral("[x]")), qPrintable(texts.at(1)));
        QVERIFY(texts.at(0).endsWith(QStringLiteral("[x]"))); // the local tick stays
        w.addKnownNode(NodeSpec::parse(QStringLiteral("root@pve4"))); // known already: nothing new
        QCOMPARE(nodes->list()->count(), 2);
    }
};

QTEST_MAIN(TestWizardNodes)
#include "test_wizardnodes.moc"
