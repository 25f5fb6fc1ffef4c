// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/compareloader.h"

#include "live/decimator.h"
#include "model/metric.h"
#include "report/rundifferences.h"
#include "stats/clustertotal.h"

#include <QElapsedTimer>
#include <QHash>
#include <QLoggingCategory>
#include <QMap>
#include <QtConcurrent>

#include <algorithm>
#include <vector>
#include <cmath>

Q_LOGGING_CATEGORY(lcCompare, "clustermark.ui.compare")

namespace cm::ui {

namespace {
// A direction's percentiles: fio's full table, else the ones every engine records
// (S3, RADOS, the native clients: p50, p99, p99.9).
QJsonObject percentilesOf(const QJsonObject &direction)
{
    QJsonObject pct = direction.value(QStringLiteral("percentiles")).toObject();
    if (!pct.isEmpty())
        return pct;
    const std::pair<const char *, const char *> known[]
        = {{"lat_p50_ns", "50"}, {"lat_p99_ns", "99"}, {"lat_p999_ns", "99.9"}};
    for (const auto &[key, p] : known)
        if (const double v = direction.value(QLatin1String(key)).toDouble(); v > 0)
            pct.insert(QLatin1String(p), v);
    return pct.size() >= 2 ? pct : QJsonObject(); // one point is no curve
}

// One repetition of a compared test in one run.
struct Window {
    double start = 0; // seconds since the run started
    int row = 0;
    int iteration = 0;
    QString node;
};

bool matchesRow(const StepRecord &s, const CompareRow &row)
{
    return s.testId == row.testId && s.node == row.node && (row.target.isEmpty() || s.target == row.target);
}

QString nodeOfTarget(const QString &target)
{
    const int colon = target.indexOf(QLatin1Char(':'));
    return colon > 0 ? target.left(colon) : target;
}

bool isRate(const QString &metric)
{
    const metric::Unit u = metric::unitOf(metric);
    return u == metric::Unit::BytesPerSec || u == metric::Unit::BitRate || u == metric::Unit::OpsPerSec
        || metric == metric::NetRetransmits;
}

struct BucketKey {
    int row, iteration;
    QString target, metric;
    friend bool operator==(const BucketKey &, const BucketKey &) = default;
    friend size_t qHash(const BucketKey &k, size_t seed = 0) noexcept
    {
        return qHashMulti(seed, k.row, k.iteration, k.target, k.metric);
    }
};

// Sum (rates) or mean (latencies, percents) over targets, per 1 s bin of the test's time:
// each target's mean in the bin, then summed or averaged over the targets in it.
QList<QPointF> totalOf(const QList<const QList<QPointF> *> &perTarget, bool sum)
{
    double lo = 0, hi = 0;
    bool any = false;
    for (const QList<QPointF> *pts : perTarget)
        for (const QPointF &p : *pts)
            if (std::isfinite(p.y())) {
                lo = any ? std::min(lo, p.x()) : p.x();
                hi = any ? std::max(hi, p.x()) : p.x();
                any = true;
            }
    if (!any)
        return {};
    const qint64 first = qint64(std::floor(lo));
    const size_t n = size_t(qint64(std::floor(hi)) - first + 1);
    std::vector<double> total(n, 0.0), own(n, 0.0);
    std::vector<int> targets(n, 0), ownCount(n, 0);
    for (const QList<QPointF> *pts : perTarget) {
        std::fill(own.begin(), own.end(), 0.0);
        std::fill(ownCount.begin(), ownCount.end(), 0);
        for (const QPointF &p : *pts) {
            if (!std::isfinite(p.y()))
                continue;
            const size_t b = size_t(qint64(std::floor(p.x())) - first);
            own[b] += p.y();
            ++ownCount[b];
        }
        for (size_t b = 0; b < n; ++b)
            if (ownCount[b]) {
                total[b] += own[b] / ownCount[b];
                ++targets[b];
            }
    }
    QList<QPointF> out;
    out.reserve(qsizetype(n));
    for (size_t b = 0; b < n; ++b)
        if (targets[b])
            out.append(QPointF(double(first + qint64(b)) + 0.5, sum ? total[b] : total[b] / targets[b]));
    return out;
}

void addPercentiles(const RunRecords &run, int runIndex, const CompareRow &row, CompareTestData &test)
{
    for (const QString &dir : {QStringLiteral("read"), QStringLiteral("write")}) {
        QMap<double, std::pair<double, int>> acc;
        int reps = 0;
        for (const StepRecord &s : run.steps) {
            if (s.status != QLatin1String("completed") || !matchesRow(s, row))
                continue;
            const QJsonObject d = s.summary.value(dir).toObject();
            if (!(d.value(QStringLiteral("bw")).toDouble() > 0 || d.value(QStringLiteral("iops")).toDouble() > 0))
                continue;
            const QJsonObject pct = percentilesOf(d);
            if (pct.isEmpty())
                continue;
            ++reps;
            for (auto it = pct.begin(); it != pct.end(); ++it) {
                bool ok = false;
                const double p = it.key().toDouble(&ok);
                const double v = it.value().toDouble(-1);
                if (!ok || p < 50 || p >= 100 || !(v > 0))
                    continue;
                auto &a = acc[p];
                a.first += v;
                ++a.second;
            }
        }
        if (acc.isEmpty())
            continue;
        PercentileCurve c;
        c.run = runIndex;
        c.direction = dir;
        c.repetitions = reps;
        for (auto it = acc.cbegin(); it != acc.cend(); ++it)
            c.points.append(QPointF(it.key(), it.value().first / it.value().second));
        test.percentiles.append(c);
    }
}

// The overlay lines and percentile curves of one run, per compared test. Runs in its
// own thread with its own store connection: the runs of a comparison load in parallel.
struct RunPart {
    QList<CompareTestData> tests;
    Error error;
};

RunPart prepareRun(const QString &storePath, const RunRecords &run, int i, const QList<CompareRow> &rows, int columns)
{
    RunPart part;
    part.tests = QList<CompareTestData>(rows.size());
    SessionStore store(storePath);
    if (const Error e = store.open()) {
        part.error = e;
        return part;
    }
    // Repetitions of every compared test, by plan step index and by node.
    QHash<int, QList<Window>> byStep;
    QHash<QString, QList<Window>> byNode;
    for (const StepRecord &s : run.steps) {
        for (int r = 0; r < rows.size(); ++r) {
            if (!matchesRow(s, rows.at(r)))
                continue;
            const double start
                = run.run.started.isValid() && s.started.isValid() ? run.run.started.msecsTo(s.started) / 1000.0 : 0.0;
            const Window w {start, r, s.iteration, s.node};
            byStep[s.index].append(w);
            byNode[s.node].append(w);
        }
    }
    auto byStart = [](const Window &a, const Window &b) { return a.start < b.start; };
    for (auto &l : byStep)
        std::sort(l.begin(), l.end(), byStart);
    for (auto &l : byNode)
        std::sort(l.begin(), l.end(), byStart);

    QElapsedTimer clock;
    clock.start();
    const QList<SeriesData> series = store.series(run.run.id);
    if (const Error e = store.lastError()) {
        part.error = e;
        return part;
    }
    const double readMs = clock.nsecsElapsed() / 1e6;
    QHash<BucketKey, QList<QPointF>> buckets;
    QList<BucketKey> order;
    for (const SeriesData &s : series) {
        QList<Window> candidates;
        if (s.step >= 0) {
            const QList<Window> all = byStep.value(s.step);
            const QString node = nodeOfTarget(s.target);
            for (const Window &w : all)
                if (w.node == node || w.node == s.target)
                    candidates << w;
            if (candidates.isEmpty())
                candidates = all; // a target that does not name its node
        } else {
            candidates = byNode.value(s.target); // node metrics: by time
        }
        if (candidates.isEmpty())
            continue;
        qsizetype c = 0;
        QList<QPointF> *dest = nullptr;
        qsizetype destFor = -1;
        for (qsizetype k = 0; k < s.t.size(); ++k) {
            const double t = s.t.at(k);
            // the latest repetition that had started (0.5 s slack for clock offsets)
            while (c + 1 < candidates.size() && candidates.at(c + 1).start <= t + 0.5)
                ++c;
            while (c > 0 && candidates.at(c).start > t + 0.5)
                --c;
            const Window &w = candidates.at(c);
            if (destFor != c) {
                const BucketKey key {w.row, w.iteration, s.target, s.metric};
                auto it = buckets.find(key);
                if (it == buckets.end()) {
                    it = buckets.insert(key, {});
                    it->reserve(s.t.size());
                    order << key;
                }
                dest = &it.value();
                destFor = c;
            }
            dest->append(QPointF(t - w.start, s.v.at(k)));
        }
    }

    // Targets per test: node metrics (CPU of the node) do not count as targets.
    QHash<int, QSet<QString>> targetsPerRow;
    for (const BucketKey &key : std::as_const(order))
        if (key.target != clusterTotalNode() && (key.target.contains(QLatin1Char(':')) || !byNode.contains(key.target)))
            targetsPerRow[key.row].insert(key.target);
    for (int r = 0; r < rows.size(); ++r)
        part.tests[r].targetCount = std::max(1, int(targetsPerRow.value(r).size()));

    // Per-target lines (unless the view will show totals), then totals over the
    // targets of each test and repetition.
    QHash<BucketKey, QList<const QList<QPointF> *>> groups; // target empty
    QList<BucketKey> groupOrder;
    QSet<BucketKey> exact; // groups whose total the run recorded itself
    const auto byX = [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); };
    for (const BucketKey &key : std::as_const(order)) {
        QList<QPointF> &pts = buckets[key];
        if (!std::is_sorted(pts.begin(), pts.end(), byX))
            std::stable_sort(pts.begin(), pts.end(), byX);
        CompareTestData &test = part.tests[key.row];
        if (!test.metrics.contains(key.metric))
            test.metrics << key.metric;
        const BucketKey g {key.row, key.iteration, QString(), key.metric};
        if (key.target == clusterTotalNode()) {
            // The run's own total (merged histograms, stats/livetotal.h) is the total line.
            test.lines.append(OverlayLine {i, key.iteration, QString(), key.metric, decimateMinMax(pts, columns)});
            exact.insert(g);
            continue;
        }
        if (test.targetCount <= kTotalsAbove)
            test.lines.append(OverlayLine {i, key.iteration, key.target, key.metric, decimateMinMax(pts, columns)});
        if (!groups.contains(g))
            groupOrder << g;
        groups[g].append(&pts);
    }
    for (const BucketKey &g : std::as_const(groupOrder)) {
        const auto &members = groups.value(g);
        if (members.size() < 2 || exact.contains(g))
            continue;
        part.tests[g.row].lines.append(OverlayLine {
            i, g.iteration, QString(), g.metric, decimateMinMax(totalOf(members, isRate(g.metric)), columns)});
    }
    for (int r = 0; r < rows.size(); ++r)
        addPercentiles(run, i, rows.at(r), part.tests[r]);
    qCDebug(lcCompare) << "run" << run.run.id << ":" << series.size() << "series read in" << readMs << "ms, prepared in"
                       << clock.nsecsElapsed() / 1e6 << "ms";
    return part;
}

} // namespace

