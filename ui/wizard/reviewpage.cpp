// SPDX-License-Identifier: GPL-3.0-or-later
#include "wizard/reviewpage.h"

#include "presettext.h"

#include "wizard/nodecheckpanel.h"

#include "bench/scaling.h"
#include "unitscale.h"
#include "wizard/repetitionform.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

#include <algorithm>

namespace cm::ui {

ReviewPage::ReviewPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("reviewPage"));
    setTitle(tr("Review"));
    setSubTitle(tr("These are the exact commands that will run. Press Run to start."));
    auto *v = new QVBoxLayout(this);
    auto *form = new QFormLayout();
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("planName"));
    form->addRow(tr("Plan name:"), m_name);
    m_session = new QComboBox(this);
    m_session->setObjectName(QStringLiteral("sessionCombo"));
    m_session->setEditable(true);
    m_session->setInsertPolicy(QComboBox::NoInsert);
    m_session->setToolTip(tr("The session the run is saved in: pick one, or type a new name (e.g. “MTU 9000”) "
                             "to start a new session."));
    form->addRow(tr("Session:"), m_session);
    m_estimateLabel = new QLabel(this);
    form->addRow(tr("Estimated duration:"), m_estimateLabel);
    v->addLayout(form);
    m_repetition = new RepetitionForm(this);
    v->addWidget(m_repetition);
    m_scaling = new QCheckBox(this);
    m_scaling->setObjectName(QStringLiteral("scalingSeries"));
    m_scaling->setToolTip(tr("Runs every test with the first client alone, then two, and so on up to all of them, "
                             "so that Results show the cluster total against the number of clients."));
    v->addWidget(m_scaling);
    connect(m_scaling, &QCheckBox::toggled, this, &ReviewPage::setScaling);
    m_pauseScrub = new QCheckBox(tr("Pause the cluster's scrubbing during the run (noscrub, nodeep-scrub; put back "
                                    "afterwards)"),
        this);
    m_pauseScrub->setObjectName(QStringLiteral("pauseScrub"));
    m_pauseScrub->setToolTip(tr("A scrub that starts mid-run reads the disks beside the benchmark. ClusterMark sets "
                                "the flags that are not set yet and unsets them after the run, also after a cancel; "
                                "after a crash, the restore offer at start puts them back."));
    v->addWidget(m_pauseScrub);
    connect(m_pauseScrub, &QCheckBox::toggled, this, [this](bool on) { planWizard()->plan().pauseScrub = on; });
    connect(m_repetition, &RepetitionForm::changed, this, [this] {
        m_repetition->applyTo(planWizard()->plan());
        updateEstimate();
    });
    m_commands = new QPlainTextEdit(this);
    m_commands->setObjectName(QStringLiteral("commands"));
    m_commands->setReadOnly(true);
    m_commands->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_commands->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    v->addWidget(m_commands, 1);
    m_check = new NodeCheckPanel(this);
    v->addWidget(m_check);
    auto *row = new QHBoxLayout();
    row->addStretch(1);
    m_save = new QPushButton(tr("Save plan…"), this);
    row->addWidget(m_save);
    v->addLayout(row);
    connect(m_save, &QPushButton::clicked, this, [this] {
        auto *dlg
            = new QFileDialog(this, tr("Save plan"), QStringLiteral("plan.json"), tr("ClusterMark plans (*.json)"));
        dlg->setAttribute(Qt::WA_DeleteOnClose);
        dlg->setAcceptMode(QFileDialog::AcceptSave);
        dlg->setDefaultSuffix(QStringLiteral("json"));
        connect(dlg, &QFileDialog::fileSelected, this, [this](const QString &f) {
            const QString err = savePlan(f);
            if (err.isEmpty())
                return;
            auto *box = new QMessageBox(QMessageBox::Warning, tr("Save plan"), err, QMessageBox::Ok, this);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        });
        dlg->open();
    });
}

