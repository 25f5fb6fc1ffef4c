// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the CLI's subcommands: output helpers and the store location.
#include "model/clioptions.h"

#include <QJsonDocument>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace cm {
class SessionStore;
struct CephConnectionSpec;
struct Plan;
} // namespace cm

namespace cm::cli {

// The whole command line: registers the built-in kinds (kinds registered before stay)
// and runs the subcommand. Returns the exit code.
int run(int argc, char **argv);
// Every subcommand: args without the program and subcommand names; returns the exit code.
int cmdPlan(const QStringList &args);
// `plan --help`, `plan KIND --help`: the kinds and their options.
QString planUsage();
struct PlanKindHelp {
    QString name; // as the CLI takes it: "disk", "rbd"
    QString summary;
    QList<CliOption> options; // the kind's own; every kind also takes commonPlanOptions()
};
QList<PlanKindHelp> planKinds();
QList<CliOption> commonPlanOptions();
int cmdRun(const QStringList &args);
int cmdSessions(const QStringList &args);
int cmdShow(const QStringList &args);
int cmdCompare(const QStringList &args); // cmdcompare.cpp
int cmdExport(const QStringList &args); // cmdcompare.cpp
// Charts (cmdchart.cpp): export/compare with --png or --svg; main() needs a QGuiApplication.
bool wantsChart(const QStringList &args);
int cmdExportChart(const QStringList &args);
int cmdCompareChart(const QStringList &args);
int cmdExperimentChart(const QStringList &args); // experiment --show ID --png/--svg
int cmdExportSession(const QStringList &args); // cmdsessionfile.cpp
int cmdImport(const QStringList &args); // cmdsessionfile.cpp
int cmdInventory(const QStringList &args);
int cmdTrust(const QStringList &args);
int cmdCheck(const QStringList &args); // cmdcheck.cpp: preflight of a plan's nodes
int cmdCeph(const QStringList &args);
int cmdLab(const QStringList &args);
int cmdCleanup(const QStringList &args);
int cmdS3(const QStringList &args); // cmds3.cpp: `s3 create-user`
int cmdImportResult(const QStringList &args); // cmdimport.cpp
int cmdRestore(const QStringList &args); // cmdrestore.cpp: knobs a crash left changed
int cmdExperiment(const QStringList &args); // cmdexperiment.cpp: a change measured A/B
int cephFetch(const QStringList &args); // `ceph fetch`
int cmdComplete(const QStringList &args); // cmdcomplete.cpp: shell completion candidates

// Ctrl-C and TERM call onSignal on context's thread (through a socket pair, since a
// signal handler may do nearly nothing), for as long as context lives; after it, the
// default handlers are back.
class SignalCancel : public QObject {
public:
    SignalCancel(QObject *context, std::function<void()> onSignal);
    ~SignalCancel() override;
};

void printJson(const QJsonDocument &doc); // stdout, indented
void printErr(const QString &line); // stderr, one line
// --quiet: errors only. printProgress prints what a run is doing (started, each step,
// its figures, finished), which --quiet leaves out; printErr is for errors and for what
// must never go unseen (a leftover).
void setQuiet(bool quiet);
bool isQuiet();
void printProgress(const QString &line);
// On a terminal (stderr a TTY, TERM not dumb) a run's progress is one line redrawn in
// place; printErr and printProgress print above it. Elsewhere, plain lines only.
bool stderrIsTerminal();
void setStatusLine(const QString &line); // nothing with --quiet
void clearStatusLine();
QString storePath(); // $CLUSTERMARK_DATA_DIR or AppDataLocation
// Opens the store (printing why not) and marks runs left by a dead process interrupted.
bool openStore(SessionStore &store);
// "--name VALUE" / "--name=VALUE"; removes them from args. Empty when absent.
QStringList takeOption(QStringList &args, const QString &name);
bool takeFlag(QStringList &args, const QString &name);
// KEY=VALUE lines of DIR/lab.env (a lab started by `lab start`).
QMap<QString, QString> labValues(const QString &dir);
// Takes --conf, --keyring, --client, --lab and --timeout into *spec (defaults:
// /etc/ceph, then /etc/pve). Prints why and returns false when they are unusable.
// *given: whether any of them was on the command line.
bool takeCephSpec(QStringList &args, const QString &command, CephConnectionSpec *spec, bool *given = nullptr);

} // namespace cm::cli
