// SPDX-License-Identifier: GPL-3.0-or-later
#include "wizard/nodespage.h"

#include <QLabel>
#include <QListWidget>
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
    auto *hint = new QLabel(tr("Add more nodes with “Add node” in the main window."), this);
    hint->setEnabled(false);
    v->addWidget(hint);
    connect(m_list, &QListWidget::itemChanged, this, &QWizardPage::completeChanged);
}

void NodesPage::initializePage()
{
    PlanWizard *w = planWizard();
    m_nodes.clear();
    const QList<NodeSpec> chosen = w->plan().nodes;
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
        item->setCheckState(on || (chosen.isEmpty() && n.isLocal()) ? Qt::Checked : Qt::Unchecked);
    }
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
