// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What will be written where. For a raw device Next stays disabled until the user
// types the device path exactly; the kind's validate() must pass too.
#include "wizard/planwizard.h"

class QLabel;
class QLineEdit;

namespace cm::ui {

class DiskSafetyPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit DiskSafetyPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    QLineEdit *confirmEdit() const { return m_confirm; }
    QString problemText() const;

private:
    bool isDevice() const;
    QLabel *m_summary = nullptr;
    QLabel *m_confirmLabel = nullptr;
    QLineEdit *m_confirm = nullptr;
    QLabel *m_problem = nullptr;
};

} // namespace cm::ui
