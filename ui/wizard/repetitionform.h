// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The repetition fields of a plan (review page): repeat each step N times, and
// optionally until the spread of its last K iterations is within a chosen %, with a
// cap (Plan::repeat, untilSpreadPct, stableWindow, maxRepeat).
#include "model/plan.h"

#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace cm::ui {

class RepetitionForm : public QWidget {
    Q_OBJECT
public:
    explicit RepetitionForm(QWidget *parent = nullptr);
    void setFromPlan(const Plan &plan);
    void applyTo(Plan &plan) const;

    QSpinBox *repeatSpin() const { return m_repeat; }
    QCheckBox *untilStableCheck() const { return m_untilStable; }
    QDoubleSpinBox *spreadSpin() const { return m_spread; }
    QSpinBox *windowSpin() const { return m_window; }
    QSpinBox *maxRepeatSpin() const { return m_maxRepeat; }

Q_SIGNALS:
    void changed();

private:
    void updateEnabled();

    QSpinBox *m_repeat = nullptr;
    QCheckBox *m_untilStable = nullptr;
    QDoubleSpinBox *m_spread = nullptr;
    QSpinBox *m_window = nullptr;
    QSpinBox *m_maxRepeat = nullptr;
    QLabel *m_hint = nullptr;
};

} // namespace cm::ui
