// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/diskfio/benchfilecleaner.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcBenchFiles, "clustermark.core.benchfiles", QtInfoMsg)

namespace cm {

namespace {

// $@: files. Prints "<index> ok|gone|skip|fail" per file.
const char *const RemoveScript = R"SH(i=0
for f in "$@"; do
  i=$((i+1))
  if [ -L "$f" ] || { [ -e "$f" ] && [ ! -f "$f" ]; }; then echo "$i skip"
  elif [ ! -e "$f" ]; then echo "$i gone"
  elif rm -f -- "$f" 2>/dev/null && [ ! -e "$f" ]; then echo "$i ok"
  else echo "$i fail"; fi
done
exit 0
)SH";

QString cleanDir(QString dir)
{
    while (dir.size() > 1 && dir.endsWith(QLatin1Char('/')))
        dir.chop(1);
    return dir;
}

QString baseName(const QString &path)
{
    return path.mid(path.lastIndexOf(QLatin1Char('/')) + 1);
}

} // namespace

bool BenchFileCleaner::matches(const QString &fileName)
{
    static const QString prefix = Leftover::prefix();
    static const QString suffix = QStringLiteral(".fio.dat");
    return !fileName.contains(QLatin1Char('/')) && fileName.size() > prefix.size() + suffix.size()
        && fileName.startsWith(prefix) && fileName.endsWith(suffix);
}

QList<Leftover> BenchFileCleaner::scan(Transport &t, const QString &dirIn, Error *error)
{
    *error = {};
    const QString dir = cleanDir(dirIn);
    const QString node = t.node().displayName();
    if (!dir.startsWith(QLatin1Char('/'))) {
        *error = Error(Error::Code::InvalidInput,
            QStringLiteral("the folder must be an absolute path (got \"%1\")").arg(dirIn), node);
        return {};
    }
    if ((*error = t.connect()))
        return {};
    Command c;
    c.argv = {QStringLiteral("find"), dir, QStringLiteral("-mindepth"), QStringLiteral("1"),
        QStringLiteral("-maxdepth"), QStringLiteral("1"), QStringLiteral("-type"), QStringLiteral("f"),
        QStringLiteral("-name"), namePattern(), QStringLiteral("-printf"), QStringLiteral("%s\\t%f\\0")};
    c.timeoutMs = 30000;
    c.maxRuntimeSec = 35;
    const ExecResult r = t.run(c, {}, CancelToken());
    if (r.error) {
        *error = r.error;
        return {};
    }
    if (r.exitCode != 0) {
        const QString err = QString::fromUtf8(r.stdErr.right(400)).trimmed();
        *error
            = Error(err.contains(QLatin1String("No such file")) ? Error::Code::PathMissing : Error::Code::CommandFailed,
                QStringLiteral("cannot list %1 on %2: %3").arg(dir, node, err), node);
        return {};
    }
    QList<Leftover> out;
    for (const QByteArray &rec : r.stdOut.split('\0')) {
        const qsizetype tab = rec.indexOf('\t');
        if (tab <= 0)
            continue;
        const QString name = QString::fromUtf8(rec.mid(tab + 1));
        if (!matches(name)) // find's -name is a glob: check the exact rule here too
            continue;
        Leftover l = Leftover::make(
            Leftover::Kind::NodeFile, node, (dir == QLatin1String("/") ? QString() : dir) + QLatin1Char('/') + name);
        bool ok = false;
        l.bytes = rec.left(tab).toLongLong(&ok);
        if (!ok)
            l.bytes = -1;
        out << l;
    }
    qCInfo(lcBenchFiles) << "found" << out.size() << "bench files in" << dir << "on" << node;
    return out;
}

CleanupReport BenchFileCleaner::remove(Transport &t, const QList<Leftover> &files)
{
    // One outcome per item, reported in the order given.
    QList<Error> outcome(files.size());
    QList<int> todo;
    for (int i = 0; i < files.size(); ++i) {
        const Leftover &l = files.at(i);
        if (l.kind != Leftover::Kind::NodeFile)
            outcome[i] = Error(Error::Code::InvalidInput, QStringLiteral("not a node file"), l.describe());
        else if (!l.name.startsWith(QLatin1Char('/')) || !matches(baseName(l.name))
            || l.name.contains(QLatin1String("/../")) || l.name.contains(QLatin1String("/./")))
            outcome[i] = Error(Error::Code::Unsafe,
                QStringLiteral("refused: not an absolute path to a %1 file").arg(namePattern()), l.describe());
        else
            todo << i;
    }
    if (!todo.isEmpty()) {
        Error e = t.connect();
        ExecResult r;
        if (!e) {
            Command c;
            c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromUtf8(RemoveScript),
                QStringLiteral("cm-clean")};
            for (int i : std::as_const(todo))
                c.argv << files.at(i).name;
            c.timeoutMs = 60000;
            c.maxRuntimeSec = 65;
            r = t.run(c, {}, CancelToken());
            e = r.error;
        }
        const QMap<int, QString> status = indexedScriptStatus(r.stdOut);
        for (int k = 0; k < todo.size(); ++k) {
            const Leftover &l = files.at(todo.at(k));
            const QString st = status.value(k + 1);
            Error &out = outcome[todo.at(k)];
            if (st == QLatin1String("ok"))
                continue;
            if (e)
                out = e;
            else if (st == QLatin1String("gone"))
                out = Error(Error::Code::PathMissing, QStringLiteral("already gone"), l.describe());
            else if (st == QLatin1String("skip"))
                out = Error(Error::Code::Unsafe, QStringLiteral("refused: no longer a regular file"), l.describe());
            else
                out = Error(Error::Code::CommandFailed, QStringLiteral("cannot remove the file"), l.describe());
        }
    }
    const CleanupReport rep = CleanupReport::fromOutcomes(files, outcome);
    qCInfo(lcBenchFiles) << "removed" << rep.removed.size() << "bench files on" << t.node().displayName();
    return rep;
}

} // namespace cm
