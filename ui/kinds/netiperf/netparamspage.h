// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Network test, second page: direction, parallel streams (-P), duration and tool.
// Builds the plan's steps with NetIperfKind::makePlan, the builder the CLI's
// `plan net` uses, so both make the same plan from the same choices.
#include "wizard/planwizard.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

namespace cm::ui {

class NetParamsPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit NetParamsPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool validatePage() override;

    QComboBox *directionCombo() const { return m_direction; }
    QSpinBox *streamsSpin() const { return m_streams; }
    QSpinBox *durationSpin() const { return m_duration; }
    QComboBox *toolCombo() const { return m_tool; }
    QCheckBox *atOnceCheck() const { return m_atOnce; } // a mesh, or a star into its centre
    QLabel *hintLabel() const { return m_hint; }
    QLabel *problemLabel() const { return m_problem; }

private:
    void refresh();

    QComboBox *m_direction = nullptr;
    QSpinBox *m_streams = nullptr;
    QSpinBox *m_duration = nullptr;
    QComboBox *m_tool = nullptr;
    QCheckBox *m_atOnce = nullptr;
    QLabel *m_hint = nullptr;
    QLabel *m_problem = nullptr;
};

} // namespace cm::ui