QStringList orderedMetrics(const QStringList &metrics)
{
    static const QStringList first {metric::ReadBw, metric::WriteBw, metric::ReadIops, metric::WriteIops,
        metric::ReadLatP50, metric::WriteLatP50, metric::ReadLatP99, metric::WriteLatP99, metric::ReadLatP999,
        metric::WriteLatP999, metric::ReadLatMean, metric::WriteLatMean, metric::NetBw, metric::CpuBusy,
        metric::CpuIowait};
    QStringList out;
    for (const QString &m : first)
        if (metrics.contains(m))
            out << m;
    QStringList rest;
    for (const QString &m : metrics)
        if (!first.contains(m) && !rest.contains(m))
            rest << m;
    rest.sort();
    return out + rest;
}

CompareData loadCompareData(const QString &storePath, const QList<RunId> &ids, int columns)
{
    QElapsedTimer clock;
    clock.start();
    CompareData out;
    out.ids = ids;
    if (ids.size() < 2) {
        out.error = Error(Error::Code::InvalidInput, QStringLiteral("a comparison needs at least two runs"));
        return out;
    }
    SessionStore store(storePath);
    if (const Error e = store.open()) {
        out.error = e;
        return out;
    }
    QList<RunRecords> runs;
    for (RunId id : ids) {
        RunRecords r;
        if (const Error e = loadRunRecords(store, id, &r)) {
            out.error = e;
            return out;
        }
        runs << r;
    }
    if (QSet<RunId>(ids.begin(), ids.end()).size() != ids.size()) {
        out.error = Error(Error::Code::InvalidInput, QStringLiteral("a run is named twice"));
        return out;
    }
    out.compare = compareRunRecords(runs);
    out.differences = runDifferences(runs, &out.parameterDifferences, true);
    const QList<CompareRow> &rows = out.compare.rows;
    out.tests = QList<CompareTestData>(rows.size());

    QList<QFuture<RunPart>> others;
    for (int i = 1; i < runs.size(); ++i)
        others << QtConcurrent::run(prepareRun, storePath, runs.at(i), i, rows, columns);
    QList<RunPart> parts {prepareRun(storePath, runs.at(0), 0, rows, columns)};
    for (QFuture<RunPart> &f : others)
        parts << f.result(); // a worker thread waiting for workers, never the UI thread
    for (const RunPart &part : std::as_const(parts)) {
        if (part.error) {
            out.error = part.error;
            return out;
        }
        for (int r = 0; r < rows.size(); ++r) {
            CompareTestData &t = out.tests[r];
            const CompareTestData &p = part.tests.at(r);
            for (const QString &m : p.metrics)
                if (!t.metrics.contains(m))
                    t.metrics << m;
            t.lines << p.lines;
            t.percentiles << p.percentiles;
            t.targetCount = std::max(t.targetCount, p.targetCount);
        }
    }
    for (CompareTestData &t : out.tests)
        t.metrics = orderedMetrics(t.metrics);
    out.loadMs = clock.nsecsElapsed() / 1e6;
    qCDebug(lcCompare) << "compare of" << ids << "loaded in" << out.loadMs << "ms";
    return out;
}

} // namespace cm::ui
