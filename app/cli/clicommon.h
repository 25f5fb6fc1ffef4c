#pragma once
// Shared by the CLI's subcommands: output helpers and the store location.
#include <QJsonDocument>
#include <QString>
#include <QStringList>

namespace cm::cli {

// Every subcommand: args without the program and subcommand names; returns the exit code.
int cmdPlan(const QStringList &args);
int cmdRun(const QStringList &args);
int cmdSessions(const QStringList &args);
int cmdShow(const QStringList &args);
int cmdInventory(const QStringList &args);
int cmdTrust(const QStringList &args);

void printJson(const QJsonDocument &doc);          // stdout, indented
void printErr(const QString &line);                 // stderr, one line
QString storePath();                                 // $CLUSTERMARK_DATA_DIR or AppDataLocation
// "--name VALUE" / "--name=VALUE"; removes them from args. Empty when absent.
QStringList takeOption(QStringList &args, const QString &name);
bool takeFlag(QStringList &args, const QString &name);

} // namespace cm::cli
