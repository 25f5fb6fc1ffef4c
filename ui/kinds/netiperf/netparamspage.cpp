// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/netiperf/netparamspage.h"
#include "errortext.h"

#include "bench/netiperf/netiperfkind.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cm::ui {

NetParamsPage::NetParamsPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("netParamsPage"));
    setTitle(tr("Network: parameters"));
    setSubTitle(tr("Several parallel TCP streams are needed to use more than one link of a bond."));
    auto *v = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_direction = new QComboBox(this);
    m_direction->setObjectName(QStringLiteral("netDirectionCombo"));
    m_direction->addItem(tr("Forward: the client sends"), QStringLiteral("forward"));
    m_direction->addItem(tr("Reverse: the server sends (-R)"), QStringLiteral("reverse"));
    m_direction->addItem(tr("Both at once (bidirectional)"), QStringLiteral("bidir"));
    form->addRow(tr("Direction:"), m_direction);
    m_streams = new QSpinBox(this);
    m_streams->setObjectName(QStringLiteral("netStreamsSpin"));
    m_streams->setRange(1, 128);
    m_streams->setValue(4);
    form->addRow(tr("Parallel streams (-P):"), m_streams);
    m_duration = new QSpinBox(this);
    m_duration->setObjectName(QStringLiteral("netDurationSpin"));
    m_duration->setRange(1, 3600);
    m_duration->setValue(10);
    m_duration->setSuffix(tr(" s"));
    form->addRow(tr("Duration per pair:"), m_duration);
    m_tool = new QComboBox(this);
    m_tool->setObjectName(QStringLiteral("netToolCombo"));
    m_tool->addItem(tr("Automatic (iperf3; iperf 2 where iperf3 cannot fill the link)"), QStringLiteral("auto"));
    m_tool->addItem(tr("iperf3"), QStringLiteral("iperf3"));
    m_tool->addItem(tr("iperf 2"), QStringLiteral("iperf2"));
    form->addRow(tr("Tool:"), m_tool);
    m_atOnce = new QCheckBox(tr("Every pair at the same time (one server port per pair)"), this);
    m_atOnce->setObjectName(QStringLiteral("netAtOnceCheck"));
    m_atOnce->setToolTip(tr("A mesh: all ordered pairs at once. A star whose centre runs the server: every other "
                            "node into it at once, as many clients load one server."));
    form->addRow(QString(), m_atOnce);
    v->addLayout(form);
    m_hint = new QLabel(this);
    m_hint->setObjectName(QStringLiteral("netHintLabel"));
    m_hint->setWordWrap(true);
    m_hint->setStyleSheet(QStringLiteral("color: palette(mid);"));
    v->addWidget(m_hint);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    v->addWidget(m_problem);
    v->addStretch(1);
    connect(m_direction, &QComboBox::currentIndexChanged, this, &NetParamsPage::refresh);
    connect(m_tool, &QComboBox::currentIndexChanged, this, &NetParamsPage::refresh);
    connect(m_atOnce, &QCheckBox::toggled, this, &NetParamsPage::refresh);
    connect(m_streams, &QSpinBox::valueChanged, this, &NetParamsPage::refresh);
    connect(m_duration, &QSpinBox::valueChanged, this, &NetParamsPage::refresh);
}

void NetParamsPage::initializePage()
{
    const NetIperfKind::Options o = NetIperfKind::Options::fromJson(planWizard()->plan().target);
    m_direction->setCurrentIndex(std::max(0, m_direction->findData(o.direction)));
    m_tool->setCurrentIndex(std::max(0, m_tool->findData(o.tool)));
    m_streams->setValue(o.streams);
    m_duration->setValue(o.duration);
    // At once: a mesh, or a star into its centre (the centre runs the servers).
    const bool canAtOnce = o.mode == QLatin1String("mesh") || (o.mode == QLatin1String("star") && o.centreIsServer);
    m_atOnce->setVisible(canAtOnce);
    m_atOnce->setChecked(canAtOnce && o.atOnce);
    m_problem->clear();
    refresh();
}

void NetParamsPage::refresh()
{
    QStringList hints;
    if (m_streams->value() == 1)
        hints << tr("One stream is one TCP flow: a bond sends it over a single link, whatever its hash policy.");
    if (m_tool->currentData().toString() == QLatin1String("auto"))
        hints << tr("Automatic: iperf3 before 3.16 runs on one CPU core and cannot fill links above about "
                    "25 Gbit/s; then iperf 2 is used when both nodes have it. The choice and its reason are "
                    "recorded with the results.");
    const NetIperfKind::Options o
        = NetIperfKind::Options::fromJson(planWizard() ? planWizard()->plan().target : QJsonObject());
    if (o.mode == QLatin1String("mesh") && m_direction->currentData().toString() == QLatin1String("bidir")
        && !m_atOnce->isChecked())
        hints << tr("Mesh with both directions: one step per node pair measures both ways at once.");
    if (m_atOnce->isChecked() && m_atOnce->isVisible())
        hints << tr("Every pair starts at the same moment: the results show what the links and the nodes carry "
                    "together; each pair's own figure is shared with the others.");
    m_hint->setText(hints.join(QStringLiteral("\n\n")));
}

bool NetParamsPage::validatePage()
{
    Plan &plan = planWizard()->plan();
    NetIperfKind::Options o = NetIperfKind::Options::fromJson(plan.target);
    o.direction = m_direction->currentData().toString();
    o.streams = m_streams->value();
    o.duration = m_duration->value();
    o.tool = m_tool->currentData().toString();
    o.atOnce = m_atOnce->isVisible() && m_atOnce->isChecked();
    Error e;
    const Plan built = NetIperfKind::makePlan(plan.nodes, o, &e);
    if (e) {
        m_problem->setText(errorText(e));
        return false;
    }
    m_problem->clear();
    plan.kind = built.kind;
    plan.preset = built.preset;
    plan.target = built.target;
    plan.steps = built.steps;
    if (plan.name.isEmpty())
        plan.name = built.name;
    return true;
}

} // namespace cm::ui
