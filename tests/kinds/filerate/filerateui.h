// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The test-only file-rate kind's screens: one wizard page (folder and rate) before the
// shared review page, and a Results tab with the bytes each step wrote.
#include "kinds/uikind.h"
#include "wizard/planwizard.h"

class QLabel;
class QLineEdit;
class QSpinBox;

namespace cmtest {

class FileRateParamsPage : public cm::ui::PlanWizardPage {
    Q_OBJECT
public:
    explicit FileRateParamsPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool validatePage() override;

private:
    QLineEdit *m_dir = nullptr;
    QSpinBox *m_rateKiB = nullptr;
};

class FileRateRunTab : public cm::ui::KindRunTab {
    Q_OBJECT
public:
    explicit FileRateRunTab(QWidget *parent = nullptr);
    QString title() const override { return QStringLiteral("Bytes written"); }
    bool showRun(const cm::ui::RunDetail &d) override;
    void clearRun() override;
    QString text() const;

private:
    QLabel *m_label = nullptr;
};

// Registers the kind in the core registry and its screens in the UI registry.
void registerFileRateUi();

} // namespace cmtest
