// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/aiostats.h"

#include "model/metric.h"

namespace cm {

void addIoStats(IoStats &into, const IoStats &from)
{
    for (size_t d = 0; d < into.size(); ++d) {
        into[d].ios += from[d].ios;
        into[d].bytes += from[d].bytes;
        into[d].lat.merge(from[d].lat);
    }
}

SampleList ioIntervalSamples(const IoStats &s, double secs, double t, const IoSampleLabels &labels)
{
    SampleList out;
    if (secs <= 0)
        return out;
    auto add = [&](const QString &m, double v) {
        out << Sample {labels.step, labels.target, m, labels.timeOffset + t, v};
    };
    struct Names {
        const QString &bw, &iops, &p50, &p99, &p999, &mean;
    };
    const Names names[2] = {{metric::ReadBw, metric::ReadIops, metric::ReadLatP50, metric::ReadLatP99,
                                metric::ReadLatP999, metric::ReadLatMean},
        {metric::WriteBw, metric::WriteIops, metric::WriteLatP50, metric::WriteLatP99, metric::WriteLatP999,
            metric::WriteLatMean}};
    for (int d = 0; d < 2; ++d) {
        if ((d == 0 && !labels.reads) || (d == 1 && !labels.writes))
            continue;
        const IoDirStats &st = s[size_t(d)];
        if (d == 1 || labels.readBw)
            add(names[d].bw, double(st.bytes) / secs);
        add(names[d].iops, double(st.ios) / secs);
        if (!st.lat.isEmpty()) {
            add(names[d].p50, st.lat.percentile(50));
            add(names[d].p99, st.lat.percentile(99));
            add(names[d].p999, st.lat.percentile(99.9));
            add(names[d].mean, st.lat.mean());
        }
        if (labels.stepSoFar && !(*labels.stepSoFar)[size_t(d)].lat.isEmpty()) {
            const LatencyHistogram &all = (*labels.stepSoFar)[size_t(d)].lat;
            add(metric::stepSoFar(names[d].p50), all.percentile(50));
            add(metric::stepSoFar(names[d].p99), all.percentile(99));
        }
    }
    return out;
}

QJsonObject ioDirSummary(const IoDirStats &s, qint64 runtimeMs)
{
    const double secs = runtimeMs > 0 ? double(runtimeMs) / 1000.0 : 0;
    QJsonObject o {{QStringLiteral("bw"), secs > 0 ? double(s.bytes) / secs : 0.0},
        {QStringLiteral("iops"), secs > 0 ? double(s.ios) / secs : 0.0}, {QStringLiteral("io_bytes"), double(s.bytes)},
        {QStringLiteral("total_ios"), double(s.ios)}, {QStringLiteral("runtime_ms"), double(runtimeMs)},
        {QStringLiteral("lat_mean_ns"), s.lat.mean()}, {QStringLiteral("lat_min_ns"), double(s.lat.min())},
        {QStringLiteral("lat_max_ns"), double(s.lat.max())}, {QStringLiteral("lat_p50_ns"), s.lat.percentile(50)},
        {QStringLiteral("lat_p99_ns"), s.lat.percentile(99)}, {QStringLiteral("lat_p999_ns"), s.lat.percentile(99.9)}};
    QJsonObject bins;
    const LatencyBins b = s.lat.bins();
    for (auto it = b.cbegin(); it != b.cend(); ++it)
        bins.insert(QString::number(it.key()), double(it.value()));
    o.insert(QStringLiteral("histogram"), bins);
    return o;
}

} // namespace cm
