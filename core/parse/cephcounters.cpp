// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/cephcounters.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace cm {

namespace {

Error parseError(const QString &what, const QString &message)
{
    return Error(Error::Code::ParseError, QStringLiteral("%1: %2").arg(what, message), what);
}

Error document(const QByteArray &json, const QString &what, QJsonDocument *doc)
{
    QJsonParseError pe;
    *doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError)
        return parseError(what, QStringLiteral("not JSON (%1 at offset %2)").arg(pe.errorString()).arg(pe.offset));
    return {};
}

// A counter or rate: a finite, non-negative JSON number; absent is 0.
bool rate(const QJsonObject &o, const QString &key, double *out)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined()) {
        *out = 0;
        return true;
    }
    if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < 0)
        return false;
    *out = v.toDouble();
    return true;
}

bool wholeId(const QJsonValue &v, int *out)
{
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d != std::floor(d) || d < 0 || d > 2147483647.0)
        return false;
    *out = int(d);
    return true;
}

// Pacific: perf_stats has *_latency_ns; before, only *_latency_ms.
bool latencyNs(const QJsonObject &perf, const QString &name, double *ns)
{
    double v = 0;
    if (perf.contains(name + QStringLiteral("_latency_ns")))
        return rate(perf, name + QStringLiteral("_latency_ns"), ns);
    if (!rate(perf, name + QStringLiteral("_latency_ms"), &v))
        return false;
    *ns = v * 1e6;
    return true;
}

} // namespace

Error parseCephOsdPerf(const QByteArray &json, QList<CephOsdPerf> *out)
{
    const QString what = QStringLiteral("osd perf");
    QJsonDocument doc;
    if (Error e = document(json, what, &doc))
        return e;
    QJsonObject root = doc.object();
    if (root.contains(QStringLiteral("osdstats"))) // Pacific and later
        root = root.value(QStringLiteral("osdstats")).toObject();
    const QJsonValue infos = root.value(QStringLiteral("osd_perf_infos"));
    if (!doc.isObject() || !infos.isArray())
        return parseError(what, QStringLiteral("no osd_perf_infos list"));
    QList<CephOsdPerf> list;
    for (const QJsonValue &v : infos.toArray()) {
        const QJsonObject o = v.toObject();
        const QJsonObject perf = o.value(QStringLiteral("perf_stats")).toObject();
        CephOsdPerf p;
        if (!wholeId(o.value(QStringLiteral("id")), &p.id))
            return parseError(what, QStringLiteral("an entry without an OSD id"));
        if (!latencyNs(perf, QStringLiteral("commit"), &p.commitNs)
            || !latencyNs(perf, QStringLiteral("apply"), &p.applyNs))
            return parseError(what, QStringLiteral("osd.%1: a latency that is not a number").arg(p.id));
        list << p;
    }
    *out = list;
    return {};
}

Error parseCephPoolIoRates(const QByteArray &json, QList<CephPoolIoRate> *out)
{
    const QString what = QStringLiteral("osd pool stats");
    QJsonDocument doc;
    if (Error e = document(json, what, &doc))
        return e;
    if (!doc.isArray())
        return parseError(what, QStringLiteral("expected a list of pools"));
    QList<CephPoolIoRate> list;
    for (const QJsonValue &v : doc.array()) {
        const QJsonObject o = v.toObject();
        CephPoolIoRate p;
        p.pool = o.value(QStringLiteral("pool_name")).toString();
        if (p.pool.isEmpty() || !wholeId(o.value(QStringLiteral("pool_id")), &p.poolId))
            return parseError(what, QStringLiteral("an entry without a pool name or id"));
        const QJsonObject io = o.value(QStringLiteral("client_io_rate")).toObject();
        if (!rate(io, QStringLiteral("read_bytes_sec"), &p.readBytesPerSec)
            || !rate(io, QStringLiteral("write_bytes_sec"), &p.writeBytesPerSec)
            || !rate(io, QStringLiteral("read_op_per_sec"), &p.readOpsPerSec)
            || !rate(io, QStringLiteral("write_op_per_sec"), &p.writeOpsPerSec))
            return parseError(what, QStringLiteral("pool %1: a rate that is not a number").arg(p.pool));
        list << p;
    }
    *out = list;
    return {};
}

Error parseCephFsDataPools(const QByteArray &json, const QString &fsName, QStringList *out)
{
    const QString what = QStringLiteral("fs ls");
    QJsonDocument doc;
    if (Error e = document(json, what, &doc))
        return e;
    if (!doc.isArray())
        return parseError(what, QStringLiteral("expected a list of file systems"));
    for (const QJsonValue &v : doc.array()) {
        const QJsonObject o = v.toObject();
        if (!fsName.isEmpty() && o.value(QStringLiteral("name")).toString() != fsName)
            continue;
        QStringList pools;
        for (const QJsonValue &p : o.value(QStringLiteral("data_pools")).toArray())
            if (!p.toString().isEmpty())
                pools << p.toString();
        if (pools.isEmpty())
            return parseError(what, QStringLiteral("file system %1 has no data pools").arg(fsName));
        *out = pools;
        return {};
    }
    return parseError(
        what, fsName.isEmpty() ? QStringLiteral("no file system") : QStringLiteral("no file system %1").arg(fsName));
}

Error parseCephOsdMetadataList(const QByteArray &json, QList<CephOsdMetadata> *out)
{
    const QString what = QStringLiteral("osd metadata");
    QJsonDocument doc;
    if (Error e = document(json, what, &doc))
        return e;
    if (!doc.isArray())
        return parseError(what, QStringLiteral("expected a list of OSDs"));
    QList<CephOsdMetadata> list;
    for (const QJsonValue &v : doc.array()) {
        CephOsdMetadata m;
        if (Error e = cephOsdMetadataFromJson(v.toObject(), &m))
            return e;
        list << m;
    }
    *out = list;
    return {};
}

QJsonArray cephOsdsToJson(const QList<CephOsdMetadata> &osds)
{
    QJsonArray a;
    for (const CephOsdMetadata &m : osds) {
        QJsonObject o {{QStringLiteral("id"), m.id}, {QStringLiteral("host"), m.hostname},
            {QStringLiteral("devices"), m.devices},
            {QStringLiteral("device_class"), m.defaultDeviceClass.isEmpty() ? m.deviceType : m.defaultDeviceClass}};
        if (m.rotational)
            o.insert(QStringLiteral("rotational"), *m.rotational);
        if (!m.node.isEmpty())
            o.insert(QStringLiteral("node"), m.node);
        a.append(o);
    }
    return a;
}

QList<CephOsdMetadata> cephOsdsFromJson(const QJsonArray &a)
{
    QList<CephOsdMetadata> out;
    for (const QJsonValue &v : a) {
        const QJsonObject o = v.toObject();
        CephOsdMetadata m;
        if (!wholeId(o.value(QStringLiteral("id")), &m.id))
            continue;
        m.hostname = o.value(QStringLiteral("host")).toString();
        m.devices = o.value(QStringLiteral("devices")).toString();
        m.defaultDeviceClass = o.value(QStringLiteral("device_class")).toString();
        m.node = o.value(QStringLiteral("node")).toString();
        if (o.value(QStringLiteral("rotational")).isBool())
            m.rotational = o.value(QStringLiteral("rotational")).toBool();
        out << m;
    }
    return out;
}

} // namespace cm
