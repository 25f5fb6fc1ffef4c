// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/netiperf/netnodespage.h"

#include "bench/netiperf/netiperfkind.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace cm::ui {

QString netNodeText(const NodeSpec &n)
{
    return n.isLocal() ? NetNodesPage::tr("local (this machine)")
                       : NetNodesPage::tr("%1 (%2)").arg(n.displayName(), n.toSpecString());
}

NetNodesPage::NetNodesPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("netNodesPage"));
    setTitle(tr("Network: nodes"));
    setSubTitle(
        tr("iperf between nodes, one pair at a time, while every interface's traffic is sampled on both ends."));
    auto *v = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("netModeCombo"));
    m_mode->addItem(tr("Pair: two nodes"), QStringLiteral("pair"));
    m_mode->addItem(tr("Star: one node with each of the others"), QStringLiteral("star"));
    m_mode->addItem(tr("Mesh: every ordered pair (a matrix)"), QStringLiteral("mesh"));
    form->addRow(tr("Layout:"), m_mode);
    v->addLayout(form);
    m_modeHint = new QLabel(this);
    m_modeHint->setWordWrap(true);
    m_modeHint->setStyleSheet(QStringLiteral("color: palette(mid);"));
    v->addWidget(m_modeHint);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("netNodeList"));
    v->addWidget(m_list, 1);
    m_offline = new QLabel(this);
    m_offline->setObjectName(QStringLiteral("offlineNodesNote"));
    m_offline->setWordWrap(true);
    m_offline->hide();
    v->addWidget(m_offline);
    auto *addRow = new QHBoxLayout;
    m_add = new QPushButton(tr("Add node…"), this);
    m_add->setObjectName(QStringLiteral("addNodeButton"));
    addRow->addWidget(m_add);
    addRow->addStretch(1);
    v->addLayout(addRow);
    connect(m_add, &QPushButton::clicked, this, [this] { planWizard()->requestAddNode(); });

    m_starBox = new QWidget(this);
    auto *sf = new QFormLayout(m_starBox);
    sf->setContentsMargins(0, 0, 0, 0);
    m_centre = new QComboBox(m_starBox);
    m_centre->setObjectName(QStringLiteral("netCentreCombo"));
    sf->addRow(tr("Centre / client:"), m_centre);
    auto *radios = new QWidget(m_starBox);
    auto *rh = new QHBoxLayout(radios);
    rh->setContentsMargins(0, 0, 0, 0);
    m_centreServes = new QRadioButton(tr("runs the iperf server; the others connect to it"), radios);
    m_centreServes->setObjectName(QStringLiteral("netCentreServes"));
    m_centreSends = new QRadioButton(tr("is the client of every pair"), radios);
    m_centreSends->setObjectName(QStringLiteral("netCentreSends"));
    m_centreServes->setChecked(true);
    rh->addWidget(m_centreServes);
    rh->addWidget(m_centreSends);
    rh->addStretch(1);
    sf->addRow(tr("The centre:"), radios);
    v->addWidget(m_starBox);

    m_pairBox = new QWidget(this);
    auto *pf = new QFormLayout(m_pairBox);
    pf->setContentsMargins(0, 0, 0, 0);
    m_address = new QLineEdit(m_pairBox);
    m_address->setObjectName(QStringLiteral("netServerAddressEdit"));
    m_address->setPlaceholderText(tr("the server node's address (default); or e.g. its storage-network address"));
    pf->addRow(tr("Client dials:"), m_address);
    v->addWidget(m_pairBox);

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    v->addWidget(m_problem);

    connect(m_mode, &QComboBox::currentIndexChanged, this, &NetNodesPage::refresh);
    connect(m_list, &QListWidget::itemChanged, this, &NetNodesPage::refresh);
    connect(m_centre, &QComboBox::currentIndexChanged, this, [this] { Q_EMIT completeChanged(); });
    connect(m_address, &QLineEdit::textChanged, this, [this] {
        m_problem->setText(problem());
        Q_EMIT completeChanged();
    });
}

