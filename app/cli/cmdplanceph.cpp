// `plan osd-latency`: the per-OSD latency benchmark, run by the app itself as the Ceph
// client (node local; conf and keyring are paths on this machine).
#include "clicommon.h"

#include "bench/osdlatency/osdlatencykind.h"

#include <QJsonArray>

namespace cm::cli {

// plan osd-latency [--conf F --keyring F --client admin | --lab DIR]
//                  [--pool P | --create-temp-pool] [--mode sequential|parallel]
//                  [--osds 0,2] [--runtime S] [--preset quick|standard] [--object-size 4M]
//                  [--op-timeout S]
int cmdPlanOsdLatency(QStringList args)
{
    const QString preset = takeOption(args, QStringLiteral("--preset")).value(0, QStringLiteral("standard"));
    QString conf = takeOption(args, QStringLiteral("--conf")).value(0);
    QString keyring = takeOption(args, QStringLiteral("--keyring")).value(0);
    const QString client = takeOption(args, QStringLiteral("--client")).value(0, QStringLiteral("admin"));
    const QString lab = takeOption(args, QStringLiteral("--lab")).value(0);
    const QString pool = takeOption(args, QStringLiteral("--pool")).value(0);
    const bool tempPool = takeFlag(args, QStringLiteral("--create-temp-pool"));
    const QString mode = takeOption(args, QStringLiteral("--mode")).value(0, QStringLiteral("sequential"));
    const QString osdsText = takeOption(args, QStringLiteral("--osds")).value(0);
    const QString objectSize = takeOption(args, QStringLiteral("--object-size")).value(0, QStringLiteral("4M"));
    const QString runtimeText = takeOption(args, QStringLiteral("--runtime")).value(0, QStringLiteral("0"));
    const QString timeoutText = takeOption(args, QStringLiteral("--op-timeout")).value(0);
    const QString session = takeOption(args, QStringLiteral("--session")).value(0);
    auto fail = [](const QString &m) {
        printErr(QStringLiteral("plan osd-latency: %1").arg(m));
        return 2;
    };
    bool ok = false;
    const int runtime = runtimeText.toInt(&ok);
    if (!ok || runtime < 0)
        return fail(QStringLiteral("--runtime needs seconds, got \"%1\"").arg(runtimeText));
    if (!args.isEmpty())
        return fail(QStringLiteral("unexpected argument \"%1\"").arg(args.first()));
    if (!pool.isEmpty() && tempPool)
        return fail(QStringLiteral("give either --pool P or --create-temp-pool, not both"));
    if (!lab.isEmpty() && !conf.isEmpty())
        return fail(QStringLiteral("give either --lab DIR or --conf F, not both"));
    if (!lab.isEmpty()) {   // the local lab: its files, on this machine
        conf = lab + QStringLiteral("/ceph.conf");
        keyring = lab + QStringLiteral("/keyring");
    }
    QJsonArray osds;
    if (!osdsText.isEmpty()) {
        for (const QString &part : osdsText.split(QLatin1Char(','))) {
            QString id = part.trimmed();
            if (id.startsWith(QLatin1String("osd.")))
                id = id.mid(4);
            const int n = id.toInt(&ok);
            if (!ok || n < 0)
                return fail(QStringLiteral("--osds needs OSD ids like 0,2, got \"%1\"").arg(part));
            osds.append(n);
        }
    }
    QJsonObject target{{QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring},
                       {QStringLiteral("client"), client}, {QStringLiteral("mode"), mode},
                       {QStringLiteral("objectSize"), objectSize}, {QStringLiteral("poolConsent"), tempPool}};
    if (!pool.isEmpty())
        target.insert(QStringLiteral("pool"), pool);
    if (!osds.isEmpty())
        target.insert(QStringLiteral("osds"), osds);
    if (!timeoutText.isEmpty()) {
        const int to = timeoutText.toInt(&ok);
        if (!ok)
            return fail(QStringLiteral("--op-timeout needs seconds, got \"%1\"").arg(timeoutText));
        target.insert(QStringLiteral("opTimeout"), to);
    }
    Error e;
    Plan plan = OsdLatencyKind::makePlan(preset, {NodeSpec::parse(QStringLiteral("local"))}, target, runtime, &e);
    if (e)
        return fail(e.message);
    plan.session = session;
    if (!conf.isEmpty())   // poll the cluster's health during the run
        plan.ceph = {{QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring},
                     {QStringLiteral("client"), QStringLiteral("client.") + client}};
    printPlan(plan);
    return 0;
}

} // namespace cm::cli
