// `plan net`: iperf3 / iperf 2 between nodes (pair, star or all-pairs mesh).
#include "clicommon.h"

#include "bench/netiperf/netiperfkind.h"

namespace cm::cli {

// plan net --nodes A,B[,C…] --mode pair|star|mesh [--direction forward|reverse|bidir]
//          [--streams N] [--duration S] [--tool auto|iperf3|iperf2] [--server-address ADDR]
//          [--centre-serves] (star: the first node runs the server, the others connect to it)
//          [--session NAME] [--name TEXT]   (--repeat …: cmdPlan)
int cmdPlanNet(QStringList args)
{
    auto fail = [](const QString &m) {
        printErr(QStringLiteral("plan net: %1").arg(m));
        return 2;
    };
    QStringList nodeSpecs;
    for (const QString &n : takeOption(args, QStringLiteral("--nodes")))
        nodeSpecs += n.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &n : takeOption(args, QStringLiteral("--node")))
        nodeSpecs << n;
    NetIperfKind::Options o;
    o.mode = takeOption(args, QStringLiteral("--mode")).value(0, QStringLiteral("pair"));
    o.direction = takeOption(args, QStringLiteral("--direction")).value(0, QStringLiteral("forward"));
    o.tool = takeOption(args, QStringLiteral("--tool")).value(0, QStringLiteral("auto"));
    o.serverAddress = takeOption(args, QStringLiteral("--server-address")).value(0);
    o.centreIsServer = takeFlag(args, QStringLiteral("--centre-serves"));
    const QString streamsText = takeOption(args, QStringLiteral("--streams")).value(0, QStringLiteral("4"));
    const QString durationText = takeOption(args, QStringLiteral("--duration")).value(0, QStringLiteral("10"));
    const QString session = takeOption(args, QStringLiteral("--session")).value(0);
    const QString name = takeOption(args, QStringLiteral("--name")).value(0);
    if (!args.isEmpty())
        return fail(QStringLiteral("unexpected argument \"%1\"").arg(args.first()));
    bool ok = false;
    o.streams = streamsText.toInt(&ok);
    if (!ok)
        return fail(QStringLiteral("--streams needs a number, got \"%1\"").arg(streamsText));
    o.duration = durationText.toInt(&ok);
    if (!ok)
        return fail(QStringLiteral("--duration needs seconds, got \"%1\"").arg(durationText));
    if (o.tool == QLatin1String("iperf"))
        o.tool = QStringLiteral("iperf2");
    QList<NodeSpec> nodes;
    for (const QString &n : std::as_const(nodeSpecs)) {
        QString err;
        const NodeSpec spec = NodeSpec::parse(n.trimmed(), &err);
        if (spec.host.isEmpty())
            return fail(err.isEmpty() ? QStringLiteral("not a node: \"%1\"").arg(n) : err);
        nodes << spec;
    }
    if (nodes.size() < 2)
        return fail(QStringLiteral("give at least two nodes: --nodes USER@HOST[:PORT],USER@HOST[:PORT]"));
    Error e;
    Plan plan = NetIperfKind::makePlan(nodes, o, &e);
    if (e)
        return fail(e.message);
    plan.session = session;
    if (!name.isEmpty())
        plan.name = name;
    printPlan(plan);
    return 0;
}

} // namespace cm::cli
