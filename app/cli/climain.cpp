// SPDX-License-Identifier: GPL-3.0-or-later
// clustermark-cli: headless ClusterMark (the executable's main() calls run()). Builds plans, runs them, lists and shows saved
// runs; JSON on stdout, progress and errors on stderr.
#include "clicommon.h"
#include "clihelp.h"

#include "bench/registry.h"

#include <QGuiApplication>
#include <QLoggingCategory>

#include <memory>

namespace {

// export/compare with --png or --svg draw text: they need a QGuiApplication (fonts).
bool rendersChart(int argc, char **argv)
{
    if (argc < 2
        || (qstrcmp(argv[1], "export") != 0 && qstrcmp(argv[1], "compare") != 0 && qstrcmp(argv[1], "experiment") != 0))
        return false;
    QStringList args;
    for (int i = 2; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    return cm::cli::wantsChart(args);
}

} // namespace

int cm::cli::run(int argc, char **argv)
{
    std::unique_ptr<QCoreApplication> appHolder;
    if (rendersChart(argc, argv)) {
        // Nothing is shown: render offscreen unless a platform was chosen (a stale
        // DISPLAY would otherwise abort the command).
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        appHolder = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        appHolder = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QStringLiteral("ClusterMark"));
    QCoreApplication::setOrganizationName(QStringLiteral("ClusterMark"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CLUSTERMARK_VERSION));
    cm::registerBuiltinKinds();

    QStringList args = QCoreApplication::arguments().mid(1);
    // The library's own log lines (clustermark.*: "connected to …") only with --verbose:
    // the commands say what matters; --quiet leaves errors only. QT_LOGGING_RULES still
    // wins over both.
    const bool verbose = args.removeAll(QStringLiteral("--verbose")) > 0;
    const bool quiet = args.removeAll(QStringLiteral("--quiet")) > 0;
    cm::cli::setQuiet(quiet);
    if (!verbose)
        QLoggingCategory::setFilterRules(quiet ? QStringLiteral("clustermark.*.info=false\nclustermark.*.warning=false")
                                               : QStringLiteral("clustermark.*.info=false"));
    if (args.isEmpty() || args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h")) {
        const QByteArray usage = usageText().toUtf8();
        fputs(usage.constData(), args.isEmpty() ? stderr : stdout);
        return args.isEmpty() ? ExitUsage : ExitOk;
    }
    if (args.first() == QLatin1String("--version")) {
        fputs("clustermark-cli " CLUSTERMARK_VERSION "\n", stdout);
        return ExitOk;
    }
    if (args.first() == QLatin1String("--man")) { // the build writes clustermark-cli.1 with it
        const QByteArray roff = manPage().toUtf8();
        fwrite(roff.constData(), 1, size_t(roff.size()), stdout);
        return ExitOk;
    }
    const QString cmd = args.takeFirst();
    if (cmd != QLatin1String("plan")
        && (args.contains(QLatin1String("--help")) || args.contains(QLatin1String("-h")))) {
        const QString usage = commandUsage(cmd);
        if (!usage.isEmpty()) {
            const QByteArray b = usage.toUtf8();
            fwrite(b.constData(), 1, size_t(b.size()), stdout);
            return ExitOk;
        }
    }
    if (cmd == QLatin1String("complete"))
        return cm::cli::cmdComplete(args);
    if (cmd == QLatin1String("plan"))
        return cm::cli::cmdPlan(args);
    if (cmd == QLatin1String("run"))
        return cm::cli::cmdRun(args);
    if (cmd == QLatin1String("sessions"))
        return cm::cli::cmdSessions(args);
    if (cmd == QLatin1String("show"))
        return cm::cli::cmdShow(args);
    if (cmd == QLatin1String("compare"))
        return cm::cli::cmdCompare(args);
    if (cmd == QLatin1String("export"))
        return cm::cli::cmdExport(args);
    if (cmd == QLatin1String("export-session"))
        return cm::cli::cmdExportSession(args);
    if (cmd == QLatin1String("import"))
        return cm::cli::cmdImport(args);
    if (cmd == QLatin1String("inventory"))
        return cm::cli::cmdInventory(args);
    if (cmd == QLatin1String("trust"))
        return cm::cli::cmdTrust(args);
    if (cmd == QLatin1String("check"))
        return cm::cli::cmdCheck(args);
    if (cmd == QLatin1String("ceph"))
        return cm::cli::cmdCeph(args);
    if (cmd == QLatin1String("lab"))
        return cm::cli::cmdLab(args);
    if (cmd == QLatin1String("cleanup"))
        return cm::cli::cmdCleanup(args);
    if (cmd == QLatin1String("s3"))
        return cm::cli::cmdS3(args);
    if (cmd == QLatin1String("import-result"))
        return cm::cli::cmdImportResult(args);
    if (cmd == QLatin1String("experiment"))
        return cm::cli::cmdExperiment(args);
    if (cmd == QLatin1String("restore"))
        return cm::cli::cmdRestore(args);
    cm::cli::printErr(QStringLiteral("unknown command \"%1\"").arg(cmd));
    fputs(usageText().toUtf8().constData(), stderr);
    return ExitUsage;
}
