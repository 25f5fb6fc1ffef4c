// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Per-OSD latency target: the cluster (this machine is the client), a temporary
// size-1 pool (created and removed by the run, only after the user agrees) or an
// existing pool, one OSD at a time or all at once, and which OSDs.
#include "wizard/planwizard.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace cm::ui {

class CephClientForm;

class OsdLatencyTargetPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit OsdLatencyTargetPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    CephClientForm *clientForm() const { return m_client; }
    QRadioButton *tempPoolRadio() const { return m_tempPool; }
    QCheckBox *consentCheck() const { return m_consent; }
    QLineEdit *poolEdit() const { return m_pool; }
    QComboBox *modeCombo() const { return m_mode; }
    QLineEdit *osdsEdit() const { return m_osds; }

private:
    QString problem() const;
    QList<int> osdIds(bool *ok) const;
    void refresh();

    CephClientForm *m_client = nullptr;
    QRadioButton *m_tempPool = nullptr;
    QRadioButton *m_existingPool = nullptr;
    QCheckBox *m_consent = nullptr;
    QLineEdit *m_pool = nullptr;
    QComboBox *m_mode = nullptr;
    QLineEdit *m_osds = nullptr;
    QLabel *m_problem = nullptr;
};

} // namespace cm::ui
