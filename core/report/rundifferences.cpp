// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/rundifferences.h"

#include "report/unitformat.h"
#include "stats/clustertotal.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QSet>

namespace cm {

namespace {

const QString NotSet = QStringLiteral("(not set)");

QString label(const QString &key)
{
    static const QHash<QString, QString> names {
        {QStringLiteral("bs"), QStringLiteral("block size")},
        {QStringLiteral("iodepth"), QStringLiteral("queue depth")},
        {QStringLiteral("numjobs"), QStringLiteral("jobs")},
        {QStringLiteral("runtime"), QStringLiteral("runtime (s)")},
        {QStringLiteral("rw"), QStringLiteral("pattern")},
        {QStringLiteral("size"), QStringLiteral("size")},
        {QStringLiteral("kernel"), QStringLiteral("kernel")},
        {QStringLiteral("fio_version"), QStringLiteral("fio version")},
        {QStringLiteral("write_cache"), QStringLiteral("write cache")},
        {QStringLiteral("hdparm_write_caching"), QStringLiteral("drive write caching (hdparm)")},
        {QStringLiteral("rotational"), QStringLiteral("rotational")},
        {QStringLiteral("model"), QStringLiteral("disk model")},
        {QStringLiteral("mtu"), QStringLiteral("MTU")},
        {QStringLiteral("ceph_version"), QStringLiteral("Ceph version")},
        {QStringLiteral("app_version"), QStringLiteral("ClusterMark version")},
        {QStringLiteral("client_os"), QStringLiteral("client OS")},
        {QStringLiteral("client_host"), QStringLiteral("client host")},
        {QStringLiteral("repeat"), QStringLiteral("repetitions")},
        {QStringLiteral("cephfs_mount"), QStringLiteral("CephFS mount")},
        {QStringLiteral("cephfs_folder"), QStringLiteral("CephFS folder")},
        {QStringLiteral("target.dir"), QStringLiteral("folder")},
        {QStringLiteral("target.sizes"), QStringLiteral("object sizes")},
        {QStringLiteral("target.conf"), QStringLiteral("ceph.conf")},
        {QStringLiteral("target.cache"), QStringLiteral("librbd cache")},
        {QStringLiteral("ceph.conf"), QStringLiteral("Ceph: ceph.conf")},
    };
    if (const auto it = names.constFind(key); it != names.cend())
        return *it;
    // Not a raw key in a sentence: "target.objectSize" reads "object size",
    // "ceph.client" reads "Ceph: client", "hdparm_acoustic" reads "hdparm acoustic".
    QString name = key;
    QString scope;
    if (name.startsWith(QLatin1String("target.")))
        name = name.mid(7);
    else if (name.startsWith(QLatin1String("ceph."))) {
        name = name.mid(5);
        scope = QStringLiteral("Ceph: ");
    }
    QString words;
    for (const QChar c : std::as_const(name)) {
        if (c == QLatin1Char('_') || c == QLatin1Char('.'))
            words += QLatin1Char(' ');
        else if (c.isUpper() && !words.isEmpty() && !words.back().isUpper() && words.back() != QLatin1Char(' '))
            words += QLatin1Char(' ') + c.toLower();
        else
            words += c;
    }
    return scope + words;
}

// A list as words: "64 KiB, 1 MiB, 4 MiB" for sizes, "(none)" when empty.
QString listText(const QString &key, const QJsonArray &a)
{
    if (a.isEmpty())
        return QStringLiteral("(none)");
    const bool sizes = key.contains(QLatin1String("size"), Qt::CaseInsensitive);
    QStringList parts;
    for (const QJsonValue &v : a) {
        if (v.isDouble())
            parts << (sizes ? formatSize(v.toDouble()) : QString::number(v.toDouble(), 'g', 12));
        else if (v.isString())
            parts << v.toString();
        else
            return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
    }
    return parts.join(QStringLiteral(", "));
}

QString text(const QString &key, const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String: return v.toString();
    case QJsonValue::Double: return QString::number(v.toDouble(), 'g', 12);
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("yes") : QStringLiteral("no");
    case QJsonValue::Array: return listText(key, v.toArray());
    case QJsonValue::Object: return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    case QJsonValue::Null:
    case QJsonValue::Undefined: break;
    }
    return NotSet;
}

// Scalars of an object, nested objects flattened to "a.b".
void flatten(const QJsonObject &o, const QString &prefix, QMap<QString, QString> &out)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        if (it.value().isObject())
            flatten(it.value().toObject(), key, out);
        else if (!out.contains(key))
            out.insert(key, text(key, it.value()));
    }
}

// "a → b" when they differ, empty when all equal.
QString change(const QList<QMap<QString, QString>> &maps, const QString &key)
{
    QStringList values;
    for (const auto &m : maps)
        values << m.value(key, NotSet);
    for (const QString &v : std::as_const(values))
        if (v != values.first())
            return values.join(QStringLiteral(" → "));
    return {};
}

// Names the app made for one run (its image, folder, object prefix, temporary pool or
// mount point: "clustermark-bench-…", "clustermark-cephfs-…") differ every time by
// design: not a difference between the runs.
bool runScopedEverywhere(const QList<QMap<QString, QString>> &maps, const QString &key)
{
    for (const auto &m : maps) {
        const QString v = m.value(key);
        if (!v.contains(QLatin1String("clustermark-bench-")) && !v.contains(QLatin1String("clustermark-cephfs-")))
            return false;
    }
    return true;
}

QStringList unionKeys(const QList<QMap<QString, QString>> &maps)
{
    QStringList keys;
    for (const auto &m : maps)
        for (auto it = m.begin(); it != m.end(); ++it)
            if (!keys.contains(it.key()))
                keys << it.key();
    return keys;
}

