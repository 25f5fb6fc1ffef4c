// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/cephplacement.h"

#include "parse/cephjson.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

namespace cm {

namespace {

struct TreeNode {
    QString type;
    QString name;
    QList<int> children;
    bool usableOsd = false;
};

// Usable OSDs below `id`, with a guard against a cycle in a malformed reply.
int usableBelow(const QHash<int, TreeNode> &nodes, int id, QSet<int> *seen)
{
    if (seen->contains(id) || !nodes.contains(id))
        return 0;
    seen->insert(id);
    const TreeNode &n = nodes[id];
    int count = n.usableOsd ? 1 : 0;
    for (int child : n.children)
        count += usableBelow(nodes, child, seen);
    return count;
}

} // namespace

Error parseCephPlacementCapacity(
    const QByteArray &json, const QString &failureDomain, const QString &deviceClass, CephPlacementCapacity *out)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("osd tree"), false, &doc))
        return e;
    const QJsonValue nodesValue = doc.object().value(QStringLiteral("nodes"));
    if (!nodesValue.isArray())
        return Error(Error::Code::ParseError, QStringLiteral("osd tree: no \"nodes\" list"));
    QHash<int, TreeNode> nodes;
    for (const QJsonValue &v : nodesValue.toArray()) {
        const QJsonObject o = v.toObject();
        if (!o.value(QStringLiteral("id")).isDouble())
            continue;
        TreeNode n;
        n.type = o.value(QStringLiteral("type")).toString().left(64);
        n.name = o.value(QStringLiteral("name")).toString().left(128);
        for (const QJsonValue &c : o.value(QStringLiteral("children")).toArray())
            if (c.isDouble())
                n.children << c.toInt();
        n.usableOsd = n.type == QLatin1String("osd")
            && o.value(QStringLiteral("status")).toString() == QLatin1String("up")
            && (deviceClass.isEmpty() || o.value(QStringLiteral("device_class")).toString() == deviceClass);
        nodes.insert(o.value(QStringLiteral("id")).toInt(), n);
    }
    CephPlacementCapacity c;
    int rootBest = 0;
    for (auto it = nodes.cbegin(); it != nodes.cend(); ++it) {
        if (it->usableOsd)
            ++c.osds;
        if (it->type != failureDomain && it->type != QLatin1String("root"))
            continue;
        QSet<int> seen;
        const int below = usableBelow(nodes, it.key(), &seen);
        if (it->type == failureDomain && below > 0)
            ++c.domains;
        if (it->type == QLatin1String("root") && below > rootBest) {
            rootBest = below;
            c.root = it->name;
        }
    }
    *out = c;
    return {};
}

Error parseCephPgActivity(const QByteArray &json, CephPgActivity *out)
{
    QJsonDocument doc;
    const bool bare = json.trimmed().startsWith('[');
    if (Error e = cephJsonDocument(json, QStringLiteral("pg ls-by-pool"), bare, &doc))
        return e;
    const QJsonValue stats = bare ? QJsonValue(doc.array()) : doc.object().value(QStringLiteral("pg_stats"));
    if (!stats.isArray())
        return Error(Error::Code::ParseError, QStringLiteral("pg ls-by-pool: no \"pg_stats\" list"));
    CephPgActivity a;
    for (const QJsonValue &v : stats.toArray()) {
        const QString state = v.toObject().value(QStringLiteral("state")).toString().left(128);
        ++a.total;
        if (state.split(QLatin1Char('+')).contains(QLatin1String("active")))
            ++a.active;
        else if (a.example.isEmpty())
            a.example = state;
    }
    *out = a;
    return {};
}

Error parseCephFsPools(const QByteArray &json, QList<CephFsPools> *out)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("fs ls"), true, &doc))
        return e;
    QList<CephFsPools> list;
    for (const QJsonValue &v : doc.array()) {
        CephFsPools fs;
        fs.name = v.toObject().value(QStringLiteral("name")).toString().left(128);
        for (const QJsonValue &p : v.toObject().value(QStringLiteral("data_pools")).toArray())
            if (p.isString() && fs.dataPools.size() < 256)
                fs.dataPools << p.toString().left(128);
        if (!fs.name.isEmpty() && list.size() < 256)
            list << fs;
    }
    *out = list;
    return {};
}

} // namespace cm
