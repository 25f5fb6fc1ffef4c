// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/netiperf/netiperfkind.h"

#include "model/paramreader.h"

#include "bench/netiperf/netconcurrent.h"
#include "bench/netiperf/netconcurrentrunner.h"
#include "bench/netiperf/netiperfrunner.h"
#include "bench/planbuilder.h"
#include "transport/shellquote.h"

#include <QRegularExpression>
#include <QSet>

namespace cm {

namespace {

const QStringList kDirections = {QStringLiteral("forward"), QStringLiteral("reverse"), QStringLiteral("bidir")};
const QStringList kTools = {QStringLiteral("auto"), QStringLiteral("iperf3"), QStringLiteral("iperf2")};

PlanStep pairStep(const QString &client, const QString &server, const NetIperfKind::Options &o)
{
    const QString arrow = o.direction == QLatin1String("reverse") ? QStringLiteral("←")
        : o.direction == QLatin1String("bidir")                   ? QStringLiteral("↔")
                                                                  : QStringLiteral("→");
    QJsonObject p {{QStringLiteral("client"), client}, {QStringLiteral("server"), server},
        {QStringLiteral("direction"), o.direction}, {QStringLiteral("streams"), o.streams},
        {QStringLiteral("duration"), o.duration}, {QStringLiteral("tool"), o.tool}};
    if (!o.serverAddress.isEmpty())
        p.insert(QStringLiteral("serverAddress"), o.serverAddress);
    else if (o.addresses.contains(server)) // e.g. the server's storage-network address
        p.insert(QStringLiteral("serverAddress"), o.addresses.value(server));
    return PlanStep {QStringLiteral("%1-%2").arg(client, server),
        QStringLiteral("%1 %2 %3, %4 stream%5, %6 s")
            .arg(client, arrow, server)
            .arg(o.streams)
            .arg(o.streams == 1 ? QString() : QStringLiteral("s"))
            .arg(o.duration),
        p};
}

} // namespace

QList<Preset> NetIperfKind::presets() const
{
    Options pair;
    Options mesh;
    mesh.mode = QStringLiteral("mesh");
    return {
        Preset {QStringLiteral("pair"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "Pair")),
            kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "iperf3 -P 4 for 10 s from the first node to the second")),
            {pairStep(QStringLiteral("A"), QStringLiteral("B"), pair)}},
        Preset {QStringLiteral("mesh"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "All pairs")),
            kindText(QT_TRANSLATE_NOOP(
                "cm::RunnerKind", "iperf3 -P 4 for 10 s between every ordered pair of nodes, one pair at a time")),
            {pairStep(QStringLiteral("A"), QStringLiteral("B"), mesh),
                pairStep(QStringLiteral("B"), QStringLiteral("A"), mesh)}},
    };
}

const NodeSpec *NetIperfKind::findNode(const Plan &plan, const QString &name)
{
    for (const NodeSpec &n : plan.nodes)
        if (n.displayName() == name)
            return &n;
    return nullptr;
}

QString NetIperfKind::serverAddress(const Plan &plan, const PlanStep &step)
{
    const QString given = step.params.value(QStringLiteral("serverAddress")).toString();
    if (!given.isEmpty())
        return given;
    const NodeSpec *s = findNode(plan, step.params.value(QStringLiteral("server")).toString());
    if (!s)
        return {};
    return s->isLocal() ? QStringLiteral("127.0.0.1") : s->host;
}

NodeUse NetIperfKind::nodeUse(const Plan &plan, const QString &node) const
{
    NodeUse use;
    auto add = [&](const QString &address) {
        if (!address.isEmpty() && !use.peerAddresses.contains(address))
            use.peerAddresses << address;
    };
    auto addClient = [&](const QString &client) {
        if (const NodeSpec *c = findNode(plan, client))
            add(c->isLocal() ? QStringLiteral("127.0.0.1") : c->host);
    };
    for (const PlanStep &step : plan.steps) {
        if (netconcurrent::isConcurrent(step)) {
            for (const netconcurrent::Pair &p : netconcurrent::pairs(step)) {
                if (p.client == node)
                    add(netconcurrent::dialAddress(plan, p));
                if (p.server == node)
                    addClient(p.client);
            }
            continue;
        }
        const QString client = step.params.value(QStringLiteral("client")).toString();
        if (client == node)
            add(serverAddress(plan, step));
        if (step.params.value(QStringLiteral("server")).toString() == node)
            addClient(client);
    }
    return use;
}

