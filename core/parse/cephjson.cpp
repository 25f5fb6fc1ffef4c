// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/cephjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace cm {

// The document's top level, which must be an object (or an array with wantArray).
Error cephJsonDocument(const QByteArray &json, const QString &what, bool wantArray, QJsonDocument *doc)
{
    QJsonParseError pe;
    *doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError)
        return Error(Error::Code::ParseError,
            QStringLiteral("%1: not JSON (%2 at offset %3)").arg(what, pe.errorString()).arg(pe.offset), what);
    if (wantArray ? !doc->isArray() : !doc->isObject())
        return Error(Error::Code::ParseError,
            QStringLiteral("%1: expected a JSON %2")
                .arg(what, wantArray ? QStringLiteral("array") : QStringLiteral("object")),
            what);
    return {};
}

namespace {

// A number given as a JSON number or as a numeric string; fallback otherwise.
double number(const QJsonValue &v, double fallback = 0, bool *ok = nullptr)
{
    bool good = false;
    double d = fallback;
    if (v.isDouble()) {
        d = v.toDouble();
        good = true;
    } else if (v.isString()) {
        d = v.toString().toDouble(&good);
        if (!good)
            d = fallback;
    } else if (v.isBool()) {
        d = v.toBool() ? 1 : 0;
        good = true;
    }
    if (good && !std::isfinite(d)) {
        d = fallback;
        good = false;
    }
    if (ok)
        *ok = good;
    return d;
}

int integer(const QJsonValue &v, int fallback = 0, bool *ok = nullptr)
{
    bool good = false;
    const double d = number(v, fallback, &good);
    good = good && d >= -2147483648.0 && d <= 2147483647.0;
    if (ok)
        *ok = good;
    return good ? int(d) : fallback;
}

qint64 int64(const QJsonValue &v)
{
    const double d = number(v);
    return (d >= -9.0e18 && d <= 9.0e18) ? qint64(d) : 0;
}

CephOsd *osdById(CephInventory *inv, int id)
{
    for (CephOsd &o : inv->osds)
        if (o.id == id)
            return &o;
    return nullptr;
}

} // namespace

Error parseCephStatus(const QByteArray &json, CephInventory *inv)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("status"), false, &doc))
        return e;
    const QJsonObject o = doc.object();
    inv->fsid = o.value(QStringLiteral("fsid")).toString();
    if (inv->fsid.isEmpty())
        inv->warnings << QStringLiteral("status: no fsid");
    const QJsonObject health = o.value(QStringLiteral("health")).toObject();
    if (inv->healthStatus.isEmpty())
        inv->healthStatus = health.value(QStringLiteral("status")).toString();
    if (inv->checks.isEmpty() && health.contains(QStringLiteral("checks"))) {
        CephInventory h;
        parseCephHealth(QJsonDocument(health).toJson(QJsonDocument::Compact), &h);
        inv->checks = h.checks;
    }
    return {};
}

Error parseCephHealth(const QByteArray &json, CephInventory *inv)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("health"), false, &doc))
        return e;
    const QJsonObject o = doc.object();
    const QString status = o.value(QStringLiteral("status")).toString();
    if (status.isEmpty())
        return Error(Error::Code::ParseError, QStringLiteral("health: no status"), QStringLiteral("health"));
    inv->healthStatus = status;
    inv->checks.clear();
    const QJsonValue checks = o.value(QStringLiteral("checks"));
    if (!checks.isObject() && !checks.isUndefined())
        inv->warnings << QStringLiteral("health: \"checks\" is not an object");
    const QJsonObject c = checks.toObject();
    for (auto it = c.begin(); it != c.end(); ++it) {
        const QJsonObject ck = it.value().toObject();
        CephHealthCheck hc;
        hc.code = it.key();
        hc.severity = ck.value(QStringLiteral("severity")).toString();
        const QJsonValue s = ck.value(QStringLiteral("summary"));
        hc.summary = s.isObject() ? s.toObject().value(QStringLiteral("message")).toString() : s.toString();
        inv->checks << hc;
    }
    return {};
}

Error parseCephVersions(const QByteArray &json, CephInventory *inv)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("versions"), false, &doc))
        return e;
    const QJsonObject o = doc.object();
    inv->versions.clear();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() == QLatin1String("overall"))
            continue;
        if (!it.value().isObject()) {
            inv->warnings << QStringLiteral("versions: %1 is not an object").arg(it.key());
            continue;
        }
        inv->versions.insert(it.key(), it.value().toObject().keys());
    }
    return {};
}

