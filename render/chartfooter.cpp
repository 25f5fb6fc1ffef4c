// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/chartfooter.h"

#include "stats/clustertotal.h"

#include <QJsonArray>
#include <QMap>
#include <QTimeZone>

namespace cm::render {

namespace {

QString scalar(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String: return v.toString();
    case QJsonValue::Double: return QString::number(v.toDouble(), 'g', 10);
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("1") : QStringLiteral("0");
    default: return {};
    }
}

// Values of the step environments and summaries, each once, in order of first use.
void collect(QStringList &into, const QString &value)
{
    if (!value.isEmpty() && !into.contains(value))
        into << value;
}

QString parameters(const RunRecords &r)
{
    // key → value per plan step (missing = "")
    QStringList keys;
    QList<QMap<QString, QString>> perStep;
    for (const PlanStep &s : r.plan.steps) {
        QMap<QString, QString> m;
        for (auto it = s.params.begin(); it != s.params.end(); ++it) {
            const QString v = scalar(it.value());
            if (v.isEmpty())
                continue;
            m.insert(it.key(), v);
            if (!keys.contains(it.key()))
                keys << it.key();
        }
        perStep << m;
    }
    std::sort(keys.begin(), keys.end());
    QStringList common, varying;
    for (const QString &k : std::as_const(keys)) {
        QStringList values;
        bool everywhere = true;
        for (const auto &m : std::as_const(perStep)) {
            everywhere = everywhere && m.contains(k);
            collect(values, m.value(k));
        }
        if (values.size() == 1 && everywhere)
            common << QStringLiteral("%1=%2").arg(k, values.first());
        else
            varying << QStringLiteral("%1 %2").arg(k, values.join(QStringLiteral(" / ")));
    }
    QString out = common.join(QStringLiteral(", "));
    if (!varying.isEmpty())
        out += (out.isEmpty() ? QString() : QStringLiteral("; per test: ")) + varying.join(QStringLiteral(", "));
    if (r.plan.repeat > 1)
        out += QStringLiteral("; %1 repetitions").arg(r.plan.repeat);
    return out.isEmpty() ? QString() : QStringLiteral("Parameters: ") + out;
}

// "pool rbd (3 copies)", "pool ecdata (EC k=4 m=2)": what a Ceph step wrote to.
QString poolText(const QJsonObject &env)
{
    const QString pool = env.value(QStringLiteral("pool")).toString();
    if (pool.isEmpty() || !env.contains(QStringLiteral("pool_type")))
        return {};
    if (env.value(QStringLiteral("pool_type")).toString() == QLatin1String("erasure")) {
        const QString profile = env.value(QStringLiteral("ec_profile")).toString();
        const QString km = profile.section(QStringLiteral(": "), 1).section(QLatin1Char(','), 0, 0);
        return QStringLiteral("pool %1 (EC %2)").arg(pool, km.isEmpty() ? profile : km);
    }
    const int size = env.value(QStringLiteral("pool_size")).toInt();
    return QStringLiteral("pool %1 (%2 %3)").arg(pool).arg(size).arg(size == 1 ? "copy" : "copies");
}

QString cluster(const RunRecords &r)
{
    QStringList nodes = r.run.nodes;
    for (const StepRecord &s : r.steps)
        if (s.node != clusterTotalNode())
            collect(nodes, s.node);
    QStringList kernels, tools, caches, ceph, models, mtus, pools;
    for (const StepRecord &s : r.steps) {
        collect(kernels, s.environment.value(QStringLiteral("kernel")).toString());
        collect(models, s.environment.value(QStringLiteral("model")).toString());
        collect(mtus, scalar(s.environment.value(QStringLiteral("mtu"))));
        collect(ceph, s.environment.value(QStringLiteral("ceph_version")).toString());
        collect(ceph, s.summary.value(QStringLiteral("ceph_version")).toString());
        collect(pools, poolText(s.environment));
        collect(tools, s.summary.value(QStringLiteral("fio_version")).toString());
        const QString tool = QStringLiteral("%1 %2")
                                 .arg(s.summary.value(QStringLiteral("tool")).toString(),
                                     s.summary.value(QStringLiteral("toolVersion")).toString())
                                 .trimmed();
        collect(tools, tool);
        collect(caches, s.summary.value(QStringLiteral("write_cache")).toString());
        collect(caches, s.environment.value(QStringLiteral("write_cache")).toString());
    }
    QStringList parts;
    parts << QStringLiteral("%1 %2: %3")
                 .arg(nodes.size())
                 .arg(nodes.size() == 1 ? QStringLiteral("node") : QStringLiteral("nodes"))
                 .arg(nodes.isEmpty() ? QStringLiteral("–") : nodes.join(QStringLiteral(", ")));
    if (!kernels.isEmpty())
        parts << QStringLiteral("kernel %1").arg(kernels.join(QStringLiteral(" / ")));
    if (!models.isEmpty())
        parts << QStringLiteral("disk %1").arg(models.join(QStringLiteral(" / ")));
    if (!mtus.isEmpty())
        parts << QStringLiteral("MTU %1").arg(mtus.join(QStringLiteral(" / ")));
    if (!ceph.isEmpty())
        parts << QStringLiteral("Ceph %1").arg(ceph.join(QStringLiteral(" / ")));
    parts << pools;
    parts << tools;
    if (!caches.isEmpty())
        parts << QStringLiteral("write cache: %1").arg(caches.join(QStringLiteral(" / ")));
    const QString os = r.environment.value(QStringLiteral("client_os")).toString();
    if (!os.isEmpty())
        parts << QStringLiteral("client %1").arg(os);
    return QStringLiteral("Cluster: ") + parts.join(QStringLiteral(" · "));
}

} // namespace

QString runDateText(const RunInfo &r)
{
    return r.started.isValid()
        ? r.started.toTimeZone(QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))
        : QStringLiteral("–");
}

ChartFooter runFooter(const RunRecords &r)
{
    ChartFooter f;
    const QString kind = r.plan.kind.isEmpty() ? r.run.kind : r.plan.kind;
    f.test = QStringLiteral("Test: %1 (%2) · run %3 · %4 · %5")
                 .arg(r.run.name, kind)
                 .arg(r.run.id)
                 .arg(runDateText(r.run), runStatusName(r.run.status));
    f.parameters = parameters(r);
    f.cluster = cluster(r);
    f.appVersion = QStringLiteral("ClusterMark %1").arg(QLatin1String(CLUSTERMARK_VERSION));
    return f;
}

} // namespace cm::render
