// SPDX-License-Identifier: GPL-3.0-or-later
#include "s3/s3opstats.h"

#include "model/metric.h"
#include "s3/s3workload.h"

namespace cm {

void S3OpStats::addOk(int op, quint64 latNs, quint64 ttfbNs)
{
    IoDirStats &s = m_ops[size_t(op)];
    ++s.ios;
    s.lat.add(latNs);
    if (op == S3WorkloadSpec::Get)
        m_ttfb.add(ttfbNs);
}

void S3OpStats::addBytes(int op, quint64 bytes)
{
    m_ops[size_t(op)].bytes += bytes;
}

void S3OpStats::addError(const QString &kind)
{
    ++m_errors[kind];
    ++m_errorCount;
}

void S3OpStats::merge(const S3OpStats &o)
{
    for (size_t i = 0; i < m_ops.size(); ++i) {
        m_ops[i].ios += o.m_ops[i].ios;
        m_ops[i].bytes += o.m_ops[i].bytes;
        m_ops[i].lat.merge(o.m_ops[i].lat);
    }
    m_ttfb.merge(o.m_ttfb);
    for (auto it = o.m_errors.cbegin(); it != o.m_errors.cend(); ++it)
        m_errors[it.key()] += it.value();
    m_errorCount += o.m_errorCount;
}

SampleList S3OpStats::samples(double secs, double t, const IoSampleLabels &labelsIn, const std::array<bool, kOps> &used,
    const S3OpStats *soFar) const
{
    if (secs <= 0)
        return {};
    IoSampleLabels labels = labelsIn;
    labels.reads = used[S3WorkloadSpec::Get];
    labels.writes = used[S3WorkloadSpec::Put];
    const IoStats io {m_ops[S3WorkloadSpec::Get], m_ops[S3WorkloadSpec::Put]};
    IoStats all;
    if (soFar) {
        all = {soFar->m_ops[S3WorkloadSpec::Get], soFar->m_ops[S3WorkloadSpec::Put]};
        labels.stepSoFar = &all;
    }
    SampleList out = ioIntervalSamples(io, secs, t, labels);
    auto add = [&](const QString &m, double v) {
        out << Sample {labels.step, labels.target, m, labels.timeOffset + t, v};
    };
    if (labels.reads && !m_ttfb.isEmpty()) {
        add(metric::ReadTtfbP50, m_ttfb.percentile(50));
        add(metric::ReadTtfbP99, m_ttfb.percentile(99));
    }
    for (int op : {int(S3WorkloadSpec::Head), int(S3WorkloadSpec::Delete), int(S3WorkloadSpec::List)}) {
        if (!used[size_t(op)])
            continue;
        const QString name = S3WorkloadSpec::opName(op);
        const IoDirStats &s = m_ops[size_t(op)];
        add(metric::s3OpIops(name), double(s.ios) / secs);
        if (!s.lat.isEmpty()) {
            add(metric::s3OpLat(name, QStringLiteral("p50")), s.lat.percentile(50));
            add(metric::s3OpLat(name, QStringLiteral("p99")), s.lat.percentile(99));
            add(metric::s3OpLat(name, QStringLiteral("p99.9")), s.lat.percentile(99.9));
            add(metric::s3OpLat(name, QStringLiteral("mean")), s.lat.mean());
        }
        if (soFar && !soFar->m_ops[size_t(op)].lat.isEmpty()) {
            const LatencyHistogram &lat = soFar->m_ops[size_t(op)].lat;
            add(metric::stepSoFar(metric::s3OpLat(name, QStringLiteral("p50"))), lat.percentile(50));
            add(metric::stepSoFar(metric::s3OpLat(name, QStringLiteral("p99"))), lat.percentile(99));
        }
    }
    add(metric::S3Errors, double(m_errorCount));
    for (auto it = m_errors.cbegin(); it != m_errors.cend(); ++it)
        add(metric::s3ErrorsFor(it.key()), double(it.value()));
    return out;
}

QJsonObject S3OpStats::summary(qint64 runtimeMs, const std::array<bool, kOps> &used) const
{
    QJsonObject o;
    if (used[S3WorkloadSpec::Get]) {
        QJsonObject r = ioDirSummary(m_ops[S3WorkloadSpec::Get], runtimeMs);
        r.insert(QStringLiteral("ttfb_p50_ns"), m_ttfb.percentile(50));
        r.insert(QStringLiteral("ttfb_p99_ns"), m_ttfb.percentile(99));
        r.insert(QStringLiteral("ttfb_mean_ns"), m_ttfb.mean());
        o.insert(QStringLiteral("read"), r);
    }
    if (used[S3WorkloadSpec::Put])
        o.insert(QStringLiteral("write"), ioDirSummary(m_ops[S3WorkloadSpec::Put], runtimeMs));
    QJsonObject ops;
    for (int op : {int(S3WorkloadSpec::Head), int(S3WorkloadSpec::Delete), int(S3WorkloadSpec::List)})
        if (used[size_t(op)]) {
            QJsonObject s = ioDirSummary(m_ops[size_t(op)], runtimeMs);
            s.remove(QStringLiteral("bw"));
            s.remove(QStringLiteral("io_bytes"));
            ops.insert(S3WorkloadSpec::opName(op), s);
        }
    if (!ops.isEmpty())
        o.insert(QStringLiteral("ops"), ops);
    QJsonObject errors;
    for (auto it = m_errors.cbegin(); it != m_errors.cend(); ++it)
        errors.insert(it.key(), double(it.value()));
    o.insert(QStringLiteral("errors"), errors);
    o.insert(QStringLiteral("failedRequests"), double(m_errorCount));
    quint64 all = 0;
    for (const IoDirStats &s : m_ops)
        all += s.ios;
    o.insert(QStringLiteral("opsPerSecond"), runtimeMs > 0 ? double(all) * 1000.0 / double(runtimeMs) : 0.0);
    return o;
}

} // namespace cm
