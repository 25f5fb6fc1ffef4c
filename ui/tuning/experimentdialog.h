// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The experiment entry (docs/ARCHITECTURE.md §12): a plan (from a saved run, or the
// wizard's), the changes per variant (a knob on a node, a Ceph option, a field of the
// plan), repetitions and order, and a review of what is applied and put back, before
// anything runs. The experiment is checked as an experiment file is (Experiment::fromJson).
#include "model/experiment.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace cm::ui {

class ExperimentDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExperimentDialog(const Plan &plan, QWidget *parent = nullptr);

    // The experiment as the form stands; *error when it is not one.
    Experiment experiment(Error *error) const;

    // One change row: the variant it belongs to, the change (a knob's id, or "plan" for a
    // field of the plan), the node, the object (or the field's key) and the value.
    void addChange(const QString &variant, const QString &change, const QString &node, const QString &object,
        const QString &value);
    QTableWidget *changes() const { return m_table; }
    QPlainTextEdit *review() const { return m_review; }
    QPushButton *runButton() const { return m_run; }

private:
    QWidget *buildChanges();
    QFormLayout *buildHowForm();
    void refresh(); // the review and the Run button, after every edit
    void removeSelectedChange();
    QString reviewText(const Experiment &x) const;
    QString changeText(const KnobSetting &s) const;

    Plan m_plan;
    QLineEdit *m_name = nullptr;
    QTableWidget *m_table = nullptr;
    QSpinBox *m_repetitions = nullptr;
    QComboBox *m_order = nullptr;
    QCheckBox *m_warmUp = nullptr;
    QSpinBox *m_deadMan = nullptr;
    QPlainTextEdit *m_review = nullptr;
    QLabel *m_problem = nullptr;
    QPushButton *m_run = nullptr;
};

} // namespace cm::ui
