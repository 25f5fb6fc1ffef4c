// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli import-result FILE`: fio / iperf3 / iperf 2 output as a run.
#include "clicommon.h"
#include "clihelp.h"

#include "store/resultimporter.h"
#include "store/sessionstore.h"

#include <QJsonArray>
#include <QJsonObject>

namespace cm::cli {

int cmdImportResult(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const bool json = takeFlag(args, QStringLiteral("--json"));
    const QStringList session = takeOption(args, QStringLiteral("--session"));
    const QStringList node = takeOption(args, QStringLiteral("--node"));
    if (args.size() != 1 || args.first().startsWith(QLatin1String("--")) || session.size() > 1 || node.size() > 1) {
        printErr(QStringLiteral("usage: clustermark-cli import-result FILE [--session NAME] [--node NAME] [--json]"));
        return ExitUsage;
    }
    const QString file = args.first();
    SessionStore store(storePath()); // opened by the importer once the file is read
    ResultImporter importer(store);
    Error e;
    const ImportOutcome r = importer.importFile(file, ImportOptions {session.value(0), node.value(0)}, &e);
    if (e) {
        printErr(QStringLiteral("import-result: %1: %2").arg(file, e.message));
        return ExitFailed;
    }
    for (const QString &w : r.warnings)
        printErr(QStringLiteral("import-result: note: %1").arg(w));
    const RunInfo run = store.run(r.run);
    if (json) {
        printJson(QJsonDocument(QJsonObject {{QStringLiteral("run"), r.run},
            {QStringLiteral("session"), run.sessionName}, {QStringLiteral("format"), r.format},
            {QStringLiteral("kind"), r.kind}, {QStringLiteral("toolVersion"), r.toolVersion},
            {QStringLiteral("name"), r.name}, {QStringLiteral("steps"), r.steps},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(r.warnings)}}));
    } else {
        const QByteArray line = QStringLiteral("imported %1 as run %2 in session \"%3\": %4, %5 step%6\n")
                                    .arg(file)
                                    .arg(r.run)
                                    .arg(run.sessionName, r.format)
                                    .arg(r.steps)
                                    .arg(r.steps == 1 ? QString() : QStringLiteral("s"))
                                    .toUtf8();
        fwrite(line.constData(), 1, size_t(line.size()), stdout);
    }
    return ExitOk;
}

} // namespace cm::cli