Error NetIperfKind::validate(const Plan &plan) const
{
    auto bad = [](const QString &m) { return Error(Error::Code::InvalidInput, m, QStringLiteral("net-iperf")); };
    if (plan.kind != kindId())
        return bad(QStringLiteral("plan kind is %1, not net-iperf").arg(plan.kind));
    if (plan.nodes.size() < 2)
        return bad(QStringLiteral("a network test needs at least two nodes"));
    QSet<QString> names;
    for (const NodeSpec &n : plan.nodes) {
        if (names.contains(n.displayName()))
            return bad(
                QStringLiteral("two nodes are both named \"%1\"; give them distinct names").arg(n.displayName()));
        names.insert(n.displayName());
    }
    static const QRegularExpression addrRe(QStringLiteral(R"(^[A-Za-z0-9_.:%\[\]]([A-Za-z0-9_.:%\[\]-]{0,252})$)"));
    if (plan.steps.isEmpty())
        return bad(QStringLiteral("no steps"));
    for (const PlanStep &s : plan.steps) {
        const QJsonObject &p = s.params;
        if (netconcurrent::isConcurrent(s)) {
            if (const Error e = netconcurrent::validateStep(plan, s))
                return e;
        }
        const QString client = p.value(QStringLiteral("client")).toString();
        const QString server = p.value(QStringLiteral("server")).toString();
        if (!netconcurrent::isConcurrent(s) && !findNode(plan, client))
            return bad(QStringLiteral("step %1: client \"%2\" is not a node of the plan").arg(s.id, client));
        if (!netconcurrent::isConcurrent(s) && !findNode(plan, server))
            return bad(QStringLiteral("step %1: server \"%2\" is not a node of the plan").arg(s.id, server));
        if (!netconcurrent::isConcurrent(s) && client == server)
            return bad(QStringLiteral("step %1: client and server are the same node").arg(s.id));
        if (!kDirections.contains(p.value(QStringLiteral("direction")).toString(QStringLiteral("forward"))))
            return bad(QStringLiteral("step %1: direction must be one of %2")
                           .arg(s.id, kDirections.join(QStringLiteral(", "))));
        if (!kTools.contains(p.value(QStringLiteral("tool")).toString(QStringLiteral("auto"))))
            return bad(QStringLiteral("step %1: tool must be one of %2").arg(s.id, kTools.join(QStringLiteral(", "))));
        ParamReader r(p, QStringLiteral("step %1").arg(s.id), kindId());
        r.integer(QStringLiteral("streams"), 1, 1, 128);
        r.integer(QStringLiteral("duration"), 10, 1, 3600, QStringLiteral("s"));
        r.integer(QStringLiteral("port"), 20000, 1024, 65535);
        if (!r.ok())
            return r.error();
        const QString addr = p.value(QStringLiteral("serverAddress")).toString();
        if (!addr.isEmpty() && !addrRe.match(addr).hasMatch())
            return bad(QStringLiteral("step %1: \"%2\" is not a host name or address").arg(s.id, addr));
    }
    return {};
}

QStringList NetIperfKind::serverArgs(const QString &tool, int port, int duration)
{
    if (tool == QLatin1String("iperf2"))
        // -t bounds how long it listens and receives: iperf 2 has no one-off server.
        return {QStringLiteral("iperf"), QStringLiteral("-s"), QStringLiteral("-p"), QString::number(port),
            QStringLiteral("-t"), QString::number(duration + 20)};
    return {QStringLiteral("iperf3"), QStringLiteral("-s"), QStringLiteral("-1"), QStringLiteral("-p"),
        QString::number(port), QStringLiteral("--forceflush")};
}

