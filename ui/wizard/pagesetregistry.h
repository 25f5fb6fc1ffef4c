#pragma once
// Wizard page sets by runner kind id (the same ids as core's Registry): adding a kind
// adds one page set here.
#include <QHash>
#include <QList>
#include <QString>

#include <functional>

namespace cm::ui {

class PlanWizard;
class PlanWizardPage;

using PageSetFactory = std::function<QList<PlanWizardPage *>(PlanWizard *)>;

class PageSetRegistry {
public:
    static PageSetRegistry &instance();
    void add(const QString &kindId, PageSetFactory factory);
    bool contains(const QString &kindId) const { return m_sets.contains(kindId); }
    QList<PlanWizardPage *> create(const QString &kindId, PlanWizard *wizard) const;
    QStringList ids() const { return m_order; }

private:
    QHash<QString, PageSetFactory> m_sets;
    QStringList m_order;
};

// Registers the page sets of the built-in kinds ("disk-fio").
void registerBuiltinPageSets();

} // namespace cm::ui
