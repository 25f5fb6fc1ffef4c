// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/cephenvironmentprobe.h"

#include "ceph/radosclient.h"

namespace cm {

namespace {

QJsonObject command(const QString &prefix)
{
    return {{QStringLiteral("prefix"), prefix}, {QStringLiteral("format"), QStringLiteral("json")}};
}

// Runs a mon (or mgr) command and hands its reply to parse; a failure goes to problems.
template <typename Parse>
void read(RadosClient &client, const QJsonObject &cmd, bool mgr, QStringList *problems, Parse parse)
{
    QByteArray out;
    Error e = mgr ? client.mgrCommand(cmd, &out) : client.monCommand(cmd, &out);
    if (!e)
        e = parse(out);
    if (e)
        *problems << e.message;
}

CephPoolEnvironment readPool(
    RadosClient &client, const QString &name, const QByteArray &pools, const QByteArray &rules, QStringList *problems)
{
    CephPoolEnvironment p;
    p.name = name;
    if (Error e = parseCephPoolEnvironment(pools, &p)) {
        *problems << e.message;
        return p;
    }
    if (Error e = parseCephCrushRule(rules, &p))
        *problems << e.message;
    if (p.erasure && !p.ecProfileName.isEmpty()) {
        QJsonObject cmd = command(QStringLiteral("osd erasure-code-profile get"));
        cmd.insert(QStringLiteral("name"), p.ecProfileName);
        read(client, cmd, false, problems, [&](const QByteArray &o) { return parseCephEcProfileText(o, &p); });
    }
    return p;
}

} // namespace

CephEnvironment probeCephEnvironment(RadosClient &client, const QStringList &pools, QStringList *problems)
{
    CephEnvironment env;
    env.libradosApi = RadosClient::libraryVersion();
    read(client, command(QStringLiteral("versions")), false, problems,
        [&](const QByteArray &o) { return parseCephVersionSummary(o, &env.version); });
    read(client, command(QStringLiteral("osd stat")), false, problems,
        [&](const QByteArray &o) { return parseCephOsdStat(o, &env); });
    read(client, command(QStringLiteral("osd dump")), false, problems,
        [&](const QByteArray &o) { return parseCephOsdFlags(o, &env); });
    read(client, command(QStringLiteral("status")), false, problems,
        [&](const QByteArray &o) { return parseCephScrubbing(o, &env); });
    read(client, command(QStringLiteral("balancer status")), true, problems,
        [&](const QByteArray &o) { return parseCephBalancer(o, &env); });
    if (pools.isEmpty())
        return env;
    QByteArray poolJson, ruleJson;
    QJsonObject detail = command(QStringLiteral("osd pool ls"));
    detail.insert(QStringLiteral("detail"), QStringLiteral("detail"));
    if (Error e = client.monCommand(detail, &poolJson)) {
        *problems << e.message;
        return env;
    }
    if (Error e = client.monCommand(command(QStringLiteral("osd crush rule dump")), &ruleJson))
        *problems << e.message;
    for (const QString &name : pools)
        env.pools << readPool(client, name, poolJson, ruleJson, problems);
    return env;
}

} // namespace cm