QStringList NetIperfKind::clientArgs(const QString &tool, const QString &address, int port, const PlanStep &step)
{
    const QJsonObject &p = step.params;
    const QString dir = p.value(QStringLiteral("direction")).toString(QStringLiteral("forward"));
    const QString streams = QString::number(p.value(QStringLiteral("streams")).toInt(1));
    const QString duration = QString::number(p.value(QStringLiteral("duration")).toInt(10));
    if (tool == QLatin1String("iperf2")) {
        QStringList a {QStringLiteral("iperf"), QStringLiteral("-c"), address, QStringLiteral("-p"),
            QString::number(port), QStringLiteral("-P"), streams, QStringLiteral("-i"), QStringLiteral("1"),
            QStringLiteral("-t"), duration, QStringLiteral("-y"), QStringLiteral("C")};
        if (dir == QLatin1String("reverse"))
            a << QStringLiteral("-R");
        else if (dir == QLatin1String("bidir"))
            // both ways over the same sockets (-d would need the server to connect back)
            a << QStringLiteral("--full-duplex");
        return a;
    }
    QStringList a {QStringLiteral("iperf3"), QStringLiteral("-c"), address, QStringLiteral("-p"), QString::number(port),
        QStringLiteral("-J"), QStringLiteral("-P"), streams, QStringLiteral("-t"), duration};
    if (dir == QLatin1String("reverse"))
        a << QStringLiteral("-R");
    else if (dir == QLatin1String("bidir"))
        a << QStringLiteral("--bidir");
    return a;
}

QString NetIperfKind::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    const PlanStep &step = plan.steps.at(stepIndex);
    if (netconcurrent::isConcurrent(step))
        return NetConcurrentRunner::commandPreview(plan, step, node);
    QString tool = step.params.value(QStringLiteral("tool")).toString(QStringLiteral("auto"));
    if (tool == QLatin1String("auto"))
        tool = QStringLiteral("iperf3");
    const QString client = step.params.value(QStringLiteral("client")).toString();
    const QString server = step.params.value(QStringLiteral("server")).toString();
    // PORT: chosen at run time (a free one in 20000-32000).
    QString srv = shellJoin(serverArgs(tool, 0, step.params.value(QStringLiteral("duration")).toInt(10)));
    QString cli = shellJoin(clientArgs(tool, serverAddress(plan, step), 0, step));
    srv.replace(QLatin1String(" -p 0"), QLatin1String(" -p PORT"));
    cli.replace(QLatin1String(" -p 0"), QLatin1String(" -p PORT"));
    return QStringLiteral("[%1] %2\n[%3] %4").arg(server, srv, client, cli);
}

double NetIperfKind::estimatedSeconds(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return 0;
    return plan.steps.at(stepIndex).params.value(QStringLiteral("duration")).toInt(10) + 2.5;
}

QStringList NetIperfKind::stepNodes(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    const PlanStep &step = plan.steps.at(stepIndex);
    if (netconcurrent::isConcurrent(step))
        return netconcurrent::stepNodes(plan, step);
    return {step.params.value(QStringLiteral("client")).toString()};
}

bool NetIperfKind::startsTogether(const Plan &plan, int stepIndex) const
{
    return stepIndex >= 0 && stepIndex < plan.steps.size() && netconcurrent::isConcurrent(plan.steps.at(stepIndex));
}

std::unique_ptr<StepRunner> NetIperfKind::createStepRunner(const Plan &plan, int stepIndex) const
{
    if (stepIndex >= 0 && stepIndex < plan.steps.size() && netconcurrent::isConcurrent(plan.steps.at(stepIndex)))
        return std::make_unique<NetConcurrentRunner>(plan, stepIndex);
    return std::make_unique<NetIperfRunner>(plan, stepIndex);
}

QJsonObject NetIperfKind::Options::toJson() const
{
    QJsonObject o {{QStringLiteral("mode"), mode}, {QStringLiteral("direction"), direction},
        {QStringLiteral("streams"), streams}, {QStringLiteral("duration"), duration}, {QStringLiteral("tool"), tool}};
    if (!serverAddress.isEmpty())
        o.insert(QStringLiteral("serverAddress"), serverAddress);
    if (mode == QLatin1String("star"))
        o.insert(QStringLiteral("centreIsServer"), centreIsServer);
    if (atOnce)
        o.insert(QStringLiteral("atOnce"), true);
    if (!addresses.isEmpty()) {
        QJsonObject a;
        for (auto it = addresses.cbegin(); it != addresses.cend(); ++it)
            a.insert(it.key(), it.value());
        o.insert(QStringLiteral("addresses"), a);
    }
    return o;
}

