// `plan rados`: the RADOS object benchmark with the app's own librados client.
#include "clicommon.h"

#include "bench/rados/radoskind.h"

namespace cm::cli {

namespace {

// The lab's OSDs cache 128 MiB each: 256 × 4 MiB = 1 GiB is well past that and quick to fill.
constexpr int kLabObjects = 256;

bool positiveInt(const QString &text, int *value)
{
    bool ok = false;
    *value = text.toInt(&ok);
    return ok && *value > 0;
}

} // namespace

// plan rados [--conf F --keyring F --client admin | --lab DIR] --pool P [--object-size 4M]
//            [--objects N] [--runtime S] [--timeout S] [--preset quick|standard]
int cmdPlanRados(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const QString preset = takeOption(args, QStringLiteral("--preset")).value(0, QStringLiteral("standard"));
    const QString pool = takeOption(args, QStringLiteral("--pool")).value(0);
    QString conf = takeOption(args, QStringLiteral("--conf")).value(0);
    QString keyring = takeOption(args, QStringLiteral("--keyring")).value(0);
    const QString client = takeOption(args, QStringLiteral("--client")).value(0, QStringLiteral("admin"));
    const QString objectSize = takeOption(args, QStringLiteral("--object-size")).value(0, RadosKind::defaultObjectSize());
    const QString objectsText = takeOption(args, QStringLiteral("--objects")).value(0);
    const QString lab = takeOption(args, QStringLiteral("--lab")).value(0);
    const QString runtimeText = takeOption(args, QStringLiteral("--runtime")).value(0, QStringLiteral("0"));
    const QString timeoutText = takeOption(args, QStringLiteral("--timeout")).value(0, QStringLiteral("30"));
    bool ok = false;
    const int runtime = runtimeText.toInt(&ok);
    if (!ok || runtime < 0) {
        printErr(QStringLiteral("plan rados: --runtime needs seconds, got \"%1\"").arg(runtimeText));
        return 2;
    }
    int timeout = 0;
    if (!positiveInt(timeoutText, &timeout)) {
        printErr(QStringLiteral("plan rados: --timeout needs seconds, got \"%1\"").arg(timeoutText));
        return 2;
    }
    int objects = lab.isEmpty() ? RadosKind::kDefaultObjects : kLabObjects;
    if (!objectsText.isEmpty() && !positiveInt(objectsText, &objects)) {
        printErr(QStringLiteral("plan rados: --objects needs a positive count, got \"%1\"").arg(objectsText));
        return 2;
    }
    if (!args.isEmpty()) {
        printErr(QStringLiteral("plan rados: unexpected argument \"%1\"").arg(args.first()));
        return 2;
    }
    if (pool.isEmpty()) {
        printErr(QStringLiteral("plan rados: --pool is required (the objects are written there, then removed)"));
        return 2;
    }
    if (!lab.isEmpty()) {   // the local lab: its files, on this machine
        if (!conf.isEmpty()) {
            printErr(QStringLiteral("plan rados: give either --lab or --conf"));
            return 2;
        }
        conf = lab + QStringLiteral("/ceph.conf");
        keyring = lab + QStringLiteral("/keyring");
    }
    const QJsonObject target{{QStringLiteral("pool"), pool}, {QStringLiteral("objectSize"), objectSize},
                             {QStringLiteral("objects"), objects}, {QStringLiteral("conf"), conf},
                             {QStringLiteral("keyring"), keyring}, {QStringLiteral("client"), client},
                             {QStringLiteral("timeout"), timeout}};
    Error e;
    Plan plan = RadosKind::makePlan(preset, target, runtime, &e);
    if (e) {
        printErr(QStringLiteral("plan rados: %1").arg(e.message));
        return 2;
    }
    if (!conf.isEmpty())   // poll the cluster's health during the run
        plan.ceph = {{QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring},
                     {QStringLiteral("client"), QStringLiteral("client.") + client}};
    printErr(RadosKind().commandPreview(plan, 0, plan.nodes.first()));
    printErr(RadosKind::methodNote());
    printPlan(plan);
    return 0;
}

} // namespace cm::cli
