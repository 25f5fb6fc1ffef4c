// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessions/runagaindialog.h"
#include "presettext.h"

#include "bench/registry.h"
#include "sessions/sessionpickdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace cm::ui {

namespace {
QString targetText(const Plan &p)
{
    const QJsonObject t = p.target;
    const QString type = t.value(QStringLiteral("type")).toString();
    if (type == QLatin1String("file"))
        return RunAgainDialog::tr("a %1 test file in %2")
            .arg(t.value(QStringLiteral("size")).toString(), t.value(QStringLiteral("dir")).toString());
    if (type == QLatin1String("device"))
        return RunAgainDialog::tr("the device %1 (its data is overwritten by write tests)")
            .arg(t.value(QStringLiteral("path")).toString());
    if (t.contains(QStringLiteral("pool")))
        return RunAgainDialog::tr("pool %1").arg(t.value(QStringLiteral("pool")).toString());
    return {};
}
} // namespace

RunAgainDialog::RunAgainDialog(
    const Plan &plan, const QStringList &sessionNames, const QString &session, QWidget *parent)
    : QDialog(parent)
    , m_plan(plan)
{
    setObjectName(QStringLiteral("runAgainDialog"));
    setWindowTitle(tr("Run again"));
    setMinimumWidth(480);
    auto *v = new QVBoxLayout(this);
    auto *head = new QLabel(tr("Run “%1” again with the same plan.").arg(plan.name), this);
    head->setTextFormat(Qt::PlainText);
    head->setWordWrap(true);
    QFont f = head->font();
    f.setBold(true);
    head->setFont(f);
    v->addWidget(head);

    auto *form = new QFormLayout();
    const auto kind = Registry::instance().kind(plan.kind);
    form->addRow(tr("Kind:"), new QLabel(kindName(plan.kind), this));
    QStringList nodes;
    for (const NodeSpec &n : plan.nodes)
        nodes << n.displayName();
    if (!nodes.isEmpty())
        form->addRow(tr("Nodes:"), new QLabel(nodes.join(QStringLiteral(", ")), this));
    if (const QString t = targetText(plan); !t.isEmpty())
        form->addRow(tr("Target:"), new QLabel(t, this));
    QStringList steps;
    for (const PlanStep &s : plan.steps)
        steps << s.title;
    auto *stepLabel = new QLabel(steps.join(QLatin1Char('\n')), this);
    stepLabel->setTextFormat(Qt::PlainText);
    form->addRow(plan.repeat > 1 ? tr("Tests (×%1):").arg(plan.repeat) : tr("Tests:"), stepLabel);
    m_session = SessionPickDialog::makeSessionCombo(sessionNames, session, this);
    form->addRow(tr("Into session:"), m_session);
    v->addLayout(form);
    auto *hint = new QLabel(tr("Pick the session of the set-up you are measuring now, or type a new name "
                               "(e.g. “MTU 9000”) to start a new session."),
        this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    v->addWidget(hint);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_edit = buttons->addButton(tr("Edit in wizard…"), QDialogButtonBox::ActionRole);
    m_edit->setObjectName(QStringLiteral("editInWizard"));
    QPushButton *experiment = buttons->addButton(tr("Experiment…"), QDialogButtonBox::ActionRole);
    experiment->setObjectName(QStringLiteral("asExperiment"));
    experiment->setToolTip(tr("Measure this plan with and without a change, in turns, with a verdict"));
    connect(experiment, &QPushButton::clicked, this, [this] {
        m_choice = Choice::Experiment;
        accept();
    });
    m_start = buttons->addButton(tr("Start now"), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(QStringLiteral("startNow"));
    m_start->setDefault(true);
    v->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_edit, &QPushButton::clicked, this, [this] {
        m_choice = Choice::EditInWizard;
        accept();
    });
    connect(m_start, &QPushButton::clicked, this, [this] {
        m_choice = Choice::StartNow;
        accept();
    });
    auto update = [this] { m_start->setEnabled(!m_session->currentText().trimmed().isEmpty()); };
    connect(m_session, &QComboBox::editTextChanged, this, update);
    update();
}

Plan RunAgainDialog::plan() const
{
    Plan p = m_plan;
    p.session = m_session->currentText().trimmed();
    return p;
}

} // namespace cm::ui
