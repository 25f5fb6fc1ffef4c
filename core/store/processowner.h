// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Who owns a running run: PID, host and a token (boot id + process start time) that
// tells a live owner from an unrelated process that reused its PID.
#include <QString>

namespace cm::processowner {

qint64 currentPid();
QString currentHost();
QString currentToken();
// Token of a live process, "" when it is gone, a zombie, or unreadable.
QString tokenOf(qint64 pid);
// True when the process that recorded (pid, token) on this host no longer runs:
// kill(pid, 0) says ESRCH, /proc/PID is gone, it is a zombie, or its token differs.
bool isGone(qint64 pid, const QString &token);

} // namespace cm::processowner
