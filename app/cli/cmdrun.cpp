// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommon.h"
#include "clihelp.h"
#include "runprogress.h"

#include "engine/runengine.h"
#include "model/leftover.h"
#include "secrets/secretstore.h"
#include "io/inputfile.h"
#include "store/sessionstore.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QFile>

namespace cm::cli {

namespace {

// After the run: the repetitions' spread, leftovers, the run as JSON, the Markdown file.
void reportRunEnd(RunId id, const QString &markdownOut)
{
    SessionStore store(storePath());
    if (!store.open()) {
        const QJsonObject rep = store.runSummary(id).value(QStringLiteral("repetition")).toObject();
        if (rep.contains(QStringLiteral("untilSpreadPct")))
            for (const QJsonValue &v : rep.value(QStringLiteral("steps")).toArray()) {
                const QJsonObject st = v.toObject();
                const QString outcome = st.value(QStringLiteral("outcome")).toString();
                printProgress(
                    QStringLiteral("    %1: %2 iterations, spread %3 % of %4 (bound %5 %): %6")
                        .arg(st.value(QStringLiteral("testId")).toString())
                        .arg(st.value(QStringLiteral("iterations")).toInt())
                        .arg(st.value(QStringLiteral("spreadPct")).isDouble()
                                ? QString::number(st.value(QStringLiteral("spreadPct")).toDouble(), 'f', 2)
                                : QStringLiteral("?"))
                        .arg(st.value(QStringLiteral("figure")).toString())
                        .arg(rep.value(QStringLiteral("untilSpreadPct")).toDouble())
                        .arg(outcome == QLatin1String("converged") ? QStringLiteral("stable")
                                : outcome == QLatin1String("cap")  ? QStringLiteral("not stable, stopped at the cap")
                                                                   : outcome));
            }
        for (const QJsonValue &v : store.runSummary(id).value(QStringLiteral("leftovers")).toArray())
            printErr(QStringLiteral("left behind: %1 (clustermark-cli cleanup removes it)")
                         .arg(Leftover::fromJson(v.toObject()).describe()));
        printJson(QJsonDocument(store.runToJson(id)));
        if (!markdownOut.isEmpty()) {
            QFile md(markdownOut);
            if (md.open(QIODevice::WriteOnly | QIODevice::Truncate))
                md.write(store.runToMarkdown(id).toUtf8());
            else
                printErr(QStringLiteral("run: cannot write %1: %2").arg(markdownOut, md.errorString()));
        }
    }
}

} // namespace

int cmdRun(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const QString markdownOut = takeOption(args, QStringLiteral("--markdown-out")).value(0);
    const QStringList watch = takeOption(args, QStringLiteral("--watch"));
    const bool pauseScrub = takeFlag(args, QStringLiteral("--pause-scrub"));
    if (args.size() != 1) {
        printErr(QStringLiteral(
            "usage: clustermark-cli run PLAN.json [--markdown-out FILE] [--watch NODE]... [--pause-scrub]"));
        return ExitUsage;
    }
    QByteArray bytes;
    if (const Error e = readInputFile(args.first(), Plan::MaxFileBytes, &bytes)) {
        printErr(QStringLiteral("run: %1").arg(e.message));
        return ExitUsage;
    }
    Error e;
    Plan plan = Plan::fromJsonBytes(bytes, &e);
    if (e) {
        printErr(QStringLiteral("run: %1: %2").arg(args.first(), e.message));
        return ExitUsage;
    }
    for (const QString &spec : watch) {
        QString why;
        const NodeSpec n = NodeSpec::parse(spec, &why);
        if (n.host.isEmpty()) {
            printErr(QStringLiteral("run: --watch %1: %2").arg(spec, why));
            return ExitUsage;
        }
        plan.watch << n;
    }
    plan.pauseScrub = plan.pauseScrub || pauseScrub; // noscrub, nodeep-scrub for the run, put back after
    {
        SessionStore store(storePath());
        if (!openStore(store))
            return ExitFailed;
    }

    // Ctrl-C / TERM cancel the run (it stops within 2 s and cleans up the nodes).
    RunEngine engine(storePath());
    SignalCancel *cancelOnSignal = new SignalCancel(&engine, [&] {
        printErr(QStringLiteral("cancelling…"));
        engine.cancelAll();
    });

    int exitCode = ExitFailed;
    QObject::connect(&engine, &RunEngine::startFailed, &engine, [&](const Error &err) {
        printErr(QStringLiteral("run: %1").arg(err.toString()));
        exitCode = exitCodeFor(RunStatus::Failed, err);
        QCoreApplication::exit(exitCode);
    });
    RunProgress progress(&engine, stderrIsTerminal()); // first: it clears its line before the end is printed
    QObject::connect(&engine, &RunEngine::runFinished, &engine, [&](RunId id, RunStatus status, const Error &err) {
        const QString ended = QStringLiteral("run %1 %2%3")
                                  .arg(id)
                                  .arg(runStatusName(status), err ? QStringLiteral(": ") + err.message : QString());
        if (status == RunStatus::Completed)
            printProgress(ended);
        else
            printErr(ended);
        reportRunEnd(id, markdownOut);
        exitCode = exitCodeFor(status, err);
        QCoreApplication::exit(exitCode);
    });
    // Secrets only from the keychain, only for nodes saved with "remember".
    QMap<QString, Credentials> credentials;
    for (const NodeSpec &n : plan.nodes + plan.watch) {
        if (n.isLocal() || !n.rememberSecret)
            continue;
        Credentials c;
        if (const Error ke = SecretStore::loadCredentials(n, &c))
            printErr(QStringLiteral("run: keychain: %1").arg(ke.message));
        credentials.insert(n.secretKey(), c);
    }
    engine.start(plan, credentials);
    QCoreApplication::exec();
    delete cancelOnSignal;
    return exitCode;
}

} // namespace cm::cli
