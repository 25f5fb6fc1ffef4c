// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/plan.h"

#include "model/paramreader.h"
#include "stats/clustertotal.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace cm {

QJsonObject PlanStep::toJson() const
{
    return {{QStringLiteral("id"), id}, {QStringLiteral("title"), title}, {QStringLiteral("params"), params}};
}

PlanStep PlanStep::fromJson(const QJsonObject &o)
{
    PlanStep s;
    s.id = o.value(QStringLiteral("id")).toString();
    s.title = o.value(QStringLiteral("title")).toString(s.id);
    s.params = o.value(QStringLiteral("params")).toObject();
    return s;
}

QJsonObject Plan::toJson() const
{
    QJsonArray ns;
    for (const auto &n : nodes)
        ns.append(n.toJson());
    QJsonArray ss;
    for (const auto &s : steps)
        ss.append(s.toJson());
    QJsonObject o {{QStringLiteral("format"), QStringLiteral("clustermark-plan")},
        {QStringLiteral("version"), FormatVersion}, {QStringLiteral("kind"), kind}, {QStringLiteral("name"), name},
        {QStringLiteral("nodes"), ns}, {QStringLiteral("target"), target}, {QStringLiteral("steps"), ss},
        {QStringLiteral("repeat"), repeat}};
    if (!preset.isEmpty())
        o.insert(QStringLiteral("preset"), preset);
    if (!session.isEmpty())
        o.insert(QStringLiteral("session"), session);
    if (!ceph.isEmpty())
        o.insert(QStringLiteral("ceph"), ceph);
    if (pauseScrub)
        o.insert(QStringLiteral("pauseScrub"), true);
    if (!watch.isEmpty()) {
        QJsonArray ws;
        for (const auto &n : watch)
            ws.append(n.toJson());
        o.insert(QStringLiteral("watch"), ws);
    }
    if (untilStable()) {
        QJsonObject u {{QStringLiteral("spreadPct"), untilSpreadPct}, {QStringLiteral("maxRepeat"), maxIterations()},
            {QStringLiteral("window"), stableWindow}};
        if (!stableFigure.isEmpty())
            u.insert(QStringLiteral("figure"), stableFigure);
        o.insert(QStringLiteral("untilStable"), u);
    }
    return o;
}

QByteArray Plan::toJsonBytes() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

namespace {

// A plan's list of nodes ("nodes", "watch"): absent is none; otherwise a list of node
// objects, at most Plan::MaxNodes, none named as a step's cluster total. The error, or "".
QString readNodes(const QJsonValue &v, const QString &field, QList<NodeSpec> *out)
{
    if (v.isUndefined())
        return {};
    if (!v.isArray())
        return QStringLiteral("\"%1\" must be a list of nodes").arg(field);
    const QJsonArray a = v.toArray();
    if (a.size() > Plan::MaxNodes)
        return QStringLiteral("\"%1\" lists %2 nodes; at most %3 are allowed")
            .arg(field)
            .arg(a.size())
            .arg(Plan::MaxNodes);
    for (const QJsonValue &n : a) {
        if (!n.isObject())
            return QStringLiteral("\"%1\" must hold objects").arg(field);
        out->append(NodeSpec::fromJson(n.toObject()));
        if (out->last().displayName() == clusterTotalNode())
            return QStringLiteral("a node may not be named \"%1\": that is the name of a step's cluster total")
                .arg(clusterTotalNode());
    }
    return {};
}

} // namespace

