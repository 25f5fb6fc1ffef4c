// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Run again…": the saved plan of a run, the session the new run goes into (pick one
// or type a new name), then either open it in the plan wizard to change it or
// start it as it is.
#include "model/plan.h"

#include <QDialog>

class QComboBox;
class QPushButton;

namespace cm::ui {

class RunAgainDialog : public QDialog {
    Q_OBJECT
public:
    enum class Choice { None, EditInWizard, StartNow, Experiment };

    RunAgainDialog(
        const Plan &plan, const QStringList &sessionNames, const QString &session, QWidget *parent = nullptr);

    Choice choice() const { return m_choice; }
    Plan plan() const; // the saved plan with the chosen session
    QComboBox *sessionCombo() const { return m_session; }
    QPushButton *editButton() const { return m_edit; }
    QPushButton *startButton() const { return m_start; }

private:
    Plan m_plan;
    Choice m_choice = Choice::None;
    QComboBox *m_session = nullptr;
    QPushButton *m_edit = nullptr;
    QPushButton *m_start = nullptr;
};

} // namespace cm::ui