void ReviewPage::initializePage()
{
    Plan &plan = planWizard()->plan();
    const auto kind = planWizard()->kind();
    if (!m_sessionSet) {
        m_sessionSet = true;
        const QStringList names = planWizard()->sessionNames();
        m_session->addItems(names);
        QString wanted = plan.session.isEmpty() ? planWizard()->defaultSession() : plan.session;
        if (wanted.isEmpty())
            wanted = QStringLiteral("Default"); // the store's name for "no session given"
        const int at = m_session->findText(wanted);
        if (at >= 0)
            m_session->setCurrentIndex(at);
        else
            m_session->setEditText(wanted);
    }
    if (planWizard()->isDuplicate() && !m_name->isModified() && !planWizard()->originalName().isEmpty()) {
        m_name->setText(planWizard()->originalName());
    } else if (m_name->text().isEmpty() || !m_name->isModified()) {
        QStringList nodes;
        for (const NodeSpec &n : std::as_const(plan.nodes))
            nodes << n.displayName();
        QString preset = kind ? kindTextTr(kind->displayName()) : plan.kind;
        if (kind)
            for (const Preset &p : kind->presets())
                if (p.id == plan.preset)
                    preset = kindTextTr(kind->displayName()) + QStringLiteral(" · ") + kindTextTr(p.title);
        m_name->setText(tr("%1 (%2)").arg(preset, nodes.join(QStringLiteral(", "))));
    }
    m_repetition->setFromPlan(plan);
    m_pauseScrub->setVisible(!plan.ceph.isEmpty()); // a cluster the app reaches from here
    m_pauseScrub->setChecked(plan.pauseScrub && !plan.ceph.isEmpty());
    // A plan that is a scaling series already (run again) stays one.
    const bool expanded = std::any_of(
        plan.steps.cbegin(), plan.steps.cend(), [](const PlanStep &s) { return scaling::stepClients(s) > 0; });
    if (!expanded)
        m_baseSteps = plan.steps;
    const QSignalBlocker block(m_scaling);
    m_scaling->setText(tr("Scaling series: every test with 1 to %1 clients").arg(plan.nodes.size()));
    m_scaling->setVisible(kind && kind->sumsClients() && plan.nodes.size() > 1);
    m_scaling->setChecked(expanded);
    m_scaling->setEnabled(!expanded);
    showCommands();
}

void ReviewPage::setScaling(bool on)
{
    Plan &plan = planWizard()->plan();
    const auto kind = planWizard()->kind();
    plan.steps = m_baseSteps;
    QList<int> counts;
    for (int k = 1; k <= plan.nodes.size(); ++k)
        counts << k;
    if (on && kind)
        scaling::expand(*kind, counts, &plan); // offered only where it applies
    showCommands();
}

// Each step's command on each node it runs on (all of them, or a scaling step's first k).
void ReviewPage::showCommands()
{
    const Plan &plan = planWizard()->plan();
    const auto kind = planWizard()->kind();
    m_check->setPlan(plan); // the commands and the checks follow the plan
    QString text;
    m_stepSeconds = 0;
    for (int i = 0; i < plan.steps.size(); ++i) {
        text += QStringLiteral("# %1/%2  %3\n").arg(i + 1).arg(plan.steps.size()).arg(plan.steps.at(i).title);
        const QStringList only = kind ? kind->stepNodes(plan, i) : QStringList();
        for (const NodeSpec &n : std::as_const(plan.nodes)) {
            if (!only.isEmpty() && !only.contains(n.displayName()))
                continue;
            text += (kind ? kind->commandPreviewLine(plan, i, n) : QStringLiteral("[%1]").arg(n.displayName()))
                + QLatin1Char('\n');
        }
        text += QLatin1Char('\n');
        if (kind)
            m_stepSeconds += kind->estimatedSeconds(plan, i);
    }
    m_commands->setPlainText(text);
    updateEstimate();
}

void ReviewPage::updateEstimate()
{
    const Plan &plan = planWizard()->plan();
    m_estimate = m_stepSeconds * std::max(1, plan.minIterations());
    if (m_estimate <= 0)
        m_estimateLabel->setText(tr("unknown"));
    else if (plan.untilStable())
        m_estimateLabel->setText(
            tr("about %1 to %2 (min:s), until stable")
                .arg(formatDuration(m_estimate), formatDuration(m_stepSeconds * plan.maxIterations())));
    else
        m_estimateLabel->setText(tr("about %1 (min:s)").arg(formatDuration(m_estimate)));
}

QString ReviewPage::commandsText() const
{
    return m_commands->toPlainText();
}

QString ReviewPage::savePlan(const QString &fileName)
{
    Plan plan = planWizard()->plan();
    m_repetition->applyTo(plan);
    plan.name = m_name->text().trimmed();
    plan.session = m_session->currentText().trimmed();
    QSaveFile f(fileName);
    if (!f.open(QIODevice::WriteOnly) || f.write(plan.toJsonBytes()) < 0 || !f.commit())
        return tr("Could not write %1: %2").arg(fileName, f.errorString());
    return {};
}

bool ReviewPage::validatePage()
{
    planWizard()->plan().name = m_name->text().trimmed();
    m_repetition->applyTo(planWizard()->plan());
    planWizard()->plan().session = m_session->currentText().trimmed();
    return true;
}

} // namespace cm::ui