Error parseCephOsdTree(const QByteArray &json, CephInventory *inv)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("osd tree"), false, &doc))
        return e;
    const QJsonValue nodesValue = doc.object().value(QStringLiteral("nodes"));
    if (!nodesValue.isArray())
        return Error(
            Error::Code::ParseError, QStringLiteral("osd tree: no \"nodes\" array"), QStringLiteral("osd tree"));
    const QJsonArray nodes = nodesValue.toArray();
    QMap<int, QString> hostOf; // OSD id -> host bucket
    inv->hosts.clear();
    for (const QJsonValue &nv : nodes) {
        const QJsonObject n = nv.toObject();
        if (n.value(QStringLiteral("type")).toString() != QLatin1String("host"))
            continue;
        const QString host = n.value(QStringLiteral("name")).toString();
        if (host.isEmpty()) {
            inv->warnings << QStringLiteral("osd tree: a host bucket without a name");
            continue;
        }
        QList<int> ids;
        for (const QJsonValue &c : n.value(QStringLiteral("children")).toArray()) {
            bool ok = false;
            const int id = integer(c, -1, &ok);
            if (ok && id >= 0) {
                ids << id;
                hostOf.insert(id, host);
            }
        }
        std::sort(ids.begin(), ids.end());
        inv->hosts.insert(host, ids);
    }
    QList<CephOsd> osds;
    for (const QJsonValue &nv : nodes) {
        const QJsonObject n = nv.toObject();
        if (n.value(QStringLiteral("type")).toString() != QLatin1String("osd"))
            continue;
        bool ok = false;
        CephOsd d;
        d.id = integer(n.value(QStringLiteral("id")), -1, &ok);
        if (!ok || d.id < 0) {
            inv->warnings << QStringLiteral("osd tree: an OSD without a valid id");
            continue;
        }
        d.name = n.value(QStringLiteral("name")).toString(QStringLiteral("osd.%1").arg(d.id));
        d.host = hostOf.value(d.id);
        d.deviceClass = n.value(QStringLiteral("device_class")).toString();
        d.up = n.value(QStringLiteral("status")).toString() == QLatin1String("up");
        d.crushWeight = number(n.value(QStringLiteral("crush_weight")));
        d.reweight = number(n.value(QStringLiteral("reweight")));
        d.in = d.reweight > 0;
        if (const CephOsd *old = osdById(inv, d.id)) { // keep what osd df said
            d.utilization = old->utilization;
            d.kb = old->kb;
            d.kbUsed = old->kbUsed;
            d.pgs = old->pgs;
        }
        osds << d;
    }
    // OSDs outside any CRUSH bucket ("stray") exist but hold no data.
    for (const QJsonValue &sv : doc.object().value(QStringLiteral("stray")).toArray()) {
        const QJsonObject s = sv.toObject();
        bool ok = false;
        CephOsd d;
        d.id = integer(s.value(QStringLiteral("id")), -1, &ok);
        if (!ok || d.id < 0)
            continue;
        d.name = s.value(QStringLiteral("name")).toString(QStringLiteral("osd.%1").arg(d.id));
        d.up = s.value(QStringLiteral("status")).toString() == QLatin1String("up");
        d.reweight = number(s.value(QStringLiteral("reweight")));
        d.in = d.reweight > 0;
        osds << d;
        inv->warnings << QStringLiteral("osd tree: %1 is not in the CRUSH map").arg(d.name);
    }
    std::sort(osds.begin(), osds.end(), [](const CephOsd &a, const CephOsd &b) { return a.id < b.id; });
    inv->osds = osds;
    return {};
}

Error parseCephOsdDf(const QByteArray &json, CephInventory *inv)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("osd df"), false, &doc))
        return e;
    const QJsonValue nodes = doc.object().value(QStringLiteral("nodes"));
    if (!nodes.isArray())
        return Error(Error::Code::ParseError, QStringLiteral("osd df: no \"nodes\" array"), QStringLiteral("osd df"));
    for (const QJsonValue &nv : nodes.toArray()) {
        const QJsonObject n = nv.toObject();
        bool ok = false;
        const int id = integer(n.value(QStringLiteral("id")), -1, &ok);
        if (!ok || id < 0) {
            inv->warnings << QStringLiteral("osd df: an entry without a valid id");
            continue;
        }
        CephOsd *d = osdById(inv, id);
        if (!d) {
            CephOsd fresh;
            fresh.id = id;
            fresh.name = n.value(QStringLiteral("name")).toString(QStringLiteral("osd.%1").arg(id));
            fresh.deviceClass = n.value(QStringLiteral("device_class")).toString();
            fresh.up = n.value(QStringLiteral("status")).toString() == QLatin1String("up");
            fresh.crushWeight = number(n.value(QStringLiteral("crush_weight")));
            fresh.reweight = number(n.value(QStringLiteral("reweight")));
            fresh.in = fresh.reweight > 0;
            inv->osds << fresh;
            d = &inv->osds.last();
        }
        d->utilization = number(n.value(QStringLiteral("utilization")));
        d->kb = int64(n.value(QStringLiteral("kb")));
        d->kbUsed = int64(n.value(QStringLiteral("kb_used")));
        d->pgs = integer(n.value(QStringLiteral("pgs")));
    }
    return {};
}

