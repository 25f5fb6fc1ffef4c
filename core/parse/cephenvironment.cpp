// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/cephenvironment.h"

#include "parse/cephjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

namespace cm {

namespace {

// A count given as a JSON number or a numeric string; -1 when it is neither.
int count(const QJsonValue &v)
{
    bool ok = v.isDouble();
    double d = v.toDouble();
    if (v.isString())
        d = v.toString().toDouble(&ok);
    if (!ok || !std::isfinite(d) || d < 0 || d > 1e9)
        return -1;
    return int(d);
}

Error bad(const QString &what, const QString &why)
{
    return Error(Error::Code::ParseError, QStringLiteral("%1: %2").arg(what, why), what);
}

} // namespace

Error parseCephVersionSummary(const QByteArray &json, QString *version)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("versions"), false, &doc))
        return e;
    const QJsonObject overall = doc.object().value(QStringLiteral("overall")).toObject();
    // "ceph version 16.2.15 (618f…) pacific (stable)" → "16.2.15 pacific"
    static const QRegularExpression form(QStringLiteral("^ceph version (\\S+)(?: \\([0-9a-f]+\\))?\\s*(\\S*)"));
    QStringList parts;
    for (auto it = overall.begin(); it != overall.end(); ++it) {
        const QRegularExpressionMatch m = form.match(it.key());
        const QString shortName
            = m.hasMatch() ? QStringLiteral("%1 %2").arg(m.captured(1), m.captured(2)).trimmed() : it.key().left(80);
        parts << (overall.size() > 1 ? QStringLiteral("%1 ×%2").arg(shortName).arg(count(it.value())) : shortName);
    }
    if (parts.isEmpty())
        return bad(QStringLiteral("versions"), QStringLiteral("no \"overall\" versions"));
    *version = parts.join(QStringLiteral(", "));
    return {};
}

Error parseCephOsdStat(const QByteArray &json, CephEnvironment *env)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("osd stat"), false, &doc))
        return e;
    QJsonObject o = doc.object();
    if (o.contains(QStringLiteral("osdmap"))) // older releases nest it
        o = o.value(QStringLiteral("osdmap")).toObject();
    const int osds = count(o.value(QStringLiteral("num_osds")));
    if (osds < 0)
        return bad(QStringLiteral("osd stat"), QStringLiteral("no num_osds"));
    env->osds = osds;
    env->osdsUp = std::max(0, count(o.value(QStringLiteral("num_up_osds"))));
    env->osdsIn = std::max(0, count(o.value(QStringLiteral("num_in_osds"))));
    return {};
}

Error parseCephOsdFlags(const QByteArray &json, CephEnvironment *env)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("osd dump"), false, &doc))
        return e;
    const QJsonValue flags = doc.object().value(QStringLiteral("flags"));
    if (!flags.isString())
        return bad(QStringLiteral("osd dump"), QStringLiteral("no flags"));
    // The flags that change what a benchmark sees; the rest (sortbitwise, …) are how the
    // cluster works.
    static const QStringList noticed {QStringLiteral("noscrub"), QStringLiteral("nodeep-scrub"),
        QStringLiteral("noout"), QStringLiteral("noin"), QStringLiteral("nodown"), QStringLiteral("noup"),
        QStringLiteral("norecover"), QStringLiteral("nobackfill"), QStringLiteral("norebalance"),
        QStringLiteral("pause"), QStringLiteral("pauserd"), QStringLiteral("pausewr"), QStringLiteral("nosnaptrim")};
    env->osdFlags.clear();
    env->flagsKnown = true;
    for (const QString &f : flags.toString().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (noticed.contains(f.trimmed()) && !env->osdFlags.contains(f.trimmed()))
            env->osdFlags << f.trimmed();
    return {};
}

