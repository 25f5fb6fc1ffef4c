// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Network test, first page: the layout (one pair, a star around one node, or every
// ordered pair), which nodes take part, and for a star the centre node and whether it
// runs the server. Writes Plan.nodes (centre first) and the layout into Plan.target
// (NetIperfKind::Options JSON); NetParamsPage builds the steps.
#include "wizard/planwizard.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QRadioButton;

namespace cm::ui {

class NetNodesPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit NetNodesPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    QComboBox *modeCombo() const { return m_mode; }
    QListWidget *list() const { return m_list; }
    QComboBox *centreCombo() const { return m_centre; }
    QRadioButton *centreServesRadio() const { return m_centreServes; }
    QRadioButton *centreSendsRadio() const { return m_centreSends; }
    QLineEdit *serverAddressEdit() const { return m_address; }
    QLabel *problemLabel() const { return m_problem; }
    QPushButton *addButton() const { return m_add; }
    QLabel *offlineLabel() const { return m_offline; }
    // The checked nodes in plan order: for a star the centre first.
    QList<NodeSpec> orderedNodes() const;
    QString problem() const;

private:
    QList<NodeSpec> checkedNodes() const;
    void refresh();
    void fillList(const QList<NodeSpec> &chosen);

    QComboBox *m_mode = nullptr;
    QLabel *m_modeHint = nullptr;
    QListWidget *m_list = nullptr;
    QWidget *m_starBox = nullptr;
    QComboBox *m_centre = nullptr;
    QRadioButton *m_centreServes = nullptr;
    QRadioButton *m_centreSends = nullptr;
    QWidget *m_pairBox = nullptr;
    QLineEdit *m_address = nullptr;
    QLabel *m_problem = nullptr;
    QLabel *m_offline = nullptr;
    QPushButton *m_add = nullptr;
    bool m_watching = false;
    QList<NodeSpec> m_nodes;
};

// "node1 (root@10.0.0.1)" for a node list; "local (this machine)" for the local node.
QString netNodeText(const NodeSpec &n);

} // namespace cm::ui
