// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A tiny real fio run saved through `clustermark-cli plan disk` + `run`: the quick
// preset cut to SEQ1M Q8T1 Read and RND4K Q32T1 Read on a 16 MiB file in targetDir,
// 1 s each, `repeat` times. Returns the run id, or -1 (why in *why).
#include "clirun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cmtest {

inline qint64 tinyFioRun(const QString &dataDir, const QString &targetDir, const QString &name, const QString &seqBs,
    int repeat, QString *why)
{
    const CliResult plan = runBinary(QStringLiteral("clustermark-cli"),
        {QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--preset"), QStringLiteral("quick"),
            QStringLiteral("--target"), targetDir, QStringLiteral("--size"), QStringLiteral("16M"),
            QStringLiteral("--runtime"), QStringLiteral("1"), QStringLiteral("--repeat"), QString::number(repeat),
            QStringLiteral("--name"), name},
        dataDir);
    if (plan.code != 0) {
        *why = QString::fromUtf8(plan.err);
        return -1;
    }
    QJsonObject p = plan.json();
    const QJsonArray all = p.value(QStringLiteral("steps")).toArray();
    QJsonObject seq = all.at(0).toObject();
    QJsonObject params = seq.value(QStringLiteral("params")).toObject();
    params.insert(QStringLiteral("bs"), seqBs);
    seq.insert(QStringLiteral("params"), params);
    p.insert(QStringLiteral("steps"), QJsonArray {seq, all.at(4)});
    const QString file = dataDir + QStringLiteral("/plan-%1.json").arg(seqBs);
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly)) {
        *why = f.errorString();
        return -1;
    }
    f.write(QJsonDocument(p).toJson());
    f.close();
    const CliResult run = runBinary(QStringLiteral("clustermark-cli"), {QStringLiteral("run"), file}, dataDir, 180000);
    if (run.code != 0) {
        *why = QString::fromUtf8(run.err);
        return -1;
    }
    return qint64(run.json().value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toDouble());
}

} // namespace cmtest
