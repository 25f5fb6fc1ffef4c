// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which nodes run the steps (all at once, on one time axis).
#include "wizard/planwizard.h"

class QLabel;
class QListWidget;
class QPushButton;

namespace cm::ui {

class NodesPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit NodesPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    QListWidget *list() const { return m_list; }
    QPushButton *addButton() const { return m_add; }
    QLabel *offlineLabel() const { return m_offline; }

private:
    QList<NodeSpec> checkedNodes() const;
    void fill(const QList<NodeSpec> &chosen, bool tickLocal);
    void onNodeAdded(const NodeSpec &node);
    QListWidget *m_list = nullptr;
    QLabel *m_offline = nullptr;
    QPushButton *m_add = nullptr;
    bool m_watching = false;
    QList<NodeSpec> m_nodes;
};

} // namespace cm::ui
