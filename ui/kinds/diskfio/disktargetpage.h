// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Disk target: a file in a folder (default, safe) or a raw block device (destroys its
// data: a warning here, a typed confirmation on the safety page).
#include "wizard/planwizard.h"

class QLabel;
class QLineEdit;
class QRadioButton;

namespace cm::ui {

class DiskTargetPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit DiskTargetPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    QRadioButton *fileRadio() const { return m_file; }
    QRadioButton *deviceRadio() const { return m_device; }
    QLineEdit *dirEdit() const { return m_dir; }
    QLineEdit *sizeEdit() const { return m_size; }
    QLineEdit *deviceEdit() const { return m_devicePath; }

private:
    void updateState();
    QString problem() const; // why Next is blocked ("" = fine)

    QRadioButton *m_file = nullptr;
    QRadioButton *m_device = nullptr;
    QLineEdit *m_dir = nullptr;
    QLineEdit *m_size = nullptr;
    QLineEdit *m_devicePath = nullptr;
    QLabel *m_deviceWarning = nullptr;
    QLabel *m_problem = nullptr;
    QWidget *m_fileBox = nullptr;
    QWidget *m_deviceBox = nullptr;
};

} // namespace cm::ui
