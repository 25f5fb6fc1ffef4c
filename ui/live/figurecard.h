// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A card per target: its colour, its name, and per metric the current value and the
// mean over the current step.
#include "model/ratewords.h"

#include <QFrame>
#include <QHash>
#include <QString>

class QGridLayout;
class QLabel;

namespace cm::ui {

class FigureCard : public QFrame {
    Q_OBJECT
public:
    // words: the run's kind's (IOPS or requests/s, Read or GET).
    explicit FigureCard(const QString &target, const RateWords &words = {}, QWidget *parent = nullptr);

    // base unit; a metric::stepSoFar sample sets its percentile's step figure
    void addValue(const QString &metric, double value);
    void resetStep(); // new step: means restart
    void endRun(); // the run is over: no current values, the step columns stay
    QString target() const { return m_target; }
    // Displayed text of a metric's current value ("" if none), for tests.
    QString currentText(const QString &metric) const;
    QString stepText(const QString &metric) const; // its step column

private:
    struct Row {
        QLabel *name = nullptr;
        QLabel *now = nullptr;
        QLabel *mean = nullptr;
        double sum = 0;
        int count = 0;
        double stepValue = -1; // a percentile of the step so far, once its ".step" sample came
        int order = 0;
    };
    Row &rowFor(const QString &metric);
    void leaveStaleState();
    void setValueText(QLabel *label, const QString &text);
    QString valueText(const QString &metric, double value) const;

    QString m_target;
    RateWords m_words;
    QGridLayout *m_grid = nullptr;
    QHash<QString, Row> m_rows;
    QHash<QString, int> m_textWidths; // by text with digits as '0' (and the font)
    bool m_stale = false;
};

} // namespace cm::ui
