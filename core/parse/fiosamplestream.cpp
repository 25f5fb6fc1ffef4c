// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/fiosamplestream.h"

#include <QJsonArray>

#include <algorithm>

namespace cm {

namespace {
constexpr int MaxWarnings = 50;
}

FioSampleStream::FioSampleStream(int stepIndex, QString target)
    : m_step(stepIndex)
    , m_target(std::move(target))
{ }

void FioSampleStream::absorbWarnings(const QStringList &w)
{
    for (const QString &x : w)
        if (m_warnings.size() < MaxWarnings)
            m_warnings << x;
}

SampleList FioSampleStream::feed(const QByteArray &chunk, double t, QList<FioInterval> *intervals)
{
    SampleList out;
    for (const FioInterval &iv : m_reader.feed(chunk)) {
        ++m_intervals;
        m_fromBins = m_fromBins || iv.latencyFromBins;
        out += iv.toSamples(m_step, m_target, t);
        if (intervals)
            intervals->append(iv);
    }
    absorbWarnings(m_reader.takeWarnings());
    noteStart();
    return out;
}

// When measuring began, on the node's clock: a report's time less its longest job's
// runtime. A report is written a little after its time is taken (more so on a busy
// node), so each one overestimates the start: the earliest estimate is the closest.
void FioSampleStream::noteStart()
{
    const auto &last = m_reader.lastReport();
    if (!last || last->timestampMs <= 0)
        return;
    qint64 runtimeMs = 0;
    for (const FioJob &j : last->jobs)
        runtimeMs = std::max(runtimeMs, j.jobRuntimeMs);
    if (runtimeMs <= 0)
        return;
    const qint64 start = last->timestampMs - runtimeMs;
    m_startMs = m_startMs == 0 ? start : std::min(m_startMs, start);
}

void FioSampleStream::finish()
{
    m_reader.finish();
    absorbWarnings(m_reader.takeWarnings());
    noteStart();
}

QString FioSampleStream::jobError() const
{
    const auto &last = m_reader.lastReport();
    return last && last->hasJobErrors() ? last->firstJobError() : QString();
}

QJsonObject FioSampleStream::summary() const
{
    QJsonObject out;
    const auto s = m_reader.summary();
    if (!s)
        return out;
    for (FioDir d : {FioDir::Read, FioDir::Write, FioDir::Trim}) {
        const FioDirStats &st = s->dir(d);
        if (!st.active() || st.totalIos == 0)
            continue;
        const LatencyHistogram &h = s->histogram[size_t(d)];
        QJsonObject o {{QStringLiteral("bw"), st.bwBytes}, {QStringLiteral("iops"), st.iops},
            {QStringLiteral("io_bytes"), double(st.ioBytes)}, {QStringLiteral("total_ios"), double(st.totalIos)},
            {QStringLiteral("runtime_ms"), double(st.runtimeMs)}, {QStringLiteral("lat_mean_ns"), st.clat.meanNs},
            {QStringLiteral("lat_min_ns"), st.clat.minNs}, {QStringLiteral("lat_max_ns"), st.clat.maxNs},
            {QStringLiteral("lat_p50_ns"), st.percentile(kP50)}, {QStringLiteral("lat_p99_ns"), st.percentile(kP99)},
            {QStringLiteral("lat_p999_ns"), st.percentile(kP999)}};
        QJsonObject pct;
        for (auto it = st.percentiles.cbegin(); it != st.percentiles.cend(); ++it)
            pct.insert(QString::number(it.key(), 'g', 6), it.value());
        o.insert(QStringLiteral("percentiles"), pct);
        if (!h.isEmpty()) {
            // The full histogram, as fio-style bins: latency ns → count.
            QJsonObject bins;
            const LatencyBins b = h.bins();
            for (auto it = b.cbegin(); it != b.cend(); ++it)
                bins.insert(QString::number(it.key()), double(it.value()));
            o.insert(QStringLiteral("histogram"), bins);
        }
        out.insert(fioDirName(d), o);
    }
    out.insert(QStringLiteral("latency_from_bins"), m_fromBins);
    out.insert(QStringLiteral("intervals"), m_intervals);
    out.insert(QStringLiteral("fio_version_reported"), s->last.fioVersion);
    // When measuring began (noteStart); clients' values give a run's start spread.
    if (m_startMs > 0)
        out.insert(QStringLiteral("start_ms"), double(m_startMs));
    return out;
}

} // namespace cm
