#include "parse/fiointervals.h"

#include "model/metric.h"

#include <cmath>

namespace cm {

namespace {

const FioLatencyStat &latencyStat(const FioDirStats &s)
{
    // the mean must describe the same latency as the percentiles
    return s.percentilesOfTotalLatency ? s.lat : s.clat;
}

// Plain json with several jobs: fio's percentiles cannot be merged; an ios-weighted
// average of the jobs' figures is the best available approximation.
double weightedJobPercentile(const FioReport &rep, FioDir d, double q)
{
    long double sum = 0, w = 0;
    for (const FioJob &j : rep.jobs) {
        const FioDirStats &s = j.dir(d);
        if (j.allClientsSummary || s.totalIos == 0)
            continue;
        const double v = s.percentile(q);
        if (v <= 0)
            continue;
        sum += static_cast<long double>(v) * s.totalIos;
        w += s.totalIos;
    }
    return w > 0 ? double(sum / w) : 0.0;
}

} // namespace

SampleList FioInterval::toSamples(int step, const QString &target, double t) const
{
    SampleList out;
    if (dir == FioDir::Trim)
        return out;
    const bool rd = dir == FioDir::Read;
    auto add = [&](const QString &metric, double v) {
        Sample s;
        s.step = step;
        s.target = target;
        s.metric = metric;
        s.t = t;
        s.value = v;
        out << s;
    };
    add(rd ? metric::ReadBw : metric::WriteBw, bwBytesPerSec);
    add(rd ? metric::ReadIops : metric::WriteIops, iops);
    if (ios > 0) {
        if (latP50Ns > 0)
            add(rd ? metric::ReadLatP50 : metric::WriteLatP50, latP50Ns);
        if (latP99Ns > 0)
            add(rd ? metric::ReadLatP99 : metric::WriteLatP99, latP99Ns);
        if (latP999Ns > 0)
            add(rd ? metric::ReadLatP999 : metric::WriteLatP999, latP999Ns);
        if (latMeanNs > 0)
            add(rd ? metric::ReadLatMean : metric::WriteLatMean, latMeanNs);
    }
    return out;
}

void FioIntervalTracker::warn(const QString &w)
{
    if (m_warnings.size() < 200)
        m_warnings << w;
}

QStringList FioIntervalTracker::takeWarnings()
{
    QStringList out;
    out.swap(m_warnings);
    return out;
}

void FioIntervalTracker::reset()
{
    *this = FioIntervalTracker();
}

QList<FioInterval> FioIntervalTracker::add(const FioReport &report)
{
    QList<FioInterval> out;
    if (!report.isValid()) {
        warn(QStringLiteral("fio report without jobs ignored"));
        return out;
    }
    ++m_reports;
    for (int d = 0; d < kFioDirCount; ++d) {
        const FioDir dir = FioDir(d);
        if (auto iv = diff(dir, report.aggregate(dir), report, m_base[size_t(d)]))
            out << *iv;
    }
    m_last = report;
    return out;
}

std::optional<FioInterval> FioIntervalTracker::diff(FioDir d, const FioDirStats &cur, const FioReport &rep,
                                                     Base &base)
{
    const FioDirStats &prev = base.stats;   // zero before the first report
    const QString name = fioDirName(d);
    if (cur.totalIos < prev.totalIos || cur.ioBytes < prev.ioBytes || cur.runtimeMs < prev.runtimeMs) {
        warn(QStringLiteral("fio %1 counters went backwards (ios %2 -> %3, runtime %4 -> %5 ms): restarted from here")
                 .arg(name).arg(prev.totalIos).arg(cur.totalIos).arg(prev.runtimeMs).arg(cur.runtimeMs));
        base.stats = cur;
        base.valid = true;
        return std::nullopt;
    }
    const quint64 dRuntime = cur.runtimeMs - prev.runtimeMs;
    const quint64 dIos = cur.totalIos - prev.totalIos;
    const quint64 dBytes = cur.ioBytes - prev.ioBytes;
    if (dRuntime == 0) {
        if (dIos || dBytes)
            warn(QStringLiteral("fio %1: %2 ios in a zero-length interval, carried to the next one").arg(name).arg(dIos));
        return std::nullopt;   // base kept: the I/O counts in the next interval
    }

    FioInterval iv;
    iv.dir = d;
    iv.startSec = double(prev.runtimeMs) / 1000.0;
    iv.endSec = double(cur.runtimeMs) / 1000.0;
    iv.durationSec = double(dRuntime) / 1000.0;
    iv.timestampMs = rep.timestampMs;
    iv.ioBytes = dBytes;
    iv.ios = dIos;
    iv.bwBytesPerSec = double(dBytes) / iv.durationSec;
    iv.iops = double(dIos) / iv.durationSec;

    if (dIos > 0) {
        const FioLatencyStat &lc = latencyStat(cur), &lp = latencyStat(prev);
        if (lc.present && lc.n > lp.n) {
            const long double total = static_cast<long double>(lc.meanNs) * lc.n
                - static_cast<long double>(lp.meanNs) * lp.n;
            const double mean = double(total / static_cast<long double>(lc.n - lp.n));
            if (mean > 0 && std::isfinite(mean)) {
                iv.latMeanNs = mean;
                iv.latSamples = lc.n - lp.n;
            }
        }
        if (!cur.bins.isEmpty()) {
            bool negative = false;
            for (auto it = cur.bins.cbegin(); it != cur.bins.cend(); ++it) {
                const quint64 before = prev.bins.value(it.key());
                if (it.value() > before)
                    iv.bins.insert(it.key(), it.value() - before);
                else if (it.value() < before)
                    negative = true;
            }
            for (auto it = prev.bins.cbegin(); it != prev.bins.cend() && !negative; ++it)
                negative = !cur.bins.contains(it.key());
            if (negative)
                warn(QStringLiteral("fio %1 latency bins went backwards; negative differences ignored").arg(name));
            iv.latencyFromBins = true;
            iv.latP50Ns = binsPercentile(iv.bins, kP50);
            iv.latP99Ns = binsPercentile(iv.bins, kP99);
            iv.latP999Ns = binsPercentile(iv.bins, kP999);
            if (iv.latMeanNs <= 0) {
                iv.latMeanNs = binsMean(iv.bins);
                iv.latSamples = binsCount(iv.bins);
            }
        } else {
            iv.latencyFromBins = false;
            const bool merged = !cur.percentiles.isEmpty();
            iv.latP50Ns = merged ? cur.percentile(kP50) : weightedJobPercentile(rep, d, kP50);
            iv.latP99Ns = merged ? cur.percentile(kP99) : weightedJobPercentile(rep, d, kP99);
            iv.latP999Ns = merged ? cur.percentile(kP999) : weightedJobPercentile(rep, d, kP999);
        }
    }
    base.stats = cur;
    base.valid = true;
    return iv;
}

std::optional<FioSummary> FioIntervalTracker::summary() const
{
    if (!m_last)
        return std::nullopt;
    FioSummary s;
    s.last = *m_last;
    for (int d = 0; d < kFioDirCount; ++d) {
        s.total[size_t(d)] = m_last->aggregate(FioDir(d));
        s.histogram[size_t(d)].addBins(s.total[size_t(d)].bins);
    }
    return s;
}

} // namespace cm