Plan Plan::fromJson(const QJsonObject &o, Error *error)
{
    auto fail = [&](const QString &msg) {
        if (error)
            *error = Error(Error::Code::InvalidInput, msg, QStringLiteral("plan"));
        return Plan {};
    };
    if (o.value(QStringLiteral("format")).toString() != QLatin1String("clustermark-plan"))
        return fail(QStringLiteral("not a ClusterMark plan (\"format\" is not \"clustermark-plan\")"));
    const int v = o.value(QStringLiteral("version")).toInt(-1);
    if (v < 1 || v > FormatVersion)
        return fail(QStringLiteral("unsupported plan version %1 (this build reads 1..%2)").arg(v).arg(FormatVersion));
    Plan p;
    p.kind = o.value(QStringLiteral("kind")).toString();
    if (p.kind.isEmpty())
        return fail(QStringLiteral("plan has no \"kind\""));
    p.name = o.value(QStringLiteral("name")).toString(p.kind);
    p.preset = o.value(QStringLiteral("preset")).toString();
    p.session = o.value(QStringLiteral("session")).toString();
    p.target = o.value(QStringLiteral("target")).toObject();
    p.ceph = o.value(QStringLiteral("ceph")).toObject();
    if (p.ceph.contains(QStringLiteral("key")))
        return fail(
            QStringLiteral("a plan must not carry a Ceph key (give a keyring file, or keep the key in the keychain)"));
    ParamReader top(o, QStringLiteral("plan"), QStringLiteral("plan"));
    p.repeat = top.integer(QStringLiteral("repeat"), 1, 1, 1000);
    p.pauseScrub = top.flag(QStringLiteral("pauseScrub"));
    if (!top.ok())
        return fail(top.error().message);
    if (o.contains(QStringLiteral("untilStable"))) {
        const QJsonValue uv = o.value(QStringLiteral("untilStable"));
        if (!uv.isObject())
            return fail(QStringLiteral("\"untilStable\" must be an object {\"spreadPct\", \"maxRepeat\", \"window\"}"));
        const QJsonObject u = uv.toObject();
        ParamReader until(u, QStringLiteral("plan: untilStable"), QStringLiteral("plan"));
        if (!u.contains(QStringLiteral("spreadPct")))
            until.fail(QStringLiteral("\"spreadPct\" is missing (a number above 0 and at most 1000)"));
        p.untilSpreadPct = until.number(QStringLiteral("spreadPct"), -1, 0, 1000, QStringLiteral("%"));
        p.stableWindow = until.integer(QStringLiteral("window"), 3, 2, 100);
        p.stableFigure = until.text(QStringLiteral("figure"));
        if (!until.ok())
            return fail(until.error().message);
        if (!(p.untilSpreadPct > 0))
            return fail(QStringLiteral("\"untilStable.spreadPct\" must be a number above 0 and at most 1000"));
        p.maxRepeat = until.integer(
            QStringLiteral("maxRepeat"), defaultMaxRepeat(p.repeat, p.stableWindow), p.minIterations(), 1000);
        if (!until.ok())
            return fail(QStringLiteral(
                "\"untilStable.maxRepeat\" must be a whole number between %1 (repeat and window) and 1000")
                            .arg(p.minIterations()));
    }
    if (const QString e = readNodes(o.value(QStringLiteral("nodes")), QStringLiteral("nodes"), &p.nodes); !e.isEmpty())
        return fail(e);
    if (p.nodes.isEmpty())
        return fail(QStringLiteral("plan has no nodes"));
    if (const QString e = readNodes(o.value(QStringLiteral("watch")), QStringLiteral("watch"), &p.watch); !e.isEmpty())
        return fail(e);
    const QJsonArray ss = o.value(QStringLiteral("steps")).toArray();
    if (ss.size() > MaxSteps)
        return fail(QStringLiteral("plan has %1 steps; at most %2 are allowed").arg(ss.size()).arg(MaxSteps));
    for (const auto &s : ss) {
        if (!s.isObject())
            return fail(QStringLiteral("\"steps\" must hold objects"));
        PlanStep step = PlanStep::fromJson(s.toObject());
        if (step.id.isEmpty())
            return fail(QStringLiteral("a step has no \"id\""));
        p.steps.append(step);
    }
    if (p.steps.isEmpty())
        return fail(QStringLiteral("plan has no steps"));
    if (error)
        *error = {};
    return p;
}

Plan Plan::fromJsonBytes(const QByteArray &bytes, Error *error)
{
    if (bytes.size() > MaxFileBytes) {
        if (error)
            *error = Error(Error::Code::InvalidInput,
                QStringLiteral("plan is %1 bytes; plans larger than %2 bytes are not read")
                    .arg(bytes.size())
                    .arg(MaxFileBytes),
                QStringLiteral("plan"));
        return {};
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError) {
        if (error)
            *error = Error(Error::Code::InvalidInput,
                QStringLiteral("plan is not valid JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset),
                QStringLiteral("plan"));
        return {};
    }
    if (!doc.isObject()) {
        if (error)
            *error = Error(Error::Code::InvalidInput,
                QStringLiteral(
                    "plan is JSON but not an object (a plan is {\"format\": \"clustermark-plan\", …}, not %1)")
                    .arg(doc.isArray() ? QStringLiteral("a list") : QStringLiteral("a single value")),
                QStringLiteral("plan"));
        return {};
    }
    return fromJson(doc.object(), error);
}

} // namespace cm
