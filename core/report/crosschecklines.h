// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The steps' cross-checks against Ceph's own count (stats/crosscheck.h), as the exports
// and Results show them: one line per step that carries one.
#include "stats/crosscheck.h"
#include "store/sessionstore.h"

#include <QList>
#include <QString>

namespace cm {

struct StepCrossCheckLine {
    QString test; // the step's title (with its repetition when the run repeats)
    QString node; // a client, or the cluster total
    CrossCheck check;
};

QList<StepCrossCheckLine> stepCrossChecks(const QList<StepRecord> &steps);
// "Checked against Ceph's count: 4M QD16 write on (total): write +0.0 % bytes (pool rbd)",
// with "⚠ " in front of a flagged one (English, for exports).
QStringList crossCheckLines(const QList<StepRecord> &steps);

} // namespace cm
