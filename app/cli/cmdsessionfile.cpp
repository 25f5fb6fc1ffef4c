// SPDX-License-Identifier: GPL-3.0-or-later
// `export-session SESSION FILE` and `import FILE`.
#include "clicommon.h"
#include "clihelp.h"

#include "parse/sessionfilecodec.h"
#include "io/inputfile.h"
#include "store/sessionfile.h"
#include "store/sessionstore.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>

namespace cm::cli {

namespace {

// A session by exact name, else by id.
qint64 findSession(SessionStore &store, const QString &which, QString *name)
{
    const QList<SessionInfo> all = store.sessions();
    bool numeric = false;
    const qint64 id = which.toLongLong(&numeric);
    for (bool byName : {true, false}) {
        for (const SessionInfo &s : all) {
            if (byName ? s.name == which : numeric && s.id == id) {
                *name = s.name;
                return s.id;
            }
        }
    }
    return 0;
}

int importSessionFile(const QString &path, const QByteArray &bytes)
{
    SessionStore store(storePath());
    if (!openStore(store))
        return ExitFailed;
    SessionImport r;
    if (const Error e = importSessionBytes(store, bytes, path, &r)) {
        printErr(QStringLiteral("import: %1: %2").arg(path, e.message));
        return ExitFailed;
    }
    QJsonArray runs;
    for (RunId id : std::as_const(r.runs))
        runs.append(id);
    printJson(QJsonDocument(QJsonObject {{QStringLiteral("file"), path},
        {QStringLiteral("session"),
            QJsonObject {{QStringLiteral("id"), r.sessionId}, {QStringLiteral("name"), r.name},
                {QStringLiteral("renamed"), r.renamed}}},
        {QStringLiteral("runs"), runs}}));
    return ExitOk;
}

// The one place that decides what an imported file is; other kinds of files plug in here.
int importFile(const QString &path, const QByteArray &bytes)
{
    if (sessionfile::looksLikeSessionFile(bytes))
        return importSessionFile(path, bytes);
    printErr(QStringLiteral("import: %1: not a ClusterMark session file (no \"format\": \"%2\" field)")
                 .arg(path, QLatin1String(sessionfile::FormatName)));
    return ExitFailed;
}

} // namespace

int cmdExportSession(const QStringList &args)
{
    if (args.size() != 2 || args.at(0).startsWith(QLatin1String("--")) || args.at(1).startsWith(QLatin1String("--"))) {
        printErr(QStringLiteral("usage: clustermark-cli export-session SESSION FILE"));
        return ExitUsage;
    }
    SessionStore store(storePath());
    if (!openStore(store))
        return ExitFailed;
    QString name;
    const qint64 id = findSession(store, args.at(0), &name);
    if (id == 0) {
        printErr(QStringLiteral("export-session: no session \"%1\" (see clustermark-cli sessions)").arg(args.at(0)));
        return ExitFailed;
    }
    const QString path = QFileInfo(args.at(1)).absoluteFilePath();
    if (const Error e = exportSession(store, id, path)) {
        printErr(QStringLiteral("export-session: %1").arg(e.toString()));
        return ExitFailed;
    }
    printJson(
        QJsonDocument(QJsonObject {{QStringLiteral("file"), path}, {QStringLiteral("bytes"), QFileInfo(path).size()},
            {QStringLiteral("session"), QJsonObject {{QStringLiteral("id"), id}, {QStringLiteral("name"), name}}},
            {QStringLiteral("runs"), qint64(store.runs(id).size())}}));
    return ExitOk;
}

int cmdImport(const QStringList &args)
{
    if (args.size() != 1 || args.at(0).startsWith(QLatin1String("--"))) {
        printErr(QStringLiteral("usage: clustermark-cli import FILE"));
        return ExitUsage;
    }
    const QString path = args.at(0);
    QByteArray bytes;
    if (const Error e = readInputFile(path, MaxSessionFileBytes, &bytes)) {
        printErr(QStringLiteral("import: %1").arg(e.message));
        return ExitFailed;
    }
    return importFile(path, bytes);
}

} // namespace cm::cli
