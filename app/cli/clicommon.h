#pragma once
// Shared by the CLI's subcommands: output helpers and the store location.
#include <QJsonDocument>
#include <QString>
#include <QStringList>

namespace cm {
class SessionStore;
}

namespace cm::cli {

// Every subcommand: args without the program and subcommand names; returns the exit code.
int cmdPlan(const QStringList &args);
int cmdPlanRados(const QStringList &args);
int cmdRun(const QStringList &args);
int cmdSessions(const QStringList &args);
int cmdShow(const QStringList &args);
int cmdInventory(const QStringList &args);
int cmdTrust(const QStringList &args);
int cmdCeph(const QStringList &args);
int cmdLab(const QStringList &args);

void printJson(const QJsonDocument &doc);          // stdout, indented
void printErr(const QString &line);                 // stderr, one line
QString storePath();                                 // $CLUSTERMARK_DATA_DIR or AppDataLocation
// Opens the store (printing why not) and marks runs left by a dead process interrupted.
bool openStore(SessionStore &store);
// "--name VALUE" / "--name=VALUE"; removes them from args. Empty when absent.
QStringList takeOption(QStringList &args, const QString &name);
bool takeFlag(QStringList &args, const QString &name);

} // namespace cm::cli
