// SPDX-License-Identifier: GPL-3.0-or-later
#include "wizard/repetitionform.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

namespace cm::ui {

RepetitionForm::RepetitionForm(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("repetitionForm"));
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    m_repeat = new QSpinBox(this);
    m_repeat->setObjectName(QStringLiteral("repeat"));
    m_repeat->setRange(1, 1000);
    m_repeat->setSuffix(tr(" ×"));
    m_repeat->setToolTip(tr("Run each step this many times: comparisons of repeated runs get a noise estimate."));
    form->addRow(tr("Repeat each step:"), m_repeat);

    auto *row = new QHBoxLayout();
    m_untilStable = new QCheckBox(tr("until it varies by at most"), this);
    m_untilStable->setObjectName(QStringLiteral("untilStable"));
    m_spread = new QDoubleSpinBox(this);
    m_spread->setObjectName(QStringLiteral("spreadPct"));
    m_spread->setRange(0.01, 1000);
    m_spread->setDecimals(2);
    m_spread->setValue(5);
    m_spread->setSuffix(tr(" %"));
    m_window = new QSpinBox(this);
    m_window->setObjectName(QStringLiteral("stableWindow"));
    m_window->setRange(2, 100);
    m_window->setValue(3);
    m_maxRepeat = new QSpinBox(this);
    m_maxRepeat->setObjectName(QStringLiteral("maxRepeat"));
    m_maxRepeat->setRange(2, 1000);
    m_maxRepeat->setValue(10);
    // Two short rows, so no word is cut on a narrow window.
    m_untilStable->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    row->addWidget(m_untilStable);
    row->addWidget(m_spread);
    row->addWidget(new QLabel(tr("over the last"), this));
    row->addWidget(m_window);
    row->addStretch(1);
    form->addRow(QString(), row);
    auto *row2 = new QHBoxLayout();
    row2->addSpacing(24); // under the check box's text
    row2->addWidget(new QLabel(tr("runs, at most"), this));
    row2->addWidget(m_maxRepeat);
    row2->addWidget(new QLabel(tr("times"), this));
    row2->addStretch(1);
    form->addRow(QString(), row2);
    m_hint = new QLabel(tr("Spread: (highest − lowest) / mean of the step's headline figure (Gbit/s, MB/s)."), this);
    m_hint->setWordWrap(true);
    form->addRow(QString(), m_hint);

    connect(m_repeat, &QSpinBox::valueChanged, this, [this] {
        updateEnabled();
        Q_EMIT changed();
    });
    connect(m_window, &QSpinBox::valueChanged, this, [this] {
        updateEnabled();
        Q_EMIT changed();
    });
    connect(m_maxRepeat, &QSpinBox::valueChanged, this, [this] { Q_EMIT changed(); });
    connect(m_spread, &QDoubleSpinBox::valueChanged, this, [this] { Q_EMIT changed(); });
    connect(m_untilStable, &QCheckBox::toggled, this, [this] {
        updateEnabled();
        Q_EMIT changed();
    });
    updateEnabled();
}

void RepetitionForm::updateEnabled()
{
    const bool on = m_untilStable->isChecked();
    for (QWidget *w :
        {static_cast<QWidget *>(m_spread), static_cast<QWidget *>(m_window), static_cast<QWidget *>(m_maxRepeat)})
        w->setEnabled(on);
    m_hint->setVisible(on);
    // The cap is never below what repeat and the window ask for.
    m_maxRepeat->setMinimum(qMax(2, qMax(m_repeat->value(), m_window->value())));
}

void RepetitionForm::setFromPlan(const Plan &plan)
{
    const QSignalBlocker b1(m_repeat), b2(m_untilStable), b3(m_spread), b4(m_window), b5(m_maxRepeat);
    m_repeat->setValue(plan.repeat);
    m_untilStable->setChecked(plan.untilStable());
    if (plan.untilStable()) {
        m_spread->setValue(plan.untilSpreadPct);
        m_window->setValue(plan.stableWindow);
    }
    updateEnabled();
    if (plan.untilStable())
        m_maxRepeat->setValue(plan.maxIterations());
}

void RepetitionForm::applyTo(Plan &plan) const
{
    plan.repeat = m_repeat->value();
    if (m_untilStable->isChecked()) {
        plan.untilSpreadPct = m_spread->value();
        plan.stableWindow = m_window->value();
        plan.maxRepeat = qMax(m_maxRepeat->value(), plan.minIterations());
    } else {
        plan.untilSpreadPct = 0;
        plan.maxRepeat = 0;
    }
}

} // namespace cm::ui
