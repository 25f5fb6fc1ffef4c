// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/cephfs/nodemountcleaner.h"

#include "bench/cephfs/cephfsfiorunner.h"

#include <QHash>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QSet>

Q_LOGGING_CATEGORY(lcNodeMounts, "clustermark.core.nodemounts", QtInfoMsg)

namespace cm {

namespace {

// Fixed script; its only input is "$1", the mount point the step made (no white space:
// mktemp's /tmp/clustermark-cephfs-XXXXXX, so /proc/mounts shows it unescaped). umount
// (root: any mount, FUSE included), then fusermount (a user's FUSE mount) when it is
// installed; lazily when busy; and then /proc/mounts must no longer list it.
const char *const kUnmountScript = R"SH(mp=$1
mounted() { awk -v m="$mp" '$2 == m { found = 1 } END { exit !found }' /proc/mounts; }
mounted || exit 0
umount -- "$mp" 2>/dev/null || { command -v fusermount >/dev/null 2>&1 && fusermount -u -- "$mp" 2>/dev/null; }
mounted || exit 0
sleep 1
umount -- "$mp" 2>/dev/null || umount -l -- "$mp" 2>/dev/null || { command -v fusermount >/dev/null 2>&1 && fusermount -u -z -- "$mp" 2>/dev/null; }
mounted || exit 0
echo "$mp is still mounted (neither umount nor fusermount could unmount it)" >&2
exit 1
)SH";

// $1: the unmount script; then the folders. /proc/mounts is read first: a mount point
// is a real folder (never a link), and a stale FUSE mount is unmounted before anything
// looks inside it. A mount a process still works in (its current folder or an open
// file there: a benchmark still running) is left alone; the links in /proc are read
// without touching the mount (find walks each process's fd folder itself: the glob
// names two paths per process, never every open file). Prints "<index> ok|gone|skip|busy|fail" per folder.
const char *const kRemoveScript = R"SH(unmount=$1; shift
i=0
for mp in "$@"; do
  i=$((i+1))
  type=$(awk -v m="$mp" '$2 == m { t = $3 } END { print t }' /proc/mounts)
  case "$type" in
    "") ;;
    ceph|fuse.ceph-fuse|fuse.ceph)
      if [ -n "$(find /proc/[0-9]*/cwd /proc/[0-9]*/fd -maxdepth 1 \( -lname "$mp" -o -lname "$mp/*" \) -print -quit 2>/dev/null)" ]; then
        echo "$i busy"; continue
      fi
      sh -c "$unmount" cm-unmount "$mp" >/dev/null 2>&1 || { echo "$i fail"; continue; } ;;
    *) echo "$i skip"; continue ;;
  esac
  if [ -L "$mp" ] || { [ -e "$mp" ] && [ ! -d "$mp" ]; }; then echo "$i skip"
  elif [ ! -e "$mp" ]; then echo "$i gone"
  elif rmdir -- "$mp" 2>/dev/null; then echo "$i ok"
  else echo "$i fail"; fi
done
exit 0
)SH";

} // namespace

bool NodeMountCleaner::matches(const QString &path)
{
    static const QRegularExpression re(QStringLiteral("^/tmp/clustermark-cephfs-[A-Za-z0-9]+$"));
    return re.match(path).hasMatch();
}

const char *NodeMountCleaner::unmountScript()
{
    return kUnmountScript;
}

QList<Leftover> NodeMountCleaner::scan(Transport &t, Error *error)
{
    *error = {};
    const QString node = t.node().displayName();
    if ((*error = t.connect()))
        return {};
    // find without -L lists folders by their directory entry: links are not folders here,
    // and nothing looks inside a mount.
    Command c;
    c.argv = {QStringLiteral("find"), QStringLiteral("/tmp"), QStringLiteral("-mindepth"), QStringLiteral("1"),
        QStringLiteral("-maxdepth"), QStringLiteral("1"), QStringLiteral("-type"), QStringLiteral("d"),
        QStringLiteral("-name"), folderPattern().section(QLatin1Char('/'), -1), QStringLiteral("-printf"),
        QStringLiteral("/tmp/%f\\0")};
    c.timeoutMs = 30000;
    c.maxRuntimeSec = 35;
    const ExecResult r = t.run(c, {}, CancelToken());
    if (r.error) {
        *error = r.error;
        return {};
    }
    Error me;
    const QByteArray procMounts = t.readFile(QStringLiteral("/proc/mounts"), &me);
    if (me) {
        *error = me;
        return {};
    }
    QHash<QString, QString> mountType; // mount point -> file system type
    for (const QByteArray &line : procMounts.split('\n')) {
        const QList<QByteArray> f = line.split(' ');
        if (f.size() >= 3)
            mountType.insert(QString::fromUtf8(f.at(1)), QString::fromUtf8(f.at(2)));
    }
    QSet<QString> seen;
    QList<Leftover> out;
    auto add = [&](const QString &path) {
        const QString type = mountType.value(path);
        // someone else's file system mounted under our name is not ours to undo
        if (!matches(path) || seen.contains(path) || (!type.isEmpty() && !CephFsFioRunner::isCephFsType(type)))
            return;
        seen.insert(path);
        out << Leftover::make(Leftover::Kind::NodeMount, node, path);
    };
    for (const QByteArray &rec : r.stdOut.split('\0'))
        add(QString::fromUtf8(rec));
    for (auto it = mountType.cbegin(); it != mountType.cend(); ++it)
        add(it.key());
    qCInfo(lcNodeMounts) << "found" << out.size() << "CephFS mount folders on" << node;
    return out;
}

CleanupReport NodeMountCleaner::remove(Transport &t, const QList<Leftover> &mounts)
{
    QList<Error> outcome(mounts.size());
    QList<int> todo;
    for (int i = 0; i < mounts.size(); ++i) {
        const Leftover &l = mounts.at(i);
        if (l.kind != Leftover::Kind::NodeMount)
            outcome[i] = Error(Error::Code::InvalidInput, QStringLiteral("not a node mount"), l.describe());
        else if (!matches(l.name))
            outcome[i] = Error(Error::Code::Unsafe,
                QStringLiteral("refused: not a folder named %1").arg(folderPattern()), l.describe());
        else
            todo << i;
    }
    if (!todo.isEmpty()) {
        Error e = t.connect();
        ExecResult r;
        if (!e) {
            Command c;
            c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(kRemoveScript),
                QStringLiteral("cm-clean-mounts"), QString::fromLatin1(kUnmountScript)};
            for (int i : std::as_const(todo))
                c.argv << mounts.at(i).name;
            c.timeoutMs = 60000 + 10000 * int(todo.size());
            c.maxRuntimeSec = c.timeoutMs / 1000 + 5;
            r = t.run(c, {}, CancelToken());
            e = r.error;
        }
        const QMap<int, QString> status = indexedScriptStatus(r.stdOut);
        for (int k = 0; k < todo.size(); ++k) {
            const Leftover &l = mounts.at(todo.at(k));
            const QString st = status.value(k + 1);
            if (st == QLatin1String("ok") || st == QLatin1String("gone"))
                continue;
            Error &out = outcome[todo.at(k)];
            if (e)
                out = e;
            else if (st == QLatin1String("busy"))
                out = Error(Error::Code::Unsafe,
                    QStringLiteral("left mounted: a process still works in %1 (a benchmark still running?)")
                        .arg(l.name),
                    l.describe());
            else if (st == QLatin1String("skip"))
                out = Error(Error::Code::Unsafe,
                    QStringLiteral("refused: %1 is a link, not a folder, or another file system's mount").arg(l.name),
                    l.describe());
            else
                out = Error(Error::Code::CommandFailed,
                    QStringLiteral("cannot unmount or remove %1 on %2").arg(l.name, l.location), l.describe());
        }
    }
    const CleanupReport report = CleanupReport::fromOutcomes(mounts, outcome);
    return report;
}

} // namespace cm
