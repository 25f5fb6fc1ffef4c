// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli check PLAN.json`: before a run, whether every node of the plan can
// run its engine and reach the cluster (bench/preflight.h), as JSON; exit 1 when a
// node cannot, naming the node, what is missing and the package or fix.
#include "bench/registry.h"
#include "clicommon.h"
#include "clihelp.h"
#include "io/inputfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cm::cli {

int cmdCheck(const QStringList &args)
{
    if (args.size() != 1) {
        printErr(QStringLiteral("usage: clustermark-cli check PLAN.json"));
        return ExitUsage;
    }
    QByteArray bytes;
    if (const Error e = readInputFile(args.first(), Plan::MaxFileBytes, &bytes)) {
        printErr(QStringLiteral("check: %1").arg(e.message));
        return ExitUsage;
    }
    Error e;
    const Plan plan = Plan::fromJsonBytes(bytes, &e);
    const auto kind = Registry::instance().kind(plan.kind);
    if (!e && !kind)
        e = Error(Error::Code::InvalidInput, QStringLiteral("unknown kind \"%1\"").arg(plan.kind));
    if (!e)
        e = kind->validate(plan);
    if (e) {
        printErr(QStringLiteral("check: %1: %2").arg(args.first(), e.message));
        return ExitUsage;
    }
    const QList<PreflightResult> results = preflight::checkPlan(plan, kind->preflight(plan), CancelToken());
    QJsonArray list;
    for (const PreflightResult &r : results)
        list.append(QJsonObject {{QStringLiteral("node"), r.node}, {QStringLiteral("check"), r.what},
            {QStringLiteral("ok"), r.ok}, {QStringLiteral("detail"), r.detail}, {QStringLiteral("fix"), r.fix}});
    const QStringList failed = preflight::failures(results);
    for (const QString &line : failed)
        printErr(line);
    printJson(QJsonDocument(QJsonObject {{QStringLiteral("checks"), list}, {QStringLiteral("ok"), failed.isEmpty()}}));
    return failed.isEmpty() ? 0 : 1;
}

} // namespace cm::cli
