// SPDX-License-Identifier: GPL-3.0-or-later
#include "wizard/diskparamspage.h"

#include "presettext.h"

#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSpinBox>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace cm::ui {

namespace {
enum Column { ColTest, ColBs, ColDepth, ColCount };
} // namespace

DiskParamsPage::DiskParamsPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("diskParamsPage"));
    setTitle(tr("Parameters"));
    setSubTitle(tr("Pick a preset. Change single values under “Advanced” only if you need to."));
    auto *v = new QVBoxLayout(this);
    m_presets = new QListWidget(this);
    m_presets->setObjectName(QStringLiteral("presetList"));
    m_presets->setMaximumHeight(90);
    v->addWidget(m_presets);
    // What the chosen preset runs and how the kind measures, in words (not only on hover).
    m_description = new QLabel(this);
    m_description->setObjectName(QStringLiteral("presetDescription"));
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_description);

    m_toggle = new QToolButton(this);
    m_toggle->setObjectName(QStringLiteral("advancedToggle"));
    m_toggle->setText(tr("Advanced"));
    m_toggle->setCheckable(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setArrowType(Qt::RightArrow);
    m_toggle->setAutoRaise(true);
    v->addWidget(m_toggle);

    m_advanced = new QWidget(this);
    auto *av = new QVBoxLayout(m_advanced);
    av->setContentsMargins(16, 0, 0, 0);
    auto *form = new QFormLayout();
    m_runtime = new QSpinBox(m_advanced);
    m_runtime->setObjectName(QStringLiteral("runtimeSpin"));
    m_runtime->setRange(1, 24 * 3600);
    m_runtime->setSuffix(tr(" s"));
    form->addRow(tr("Runtime per test:"), m_runtime);
    m_jobs = new QSpinBox(m_advanced);
    m_jobs->setObjectName(QStringLiteral("jobsSpin"));
    m_jobs->setRange(1, 256);
    form->addRow(tr("Jobs (threads) per test:"), m_jobs);
    av->addLayout(form);
    m_table = new QTableWidget(0, ColCount, m_advanced);
    m_table->setObjectName(QStringLiteral("stepTable"));
    m_table->setHorizontalHeaderLabels({tr("Test"), tr("Block size"), tr("Queue depth")});
    m_table->horizontalHeader()->setSectionResizeMode(ColTest, QHeaderView::Stretch);
    m_table->verticalHeader()->setVisible(false);
    av->addWidget(m_table);
    m_advanced->setVisible(false);
    v->addWidget(m_advanced, 1);
    v->addStretch(0);

    connect(m_toggle, &QToolButton::toggled, this, [this](bool on) {
        m_advanced->setVisible(on);
        m_toggle->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
    });
    connect(m_presets, &QListWidget::currentRowChanged, this, [this](int row) {
        loadPreset(row);
        Q_EMIT completeChanged();
    });
}

void DiskParamsPage::initializePage()
{
    const auto kind = planWizard()->kind();
    m_presetData = kind ? kind->presets() : QList<Preset> {};
    const Plan &plan = planWizard()->plan();
    const Plan &saved = planWizard()->savedPlan();
    // "Run again": the saved run's own tests come first and stay as they were.
    m_savedRow = -1;
    if (planWizard()->isDuplicate() && !saved.steps.isEmpty() && saved.kind == plan.kind) {
        QString title = saved.preset;
        for (const Preset &p : std::as_const(m_presetData))
            if (p.id == saved.preset)
                title = presetTitle(p);
        m_presetData.prepend(Preset {saved.preset, tr("As saved: the run's own tests, unchanged"),
            title.isEmpty() ? tr("The tests and parameters of the saved run")
                            : tr("The tests and parameters of the saved run (from: %1)").arg(title),
            saved.steps});
        m_savedRow = 0;
    }
    const QString wanted = plan.preset.isEmpty() ? planWizard()->defaultPreset() : plan.preset;
    QSignalBlocker block(m_presets);
    m_presets->clear();
    int row = -1;
    for (int i = 0; i < m_presetData.size(); ++i) {
        const Preset &p = m_presetData.at(i);
        auto *item = new QListWidgetItem(i == m_savedRow ? p.title : presetTitle(p), m_presets);
        item->setToolTip(presetDescription(p));
        if (p.id == wanted && row < 0)
            row = i;
    }
    row = std::max(row, 0);
    if (!m_presetData.isEmpty()) {
        m_presets->setCurrentRow(row);
        loadPreset(row);
    }
}

void DiskParamsPage::loadPreset(int row)
{
    m_description->setText(row >= 0 && row < m_presetData.size() ? presetDescription(m_presetData.at(row)) : QString());
    if (row < 0 || row >= m_presetData.size())
        return;
    const Preset &p = m_presetData.at(row);
    m_table->setRowCount(int(p.steps.size()));
    int runtime = 0;
    int jobs = 1;
    for (int i = 0; i < p.steps.size(); ++i) {
        const PlanStep &s = p.steps.at(i);
        auto *test = new QTableWidgetItem(s.title);
        test->setFlags(test->flags() & ~Qt::ItemIsEditable);
        m_table->setItem(i, ColTest, test);
        m_table->setItem(i, ColBs, new QTableWidgetItem(s.params.value(QStringLiteral("bs")).toVariant().toString()));
        m_table->setItem(
            i, ColDepth, new QTableWidgetItem(QString::number(s.params.value(QStringLiteral("iodepth")).toInt(1))));
        runtime = std::max(runtime, s.params.value(QStringLiteral("runtime")).toInt());
        jobs = std::max(jobs, s.params.value(QStringLiteral("numjobs")).toInt(1));
    }
    m_runtime->setValue(runtime > 0 ? runtime : 30);
    m_jobs->setValue(jobs);
    m_loadedRuntime = m_runtime->value();
    m_loadedJobs = m_jobs->value();
}

bool DiskParamsPage::isComplete() const
{
    return m_presets->currentRow() >= 0 && m_presets->currentRow() < m_presetData.size();
}

bool DiskParamsPage::validatePage()
{
    const Preset &p = m_presetData.at(m_presets->currentRow());
    Plan &plan = planWizard()->plan();
    plan.preset = p.id;
    plan.steps = p.steps;
    // The saved run's tests change only where the user changed a value.
    const bool saved = m_presets->currentRow() == m_savedRow;
    for (int i = 0; i < plan.steps.size(); ++i) {
        QJsonObject &params = plan.steps[i].params;
        if (!saved || m_runtime->value() != m_loadedRuntime)
            params.insert(QStringLiteral("runtime"), m_runtime->value());
        if (!saved || m_jobs->value() != m_loadedJobs)
            params.insert(QStringLiteral("numjobs"), m_jobs->value());
        if (i < m_table->rowCount()) {
            const QString bs = m_table->item(i, ColBs) ? m_table->item(i, ColBs)->text().trimmed() : QString();
            if (!bs.isEmpty() && (!saved || bs != params.value(QStringLiteral("bs")).toVariant().toString()))
                params.insert(QStringLiteral("bs"), bs);
            bool ok = false;
            const int depth = m_table->item(i, ColDepth) ? m_table->item(i, ColDepth)->text().toInt(&ok) : 0;
            if (ok && depth > 0 && (!saved || depth != params.value(QStringLiteral("iodepth")).toInt(1)))
                params.insert(QStringLiteral("iodepth"), depth);
        }
    }
    if (const auto kind = planWizard()->kind())
        kind->fitSteps(&plan); // what the chosen engine cannot run is left out
    return true;
}

} // namespace cm::ui
