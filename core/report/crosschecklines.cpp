// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/crosschecklines.h"

namespace cm {

QList<StepCrossCheckLine> stepCrossChecks(const QList<StepRecord> &steps)
{
    bool repeated = false;
    for (const StepRecord &s : steps)
        repeated = repeated || s.iteration > 0;
    QList<StepCrossCheckLine> out;
    for (const StepRecord &s : steps) {
        const auto check = CrossCheck::fromJson(s.summary.value(QStringLiteral("cross_check")));
        if (!check)
            continue;
        QString test = s.title.isEmpty() ? s.testId : s.title;
        if (repeated)
            test += QStringLiteral(" #%1").arg(s.iteration + 1);
        out << StepCrossCheckLine {test, s.node, *check};
    }
    return out;
}

QStringList crossCheckLines(const QList<StepRecord> &steps)
{
    QStringList out;
    for (const StepCrossCheckLine &l : stepCrossChecks(steps))
        out << QStringLiteral("%1Checked against Ceph's count: %2 on %3: %4")
                   .arg(l.check.flagged() ? QStringLiteral("⚠ ") : QString(), l.test, l.node,
                       l.check.describe().mid(QStringLiteral("Ceph's count: ").size()));
    return out;
}

} // namespace cm
