// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/fiointervals.h"

#include "model/metric.h"

#include <algorithm>
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
    if (stepLatP50Ns > 0)
        add(metric::stepSoFar(rd ? metric::ReadLatP50 : metric::WriteLatP50), stepLatP50Ns);
    if (stepLatP99Ns > 0)
        add(metric::stepSoFar(rd ? metric::ReadLatP99 : metric::WriteLatP99), stepLatP99Ns);
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
    *this = FioIntervalTracker(m_scope);
}

QList<FioInterval> FioIntervalTracker::add(const FioReport &report)
{
    QList<FioInterval> out;
    if (!report.isValid()) {
        warn(QStringLiteral("fio report without jobs ignored"));
        return out;
    }
    QStringList ids;
    for (const FioJob &j : report.jobs)
        ids << j.hostname + QLatin1Char('/') + j.name;
    const bool first = m_reports++ == 0;
    m_last = report;
    if (first) {
        m_jobIds = ids;
        m_jobs = QList<Bases>(report.jobs.size());
    } else if (ids != m_jobIds) {
        warn(QStringLiteral("fio job list changed (%1 -> %2 jobs): restarted from here")
                 .arg(m_jobIds.size())
                 .arg(ids.size()));
        m_jobIds = ids;
        m_jobs = QList<Bases>(report.jobs.size());
        for (qsizetype j = 0; j < report.jobs.size(); ++j) {
            for (int d = 0; d < kFioDirCount; ++d)
                m_jobs[j][size_t(d)].stats = report.jobs[j].dirs[size_t(d)];
        }
        for (int d = 0; d < kFioDirCount; ++d)
            m_all[size_t(d)].stats = report.aggregate(FioDir(d));
        return out;
    }

    for (int d = 0; d < kFioDirCount; ++d) {
        const size_t di = size_t(d);
        // how far each job's clock moved; a job's runtime never shrinks unless reset
        QList<quint64> dRun(report.jobs.size(), 0);
        for (qsizetype j = 0; j < report.jobs.size(); ++j) {
            const quint64 now = report.jobs[j].dirs[di].runtimeMs, before = m_jobs[j][di].stats.runtimeMs;
            dRun[j] = now > before ? now - before : 0;
        }
        if (m_scope == FioIntervalScope::PerJob) {
            for (qsizetype j = 0; j < report.jobs.size(); ++j) {
                FioInterval iv;
                if (diff(FioDir(d), report.jobs[j].dirs[di], dRun[j], report, m_jobs[j][di], &iv) == Step::Interval) {
                    iv.job = int(j);
                    iv.jobName = report.jobs[j].name;
                    out << iv;
                }
            }
            continue;
        }
        quint64 maxRun = 0;
        for (qsizetype j = 0; j < report.jobs.size(); ++j) {
            if (!report.jobs[j].allClientsSummary)
                maxRun = std::max(maxRun, dRun[j]);
        }
        FioInterval iv;
        const Step st = diff(FioDir(d), report.aggregate(FioDir(d)), maxRun, report, m_all[di], &iv);
        if (st == Step::Interval)
            out << iv;
        if (st != Step::Skipped) {
            for (qsizetype j = 0; j < report.jobs.size(); ++j)
                m_jobs[j][di].stats = report.jobs[j].dirs[di];
        }
    }
    return out;
}

FioIntervalTracker::Step FioIntervalTracker::diff(
    FioDir d, const FioDirStats &cur, quint64 dRuntime, const FioReport &rep, Base &base, FioInterval *out)
{
    const FioDirStats &prev = base.stats;
    const QString name = fioDirName(d);
    if (cur.totalIos < prev.totalIos || cur.ioBytes < prev.ioBytes || cur.runtimeMs < prev.runtimeMs) {
        warn(QStringLiteral("fio %1 counters went backwards (ios %2 -> %3, runtime %4 -> %5 ms): restarted from here")
                 .arg(name)
                 .arg(prev.totalIos)
                 .arg(cur.totalIos)
                 .arg(prev.runtimeMs)
                 .arg(cur.runtimeMs));
        base.stats = cur;
        return Step::Rebased;
    }
    const quint64 dIos = cur.totalIos - prev.totalIos;
    const quint64 dBytes = cur.ioBytes - prev.ioBytes;
    if (dRuntime == 0) {
        if (dIos || dBytes)
            warn(QStringLiteral("fio %1: %2 ios in a zero-length interval, carried to the next one")
                     .arg(name)
                     .arg(dIos));
        return Step::Skipped; // base kept: the I/O counts in the next interval
    }

    FioInterval &iv = *out;
    iv.dir = d;
    iv.durationSec = double(dRuntime) / 1000.0;
    iv.startSec = base.clockSec;
    iv.endSec = base.clockSec + iv.durationSec;
    iv.timestampMs = rep.timestampMs;
    iv.ioBytes = dBytes;
    iv.ios = dIos;
    iv.bwBytesPerSec = double(dBytes) / iv.durationSec;
    iv.iops = double(dIos) / iv.durationSec;

    if (dIos > 0) {
        const FioLatencyStat &lc = latencyStat(cur), &lp = latencyStat(prev);
        if (lc.present && lc.n > lp.n) {
            const long double total
                = static_cast<long double>(lc.meanNs) * lc.n - static_cast<long double>(lp.meanNs) * lp.n;
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
            iv.stepLatP50Ns = binsPercentile(cur.bins, kP50); // cumulative: the step so far
            iv.stepLatP99Ns = binsPercentile(cur.bins, kP99);
            if (iv.latMeanNs <= 0) {
                iv.latMeanNs = binsMean(iv.bins);
                iv.latSamples = binsCount(iv.bins);
            }
        } else {
            iv.latencyFromBins = false;
            // AllJobs with several jobs has no merged percentiles: approximate
            const bool own = !cur.percentiles.isEmpty() || m_scope == FioIntervalScope::PerJob;
            iv.latP50Ns = own ? cur.percentile(kP50) : weightedJobPercentile(rep, d, kP50);
            iv.latP99Ns = own ? cur.percentile(kP99) : weightedJobPercentile(rep, d, kP99);
            iv.latP999Ns = own ? cur.percentile(kP999) : weightedJobPercentile(rep, d, kP999);
            if (own) { // fio's own percentiles are cumulative: the step so far
                iv.stepLatP50Ns = iv.latP50Ns;
                iv.stepLatP99Ns = iv.latP99Ns;
            }
        }
    }
    base.stats = cur;
    base.clockSec = iv.endSec;
    return Step::Interval;
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
