// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace cm {

enum class RunStatus { Running, Completed, Failed, Cancelled, Interrupted };

inline QString runStatusName(RunStatus s)
{
    switch (s) {
    case RunStatus::Running: return QStringLiteral("running");
    case RunStatus::Completed: return QStringLiteral("completed");
    case RunStatus::Failed: return QStringLiteral("failed");
    case RunStatus::Cancelled: return QStringLiteral("cancelled");
    case RunStatus::Interrupted: return QStringLiteral("interrupted");
    }
    return QStringLiteral("unknown");
}

inline RunStatus runStatusFromName(const QString &s)
{
    if (s == QLatin1String("completed"))
        return RunStatus::Completed;
    if (s == QLatin1String("failed"))
        return RunStatus::Failed;
    if (s == QLatin1String("cancelled"))
        return RunStatus::Cancelled;
    if (s == QLatin1String("interrupted"))
        return RunStatus::Interrupted;
    return RunStatus::Running;
}

} // namespace cm
