// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// clustermark-cli's commands, options, exit codes and environment, declared once: the
// --help text, each command's --help, the manual page and shell completion are all
// made from these declarations.
#include "model/clioptions.h"
#include "model/error.h"
#include "model/runstatus.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace cm::cli {

// Distinct exit codes (the manual page and --help list them).
enum ExitCode : int {
    ExitOk = 0,
    ExitFailed = 1, // the run or command failed (a step failed, a node unreachable, …)
    ExitUsage = 2, // a wrong command line or an unusable input file
    ExitRefused = 3, // a safety rule refused the plan or a step: nothing was written
    ExitCancelled = 130, // Ctrl-C or TERM (128 + SIGINT, as shells report it)
};

// A run's or an experiment's end as an exit code: a safety refusal (Error::Code::Unsafe,
// a changed host key) is ExitRefused, a plan the engine finds invalid ExitUsage.
int exitCodeFor(RunStatus status, const Error &error);

struct CommandHelp {
    QString name; // "compare"
    QString synopsis; // what follows the name: "RUN_A RUN_B [RUN…] [--format md|…]"
    QString text; // what it does: one paragraph, wrapped when printed
};

struct NamedText {
    QString name;
    QString text;
};

// In the order --help lists them; a command with several forms has several entries.
const QList<CommandHelp> &commandHelp();
const QList<CliOption> &globalOptions(); // --verbose, --quiet, --version, --help
const QList<NamedText> &exitCodes();
const QList<NamedText> &environmentVariables();

QStringList commandNames(); // each once, in order
// The options a command's synopses name ("--format", "--png"), for completion.
QStringList commandOptions(const QString &command);
QString usageText(); // `clustermark-cli --help`
QString commandUsage(const QString &command); // `clustermark-cli COMMAND --help`; empty: unknown
QString manPage(); // clustermark-cli(1) as roff

} // namespace cm::cli
