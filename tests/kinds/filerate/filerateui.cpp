// SPDX-License-Identifier: GPL-3.0-or-later
// The test-only file-rate kind's wizard page and Results tab.
#include "filerateui.h"

#include "fileratekind.h"
#include "wizard/reviewpage.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cmtest {

FileRateParamsPage::FileRateParamsPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("fileRateParamsPage"));
    setTitle(QStringLiteral("File rate"));
    auto *form = new QFormLayout(this);
    m_dir = new QLineEdit(this);
    m_dir->setObjectName(QStringLiteral("fileRateDir"));
    m_rateKiB = new QSpinBox(this);
    m_rateKiB->setObjectName(QStringLiteral("fileRateKiB"));
    m_rateKiB->setRange(64, 262144);
    m_rateKiB->setValue(4096);
    form->addRow(QStringLiteral("Folder:"), m_dir);
    form->addRow(QStringLiteral("Rate (KiB/s):"), m_rateKiB);
}

void FileRateParamsPage::initializePage()
{
    m_dir->setText(planWizard()->plan().target.value(QStringLiteral("dir")).toString());
}

bool FileRateParamsPage::validatePage()
{
    cm::Error e;
    const cm::Plan made = FileRateKind::makePlan(m_dir->text(), qint64(m_rateKiB->value()) * 1024, 1, 1, &e);
    if (e)
        return false;
    cm::Plan &plan = planWizard()->plan();
    plan.target = made.target;
    plan.steps = made.steps;
    plan.nodes = made.nodes;
    plan.preset = made.preset;
    if (plan.name.isEmpty())
        plan.name = made.name;
    return true;
}

FileRateRunTab::FileRateRunTab(QWidget *parent)
    : KindRunTab(parent)
{
    auto *v = new QVBoxLayout(this);
    m_label = new QLabel(this);
    v->addWidget(m_label);
}

bool FileRateRunTab::showRun(const cm::ui::RunDetail &d)
{
    QStringList lines;
    for (const cm::StepRecord &s : d.steps)
        lines << QStringLiteral("%1: %2 bytes")
                     .arg(s.title)
                     .arg(qint64(s.summary.value(QStringLiteral("bytes")).toDouble()));
    m_label->setText(lines.join(QLatin1Char('\n')));
    return !lines.isEmpty();
}

void FileRateRunTab::clearRun()
{
    m_label->clear();
}

QString FileRateRunTab::text() const
{
    return m_label->text();
}

void registerFileRateUi()
{
    registerFileRateKind();
    cm::ui::UiKind k;
    k.id = FileRateKind::kindId();
    k.wizardPages = [](cm::ui::PlanWizard *w) {
        return QList<cm::ui::PlanWizardPage *> {new FileRateParamsPage(w), new cm::ui::ReviewPage(w)};
    };
    k.runTabs = [](QWidget *parent) { return QList<cm::ui::KindRunTab *> {new FileRateRunTab(parent)}; };
    cm::ui::UiKindRegistry::instance().add(k);
}

} // namespace cmtest