Error parseCephScrubbing(const QByteArray &json, CephEnvironment *env)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("status"), false, &doc))
        return e;
    const QJsonValue states
        = doc.object().value(QStringLiteral("pgmap")).toObject().value(QStringLiteral("pgs_by_state"));
    if (!states.isArray() && !doc.object().value(QStringLiteral("pgmap")).isObject())
        return bad(QStringLiteral("status"), QStringLiteral("no pgmap"));
    env->scrubbingPgs = env->deepScrubbingPgs = 0;
    for (const QJsonValue &v : states.toArray()) {
        const QStringList parts = v[QStringLiteral("state_name")].toString().split(QLatin1Char('+'));
        const int n = std::max(0, count(v[QStringLiteral("count")]));
        constexpr int most = 1000000000; // no cluster has more PGs; the sum stays an int
        if (parts.contains(QStringLiteral("deep")) && parts.contains(QStringLiteral("scrubbing")))
            env->deepScrubbingPgs = std::min(most, env->deepScrubbingPgs + n);
        else if (parts.contains(QStringLiteral("scrubbing")))
            env->scrubbingPgs = std::min(most, env->scrubbingPgs + n);
    }
    env->scrubKnown = true;
    return {};
}

Error parseCephBalancer(const QByteArray &json, CephEnvironment *env)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("balancer status"), false, &doc))
        return e;
    const QJsonObject o = doc.object();
    if (!o.value(QStringLiteral("active")).isBool())
        return bad(QStringLiteral("balancer status"), QStringLiteral("no \"active\""));
    const QString mode = o.value(QStringLiteral("mode")).toString().left(32);
    env->balancer = o.value(QStringLiteral("active")).toBool()
        ? (mode.isEmpty() ? QStringLiteral("on") : QStringLiteral("on (%1)").arg(mode))
        : QStringLiteral("off");
    return {};
}

Error parseCephPoolEnvironment(const QByteArray &json, CephPoolEnvironment *pool)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("osd pool ls detail"), true, &doc))
        return e;
    for (const QJsonValue &v : doc.array()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("pool_name")).toString() != pool->name)
            continue;
        pool->erasure = count(o.value(QStringLiteral("type"))) == 3; // pg_pool_t::TYPE_ERASURE
        pool->size = std::max(0, count(o.value(QStringLiteral("size"))));
        pool->minSize = std::max(0, count(o.value(QStringLiteral("min_size"))));
        pool->pgNum = std::max(0, count(o.value(QStringLiteral("pg_num"))));
        pool->autoscale = o.value(QStringLiteral("pg_autoscale_mode")).toString().left(16);
        pool->crushRuleId = count(o.value(QStringLiteral("crush_rule")));
        pool->ecProfileName = o.value(QStringLiteral("erasure_code_profile")).toString().left(128);
        return {};
    }
    return Error(Error::Code::InvalidInput, QStringLiteral("pool %1 does not exist").arg(pool->name), pool->name);
}

Error parseCephCrushRule(const QByteArray &json, CephPoolEnvironment *pool)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("osd crush rule dump"), true, &doc))
        return e;
    for (const QJsonValue &v : doc.array()) {
        const QJsonObject rule = v.toObject();
        if (count(rule.value(QStringLiteral("rule_id"))) != pool->crushRuleId)
            continue;
        QString root, domain;
        for (const QJsonValue &s : rule.value(QStringLiteral("steps")).toArray()) {
            const QString op = s[QStringLiteral("op")].toString();
            if (op == QLatin1String("take"))
                root = s[QStringLiteral("item_name")].toString().left(64);
            else if (op.startsWith(QLatin1String("choose")))
                domain = s[QStringLiteral("type")].toString().left(32);
        }
        // A device class shows in the root's shadow name: "default~ssd".
        if (const qsizetype tilde = root.indexOf(QLatin1Char('~')); tilde >= 0) {
            pool->deviceClass = root.mid(tilde + 1);
            root = root.left(tilde);
        }
        QStringList where;
        for (const QString &w : {root, domain})
            if (!w.isEmpty())
                where << w;
        const QString name = rule.value(QStringLiteral("rule_name")).toString().left(64);
        pool->crushRule = where.isEmpty() ? name : QStringLiteral("%1: %2").arg(name, where.join(QStringLiteral(", ")));
        return {};
    }
    return bad(QStringLiteral("osd crush rule dump"), QStringLiteral("no rule %1").arg(pool->crushRuleId));
}

