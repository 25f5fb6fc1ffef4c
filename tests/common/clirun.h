// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs one of the project's binaries ($CLUSTERMARK_BIN/NAME: clustermark-cli, or the
// GUI offscreen) for a test, with the test's own data folder, and collects its exit
// code and output. A binary that outlives the timeout is killed (code -1).
#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

namespace cmtest {

struct CliResult {
    int code = -1;
    QByteArray out, err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

inline CliResult runBinary(const QString &name, const QStringList &args, const QString &dataDir, int timeoutMs = 120000,
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    env.insert(QStringLiteral("CLUSTERMARK_DATA_DIR"), dataDir);
    p.setProcessEnvironment(env);
    p.start(qEnvironmentVariable("CLUSTERMARK_BIN") + QLatin1Char('/') + name, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {-1, p.readAllStandardOutput(), p.readAllStandardError() + "\n(timed out)"};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError()};
}

// `plan` with only the steps whose id is in `keepIds`, written to `file`: the path, or
// empty when it could not be written. Keeps a test's run to the steps it needs.
inline QString writePlanSteps(QJsonObject plan, const QStringList &keepIds, const QString &file)
{
    QJsonArray steps;
    for (const QJsonValue &s : plan.value(QStringLiteral("steps")).toArray())
        if (keepIds.contains(s[QStringLiteral("id")].toString()))
            steps << s;
    plan.insert(QStringLiteral("steps"), steps);
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(plan).toJson()) < 0)
        return {};
    return file;
}

} // namespace cmtest
