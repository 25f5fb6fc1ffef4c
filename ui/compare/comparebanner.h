// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The warning above a comparison: shown when the compared runs' parameters or
// environments differ (one line per difference, from core/store/rundifferences.h),
// or when a run is incomplete. Parameter differences make it a stronger warning:
// the runs are then not like for like.
#include <QFrame>
#include "report/runcompare.h"

#include <QStringList>

class QLabel;

namespace cm::ui {

class CompareBanner : public QFrame {
    Q_OBJECT
public:
    explicit CompareBanner(QWidget *parent = nullptr);

    // `parameterLines`: how many of `differences` (the first ones) are parameter differences.
    void setDifferences(const QStringList &differences, int parameterLines, const QList<CompareWarning> &warnings);
    // A warning in the reader's language.
    static QString warningText(const CompareWarning &w);
    bool parametersDiffer() const { return m_parameters > 0; }
    QString headline() const;
    QStringList lines() const { return m_lines; } // every line listed
    QLabel *label() const { return m_label; }

private:
    QLabel *m_label = nullptr;
    QStringList m_lines;
    int m_parameters = 0;
    int m_environment = 0;
    int m_warnings = 0;
};

} // namespace cm::ui