void planDifferences(const QList<RunRecords> &runs, QStringList &out)
{
    QList<QMap<QString, QString>> plans;
    for (const RunRecords &r : runs) {
        QMap<QString, QString> m;
        m.insert(QStringLiteral("kind"), r.plan.kind.isEmpty() ? r.run.kind : r.plan.kind);
        m.insert(QStringLiteral("preset"), r.plan.preset);
        m.insert(QStringLiteral("repeat"), QString::number(r.plan.repeat));
        m.insert(QStringLiteral("nodes"), r.run.nodes.join(QStringLiteral(", ")));
        flatten(r.plan.target, QStringLiteral("target"), m);
        flatten(r.plan.ceph, QStringLiteral("ceph"), m);
        plans << m;
    }
    for (const QString &key : unionKeys(plans)) {
        const QString c = change(plans, key);
        if (!c.isEmpty())
            out << QStringLiteral("%1: %2").arg(label(key), c);
    }
}

void paramDifferences(const QList<RunRecords> &runs, QStringList &out)
{
    // test id → per run params (from the plan; steps that failed still count)
    QStringList tests;
    QHash<QString, QList<QMap<QString, QString>>> params;
    QHash<QString, QList<bool>> present;
    for (int i = 0; i < runs.size(); ++i) {
        for (const PlanStep &s : runs.at(i).plan.steps) {
            if (!params.contains(s.id)) {
                tests << s.id;
                params.insert(s.id, QList<QMap<QString, QString>>(runs.size()));
                present.insert(s.id, QList<bool>(runs.size(), false));
            }
            flatten(s.params, QString(), params[s.id][i]);
            present[s.id][i] = true;
        }
    }
    // (key, change) → tests it applies to, in plan order
    QList<QPair<QString, QString>> changes;
    QHash<QPair<QString, QString>, QStringList> where;
    QStringList common, partial;
    for (const QString &t : std::as_const(tests)) {
        const QList<bool> &p = present.value(t);
        if (p.contains(false)) {
            QStringList in;
            for (int i = 0; i < runs.size(); ++i)
                if (p.at(i))
                    in << QString::number(runs.at(i).run.id);
            partial << QStringLiteral("test %1 only in run %2").arg(t, in.join(QStringLiteral(", ")));
            continue;
        }
        common << t;
        const auto &maps = params.value(t);
        for (const QString &key : unionKeys(maps)) {
            const QString c = change(maps, key);
            if (c.isEmpty())
                continue;
            const QPair<QString, QString> k {key, c};
            if (!where.contains(k))
                changes << k;
            where[k] << t;
        }
    }
    for (const auto &k : std::as_const(changes)) {
        const QStringList &ts = where.value(k);
        const QString scope = ts.size() == common.size() && common.size() > 1 ? QStringLiteral("all tests")
                                                                              : ts.join(QStringLiteral(", "));
        out << QStringLiteral("%1: %2 (%3)").arg(label(k.first), k.second, scope);
    }
    out << partial;
}

// Per node: the step environments and the scalar strings of the step summaries.
void nodeDifferences(const QList<RunRecords> &runs, QStringList &out)
{
    static const QSet<QString> summaryKeys {QStringLiteral("fio_version"), QStringLiteral("write_cache"),
        QStringLiteral("mode"), QStringLiteral("pool"), QStringLiteral("engine"), QStringLiteral("ceph_version"),
        QStringLiteral("mtu")};
    QStringList nodes;
    QHash<QString, QList<QMap<QString, QString>>> env;
    for (int i = 0; i < runs.size(); ++i) {
        for (const StepRecord &s : runs.at(i).steps) {
            if (s.node == clusterTotalNode())
                continue; // no machine of its own
            if (!env.contains(s.node)) {
                nodes << s.node;
                env.insert(s.node, QList<QMap<QString, QString>>(runs.size()));
            }
            QMap<QString, QString> &m = env[s.node][i];
            flatten(s.environment, QString(), m);
            for (auto it = s.summary.begin(); it != s.summary.end(); ++it)
                if (summaryKeys.contains(it.key()) && !it.value().isObject() && !m.contains(it.key()))
                    m.insert(it.key(), text(it.key(), it.value()));
        }
    }
    for (const QString &node : std::as_const(nodes)) {
        const auto &maps = env.value(node);
        bool everywhere = true;
        for (const auto &m : maps)
            everywhere = everywhere && !m.isEmpty();
        if (!everywhere)
            continue; // a node missing from a run is already a plan difference
        for (const QString &key : unionKeys(maps)) {
            const QString c = runScopedEverywhere(maps, key) ? QString() : change(maps, key);
            if (!c.isEmpty())
                out << QStringLiteral("%1: %2: %3").arg(node, label(key), c);
        }
    }
}

void clientDifferences(const QList<RunRecords> &runs, QStringList &out)
{
    QList<QMap<QString, QString>> maps;
    for (const RunRecords &r : runs) {
        QMap<QString, QString> m;
        flatten(r.environment, QString(), m);
        maps << m;
    }
    for (const QString &key : unionKeys(maps)) {
        const QString c = change(maps, key);
        if (!c.isEmpty())
            out << QStringLiteral("client: %1: %2").arg(label(key), c);
    }
}

} // namespace

QStringList runDifferences(const QList<RunRecords> &runs, int *parameters)
{
    QStringList out;
    if (parameters)
        *parameters = 0;
    if (runs.size() < 2)
        return out;
    planDifferences(runs, out);
    paramDifferences(runs, out);
    if (parameters)
        *parameters = int(out.size());
    nodeDifferences(runs, out);
    clientDifferences(runs, out);
    return out;
}

} // namespace cm