// The nodes offered, ticked as chosen; offline ones are named below the list.
void NetNodesPage::fillList(const QList<NodeSpec> &chosen)
{
    PlanWizard *w = planWizard();
    m_nodes.clear();
    m_nodes.append(NodeSpec::parse(QStringLiteral("local")));
    for (const NodeSpec &n : w->knownNodes())
        if (!n.isLocal())
            m_nodes.append(n);
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (const NodeSpec &n : std::as_const(m_nodes)) {
        auto *item = new QListWidgetItem(netNodeText(n), m_list);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        bool on = false;
        for (const NodeSpec &c : chosen)
            on = on || c.secretKey() == n.secretKey() || (c.isLocal() && n.isLocal());
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    m_offline->setText(w->offlineNote());
    m_offline->setVisible(!m_offline->text().isEmpty());
}

void NetNodesPage::initializePage()
{
    PlanWizard *w = planWizard();
    if (!m_watching) {
        m_watching = true;
        connect(w, &PlanWizard::nodeAdded, this, [this](const NodeSpec &n) {
            QList<NodeSpec> chosen = checkedNodes();
            chosen.append(n); // the added node joins ticked
            fillList(chosen);
            refresh();
        });
    }
    const NetIperfKind::Options o = NetIperfKind::Options::fromJson(w->plan().target);
    const QList<NodeSpec> chosen = w->plan().nodes;
    fillList(chosen);
    {
        const QSignalBlocker b2(m_mode);
        m_mode->setCurrentIndex(std::max(0, m_mode->findData(o.mode)));
        m_address->setText(o.serverAddress);
        (o.centreIsServer || o.mode != QLatin1String("star") ? m_centreServes : m_centreSends)->setChecked(true);
    }
    refresh();
    // the first chosen node is the centre (star) or the client (pair)
    if (!chosen.isEmpty()) {
        const int i = m_centre->findText(netNodeText(chosen.first()));
        if (i >= 0)
            m_centre->setCurrentIndex(i);
    }
}

QList<NodeSpec> NetNodesPage::checkedNodes() const
{
    QList<NodeSpec> out;
    for (int i = 0; i < m_list->count() && i < m_nodes.size(); ++i)
        if (m_list->item(i)->checkState() == Qt::Checked)
            out.append(m_nodes.at(i));
    return out;
}

void NetNodesPage::refresh()
{
    const QString mode = m_mode->currentData().toString();
    if (mode == QLatin1String("pair"))
        m_modeHint->setText(tr(
            "Tick two nodes. The client sends (forward), receives (reverse) or both; pick which one is the client."));
    else if (mode == QLatin1String("star"))
        m_modeHint->setText(tr("Tick three or more nodes. The centre is measured with each other node in turn: "
                               "e.g. every node against the storage node."));
    else
        m_modeHint->setText(tr("Tick three or more nodes. Every node sends to every other node in turn, one pair at a "
                               "time; the results form a sender × receiver matrix."));
    // the combo lists the ticked nodes; keep the choice when it is still ticked
    const QString keep = m_centre->currentText();
    {
        const QSignalBlocker block(m_centre);
        m_centre->clear();
        for (const NodeSpec &n : checkedNodes())
            m_centre->addItem(netNodeText(n));
        const int i = m_centre->findText(keep);
        m_centre->setCurrentIndex(i >= 0 ? i : 0);
    }
    auto *form = qobject_cast<QFormLayout *>(m_starBox->layout());
    if (auto *label = qobject_cast<QLabel *>(form->labelForField(m_centre)))
        label->setText(mode == QLatin1String("pair") ? tr("Client:") : tr("Centre:"));
    m_starBox->setVisible(mode != QLatin1String("mesh"));
    form->itemAt(1, QFormLayout::LabelRole)->widget()->setVisible(mode == QLatin1String("star"));
    form->itemAt(1, QFormLayout::FieldRole)->widget()->setVisible(mode == QLatin1String("star"));
    m_pairBox->setVisible(mode == QLatin1String("pair"));
    m_problem->setText(problem());
    Q_EMIT completeChanged();
}

QString NetNodesPage::problem() const
{
    const QString mode = m_mode->currentData().toString();
    const int n = int(checkedNodes().size());
    if (mode == QLatin1String("pair") && n != 2)
        return tr("A pair takes exactly two nodes (%1 ticked).").arg(n);
    if (mode != QLatin1String("pair") && n < 3)
        return n == 2 ? tr("With two nodes, use the pair layout (or tick a third node).")
                      : tr("Tick at least three nodes (%1 ticked).").arg(n);
    static const QRegularExpression addrRe(QStringLiteral(R"(^[A-Za-z0-9_.:%\[\]][A-Za-z0-9_.:%\[\]-]{0,252}$)"));
    const QString addr = m_address->text().trimmed();
    if (mode == QLatin1String("pair") && !addr.isEmpty() && !addrRe.match(addr).hasMatch())
        return tr("“%1” is not a host name or address.").arg(addr);
    return {};
}

bool NetNodesPage::isComplete() const
{
    return problem().isEmpty();
}

QList<NodeSpec> NetNodesPage::orderedNodes() const
{
    QList<NodeSpec> nodes = checkedNodes();
    const QString mode = m_mode->currentData().toString();
    const int c = m_centre->currentIndex();
    if (mode != QLatin1String("mesh") && c > 0 && c < nodes.size())
        nodes.move(c, 0);
    return nodes;
}

bool NetNodesPage::validatePage()
{
    Plan &plan = planWizard()->plan();
    NetIperfKind::Options o = NetIperfKind::Options::fromJson(plan.target);
    o.mode = m_mode->currentData().toString();
    o.serverAddress = o.mode == QLatin1String("pair") ? m_address->text().trimmed() : QString();
    o.centreIsServer = o.mode == QLatin1String("star") && m_centreServes->isChecked();
    plan.nodes = orderedNodes();
    plan.target = o.toJson();
    return true;
}

} // namespace cm::ui
