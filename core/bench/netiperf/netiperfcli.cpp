// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli plan net`: the network kind's command-line options and the plan they make.
#include "bench/netiperf/netiperfkind.h"

#include <algorithm>

namespace cm {

const char *NetIperfKind::description() const
{
    return QT_TRANSLATE_NOOP(
        "cm::RunnerKind", "Network: iperf3 / iperf 2 between nodes, with per-link traffic (bonds, MTU, speeds)");
}

QList<CliOption> NetIperfKind::cliOptions() const
{
    const Options d;
    auto option = [](const char *name, const char *value, const char *help, const QString &def = {}) {
        return CliOption {QLatin1String(name), QLatin1String(value), QLatin1String(help), def};
    };
    CliOption nodes = option("--nodes", "USER@HOST[:PORT],…", "the nodes, at least two, comma-separated");
    nodes.repeatable = true;
    CliOption node = option("--node", "USER@HOST[:PORT]", "one more node");
    node.repeatable = true;
    CliOption address = option("--address", "NODE=ADDR",
        "what clients dial to reach NODE (its storage network address, say); NODE as in the node list");
    address.repeatable = true;
    return {
        nodes,
        node,
        option("--mode", "pair|star|mesh",
            "pair: the first node to the second; star: the first to each other; mesh: every ordered pair", d.mode),
        option("--direction", "forward|reverse|bidir", "which way the data goes", d.direction),
        option("--streams", "N", "parallel streams", QString::number(d.streams)),
        option("--duration", "S", "seconds per pair", QString::number(d.duration)),
        option("--tool", "auto|iperf3|iperf2",
            "auto picks iperf 2 when iperf3 is older than 3.16 and a link is faster than 25 Gbit/s", d.tool),
        option("--server-address", "ADDR", "the address the client dials (pair only)"),
        CliOption {QStringLiteral("--centre-serves"), {},
            QStringLiteral("star: the first node runs the server and every other node connects to it")},
        CliOption {QStringLiteral("--at-once"), {},
            QStringLiteral("mesh, or star with --centre-serves: every pair at the same time (one server port per "
                           "pair), instead of one pair after another")},
        address,
    };
}

QString NetIperfKind::cliSummary() const
{
    return QStringLiteral("iperf between nodes, one pair at a time (or every pair at once with --at-once); the "
                          "server starts on a free port and stops afterwards; per-link traffic is sampled on both "
                          "ends.");
}

Plan NetIperfKind::planFromCli(const CliArgs &args, QStringList *notes, Error *error) const
{
    Q_UNUSED(notes);
    auto fail = [&](const QString &m) {
        *error = Error(Error::Code::InvalidInput, m);
        return Plan {};
    };
    QStringList nodeSpecs;
    for (const QString &n : args.values(QStringLiteral("--nodes")))
        nodeSpecs += n.split(QLatin1Char(','), Qt::SkipEmptyParts);
    nodeSpecs += args.values(QStringLiteral("--node"));
    Options o;
    o.mode = args.value(QStringLiteral("--mode"), o.mode);
    o.direction = args.value(QStringLiteral("--direction"), o.direction);
    o.tool = args.value(QStringLiteral("--tool"), o.tool);
    if (o.tool == QLatin1String("iperf"))
        o.tool = QStringLiteral("iperf2");
    o.serverAddress = args.value(QStringLiteral("--server-address"));
    o.centreIsServer = args.flag(QStringLiteral("--centre-serves"));
    o.atOnce = args.flag(QStringLiteral("--at-once"));
    QString err;
    if (!args.integer(QStringLiteral("--streams"), o.streams, -1000000, 1000000, &o.streams, &err)
        || !args.integer(QStringLiteral("--duration"), o.duration, -1000000, 1000000, &o.duration, &err))
        return fail(err); // their ranges are checked with the plan
    QList<NodeSpec> nodes;
    for (const QString &n : std::as_const(nodeSpecs)) {
        const NodeSpec spec = NodeSpec::parse(n.trimmed(), &err);
        if (spec.host.isEmpty())
            return fail(err.isEmpty() ? QStringLiteral("not a node: \"%1\"").arg(n) : err);
        nodes << spec;
    }
    if (nodes.size() < 2)
        return fail(QStringLiteral("give at least two nodes: --nodes USER@HOST[:PORT],USER@HOST[:PORT]"));
    for (const QString &a : args.values(QStringLiteral("--address"))) {
        const QString node = a.section(QLatin1Char('='), 0, 0);
        const QString addr = a.section(QLatin1Char('='), 1);
        const bool known
            = std::any_of(nodes.cbegin(), nodes.cend(), [&](const NodeSpec &n) { return n.displayName() == node; });
        if (!known || addr.isEmpty())
            return fail(QStringLiteral("--address %1: give NODE=ADDR with NODE one of the nodes").arg(a));
        o.addresses.insert(node, addr);
    }
    return makePlan(nodes, o, error);
}

} // namespace cm

namespace cm {

// Throughput of a pair (target "node1→node2"), and its TCP retransmits.
QList<MetricSpec> NetIperfKind::metrics() const
{
    return {{metric::NetBw, metric::Unit::BitRate, MetricChart::Throughput,
                QT_TRANSLATE_NOOP("cm::MetricCatalog", "throughput"), MetricLine::Solid, QStringLiteral("net")},
        {metric::NetRetransmits, metric::Unit::Other, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "retransmits")}};
}

} // namespace cm
