// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/environmentsections.h"

#include "bench/registry.h"
#include "model/deviceclass.h"
#include "report/unitformat.h"
#include "stats/clustertotal.h"
#include "unitscale.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <iterator>

namespace cm::ui {

namespace {

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(cm::ui::RunDetailPane)
};

enum class Section { System, Disk, Tools, Network, Ceph, Other };

struct KnownKey {
    const char *key;
    Section section;
    const char *label;
};

// Keys the runners record (core/bench/*runner.cpp) and the probes' names for them.
const KnownKey kKnown[] = {
    {"kernel", Section::System, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Kernel")},
    {"hostname", Section::System, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Host name")},
    {"os", Section::System, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Operating system")},
    {"disk", Section::Disk, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Disk")},
    {"model", Section::Disk, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Model")},
    {"device_class", Section::Disk, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Device type")},
    {"vendor", Section::Disk, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Vendor")},
    {"transport", Section::Disk, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Transport")},
    {"source", Section::Disk, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Device or filesystem")},
    {"rotational", Section::Disk, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Rotational flag (kernel)")},
    {"write_cache", Section::Disk, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Write cache (kernel)")},
    {"hdparm_write_caching", Section::Disk, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Write cache (hdparm -W)")},
    {"fio_version", Section::Tools, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "fio")},
    {"iperf3", Section::Tools, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "iperf3")},
    {"iperf2", Section::Tools, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "iperf 2")},
    {"mtu", Section::Network, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "MTU")},
    {"bond_mode", Section::Network, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Bond mode")},
    {"ceph_version", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Ceph version")},
    {"ceph_fsid", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Cluster fsid")},
    {"pool", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Pool")},
    {"pool_type", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Pool type")},
    {"pool_size", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Pool size (copies)")},
    {"pool_min_size", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Pool min_size")},
    {"pg_num", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Placement groups")},
    {"ec_profile", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Erasure-code profile")},
    {"pg_autoscale", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "PG autoscale")},
    {"crush_rule", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "CRUSH rule")},
    {"crush_device_class", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "CRUSH device class")},
    {"pools", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Pools")},
    {"osd_count", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "OSDs")},
    {"osd_flags", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "OSD flags")},
    {"scrubbing", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Scrubbing when the step ended")},
    {"balancer", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Balancer")},
    {"librados_api", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "librados API")},
    {"rbd_cache", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "RBD client cache")},
    {"endpoint", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "S3 endpoint")},
    {"tls", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "TLS")},
    {"tlsVerified", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "TLS certificate checked")},
    {"temp_pool", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Temporary pool")},
    {"client_op_timeout_s", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Client op timeout")},
    {"rbd_engine", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "RBD engine")},
    {"image", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "RBD image")},
    {"rados_engine", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "RADOS engine")},
    {"working_set_bytes", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Working set")},
    {"osd_cache_estimate_bytes", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "OSD caches (estimate)")},
    {"working_set_exceeds_caches", Section::Ceph,
        QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Working set exceeds the caches")},
    {"object_prefix", Section::Ceph, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Object prefix")},
    {"app_version", Section::System, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "ClusterMark")},
    {"client_host", Section::System, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Client host")},
    {"client_os", Section::System, QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Client OS")},
};

const KnownKey *known(const QString &key)
{
    for (const KnownKey &k : kKnown)
        if (key == QLatin1String(k.key))
            return &k;
    return nullptr;
}

QString sectionTitle(Section s)
{
    switch (s) {
    case Section::System: return Tr::tr("System");
    case Section::Disk: return Tr::tr("Disk");
    case Section::Tools: return Tr::tr("Tools");
    case Section::Network: return Tr::tr("Network");
    case Section::Ceph: return Tr::tr("Ceph");
    case Section::Other: return Tr::tr("Other");
    }
    return {};
}

QString humanKey(const QString &key)
{
    QString s = key;
    s.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!s.isEmpty())
        s[0] = s.at(0).toUpper();
    return s;
}

QString plainValue(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isBool())
        return v.toBool() ? Tr::tr("yes") : Tr::tr("no");
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 12);
    if (v.isArray()) {
        QStringList parts;
        for (const QJsonValue &e : v.toArray())
            parts << (e.isObject() ? QString::fromUtf8(QJsonDocument(e.toObject()).toJson(QJsonDocument::Compact))
                                   : plainValue(e));
        return parts.join(QStringLiteral(", "));
    }
    if (v.isObject()) {
        QStringList parts;
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            parts << QStringLiteral("%1=%2").arg(it.key(), plainValue(it.value()));
        return parts.join(QStringLiteral(", "));
    }
    return {};
}

QString knownValue(const QString &key, const QJsonValue &v)
{
    const QString s = plainValue(v).trimmed();
    // The flag alone is no device type: many virtual disks report 1 (see device_class).
    if (key == QLatin1String("rotational"))
        return s == QLatin1String("0") ? Tr::tr("0 (not rotational)")
            : s == QLatin1String("1")  ? Tr::tr("1 (rotational)")
                                       : s;
    if (key == QLatin1String("device_class")) {
        const DeviceClass c = deviceClassFromId(s);
        const QString why = DeviceClassText::explanation(c);
        return why.isEmpty() ? DeviceClassText::label(c) : DeviceClassText::label(c) + QStringLiteral(" — ") + why;
    }
    if (key == QLatin1String("write_cache")) {
        if (s == QLatin1String("write back"))
            return Tr::tr("write back (volatile cache on)");
        if (s == QLatin1String("write through"))
            return Tr::tr("write through (no volatile cache)");
        return s;
    }
    if (key == QLatin1String("working_set_bytes") || key == QLatin1String("osd_cache_estimate_bytes"))
        return formatSize(v.toDouble());
    if (key == QLatin1String("client_op_timeout_s"))
        return Tr::tr("%1 s").arg(s);
    return s;
}

QString speedText(qint64 mbps)
{
    if (mbps <= 0)
        return Tr::tr("speed unknown");
    return mbps % 1000 == 0 ? Tr::tr("%1 Gbit/s").arg(mbps / 1000) : Tr::tr("%1 Mbit/s").arg(mbps);
}

QList<EnvEntry> nicEntries(const QJsonArray &nics)
{
    QList<EnvEntry> out;
    for (const QJsonValue &v : nics) {
        const QJsonObject n = v.toObject();
        QStringList parts {Tr::tr("MTU %1").arg(n.value(QStringLiteral("mtu")).toInt()),
            speedText(n.value(QStringLiteral("speedMbps")).toInteger())};
        const QString master = n.value(QStringLiteral("master")).toString();
        if (!master.isEmpty())
            parts << Tr::tr("in %1").arg(master);
        out << EnvEntry {n.value(QStringLiteral("name")).toString(), parts.join(QStringLiteral(" · ")), {}};
    }
    return out;
}

QList<EnvEntry> bondEntries(const QJsonArray &bonds)
{
    QList<EnvEntry> out;
    for (const QJsonValue &v : bonds) {
        const QJsonObject b = v.toObject();
        QStringList parts {b.value(QStringLiteral("mode")).toString()};
        const QString hash = b.value(QStringLiteral("transmitHashPolicy")).toString();
        if (!hash.isEmpty())
            parts << Tr::tr("hash %1").arg(hash);
        QStringList slaves;
        for (const QJsonValue &sv : b.value(QStringLiteral("slaves")).toArray()) {
            const QJsonObject s = sv.toObject();
            slaves << QStringLiteral("%1 %2 %3")
                          .arg(s.value(QStringLiteral("name")).toString(),
                              s.value(QStringLiteral("miiStatus")).toString(),
                              speedText(s.value(QStringLiteral("speedMbps")).toInteger()));
        }
        if (!slaves.isEmpty())
            parts << Tr::tr("links: %1").arg(slaves.join(QStringLiteral(", ")));
        const QString mii = b.value(QStringLiteral("miiStatus")).toString();
        if (!mii.isEmpty())
            parts << Tr::tr("MII %1").arg(mii);
        parts.removeAll(QString());
        out << EnvEntry {b.value(QStringLiteral("name")).toString(), parts.join(QStringLiteral(" · ")),
            b.value(QStringLiteral("modeDescription")).toString()};
    }
    return out;
}

// One node's (or the run's) environment objects, in step order, as sections.
QList<EnvGroup> sectionsOf(const QList<QJsonObject> &envs)
{
    QMap<Section, QList<EnvEntry>> bySection;
    QStringList keys; // first-seen order
    QHash<QString, QStringList> values; // distinct rendered values per key
    QJsonArray nics, bonds;
    for (const QJsonObject &env : envs) {
        for (auto it = env.begin(); it != env.end(); ++it) {
            if (it.key() == QLatin1String("nics") && it.value().isArray()) {
                nics = it.value().toArray();
                continue;
            }
            if (it.key() == QLatin1String("bonds") && it.value().isArray()) {
                bonds = it.value().toArray();
                continue;
            }
            const QString v = known(it.key()) ? knownValue(it.key(), it.value()) : plainValue(it.value());
            if (!keys.contains(it.key()))
                keys << it.key();
            QStringList &seen = values[it.key()];
            if (!seen.contains(v))
                seen << v;
        }
    }
    // The table's order (kernel before host name, disk before its cache), unknown keys last.
    auto rank = [](const QString &k) {
        const KnownKey *kk = known(k);
        return kk ? int(kk - kKnown) : int(std::size(kKnown));
    };
    std::stable_sort(keys.begin(), keys.end(), [&](const QString &a, const QString &b) { return rank(a) < rank(b); });
    for (const QString &k : std::as_const(keys)) {
        const KnownKey *kk = known(k);
        const QStringList vs = values.value(k);
        EnvEntry e {kk ? Tr::tr(kk->label) : humanKey(k), vs.join(QStringLiteral(" → ")), k};
        if (vs.size() > 1)
            e.toolTip = Tr::tr("%1 — changed during the run").arg(k);
        bySection[kk ? kk->section : Section::Other] << e;
    }
    bySection[Section::Network] << nicEntries(nics);
    if (!bonds.isEmpty()) {
        const QList<EnvEntry> b = bondEntries(bonds);
        bySection[Section::Network] << b;
    }
    QList<EnvGroup> out;
    for (auto it = bySection.begin(); it != bySection.end(); ++it)
        if (!it.value().isEmpty())
            out << EnvGroup {sectionTitle(it.key()), it.value(), {}};
    return out;
}

// net-iperf records {"node1": {...}, "node2": {...}} per step: one object per end.
bool isPerNode(const QJsonObject &env)
{
    if (env.isEmpty())
        return false;
    for (auto it = env.begin(); it != env.end(); ++it) {
        const QJsonObject o = it.value().toObject();
        if (!it.value().isObject()
            || !(o.contains(QStringLiteral("nics")) || o.contains(QStringLiteral("iperf3"))
                || o.contains(QStringLiteral("kernel"))))
            return false;
    }
    return true;
}

} // namespace

QList<EnvGroup> environmentGroups(const RunDetail &d)
{
    QList<EnvGroup> out;
    EnvGroup run {Tr::tr("This run"), {}, sectionsOf({d.environment})};
    // The sections of the run's own object are short: flatten System into the group.
    for (int i = 0; i < run.children.size(); ++i) {
        if (run.children.at(i).title == sectionTitle(Section::System)) {
            run.entries = run.children.at(i).entries;
            run.children.removeAt(i);
            break;
        }
    }
    if (!d.plan.ceph.isEmpty()) {
        EnvGroup ceph {Tr::tr("Ceph cluster"), {}, {}};
        const QJsonObject c = d.plan.ceph;
        const struct {
            const char *key;
            const char *label;
        } cephKeys[] = {
            {"conf", QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "ceph.conf")},
            {"monHost", QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Monitors")},
            {"fsid", QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "fsid")},
            {"client", QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Client")},
            {"keyring", QT_TRANSLATE_NOOP("cm::ui::RunDetailPane", "Keyring file")},
        };
        for (const auto &k : cephKeys) {
            const QString v = c.value(QLatin1String(k.key)).toString();
            if (!v.isEmpty())
                ceph.entries << EnvEntry {Tr::tr(k.label), v, QString::fromLatin1(k.key)};
        }
        if (!ceph.entries.isEmpty())
            run.children << ceph;
    }
    if (!run.entries.isEmpty() || !run.children.isEmpty())
        out << run;

    QStringList nodeOrder;
    QHash<QString, QList<QJsonObject>> perNode;
    auto add = [&](const QString &node, const QJsonObject &env) {
        if (env.isEmpty())
            return;
        const QString n = node.isEmpty() ? Tr::tr("node") : node;
        if (!nodeOrder.contains(n))
            nodeOrder << n;
        perNode[n] << env;
    };
    for (const StepRecord &s : d.steps) {
        if (s.node == clusterTotalNode())
            continue; // the sum over the clients: no machine of its own
        if (isPerNode(s.environment)) {
            for (auto it = s.environment.begin(); it != s.environment.end(); ++it)
                add(it.key(), it.value().toObject());
        } else {
            add(s.node, s.environment);
        }
    }
    for (const QString &n : std::as_const(nodeOrder))
        out << EnvGroup {Tr::tr("Node %1").arg(n), {}, sectionsOf(perNode.value(n))};
    return out;
}

QString commandsText(const RunDetail &d)
{
    QString text;
    const int total = int(d.plan.steps.size());
    QSet<int> begun;
    for (const StepRecord &s : d.steps) {
        begun.insert(s.index);
        QString title = s.title.isEmpty() ? s.testId : s.title;
        if (s.iteration > 0)
            title += Tr::tr(" (repeat %1)").arg(s.iteration + 1);
        QString state = s.status;
        if (s.started.isValid() && s.finished.isValid())
            state += QStringLiteral(", ") + formatDuration(s.started.msecsTo(s.finished) / 1000.0);
        text += QStringLiteral("# %1/%2  %3 · %4 · %5\n")
                    .arg(s.index + 1)
                    .arg(std::max(total, s.index + 1))
                    .arg(title, s.node, state);
        if (!s.target.isEmpty())
            text += Tr::tr("# target: %1\n").arg(s.target);
        text += (s.command.isEmpty() ? Tr::tr("# (no command recorded)") : s.command) + QLatin1Char('\n');
        if (!s.error.isEmpty())
            text += Tr::tr("# error: %1\n").arg(s.error);
        text += QLatin1Char('\n');
    }
    const auto kind = Registry::instance().kind(d.plan.kind);
    for (int i = 0; i < total; ++i) {
        if (begun.contains(i))
            continue;
        text += Tr::tr("# %1/%2  %3 · not run\n").arg(i + 1).arg(total).arg(d.plan.steps.at(i).title);
        for (const NodeSpec &n : d.plan.nodes)
            if (kind)
                text += kind->commandPreviewLine(d.plan, i, n) + QLatin1Char('\n');
        text += QLatin1Char('\n');
    }
    return text;
}

} // namespace cm::ui
