// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/steptitle.h"

namespace cm {

bool repeatsSteps(const QList<StepRecord> &steps)
{
    return std::any_of(steps.cbegin(), steps.cend(), [](const StepRecord &s) { return s.iteration > 0; });
}

QString stepTitle(const StepRecord &s, bool repeated, bool withStatus)
{
    QString t = s.title.isEmpty() ? s.testId : s.title;
    if (repeated)
        t += QStringLiteral(" #%1").arg(s.iteration + 1);
    if (withStatus && s.status != QLatin1String("completed") && !s.status.isEmpty())
        t += QStringLiteral(" (%1)").arg(s.status);
    return t;
}

} // namespace cm
