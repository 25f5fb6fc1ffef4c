// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs one of the project's binaries ($CLUSTERMARK_BIN/NAME: clustermark-cli, or the
// GUI offscreen) for a test, with the test's own data folder, and collects its exit
// code and output. A binary that outlives the timeout is killed (code -1).
#include <QByteArray>
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

} // namespace cmtest
