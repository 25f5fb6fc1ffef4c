// SPDX-License-Identifier: GPL-3.0-or-later
#include "wizard/nodespage.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace cm::ui {

NodesPage::NodesPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("nodesPage"));
    setTitle(tr("Nodes"));
    setSubTitle(tr("Tick the nodes to benchmark. Every step runs on all of them at the same time."));
    auto *v = new QVBoxLayout(this);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("nodeList"));
    v->addWidget(m_list);
    m_offline = new QLabel(this);
    m_offline->setObjectName(QStringLiteral("offlineNodesNote"));
    m_offline->setWordWrap(true);
    m_offline->hide();
    v->addWidget(m_offline);
    auto *row = new QHBoxLayout;
    m_add = new QPushButton(tr("Add node…"), this);
    m_add->setObjectName(QStringLiteral("addNodeButton"));
    row->addWidget(m_add);
    row->addStretch(1);
    v->addLayout(row);
    connect(m_list, &QListWidget::itemChanged, this, &QWizardPage::completeChanged);
    connect(m_add, &QPushButton::clicked, this, [this] { planWizard()->requestAddNode(); });
}

// A node added from this page joins the list ticked; the other ticks stay.
void NodesPage::onNodeAdded(const NodeSpec &node)
{
    QList<NodeSpec> chosen = checkedNodes();
    chosen.append(node);
    fill(chosen, false);
}

void NodesPage::initializePage()
{
    if (!m_watching) {
        m_watching = true;
        connect(planWizard(), &PlanWizard::nodeAdded, this, &NodesPage::onNodeAdded);
    }
    fill(planWizard()->plan().nodes, planWizard()->plan().nodes.isEmpty());
}

void NodesPage::fill(const QList<NodeSpec> &chosen, bool tickLocal)
{
    PlanWizard *w = planWizard();
    m_nodes.clear();
    // A node the plan names is kept as the plan has it (its display name too: "Run again").
    auto asChosen = [&chosen](const NodeSpec &n) {
        for (const NodeSpec &c : chosen)
            if (c.secretKey() == n.secretKey() || (c.isLocal() && n.isLocal()))
                return c;
        return n;
    };
    m_nodes.append(asChosen(NodeSpec::parse(QStringLiteral("local"))));
    for (const NodeSpec &n : w->knownNodes())
        if (!n.isLocal())
            m_nodes.append(asChosen(n));
    QSignalBlocker block(m_list);
    m_list->clear();
    for (const NodeSpec &n : std::as_const(m_nodes)) {
        const QString text = n.isLocal()
            ? (n.displayName() == QLatin1String("local") ? tr("local (this machine)")
                                                         : tr("%1 (this machine)").arg(n.displayName()))
            : tr("%1 (%2)").arg(n.displayName(), n.toSpecString());
        auto *item = new QListWidgetItem(text, m_list);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        bool on = false;
        for (const NodeSpec &c : chosen)
            on = on || c.secretKey() == n.secretKey() || (c.isLocal() && n.isLocal());
        item->setCheckState(on || (tickLocal && n.isLocal()) ? Qt::Checked : Qt::Unchecked);
    }
    m_offline->setText(w->offlineNote());
    m_offline->setVisible(!m_offline->text().isEmpty());
    Q_EMIT completeChanged();
}

QList<NodeSpec> NodesPage::checkedNodes() const
{
    QList<NodeSpec> out;
    for (int i = 0; i < m_list->count() && i < m_nodes.size(); ++i)
        if (m_list->item(i)->checkState() == Qt::Checked)
            out.append(m_nodes.at(i));
    return out;
}

bool NodesPage::isComplete() const
{
    return !checkedNodes().isEmpty();
}

bool NodesPage::validatePage()
{
    planWizard()->plan().nodes = checkedNodes();
    return true;
}

} // namespace cm::ui
