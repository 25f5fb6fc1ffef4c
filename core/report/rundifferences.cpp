// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/rundifferences.h"

#include "report/unitformat.h"
#include "stats/clustertotal.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

namespace cm {

namespace {

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(cm::RunDifferences)
};

// The reader's language on screen (translated), English for the exports.
class Words {
public:
    explicit Words(bool translated)
        : m_translated(translated)
    { }
    QString operator()(const char *source) const { return m_translated ? Tr::tr(source) : QString::fromUtf8(source); }

private:
    bool m_translated;
};

QString label(const QString &key, const Words &w)
{
    static const QHash<QString, const char *> names {
        {QStringLiteral("bs"), QT_TRANSLATE_NOOP("cm::RunDifferences", "block size")},
        {QStringLiteral("iodepth"), QT_TRANSLATE_NOOP("cm::RunDifferences", "queue depth")},
        {QStringLiteral("numjobs"), QT_TRANSLATE_NOOP("cm::RunDifferences", "jobs")},
        {QStringLiteral("runtime"), QT_TRANSLATE_NOOP("cm::RunDifferences", "runtime (s)")},
        {QStringLiteral("rw"), QT_TRANSLATE_NOOP("cm::RunDifferences", "pattern")},
        {QStringLiteral("size"), QT_TRANSLATE_NOOP("cm::RunDifferences", "size")},
        {QStringLiteral("kernel"), QT_TRANSLATE_NOOP("cm::RunDifferences", "kernel")},
        {QStringLiteral("fio_version"), QT_TRANSLATE_NOOP("cm::RunDifferences", "fio version")},
        {QStringLiteral("write_cache"), QT_TRANSLATE_NOOP("cm::RunDifferences", "write cache")},
        {QStringLiteral("hdparm_write_caching"),
            QT_TRANSLATE_NOOP("cm::RunDifferences", "drive write caching (hdparm)")},
        {QStringLiteral("rotational"), QT_TRANSLATE_NOOP("cm::RunDifferences", "rotational")},
        {QStringLiteral("model"), QT_TRANSLATE_NOOP("cm::RunDifferences", "disk model")},
        {QStringLiteral("mtu"), QT_TRANSLATE_NOOP("cm::RunDifferences", "MTU")},
        {QStringLiteral("ceph_version"), QT_TRANSLATE_NOOP("cm::RunDifferences", "Ceph version")},
        {QStringLiteral("pool_type"), QT_TRANSLATE_NOOP("cm::RunDifferences", "pool type")},
        {QStringLiteral("pool_size"), QT_TRANSLATE_NOOP("cm::RunDifferences", "pool size")},
        {QStringLiteral("pool_min_size"), QT_TRANSLATE_NOOP("cm::RunDifferences", "pool min_size")},
        {QStringLiteral("ec_profile"), QT_TRANSLATE_NOOP("cm::RunDifferences", "erasure-code profile")},
        {QStringLiteral("encryption"), QT_TRANSLATE_NOOP("cm::RunDifferences", "server-side encryption")},
        {QStringLiteral("pg_num"), QT_TRANSLATE_NOOP("cm::RunDifferences", "placement groups")},
        {QStringLiteral("pg_autoscale"), QT_TRANSLATE_NOOP("cm::RunDifferences", "PG autoscale")},
        {QStringLiteral("crush_rule"), QT_TRANSLATE_NOOP("cm::RunDifferences", "CRUSH rule")},
        {QStringLiteral("crush_device_class"), QT_TRANSLATE_NOOP("cm::RunDifferences", "CRUSH device class")},
        {QStringLiteral("osd_count"), QT_TRANSLATE_NOOP("cm::RunDifferences", "OSDs")},
        {QStringLiteral("osd_flags"), QT_TRANSLATE_NOOP("cm::RunDifferences", "OSD flags")},
        {QStringLiteral("scrubbing"), QT_TRANSLATE_NOOP("cm::RunDifferences", "scrubbing")},
        {QStringLiteral("balancer"), QT_TRANSLATE_NOOP("cm::RunDifferences", "balancer")},
        {QStringLiteral("librados_api"), QT_TRANSLATE_NOOP("cm::RunDifferences", "librados API")},
        {QStringLiteral("rbd_cache"), QT_TRANSLATE_NOOP("cm::RunDifferences", "RBD client cache")},
        {QStringLiteral("tls"), QT_TRANSLATE_NOOP("cm::RunDifferences", "TLS")},
        {QStringLiteral("tlsVerified"), QT_TRANSLATE_NOOP("cm::RunDifferences", "TLS certificate checked")},
        {QStringLiteral("endpoint"), QT_TRANSLATE_NOOP("cm::RunDifferences", "S3 endpoint")},
        {QStringLiteral("app_version"), QT_TRANSLATE_NOOP("cm::RunDifferences", "ClusterMark version")},
        {QStringLiteral("client_os"), QT_TRANSLATE_NOOP("cm::RunDifferences", "client OS")},
        {QStringLiteral("client_host"), QT_TRANSLATE_NOOP("cm::RunDifferences", "client host")},
        {QStringLiteral("repeat"), QT_TRANSLATE_NOOP("cm::RunDifferences", "repetitions")},
        {QStringLiteral("cephfs_mount"), QT_TRANSLATE_NOOP("cm::RunDifferences", "CephFS mount")},
        {QStringLiteral("cephfs_folder"), QT_TRANSLATE_NOOP("cm::RunDifferences", "CephFS folder")},
        {QStringLiteral("target.dir"), QT_TRANSLATE_NOOP("cm::RunDifferences", "folder")},
        {QStringLiteral("target.sizes"), QT_TRANSLATE_NOOP("cm::RunDifferences", "object sizes")},
        {QStringLiteral("target.conf"), QT_TRANSLATE_NOOP("cm::RunDifferences", "ceph.conf")},
        {QStringLiteral("target.cache"), QT_TRANSLATE_NOOP("cm::RunDifferences", "librbd cache")},
        {QStringLiteral("ceph.conf"), QT_TRANSLATE_NOOP("cm::RunDifferences", "Ceph: ceph.conf")},
    };
    if (const auto it = names.constFind(key); it != names.cend())
        return w(*it);
    // Not a raw key in a sentence: "target.objectSize" reads "object size",
    // "ceph.client" reads "Ceph: client", "hdparm_acoustic" reads "hdparm acoustic".
    QString name = key;
    QString scope;
    if (name.startsWith(QLatin1String("target.")))
        name = name.mid(7);
    else if (name.startsWith(QLatin1String("ceph."))) {
        name = name.mid(5);
        scope = w(QT_TRANSLATE_NOOP("cm::RunDifferences", "Ceph: "));
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
QString listText(const QString &key, const QJsonArray &a, const Words &w)
{
    if (a.isEmpty())
        return w(QT_TRANSLATE_NOOP("cm::RunDifferences", "(none)"));
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

QString notSet(const Words &w)
{
    return w(QT_TRANSLATE_NOOP("cm::RunDifferences", "(not set)"));
}

QString text(const QString &key, const QJsonValue &v, const Words &w)
{
    switch (v.type()) {
    case QJsonValue::String: return v.toString();
    case QJsonValue::Double: return QString::number(v.toDouble(), 'g', 12);
    case QJsonValue::Bool:
        return v.toBool() ? w(QT_TRANSLATE_NOOP("cm::RunDifferences", "yes"))
                          : w(QT_TRANSLATE_NOOP("cm::RunDifferences", "no"));
    case QJsonValue::Array: return listText(key, v.toArray(), w);
    case QJsonValue::Object: return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    case QJsonValue::Null:
    case QJsonValue::Undefined: break;
    }
    return notSet(w);
}

// Scalars of an object, nested objects flattened to "a.b".
void flatten(const QJsonObject &o, const QString &prefix, QMap<QString, QString> &out, const Words &w)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        if (it.value().isObject())
            flatten(it.value().toObject(), key, out, w);
        else if (!out.contains(key))
            out.insert(key, text(key, it.value(), w));
    }
}

// "a → b" when they differ, empty when all equal.
QString change(const QList<QMap<QString, QString>> &maps, const QString &key, const Words &w)
{
    QStringList values;
    for (const auto &m : maps)
        values << m.value(key, notSet(w));
    for (const QString &v : std::as_const(values))
        if (v != values.first())
            return values.join(QStringLiteral(" → "));
    return {};
}

// Names the app made for one run (its image, folder, object prefix, temporary pool and
// its EC profile, mount point: "clustermark-bench-…", "clustermark-cephfs-…") differ
// every time by design: where every run's value holds one, the names are no difference,
// but what is said around them ("…: k=4 m=2") still is.
QString changeBesidesRunScopedNames(const QList<QMap<QString, QString>> &maps, const QString &key, const Words &w)
{
    static const QRegularExpression name(QStringLiteral("(clustermark-(?:bench|cephfs)-)[A-Za-z0-9]+"));
    QList<QMap<QString, QString>> plain = maps;
    for (auto &m : plain) {
        if (!name.match(m.value(key)).hasMatch())
            return change(maps, key, w);
        m[key].replace(name, QStringLiteral("\\1…"));
    }
    return change(plain, key, w);
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

void planDifferences(const QList<RunRecords> &runs, QStringList &out, const Words &w)
{
    QList<QMap<QString, QString>> plans;
    for (const RunRecords &r : runs) {
        QMap<QString, QString> m;
        m.insert(QStringLiteral("kind"), r.plan.kind.isEmpty() ? r.run.kind : r.plan.kind);
        m.insert(QStringLiteral("preset"), r.plan.preset);
        m.insert(QStringLiteral("repeat"), QString::number(r.plan.repeat));
        m.insert(QStringLiteral("nodes"), r.run.nodes.join(QStringLiteral(", ")));
        flatten(r.plan.target, QStringLiteral("target"), m, w);
        flatten(r.plan.ceph, QStringLiteral("ceph"), m, w);
        plans << m;
    }
    for (const QString &key : unionKeys(plans)) {
        const QString c = change(plans, key, w);
        if (!c.isEmpty())
            out << w(QT_TRANSLATE_NOOP("cm::RunDifferences", "%1: %2")).arg(label(key, w), c);
    }
}

void paramDifferences(const QList<RunRecords> &runs, QStringList &out, const Words &w)
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
            flatten(s.params, QString(), params[s.id][i], w);
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
            partial << w(QT_TRANSLATE_NOOP("cm::RunDifferences", "test %1 only in run %2"))
                           .arg(t, in.join(QStringLiteral(", ")));
            continue;
        }
        common << t;
        const auto &maps = params.value(t);
        for (const QString &key : unionKeys(maps)) {
            const QString c = change(maps, key, w);
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
        const QString scope = ts.size() == common.size() && common.size() > 1
            ? w(QT_TRANSLATE_NOOP("cm::RunDifferences", "all tests"))
            : ts.join(QStringLiteral(", "));
        out << w(QT_TRANSLATE_NOOP("cm::RunDifferences", "%1: %2 (%3)")).arg(label(k.first, w), k.second, scope);
    }
    out << partial;
}

// Per node: the step environments and the scalar strings of the step summaries.
void nodeDifferences(const QList<RunRecords> &runs, QStringList &out, const Words &w)
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
            flatten(s.environment, QString(), m, w);
            for (auto it = s.summary.begin(); it != s.summary.end(); ++it)
                if (summaryKeys.contains(it.key()) && !it.value().isObject() && !m.contains(it.key()))
                    m.insert(it.key(), text(it.key(), it.value(), w));
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
            const QString c = changeBesidesRunScopedNames(maps, key, w);
            if (!c.isEmpty())
                out << w(QT_TRANSLATE_NOOP("cm::RunDifferences", "%1: %2: %3")).arg(node, label(key, w), c);
        }
    }
}

void clientDifferences(const QList<RunRecords> &runs, QStringList &out, const Words &w)
{
    QList<QMap<QString, QString>> maps;
    for (const RunRecords &r : runs) {
        QMap<QString, QString> m;
        flatten(r.environment, QString(), m, w);
        maps << m;
    }
    for (const QString &key : unionKeys(maps)) {
        const QString c = change(maps, key, w);
        if (!c.isEmpty())
            out << w(QT_TRANSLATE_NOOP("cm::RunDifferences", "client: %1: %2")).arg(label(key, w), c);
    }
}

} // namespace

QStringList runDifferences(const QList<RunRecords> &runs, int *parameters, bool translated)
{
    const Words w(translated);
    QStringList out;
    if (parameters)
        *parameters = 0;
    if (runs.size() < 2)
        return out;
    planDifferences(runs, out, w);
    paramDifferences(runs, out, w);
    if (parameters)
        *parameters = int(out.size());
    nodeDifferences(runs, out, w);
    clientDifferences(runs, out, w);
    return out;
}

} // namespace cm
