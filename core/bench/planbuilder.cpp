// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/planbuilder.h"

#include "model/paramreader.h"

#include <QRegularExpression>

namespace cm {

Plan planFromPreset(const RunnerKind &kind, const QString &preset, const QList<NodeSpec> &nodes,
    const QJsonObject &target, int runtimeSec, Error *error)
{
    Plan plan;
    plan.kind = kind.id();
    plan.preset = preset;
    plan.nodes = nodes;
    plan.target = target;
    QStringList known;
    for (const Preset &p : kind.presets()) {
        known << p.id;
        if (p.id == preset) {
            plan.steps = p.steps;
            plan.name = p.title;
        }
    }
    if (plan.steps.isEmpty()) {
        if (error)
            *error = Error(Error::Code::InvalidInput,
                QStringLiteral("unknown preset \"%1\" (%2)").arg(preset, known.join(QStringLiteral(", "))));
        return {};
    }
    if (runtimeSec > 0)
        for (PlanStep &s : plan.steps)
            s.params.insert(QStringLiteral("runtime"), runtimeSec);
    const Error e = kind.validate(plan);
    if (error)
        *error = e;
    return plan;
}

QString defaultPlanName(const Plan &plan, const RunnerKind *kind)
{
    QString what = kind ? kind->displayName() : plan.kind;
    if (kind)
        for (const Preset &p : kind->presets())
            if (p.id == plan.preset && !p.title.isEmpty())
                what += QStringLiteral(" · ") + p.title;
    QStringList nodes;
    for (const NodeSpec &n : plan.nodes)
        nodes << n.displayName();
    return nodes.isEmpty() ? what : QStringLiteral("%1 (%2)").arg(what, nodes.join(QStringLiteral(", ")));
}

bool isSizeText(const QString &s)
{
    return sizeTextBytes(s) >= 0;
}

bool isCephName(const QString &s)
{
    static const QRegularExpression re(QStringLiteral(R"(^[A-Za-z0-9_.-]{1,128}$)"));
    return re.match(s).hasMatch();
}

QStringList cephTargetKeys()
{
    return {QStringLiteral("conf"), QStringLiteral("keyring"), QStringLiteral("client"), QStringLiteral("monHost"),
        QStringLiteral("fsid")};
}

CephConnectionSpec readCephConnection(ParamReader &r)
{
    CephConnectionSpec c;
    c.confPath = r.path(QStringLiteral("conf"), false, true); // a whole argument everywhere
    c.keyringPath = r.path(QStringLiteral("keyring")); // a word of CEPH_ARGS: no spaces
    c.clientName
        = CephConnectionSpec::normalizedClientName(r.cephName(QStringLiteral("client"), QStringLiteral("admin")));
    c.monHost = r.text(QStringLiteral("monHost"), {}, 1024);
    c.fsid = r.text(QStringLiteral("fsid"), {}, 64);
    return c;
}

Error checkCephFiles(const QJsonObject &target, const QString &kindId)
{
    ParamReader r(target, QStringLiteral("target"), kindId);
    r.path(QStringLiteral("conf"), false, true); // a whole argument or variable everywhere
    r.path(QStringLiteral("keyring")); // a word of CEPH_ARGS for fio's rbd engine
    return r.error();
}

CliOption temporaryPoolOption(const QString &extra)
{
    return {QStringLiteral("--temporary-pool"), QStringLiteral("replicated:N[/M][:DOMAIN]|ec:K+M[:DOMAIN]"),
        QStringLiteral("a pool of that layout made for the run and removed after it (your consent to create and "
                       "delete it; from this machine, so it needs the cluster's conf here). DOMAIN is the failure "
                       "domain: host by default, osd on a one-host cluster")
            + extra};
}

Error readTemporaryPoolOption(const CliArgs &args, QJsonObject *target)
{
    if (!args.has(QStringLiteral("--temporary-pool")))
        return {};
    Error e;
    const PoolLayout layout = PoolLayout::fromText(args.value(QStringLiteral("--temporary-pool")), &e);
    if (e)
        return e;
    target->remove(QStringLiteral("pool"));
    target->insert(QStringLiteral("temporaryPool"), layout.toJson());
    return {};
}

} // namespace cm
