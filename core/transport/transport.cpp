// SPDX-License-Identifier: GPL-3.0-or-later
#include "transport/transport.h"

#include "transport/shellquote.h"

namespace cm {

QString Command::toShellString() const
{
    QStringList parts;
    if (!env.isEmpty()) {
        parts << QStringLiteral("env");
        for (auto it = env.cbegin(); it != env.cend(); ++it)
            parts << it.key() + QLatin1Char('=') + it.value();
    }
    // --foreground keeps `timeout` in the command's process group (without it, it makes
    // its own group, which a cancel's group kill would then miss).
    if (maxRuntimeSec > 0)
        parts << QStringLiteral("timeout") << QStringLiteral("--foreground") << QStringLiteral("-k")
              << QStringLiteral("5") << QString::number(maxRuntimeSec);
    parts << argv;
    return shellJoin(parts);
}

namespace {

// $1: the PID of the command (the shell that execs it). At the end of file of its stdin
// (the controller is gone) it ends the command's process group and every descendant of
// the command, since some leave the group: fio's job processes call setsid. It first
// stops the whole tree and lists it again until the list holds still: a process forked
// between a listing and the kill would escape (fio starting its jobs when the app was
// killed left them running). It ignores TERM itself, so it can send KILL to what has not
// ended 2 s later.
const char *const kWatchdogScript = R"SH(trap '' TERM HUP INT
cat >/dev/null 2>&1
root=$1
tree() {
  ps -e -o pid= -o ppid= 2>/dev/null | awk -v root="$root" -v self="$$" '
    { up[$1] = $2 }
    END { for (p in up) { q = p; n = 0
            while ((q in up) && q != root && q != self && n < 64) { q = up[q]; n++ }
            if (q == root && p != root) print p } }' | sort -n
}
kill -STOP "$root" 2>/dev/null
kids=
i=0
while [ $i -lt 50 ]; do
  now=$(tree)
  kill -STOP $now 2>/dev/null
  [ "$now" = "$kids" ] && break
  kids=$now
  i=$((i+1))
done
kill -TERM 0 "$root" $kids 2>/dev/null
kill -CONT 0 "$root" $kids 2>/dev/null
i=0
while [ $i -lt 20 ]; do
  alive=
  for p in "$root" $kids; do kill -0 "$p" 2>/dev/null && alive=1; done
  [ -n "$alive" ] || exit 0
  sleep 0.1
  i=$((i+1))
done
kill -KILL "$root" $kids 2>/dev/null
kill -KILL 0)SH";

} // namespace

QString Command::toScript() const
{
    const QString run = QStringLiteral("exec ") + toShellString();
    if (!hasWatchdog())
        return run;
    // The watchdog reads the controller's stdin (fd 3: an asynchronous list's own stdin
    // would be /dev/null); the command itself gets /dev/null.
    return QStringLiteral("exec 3<&0; sh -c %1 cm-watchdog \"$$\" <&3 >/dev/null 2>&1 3<&- & exec 3<&- </dev/null; ")
               .arg(shellQuote(QString::fromLatin1(kWatchdogScript)))
        + run;
}

ExecResult Transport::capture(const QStringList &argv, int timeoutMs)
{
    Command c;
    c.argv = argv;
    c.timeoutMs = timeoutMs;
    return run(c, {}, CancelToken());
}

QByteArray Transport::readFile(const QString &path, Error *error)
{
    ExecResult r = capture({QStringLiteral("cat"), QStringLiteral("--"), path}, 15000);
    if (!r.ok()) {
        if (error)
            *error = r.error ? r.error : Error(Error::Code::CommandFailed, QString::fromUtf8(r.stdErr).trimmed(), path);
        return {};
    }
    if (error)
        *error = {};
    return r.stdOut;
}

} // namespace cm
