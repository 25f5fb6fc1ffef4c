// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Review: the plan's name, the session the run goes into (pick or type a new one),
// the exact command of every step on each node it runs on, the estimated duration, the
// repetitions (RepetitionForm), a scaling series over the clients, "Check the nodes"
// (NodeCheckPanel) and "Save plan…" (JSON, the format the CLI runs).
#include "wizard/planwizard.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace cm::ui {

class NodeCheckPanel;
class RepetitionForm;

class ReviewPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit ReviewPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool validatePage() override;

    QString commandsText() const;
    double estimatedSeconds() const { return m_estimate; }
    QLineEdit *nameEdit() const { return m_name; }
    RepetitionForm *repetitionForm() const { return m_repetition; }
    QComboBox *sessionCombo() const { return m_session; }
    // "Scaling series": every test with 1, 2, … N of the clients (bench/scaling.h); shown
    // for kinds whose clients add up, with two or more client nodes.
    QCheckBox *scalingBox() const { return m_scaling; }
    QCheckBox *pauseScrubBox() const { return m_pauseScrub; }
    NodeCheckPanel *nodeCheck() const { return m_check; }
    // Writes the plan as JSON; an empty string on success, else the error text.
    QString savePlan(const QString &fileName);

private:
    void updateEstimate();
    void showCommands();
    void setScaling(bool on);

    QLineEdit *m_name = nullptr;
    RepetitionForm *m_repetition = nullptr;
    double m_stepSeconds = 0; // one iteration of every step
    QComboBox *m_session = nullptr;
    bool m_sessionSet = false;
    QLabel *m_estimateLabel = nullptr;
    QPlainTextEdit *m_commands = nullptr;
    QPushButton *m_save = nullptr;
    QCheckBox *m_scaling = nullptr;
    QCheckBox *m_pauseScrub = nullptr;
    NodeCheckPanel *m_check = nullptr;
    QList<PlanStep> m_baseSteps; // the steps before a scaling series expands them
    double m_estimate = 0;
};

} // namespace cm::ui