NetIperfKind::Options NetIperfKind::Options::fromJson(const QJsonObject &o)
{
    Options r;
    r.mode = o.value(QStringLiteral("mode")).toString(r.mode);
    r.direction = o.value(QStringLiteral("direction")).toString(r.direction);
    r.streams = o.value(QStringLiteral("streams")).toInt(r.streams);
    r.duration = o.value(QStringLiteral("duration")).toInt(r.duration);
    r.tool = o.value(QStringLiteral("tool")).toString(r.tool);
    r.serverAddress = o.value(QStringLiteral("serverAddress")).toString();
    r.centreIsServer = o.value(QStringLiteral("centreIsServer")).toBool(false);
    r.atOnce = o.value(QStringLiteral("atOnce")).toBool(false);
    const QJsonObject a = o.value(QStringLiteral("addresses")).toObject();
    for (auto it = a.constBegin(); it != a.constEnd(); ++it)
        r.addresses.insert(it.key(), it.value().toString());
    return r;
}

QList<PlanStep> NetIperfKind::pairSteps(const QList<NodeSpec> &nodes, const Options &o, Error *error)
{
    auto fail = [&](const QString &m) {
        if (error)
            *error = Error(Error::Code::InvalidInput, m, QStringLiteral("net-iperf"));
        return QList<PlanStep> {};
    };
    if (nodes.size() < 2)
        return fail(QStringLiteral("a network test needs at least two nodes"));
    if (!o.serverAddress.isEmpty() && o.mode != QLatin1String("pair"))
        return fail(QStringLiteral("a server address can only be given for a single pair"));
    QList<PlanStep> steps;
    if (o.atOnce) {
        Error e;
        const PlanStep step = netconcurrent::makeStep(nodes, o, &e);
        if (e)
            return fail(e.message);
        steps << step;
    } else if (o.mode == QLatin1String("pair")) {
        if (nodes.size() != 2)
            return fail(
                QStringLiteral("mode pair takes exactly two nodes (%1 given); use star or mesh").arg(nodes.size()));
        steps << pairStep(nodes[0].displayName(), nodes[1].displayName(), o);
    } else if (o.mode == QLatin1String("star")) {
        for (int k = 1; k < nodes.size(); ++k)
            steps << (o.centreIsServer ? pairStep(nodes[k].displayName(), nodes[0].displayName(), o)
                                       : pairStep(nodes[0].displayName(), nodes[k].displayName(), o));
    } else if (o.mode == QLatin1String("mesh")) {
        // bidir measures both directions at once: one step per unordered pair
        const bool bidir = o.direction == QLatin1String("bidir");
        for (int a = 0; a < nodes.size(); ++a)
            for (int b = 0; b < nodes.size(); ++b)
                if (a != b && (!bidir || a < b))
                    steps << pairStep(nodes[a].displayName(), nodes[b].displayName(), o);
    } else {
        return fail(QStringLiteral("unknown mode \"%1\" (pair, star, mesh)").arg(o.mode));
    }
    if (error)
        *error = {};
    return steps;
}

Plan NetIperfKind::makePlan(const QList<NodeSpec> &nodes, const Options &o, Error *error)
{
    Error e;
    Plan plan;
    plan.kind = kindId();
    plan.preset = o.mode;
    plan.nodes = nodes;
    plan.steps = pairSteps(nodes, o, &e);
    plan.name = QStringLiteral("Network %1 (%2)").arg(o.mode, o.direction);
    plan.target = o.toJson();
    if (!e)
        e = NetIperfKind().validate(plan);
    if (error)
        *error = e;
    return e ? Plan {} : plan;
}

QList<PreflightCheck> NetIperfKind::preflight(const Plan &plan) const
{
    bool two = false, three = false;
    for (const PlanStep &s : plan.steps) {
        const QString tool = s.params.value(QStringLiteral("tool")).toString(QStringLiteral("auto"));
        two |= tool == QLatin1String("iperf2");
        three |= tool != QLatin1String("iperf2");
    }
    QList<PreflightCheck> checks;
    if (three)
        checks << preflight::tool(QStringLiteral("iperf3"), QStringLiteral("iperf3"));
    if (two)
        checks << preflight::tool(QStringLiteral("iperf"), QStringLiteral("iperf"));
    return checks;
}

} // namespace cm
