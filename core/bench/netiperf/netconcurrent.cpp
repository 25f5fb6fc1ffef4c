// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/netiperf/netconcurrent.h"

#include "model/paramreader.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

namespace cm::netconcurrent {

namespace {

constexpr int kFirstPort = 5201;
constexpr int kMaxPairs = 256;

} // namespace

bool isConcurrent(const PlanStep &step)
{
    return step.params.contains(QStringLiteral("pairs"));
}

QList<Pair> pairs(const PlanStep &step)
{
    QList<Pair> out;
    for (const QJsonValue &v : step.params.value(QStringLiteral("pairs")).toArray()) {
        const QJsonObject o = v.toObject();
        out << Pair {o.value(QStringLiteral("client")).toString(), o.value(QStringLiteral("server")).toString(),
            o.value(QStringLiteral("port")).toInt(), o.value(QStringLiteral("address")).toString()};
    }
    return out;
}

PlanStep makeStep(const QList<NodeSpec> &nodes, const NetIperfKind::Options &o, Error *error)
{
    auto fail = [&](const QString &m) {
        *error = Error(Error::Code::InvalidInput, m, NetIperfKind::kindId());
        return PlanStep {};
    };
    QList<std::pair<QString, QString>> ends;
    if (o.mode == QLatin1String("mesh")) {
        for (int a = 0; a < nodes.size(); ++a)
            for (int b = 0; b < nodes.size(); ++b)
                if (a != b)
                    ends << std::pair {nodes[a].displayName(), nodes[b].displayName()};
    } else if (o.mode == QLatin1String("star") && o.centreIsServer) {
        for (int k = 1; k < nodes.size(); ++k)
            ends << std::pair {nodes[k].displayName(), nodes[0].displayName()};
    } else {
        return fail(QStringLiteral("pairs at once are a mesh, or a star into its first node (centre as server)"));
    }
    QJsonArray list;
    for (const auto &[client, server] : ends) {
        QJsonObject p {{QStringLiteral("client"), client}, {QStringLiteral("server"), server},
            {QStringLiteral("port"), kFirstPort + int(list.size())}};
        if (o.addresses.contains(server))
            p.insert(QStringLiteral("address"), o.addresses.value(server));
        list.append(p);
    }
    const QString tool = o.tool == QLatin1String("iperf2") ? o.tool : QStringLiteral("iperf3");
    const QJsonObject params {{QStringLiteral("pairs"), list}, {QStringLiteral("direction"), o.direction},
        {QStringLiteral("streams"), o.streams}, {QStringLiteral("duration"), o.duration},
        {QStringLiteral("tool"), tool}};
    *error = {};
    const bool mesh = o.mode == QLatin1String("mesh");
    return PlanStep {mesh ? QStringLiteral("mesh-at-once") : QStringLiteral("into-") + ends.first().second,
        (mesh ? QStringLiteral("All %1 pairs at once") : QStringLiteral("%1 clients into %2 at once"))
                .arg(ends.size())
                .arg(ends.first().second)
            + QStringLiteral(", %1 stream%2, %3 s")
                  .arg(o.streams)
                  .arg(o.streams == 1 ? QString() : QStringLiteral("s"))
                  .arg(o.duration),
        params};
}

Error validateStep(const Plan &plan, const PlanStep &step)
{
    auto bad = [&](const QString &m) {
        return Error(Error::Code::InvalidInput, QStringLiteral("step %1: %2").arg(step.id, m), NetIperfKind::kindId());
    };
    const QJsonValue list = step.params.value(QStringLiteral("pairs"));
    if (!list.isArray() || list.toArray().isEmpty() || list.toArray().size() > kMaxPairs)
        return bad(QStringLiteral("pairs must be a list of 1..%1 pairs").arg(kMaxPairs));
    const QString tool = step.params.value(QStringLiteral("tool")).toString();
    if (tool != QLatin1String("iperf3") && tool != QLatin1String("iperf2"))
        return bad(QStringLiteral("pairs at once need the tool named: iperf3 or iperf2"));
    static const QRegularExpression addrRe(QStringLiteral(R"(^[A-Za-z0-9_.:%]([A-Za-z0-9_.:%-]{0,252})$)"));
    QSet<QString> used; // server:port
    for (const QJsonValue &v : list.toArray()) {
        const QJsonObject o = v.toObject();
        ParamReader r(o, QStringLiteral("step %1 pair").arg(step.id), NetIperfKind::kindId());
        r.allowOnly(
            {QStringLiteral("client"), QStringLiteral("server"), QStringLiteral("port"), QStringLiteral("address")});
        r.integer(QStringLiteral("port"), 0, 1024, 65535);
        if (!r.ok())
            return r.error();
        const Pair p {o.value(QStringLiteral("client")).toString(), o.value(QStringLiteral("server")).toString(),
            o.value(QStringLiteral("port")).toInt(), o.value(QStringLiteral("address")).toString()};
        if (!NetIperfKind::findNode(plan, p.client) || !NetIperfKind::findNode(plan, p.server))
            return bad(QStringLiteral("pair %1→%2 names a node that is not in the plan").arg(p.client, p.server));
        if (p.client == p.server)
            return bad(QStringLiteral("a pair's client and server are the same node (%1)").arg(p.client));
        if (p.port == 0)
            return bad(QStringLiteral("pair %1→%2 has no port").arg(p.client, p.server));
        if (used.contains(p.server + QLatin1Char(':') + QString::number(p.port)))
            return bad(QStringLiteral("two pairs use port %1 on %2").arg(p.port).arg(p.server));
        used.insert(p.server + QLatin1Char(':') + QString::number(p.port));
        if (!p.address.isEmpty() && !addrRe.match(p.address).hasMatch())
            return bad(QStringLiteral("\"%1\" is not a host name or address").arg(p.address.left(80)));
    }
    return {};
}

QStringList stepNodes(const Plan &plan, const PlanStep &step)
{
    QSet<QString> named;
    for (const Pair &p : pairs(step))
        named << p.client << p.server;
    QStringList out;
    for (const NodeSpec &n : plan.nodes)
        if (named.contains(n.displayName()))
            out << n.displayName();
    return out;
}

QString dialAddress(const Plan &plan, const Pair &pair)
{
    if (!pair.address.isEmpty())
        return pair.address;
    const NodeSpec *s = NetIperfKind::findNode(plan, pair.server);
    return !s ? QString() : s->isLocal() ? QStringLiteral("127.0.0.1") : s->host;
}

QString pairTarget(const Pair &pair, const QString &direction)
{
    return direction == QLatin1String("reverse") ? pair.server + QStringLiteral("→") + pair.client
                                                 : pair.client + QStringLiteral("→") + pair.server;
}

} // namespace cm::netconcurrent
