// SPDX-License-Identifier: GPL-3.0-or-later
#include "wizard/kindpage.h"

#include "bench/registry.h"
#include "kinds/uikind.h"
#include "wizard/planwizard.h"

#include <QCoreApplication>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace cm::ui {

KindPage::KindPage(QWidget *parent)
    : QWizardPage(parent)
{
    setObjectName(QStringLiteral("kindPage"));
    setTitle(tr("What do you want to measure?"));
    setSubTitle(tr("Each kind of benchmark has its own targets, presets and safety rules."));
    auto *v = new QVBoxLayout(this);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("kindList"));
    v->addWidget(m_list);
    connect(m_list, &QListWidget::currentRowChanged, this, &QWizardPage::completeChanged);
}

namespace {
QString kindDescription(const RunnerKind &kind)
{
    return QCoreApplication::translate(kKindTextContext, kind.description());
}
} // namespace

void KindPage::initializePage()
{
    auto *w = qobject_cast<PlanWizard *>(wizard());
    m_list->clear();
    const QStringList ids = UiKindRegistry::instance().ids();
    for (const QString &id : ids) {
        const auto kind = Registry::instance().kind(id);
        if (!kind)
            continue;
        auto *item = new QListWidgetItem(kindDescription(*kind), m_list);
        item->setData(Qt::UserRole, id);
    }
    int row = 0;
    for (int i = 0; w && i < m_list->count(); ++i)
        if (m_list->item(i)->data(Qt::UserRole).toString() == w->plan().kind)
            row = i;
    if (m_list->count() > 0)
        m_list->setCurrentRow(row);
}

bool KindPage::isComplete() const
{
    return m_list->currentItem() != nullptr;
}

bool KindPage::validatePage()
{
    auto *w = qobject_cast<PlanWizard *>(wizard());
    if (!w || !m_list->currentItem())
        return false;
    const QString id = m_list->currentItem()->data(Qt::UserRole).toString();
    if (w->plan().kind != id) {
        w->plan().kind = id;
        w->plan().steps.clear();
        w->plan().target = {};
    }
    return true;
}

int KindPage::nextId() const
{
    auto *w = qobject_cast<PlanWizard *>(wizard());
    if (!w || !m_list->currentItem())
        return -1;
    return w->firstPageOf(m_list->currentItem()->data(Qt::UserRole).toString());
}

} // namespace cm::ui
