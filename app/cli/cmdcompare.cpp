// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommon.h"
#include "clihelp.h"

#include "report/compareexport.h"
#include "report/runcompare.h"
#include "report/redactor.h"
#include "report/runexport.h"
#include "store/sessionstore.h"

#include <QSet>

#include <cstdio>

namespace cm::cli {

namespace {

void printText(const QString &text)
{
    const QByteArray b = text.toUtf8();
    fwrite(b.constData(), 1, size_t(b.size()), stdout);
    fflush(stdout);
}

// --format, --redact / --no-redact; prints why and returns false on a bad value.
bool takeFormat(QStringList &args, const QString &command, ExportFormat fallback, ExportFormat *format, bool *redact)
{
    const QStringList f = takeOption(args, QStringLiteral("--format"));
    *format = fallback;
    if (!f.isEmpty() && !exportFormatFromName(f.last(), format)) {
        printErr(QStringLiteral("%1: unknown --format \"%2\" (md, bbcode, csv, json%3)")
                     .arg(command, f.last(), command == QLatin1String("export") ? QStringLiteral(", cdm") : QString()));
        return false;
    }
    const bool on = takeFlag(args, QStringLiteral("--redact"));
    const bool off = takeFlag(args, QStringLiteral("--no-redact"));
    if (on && off) {
        printErr(QStringLiteral("%1: --redact and --no-redact exclude each other").arg(command));
        return false;
    }
    *redact = on || (!off && redactByDefault(*format));
    return true;
}

bool runIds(const QStringList &args, QList<RunId> *ids)
{
    for (const QString &a : args) {
        bool ok = false;
        const RunId id = a.toLongLong(&ok);
        if (!ok || id <= 0)
            return false;
        *ids << id;
    }
    return true;
}

} // namespace

int cmdCompare(const QStringList &argsIn)
{
    if (wantsChart(argsIn))
        return cmdCompareChart(argsIn);
    QStringList args = argsIn;
    const QString usage = QStringLiteral(
        "usage: clustermark-cli compare RUN_A RUN_B [RUN…] [--format md|bbcode|csv|json] [--no-redact]");
    ExportFormat format;
    bool redact = false;
    if (!takeFormat(args, QStringLiteral("compare"), ExportFormat::Markdown, &format, &redact))
        return ExitUsage;
    QList<RunId> ids;
    if (args.size() < 2 || !runIds(args, &ids) || format == ExportFormat::CrystalText) {
        printErr(usage);
        return ExitUsage;
    }
    if (QSet<RunId>(ids.begin(), ids.end()).size() != ids.size()) {
        printErr(QStringLiteral("compare: a run is named twice"));
        return ExitUsage;
    }
    SessionStore store(storePath());
    if (!openStore(store))
        return ExitFailed;
    RunCompare c;
    if (const Error e = compareRuns(store, ids, &c)) {
        printErr(QStringLiteral("compare: %1").arg(e.message));
        return ExitFailed;
    }
    printText(compareExport(c, format, redact));
    return ExitOk;
}

int cmdExport(const QStringList &argsIn)
{
    if (wantsChart(argsIn))
        return cmdExportChart(argsIn);
    QStringList args = argsIn;
    ExportFormat format;
    bool redact = false;
    if (!takeFormat(args, QStringLiteral("export"), ExportFormat::Markdown, &format, &redact))
        return ExitUsage;
    QList<RunId> ids;
    if (args.size() != 1 || !runIds(args, &ids)) {
        printErr(QStringLiteral(
            "usage: clustermark-cli export RUN [--format md|bbcode|csv|json|cdm] [--redact|--no-redact]"));
        return ExitUsage;
    }
    SessionStore store(storePath());
    if (!openStore(store))
        return ExitFailed;
    RunRecords r;
    if (const Error e = loadRunRecords(store, ids.first(), &r)) {
        printErr(QStringLiteral("export: %1").arg(e.message));
        return ExitFailed;
    }
    if (format == ExportFormat::Json) {
        QString text = QString::fromUtf8(QJsonDocument(store.runToJson(r.run.id)).toJson(QJsonDocument::Indented));
        if (redact) {
            Redactor red;
            red.addRecords(r);
            text = red.apply(text);
        }
        printText(text);
        return ExitOk;
    }
    Error e;
    const QString text = runExport(r, format, redact, &e);
    if (e) {
        printErr(QStringLiteral("export: %1").arg(e.message));
        return ExitUsage;
    }
    printText(text);
    return ExitOk;
}

} // namespace cm::cli
