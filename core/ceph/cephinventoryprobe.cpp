// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/cephinventoryprobe.h"

#include "parse/cephjson.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QSet>

Q_LOGGING_CATEGORY(lcCephInv, "clustermark.core.ceph.inventory", QtInfoMsg)

namespace cm {

namespace {

QJsonObject command(const QString &prefix, const QJsonObject &extra = {})
{
    QJsonObject c = extra;
    c.insert(QStringLiteral("prefix"), prefix);
    c.insert(QStringLiteral("format"), QStringLiteral("json"));
    return c;
}

} // namespace

CephInventory probeCephInventory(RadosClient &client, Error *error)
{
    QElapsedTimer t;
    t.start();
    CephInventory inv;
    QByteArray out;
    Error e = client.monCommand(command(QStringLiteral("status")), &out);
    if (!e)
        e = parseCephStatus(out, &inv);
    if (e) {
        if (error)
            *error = e;
        return {};
    }
    // Each later step: a failed command or a malformed reply leaves a warning.
    auto step = [&](const QJsonObject &cmd, auto parse) {
        QByteArray reply;
        Error err = client.monCommand(cmd, &reply);
        if (!err)
            err = parse(reply);
        if (err) {
            qCWarning(lcCephInv) << err.toString();
            inv.warnings << err.message;
        }
    };
    step(command(QStringLiteral("health"), {{QStringLiteral("detail"), QStringLiteral("detail")}}),
        [&](const QByteArray &b) { return parseCephHealth(b, &inv); });
    step(command(QStringLiteral("versions")), [&](const QByteArray &b) { return parseCephVersions(b, &inv); });
    step(command(QStringLiteral("osd tree")), [&](const QByteArray &b) { return parseCephOsdTree(b, &inv); });
    step(command(QStringLiteral("osd df")), [&](const QByteArray &b) { return parseCephOsdDf(b, &inv); });
    step(command(QStringLiteral("osd pool ls"), {{QStringLiteral("detail"), QStringLiteral("detail")}}),
        [&](const QByteArray &b) { return parseCephPools(b, &inv); });
    QSet<QString> profiles;
    for (const CephPool &p : inv.pools)
        if (p.isErasure() && !p.erasureCodeProfile.isEmpty())
            profiles.insert(p.erasureCodeProfile);
    for (const QString &profile : profiles)
        step(command(QStringLiteral("osd erasure-code-profile get"), {{QStringLiteral("name"), profile}}),
            [&](const QByteArray &b) { return parseCephEcProfile(b, profile, &inv); });
    step(command(QStringLiteral("fs dump")), [&](const QByteArray &b) { return parseCephFsDump(b, &inv); });
    step(command(QStringLiteral("service dump")), [&](const QByteArray &b) { return parseCephServiceDump(b, &inv); });
    qCInfo(lcCephInv) << "inventory of" << inv.fsid << "in" << t.elapsed() << "ms:" << inv.osds.size() << "OSDs,"
                      << inv.pools.size() << "pools," << inv.warnings.size() << "warnings";
    if (error)
        *error = {};
    return inv;
}

QList<NodeSpec> suggestedNodes(const CephInventory &inv)
{
    QList<NodeSpec> nodes;
    for (auto it = inv.hosts.begin(); it != inv.hosts.end(); ++it) {
        NodeSpec n;
        n.name = it.key();
        n.host = it.key();
        n.user = QStringLiteral("root");
        nodes << n;
    }
    return nodes;
}

} // namespace cm
