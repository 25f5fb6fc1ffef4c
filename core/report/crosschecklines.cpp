// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/crosschecklines.h"
#include "report/steptitle.h"

namespace cm {

QList<StepCrossCheckLine> stepCrossChecks(const QList<StepRecord> &steps)
{
    const bool repeated = repeatsSteps(steps);
    QList<StepCrossCheckLine> out;
    for (const StepRecord &s : steps) {
        const auto check = CrossCheck::fromJson(s.summary.value(QStringLiteral("cross_check")));
        if (!check)
            continue;
        out << StepCrossCheckLine {stepTitle(s, repeated), s.node, *check};
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
