// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which nodes run the steps (all at once, on one time axis).
#include "wizard/planwizard.h"

class QListWidget;

namespace cm::ui {

class NodesPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit NodesPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    QListWidget *list() const { return m_list; }

private:
    QList<NodeSpec> checkedNodes() const;
    QListWidget *m_list = nullptr;
    QList<NodeSpec> m_nodes;
};

} // namespace cm::ui
