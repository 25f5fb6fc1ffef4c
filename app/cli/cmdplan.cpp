#include "clicommon.h"

#include "bench/diskfiokind.h"
#include "bench/rbdkind.h"

namespace cm::cli {

namespace {

// plan rbd --engine fio --node N --pool P [--conf F --keyring F --client admin]
//          [--image-size 1G] [--runtime S] [--lab DIR]
int cmdPlanRbd(QStringList args)
{
    const QString engine = takeOption(args, QStringLiteral("--engine")).value(0, QStringLiteral("fio"));
    const QString preset = takeOption(args, QStringLiteral("--preset")).value(0, QStringLiteral("standard"));
    QString node = takeOption(args, QStringLiteral("--node")).value(0, QStringLiteral("local"));
    const QString pool = takeOption(args, QStringLiteral("--pool")).value(0, QStringLiteral("rbd"));
    QString conf = takeOption(args, QStringLiteral("--conf")).value(0);
    QString keyring = takeOption(args, QStringLiteral("--keyring")).value(0);
    const QString client = takeOption(args, QStringLiteral("--client")).value(0, QStringLiteral("admin"));
    const QString size = takeOption(args, QStringLiteral("--image-size")).value(0, QStringLiteral("1G"));
    const QString lab = takeOption(args, QStringLiteral("--lab")).value(0);
    const QString runtimeText = takeOption(args, QStringLiteral("--runtime")).value(0, QStringLiteral("0"));
    bool ok = false;
    const int runtime = runtimeText.toInt(&ok);
    if (!ok || runtime < 0) {
        printErr(QStringLiteral("plan rbd: --runtime needs seconds, got \"%1\"").arg(runtimeText));
        return 2;
    }
    if (!args.isEmpty()) {
        printErr(QStringLiteral("plan rbd: unexpected argument \"%1\"").arg(args.first()));
        return 2;
    }
    if (!lab.isEmpty()) {   // the local lab: its files, on this machine
        conf = lab + QStringLiteral("/ceph.conf");
        keyring = lab + QStringLiteral("/keyring");
        node = QStringLiteral("local");
    }
    QString err;
    const NodeSpec spec = NodeSpec::parse(node, &err);
    if (spec.host.isEmpty()) {
        printErr(QStringLiteral("plan rbd: %1").arg(err));
        return 2;
    }
    const QJsonObject target{{QStringLiteral("engine"), engine}, {QStringLiteral("pool"), pool},
                             {QStringLiteral("imageSize"), size}, {QStringLiteral("conf"), conf},
                             {QStringLiteral("keyring"), keyring}, {QStringLiteral("client"), client}};
    Error e;
    Plan plan = RbdKind::makePlan(preset, {spec}, target, runtime, &e);
    if (e) {
        printErr(QStringLiteral("plan rbd: %1").arg(e.message));
        return 2;
    }
    if (!conf.isEmpty() && spec.isLocal())   // poll the cluster's health during the run
        plan.ceph = {{QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring},
                     {QStringLiteral("client"), QStringLiteral("client.") + client}};
    printJson(QJsonDocument(plan.toJson()));
    return 0;
}

} // namespace

int cmdPlan(const QStringList &argsIn)
{
    QStringList args = argsIn;
    if (args.isEmpty()) {
        printErr(QStringLiteral("plan: which kind? (disk, rbd, osd-latency, rados, net)"));
        return 2;
    }
    const QString kind = args.takeFirst();
    if (kind == QLatin1String("rbd"))
        return cmdPlanRbd(args);
    if (kind == QLatin1String("osd-latency"))
        return cmdPlanOsdLatency(args);
    if (kind == QLatin1String("rados"))
        return cmdPlanRados(args);
    if (kind == QLatin1String("net"))
        return cmdPlanNet(args);
    if (kind != QLatin1String("disk")) {
        printErr(QStringLiteral("plan: unknown kind \"%1\" (available: disk, rbd, osd-latency, rados, net)").arg(kind));
        return 2;
    }
    const QString preset = takeOption(args, QStringLiteral("--preset")).value(0, QStringLiteral("quick"));
    QList<NodeSpec> nodes;
    for (const QString &n : takeOption(args, QStringLiteral("--node"))) {
        QString err;
        NodeSpec spec = NodeSpec::parse(n, &err);
        if (spec.host.isEmpty()) {
            printErr(QStringLiteral("plan: %1").arg(err));
            return 2;
        }
        nodes << spec;
    }
    if (nodes.isEmpty())
        nodes << NodeSpec::parse(QStringLiteral("local"));
    const QString dir = takeOption(args, QStringLiteral("--target")).value(0);
    const QString device = takeOption(args, QStringLiteral("--device")).value(0);
    const QString confirm = takeOption(args, QStringLiteral("--confirm")).value(0);
    const QString size = takeOption(args, QStringLiteral("--size")).value(0, QStringLiteral("1G"));
    bool ok = true;
    const QString runtimeText = takeOption(args, QStringLiteral("--runtime")).value(0, QStringLiteral("0"));
    const int runtime = runtimeText.toInt(&ok);
    if (!ok || runtime < 0) {
        printErr(QStringLiteral("plan: --runtime needs seconds, got \"%1\"").arg(runtimeText));
        return 2;
    }
    const int repeat = takeOption(args, QStringLiteral("--repeat")).value(0, QStringLiteral("1")).toInt();
    const QString session = takeOption(args, QStringLiteral("--session")).value(0);
    const QString name = takeOption(args, QStringLiteral("--name")).value(0);
    if (!args.isEmpty()) {
        printErr(QStringLiteral("plan: unexpected argument \"%1\"").arg(args.first()));
        return 2;
    }
    if (dir.isEmpty() == device.isEmpty()) {
        printErr(QStringLiteral("plan: give either --target DIR (a file in that folder) or --device /dev/X"));
        return 2;
    }
    QJsonObject target = device.isEmpty()
        ? QJsonObject{{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), dir}, {QStringLiteral("size"), size}}
        : QJsonObject{{QStringLiteral("type"), QStringLiteral("device")}, {QStringLiteral("path"), device}, {QStringLiteral("confirm"), confirm}};
    Error e;
    Plan plan = DiskFioKind::makePlan(preset, nodes, target, runtime, &e);
    if (e) {
        printErr(QStringLiteral("plan: %1").arg(e.message));
        return 2;
    }
    plan.repeat = qMax(1, repeat);
    plan.session = session;
    if (!name.isEmpty())
        plan.name = name;
    printJson(QJsonDocument(plan.toJson()));
    return 0;
}

} // namespace cm::cli
