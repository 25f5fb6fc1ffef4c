#include "clicommon.h"

#include "bench/diskfiokind.h"

namespace cm::cli {

int cmdPlan(const QStringList &argsIn)
{
    QStringList args = argsIn;
    if (args.isEmpty()) {
        printErr(QStringLiteral("plan: which kind? (disk)"));
        return 2;
    }
    const QString kind = args.takeFirst();
    if (kind != QLatin1String("disk")) {
        printErr(QStringLiteral("plan: unknown kind \"%1\" (available: disk)").arg(kind));
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
