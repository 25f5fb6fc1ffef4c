// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RBD target: the pool, the size of the test images (one per step, created and removed
// by the run), and how the node reaches the cluster (ceph.conf and keyring paths ON
// the node, client name). Optionally the same cluster's health is polled during the run.
#include "wizard/planwizard.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace cm::ui {

class TemporaryPoolForm;

class RbdTargetPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit RbdTargetPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    QLineEdit *poolEdit() const { return m_pool; }
    QLineEdit *dataPoolEdit() const { return m_dataPool; }
    QLineEdit *imageSizeEdit() const { return m_size; }
    QLineEdit *confEdit() const { return m_conf; }
    QLineEdit *keyringEdit() const { return m_keyring; }
    QCheckBox *healthCheck() const { return m_health; }
    QComboBox *cacheCombo() const { return m_cache; }
    QComboBox *engineCombo() const { return m_engine; }
    TemporaryPoolForm *temporaryPoolForm() const { return m_temporary; }

private:
    QString problem() const;

    QComboBox *m_engine = nullptr;
    QLineEdit *m_pool = nullptr;
    QLineEdit *m_dataPool = nullptr;
    QLineEdit *m_size = nullptr;
    QLineEdit *m_conf = nullptr;
    QLineEdit *m_keyring = nullptr;
    QLineEdit *m_client = nullptr;
    QCheckBox *m_health = nullptr;
    QComboBox *m_cache = nullptr;
    TemporaryPoolForm *m_temporary = nullptr;
    QLabel *m_problem = nullptr;
};

} // namespace cm::ui