Error parseCephPools(const QByteArray &json, CephInventory *inv)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("osd pool ls detail"), true, &doc))
        return e;
    inv->pools.clear();
    for (const QJsonValue &pv : doc.array()) {
        const QJsonObject p = pv.toObject();
        CephPool pool;
        bool ok = false;
        pool.id = integer(p.value(QStringLiteral("pool_id")), -1, &ok);
        pool.name = p.value(QStringLiteral("pool_name")).toString();
        if (!ok || pool.name.isEmpty()) {
            inv->warnings << QStringLiteral("osd pool ls detail: a pool without id or name");
            continue;
        }
        pool.size = integer(p.value(QStringLiteral("size")));
        pool.minSize = integer(p.value(QStringLiteral("min_size")));
        pool.pgNum = integer(p.value(QStringLiteral("pg_num")));
        pool.crushRule = integer(p.value(QStringLiteral("crush_rule")));
        // pg_pool_t: TYPE_REPLICATED = 1, TYPE_ERASURE = 3
        const int type = integer(p.value(QStringLiteral("type")), 1);
        if (type == 3) {
            pool.type = CephPool::Type::Erasure;
            pool.erasureCodeProfile = p.value(QStringLiteral("erasure_code_profile")).toString();
        } else if (type != 1) {
            inv->warnings << QStringLiteral("pool %1: unknown type %2").arg(pool.name).arg(type);
        }
        pool.applications = p.value(QStringLiteral("application_metadata")).toObject().keys();
        inv->pools << pool;
    }
    return {};
}

Error parseCephEcProfile(const QByteArray &json, const QString &profile, CephInventory *inv)
{
    const QString what = QStringLiteral("erasure-code-profile %1").arg(profile);
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, what, false, &doc))
        return e;
    const QJsonObject o = doc.object();
    bool okK = false, okM = false;
    const int k = integer(o.value(QStringLiteral("k")), 0, &okK);
    const int m = integer(o.value(QStringLiteral("m")), 0, &okM);
    if (!okK || !okM || k <= 0 || m <= 0)
        return Error(Error::Code::ParseError, what + QStringLiteral(": no valid k and m"), what);
    for (CephPool &p : inv->pools)
        if (p.isErasure() && p.erasureCodeProfile == profile) {
            p.k = k;
            p.m = m;
        }
    return {};
}

Error parseCephFsDump(const QByteArray &json, CephInventory *inv)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("fs dump"), false, &doc))
        return e;
    const QJsonValue fss = doc.object().value(QStringLiteral("filesystems"));
    if (!fss.isArray())
        return Error(
            Error::Code::ParseError, QStringLiteral("fs dump: no \"filesystems\" array"), QStringLiteral("fs dump"));
    auto poolName = [inv](const QJsonValue &v) {
        const int id = integer(v, -1);
        for (const CephPool &p : inv->pools)
            if (p.id == id)
                return p.name;
        inv->warnings << QStringLiteral("fs dump: pool id %1 not among the pools").arg(id);
        return QString::number(id);
    };
    inv->filesystems.clear();
    for (const QJsonValue &fv : fss.toArray()) {
        const QJsonObject map = fv.toObject().value(QStringLiteral("mdsmap")).toObject();
        CephFilesystem fs;
        fs.name = map.value(QStringLiteral("fs_name")).toString();
        if (fs.name.isEmpty()) {
            inv->warnings << QStringLiteral("fs dump: a file system without a name");
            continue;
        }
        fs.metadataPool = poolName(map.value(QStringLiteral("metadata_pool")));
        for (const QJsonValue &d : map.value(QStringLiteral("data_pools")).toArray())
            fs.dataPools << poolName(d);
        const QJsonObject info = map.value(QStringLiteral("info")).toObject();
        for (auto it = info.begin(); it != info.end(); ++it)
            if (it.value().toObject().value(QStringLiteral("state")).toString() == QLatin1String("up:active"))
                ++fs.mdsActive;
        inv->filesystems << fs;
    }
    return {};
}

Error parseCephServiceDump(const QByteArray &json, CephInventory *inv)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("service dump"), false, &doc))
        return e;
    const QJsonValue services = doc.object().value(QStringLiteral("services"));
    if (!services.isObject())
        return Error(Error::Code::ParseError, QStringLiteral("service dump: no \"services\" object"),
            QStringLiteral("service dump"));
    inv->rgwDaemons.clear();
    static const QRegularExpression endpointRe(QStringLiteral("(?:endpoint|port)=(\\S+)"));
    const QJsonObject daemons
        = services.toObject().value(QStringLiteral("rgw")).toObject().value(QStringLiteral("daemons")).toObject();
    for (auto it = daemons.begin(); it != daemons.end(); ++it) {
        if (!it.value().isObject()) // "summary": ""
            continue;
        const QJsonObject d = it.value().toObject();
        const QJsonObject meta = d.value(QStringLiteral("metadata")).toObject();
        CephRgwDaemon r;
        r.name = meta.value(QStringLiteral("id")).toString(it.key());
        r.host = meta.value(QStringLiteral("hostname")).toString();
        const QRegularExpressionMatch m = endpointRe.match(meta.value(QStringLiteral("frontend_config#0")).toString());
        if (m.hasMatch())
            r.endpoint = m.captured(1);
        inv->rgwDaemons << r;
    }
    return {};
}

} // namespace cm
