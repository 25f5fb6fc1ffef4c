// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/resultsloader.h"

#include "report/runstrip.h"
#include "report/unitformat.h"

#include "unitscale.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>

#include <cmath>

namespace cm::ui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(cm::ui::ResultsModel)
};
} // namespace

QList<ResultRow> loadResultRows(const QString &storePath, Error *error)
{
    SessionStore store(storePath);
    if (const Error e = store.open()) {
        if (error)
            *error = e;
        return {};
    }
    QList<ResultRow> rows;
    const QList<RunInfo> runs = store.runs();
    rows.reserve(runs.size());
    for (const RunInfo &r : runs)
        rows.append(ResultRow {r, store.steps(r.id, false)}); // raw output: megabytes nobody shows here
    return rows;
}

RunDetail loadRunDetail(const QString &storePath, RunId id)
{
    RunDetail d;
    SessionStore store(storePath);
    if (const Error e = store.open()) {
        d.error = e;
        return d;
    }
    d.run = store.run(id, &d.error);
    if (d.error)
        return d;
    d.plan = store.runPlan(id);
    d.steps = store.steps(id, false);
    d.environment = store.runEnvironment(id);
    const QList<SeriesData> series = store.series(id);
    d.strip = runUsageStrip(RunRecords {d.run, d.plan, d.environment, d.steps}, store.runSummary(id), series);
    d.samples = samplesInTimeOrder(series);
    return d;
}

SampleList samplesInTimeOrder(const QList<SeriesData> &series)
{
    qsizetype n = 0;
    for (const SeriesData &s : series)
        n += s.t.size();
    SampleList out;
    out.reserve(n);
    for (const SeriesData &s : series)
        for (qsizetype i = 0; i < s.t.size() && i < s.v.size(); ++i)
            if (!std::isnan(s.v.at(i))) // a gap: no point
                out.append(Sample {s.step, s.target, s.metric, s.t.at(i), s.v.at(i)});
    std::stable_sort(out.begin(), out.end(), [](const Sample &a, const Sample &b) { return a.t < b.t; });
    return out;
}

QJsonObject summaryDirection(const QJsonObject &summary, const QString &dir)
{
    const QJsonObject d = summary.value(dir).toObject();
    const bool used = d.value(QStringLiteral("bw")).toDouble() > 0 || d.value(QStringLiteral("iops")).toDouble() > 0;
    return used ? d : QJsonObject();
}

namespace {
// A per-OSD latency run: the OSDs' write p50 from best to worst, the slowest p99 and
// how many OSDs were judged outliers.
QStringList osdKeyFigures(const QList<StepRecord> &steps)
{
    double bestP50 = -1, worstP50 = -1, worstP99 = -1;
    int worstId = -1, outliers = 0;
    for (const StepRecord &s : steps)
        for (const QJsonValue &v : s.summary.value(QStringLiteral("osds")).toArray()) {
            const QJsonObject o = v.toObject();
            const double p50 = o.value(QStringLiteral("p50")).toDouble(),
                         p99 = o.value(QStringLiteral("p99")).toDouble();
            if (p50 <= 0)
                continue;
            bestP50 = bestP50 < 0 ? p50 : std::min(bestP50, p50);
            worstP50 = std::max(worstP50, p50);
            if (p99 > worstP99) {
                worstP99 = p99;
                worstId = o.value(QStringLiteral("id")).toInt();
            }
            outliers += o.value(QStringLiteral("outlier")).toBool();
        }
    if (bestP50 < 0)
        return {};
    QStringList out {Tr::tr("OSD write p50 %1 – %2").arg(formatLatencyNs(bestP50), formatLatencyNs(worstP50)),
        Tr::tr("slowest p99 %1 (osd.%2)").arg(formatLatencyNs(worstP99)).arg(worstId)};
    if (outliers > 0)
        out << Tr::tr("%n outlier(s)", nullptr, outliers);
    return out;
}
} // namespace

QString keyFigures(const QList<StepRecord> &steps)
{
    double rbw = 0, wbw = 0, riops = 0, wiops = 0;
    for (const StepRecord &s : steps) {
        const QJsonObject r = summaryDirection(s.summary, QStringLiteral("read"));
        const QJsonObject w = summaryDirection(s.summary, QStringLiteral("write"));
        rbw = std::max(rbw, r.value(QStringLiteral("bw")).toDouble());
        wbw = std::max(wbw, w.value(QStringLiteral("bw")).toDouble());
        riops = std::max(riops, r.value(QStringLiteral("iops")).toDouble());
        wiops = std::max(wiops, w.value(QStringLiteral("iops")).toDouble());
    }
    QStringList parts;
    // network runs: the best and the slowest pair, in bit/s as links are quoted
    double best = 0, worst = 0;
    for (const StepRecord &s : steps)
        if (const double b = s.summary.value(QStringLiteral("bitsPerSecond")).toDouble(); b > 0) {
            best = std::max(best, b);
            worst = worst > 0 ? std::min(worst, b) : b;
        }
    if (best > 0)
        parts << (worst < best ? Tr::tr("%1 – %2").arg(formatBitRate(worst), formatBitRate(best))
                               : formatBitRate(best));
    if (rbw > 0)
        parts << Tr::tr("R %1").arg(formatBytesPerSec(rbw));
    if (wbw > 0)
        parts << Tr::tr("W %1").arg(formatBytesPerSec(wbw));
    if (riops > 0)
        parts << Tr::tr("R %1").arg(formatIops(riops));
    if (wiops > 0)
        parts << Tr::tr("W %1").arg(formatIops(wiops));
    // CephFS metadata runs: the best file-create rate
    double creates = 0;
    for (const StepRecord &s : steps)
        creates = std::max(creates,
            s.summary.value(QStringLiteral("meta"))
                .toObject()
                .value(QStringLiteral("create"))
                .toObject()
                .value(QStringLiteral("iops"))
                .toDouble());
    if (creates > 0)
        parts << Tr::tr("%1 creates/s").arg(QLocale().toString(creates, 'f', 0));
    parts << osdKeyFigures(steps);
    return parts.join(QStringLiteral(" · "));
}

} // namespace cm::ui
