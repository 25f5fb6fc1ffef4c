// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommon.h"
#include "clihelp.h"

#include "store/sessionstore.h"

#include <QJsonArray>

namespace cm::cli {

namespace {
QJsonObject runInfoJson(const RunInfo &r)
{
    return {{QStringLiteral("id"), r.id}, {QStringLiteral("session"), r.sessionName}, {QStringLiteral("kind"), r.kind},
        {QStringLiteral("name"), r.name}, {QStringLiteral("nodes"), QJsonArray::fromStringList(r.nodes)},
        {QStringLiteral("status"), runStatusName(r.status)},
        {QStringLiteral("started"), r.started.toString(Qt::ISODate)},
        {QStringLiteral("finished"), r.finished.isValid() ? r.finished.toString(Qt::ISODate) : QString()},
        {QStringLiteral("error"), r.error}};
}
} // namespace

int cmdSessions(const QStringList &args)
{
    if (!args.isEmpty()) {
        printErr(QStringLiteral("usage: clustermark-cli sessions"));
        return ExitUsage;
    }
    SessionStore store(storePath());
    if (!openStore(store))
        return ExitFailed;
    QJsonArray out;
    for (const SessionInfo &s : store.sessions()) {
        QJsonArray runs;
        for (const RunInfo &r : store.runs(s.id))
            runs.append(runInfoJson(r));
        out.append(QJsonObject {{QStringLiteral("id"), s.id}, {QStringLiteral("name"), s.name},
            {QStringLiteral("tags"), QJsonArray::fromStringList(s.tags)}, {QStringLiteral("note"), s.note},
            {QStringLiteral("runs"), runs}});
    }
    printJson(
        QJsonDocument(QJsonObject {{QStringLiteral("database"), store.path()}, {QStringLiteral("sessions"), out}}));
    return ExitOk;
}

int cmdShow(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const bool markdown = takeFlag(args, QStringLiteral("--markdown"));
    takeFlag(args, QStringLiteral("--json"));
    bool ok = false;
    const RunId id = args.value(0).toLongLong(&ok);
    if (args.size() != 1 || !ok) {
        printErr(QStringLiteral("usage: clustermark-cli show RUN [--json|--markdown]"));
        return ExitUsage;
    }
    SessionStore store(storePath());
    if (!openStore(store))
        return ExitFailed;
    Error e;
    store.run(id, &e);
    if (e) {
        printErr(QStringLiteral("show: %1").arg(e.message));
        return ExitFailed;
    }
    if (markdown) {
        const QByteArray md = store.runToMarkdown(id).toUtf8();
        fwrite(md.constData(), 1, size_t(md.size()), stdout);
        return ExitOk;
    }
    printJson(QJsonDocument(store.runToJson(id)));
    return ExitOk;
}

} // namespace cm::cli