Error parseCephEcProfileText(const QByteArray &json, CephPoolEnvironment *pool)
{
    QJsonDocument doc;
    if (Error e = cephJsonDocument(json, QStringLiteral("osd erasure-code-profile get"), false, &doc))
        return e;
    const QJsonObject o = doc.object();
    const int k = count(o.value(QStringLiteral("k"))), m = count(o.value(QStringLiteral("m")));
    if (k <= 0 || m < 0)
        return bad(QStringLiteral("osd erasure-code-profile get"), QStringLiteral("no k and m"));
    QStringList words {QStringLiteral("k=%1 m=%2").arg(k).arg(m)};
    if (const QString plugin = o.value(QStringLiteral("plugin")).toString().left(32); !plugin.isEmpty())
        words << plugin;
    if (const QString domain = o.value(QStringLiteral("crush-failure-domain")).toString().left(32); !domain.isEmpty())
        words << QStringLiteral("failure domain %1").arg(domain);
    if (const QString cls = o.value(QStringLiteral("crush-device-class")).toString().left(32); !cls.isEmpty())
        words << QStringLiteral("class %1").arg(cls);
    pool->ecProfile = QStringLiteral("%1: %2").arg(pool->ecProfileName, words.join(QStringLiteral(", ")));
    return {};
}

QJsonObject CephEnvironment::toEnvironment() const
{
    QJsonObject e;
    if (!version.isEmpty())
        e.insert(QStringLiteral("ceph_version"), version);
    if (osds > 0)
        e.insert(QStringLiteral("osd_count"), QStringLiteral("%1 (%2 up, %3 in)").arg(osds).arg(osdsUp).arg(osdsIn));
    if (flagsKnown)
        e.insert(QStringLiteral("osd_flags"),
            osdFlags.isEmpty() ? QStringLiteral("none") : osdFlags.join(QStringLiteral(", ")));
    if (!balancer.isEmpty())
        e.insert(QStringLiteral("balancer"), balancer);
    if (scrubKnown)
        e.insert(QStringLiteral("scrubbing"),
            scrubbingPgs + deepScrubbingPgs == 0 ? QStringLiteral("none")
                                                 : QStringLiteral("%1 PGs scrubbing, %2 deep")
                                                       .arg(scrubbingPgs + deepScrubbingPgs)
                                                       .arg(deepScrubbingPgs));
    if (!libradosApi.isEmpty())
        e.insert(QStringLiteral("librados_api"), libradosApi);
    if (pools.isEmpty())
        return e;
    const CephPoolEnvironment &p = pools.first();
    e.insert(QStringLiteral("pool"), p.name);
    e.insert(QStringLiteral("pool_type"), p.erasure ? QStringLiteral("erasure") : QStringLiteral("replicated"));
    if (p.size > 0) {
        e.insert(QStringLiteral("pool_size"), p.size);
        e.insert(QStringLiteral("pool_min_size"), p.minSize);
    }
    if (p.pgNum > 0)
        e.insert(QStringLiteral("pg_num"), p.pgNum);
    if (!p.autoscale.isEmpty())
        e.insert(QStringLiteral("pg_autoscale"), p.autoscale);
    if (!p.ecProfile.isEmpty())
        e.insert(QStringLiteral("ec_profile"), p.ecProfile);
    if (!p.crushRule.isEmpty())
        e.insert(QStringLiteral("crush_rule"), p.crushRule);
    if (!p.deviceClass.isEmpty())
        e.insert(QStringLiteral("crush_device_class"), p.deviceClass);
    if (pools.size() > 1) {
        QStringList all;
        for (const CephPoolEnvironment &q : pools)
            all << QStringLiteral("%1 (%2)").arg(q.name,
                q.erasure ? QStringLiteral("erasure %1").arg(q.ecProfileName) : QStringLiteral("×%1").arg(q.size));
        e.insert(QStringLiteral("pools"), all.join(QStringLiteral(", ")));
    }
    return e;
}

} // namespace cm
