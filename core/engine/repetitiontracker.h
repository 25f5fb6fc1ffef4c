// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Decides how often each step of a run is repeated (Plan::repeat and "until stable",
// see plan.h) and records what came of it. Pure: the run thread feeds it the step
// summaries as the iterations finish.
//
// The figure of a step is Plan::stableFigure (a dotted summary key such as
// "read.iops"), else its headline figure: "bitsPerSecond" (network), else the sum of
// "bw" over the fio-style "read" / "write" / "trim" directions that moved data (disk,
// RBD), else a top-level "opsPerSecond", "bytesPerSecond", "iops" or "bw". A step
// without such a figure cannot converge: it runs to the cap.
// Spread of a window: 100 * (max - min) / mean, per node; the step converges when
// every node that completed it has a full window within the bound.
#include "model/plan.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QtNumeric>

#include <optional>

namespace cm {

class RepetitionTracker {
public:
    explicit RepetitionTracker(const Plan &plan);

    // Whether step i still has iterations to run.
    bool wants(int step) const;
    bool allDone() const;
    // A node's completed iteration of step i.
    void record(int step, const QString &node, const QJsonObject &summary);
    // Iteration of step i over on every node: counts it and decides whether the step
    // repeats. Returns a line for the run log when the step is done ("" otherwise).
    QString endIteration(int step);

    int iterations(int step) const;
    // "fixed" (plain repeat done), "converged", "cap" (hit maxRepeat), "incomplete" (not
    // done yet, or the run was cancelled first).
    QString outcome(int step) const;
    // The worst node's spread of its last window (plain repeat: of all iterations); NaN
    // when unknown.
    double spreadPct(int step) const;
    QJsonObject stepJson(int step) const;
    // For the run summary: {"untilSpreadPct", "maxRepeat", "window", "minRepeat",
    // "converged": all steps converged, "steps": [stepJson…]}.
    QJsonObject toJson() const;

    static std::optional<double> figure(const QJsonObject &summary, const QString &key, QString *used = nullptr);
    // 100 * (max - min) / mean; NaN for no values or a mean of 0.
    static double spreadOf(const QList<double> &values);

private:
    struct StepState {
        QString testId;
        int iterations = 0;
        bool done = false;
        QString outcome = QStringLiteral("incomplete");
        QString figureKey;
        QMap<QString, QList<double>> values; // by node, one per completed iteration
        double spread = qQNaN();
    };
    double windowSpread(const StepState &s, bool *full) const;

    Plan m_plan;
    QList<StepState> m_steps;
};

} // namespace cm
