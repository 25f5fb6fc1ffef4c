// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/runchart.h"

#include "report/runexport.h"

#include "render/chartfooter.h"

#include "bench/registry.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace cm::render {

namespace {

enum PanelId { Throughput, Iops, Latency, PanelCount };

struct MetricSpec {
    QString metric;
    QString direction; // one legend entry per direction of a step and target
    PanelId panel;
    bool dashed;
};

// The catalogue's charted metrics (model/metriccatalog.h), in its order.
const QList<MetricSpec> &specs()
{
    static const QList<MetricSpec> s = [] {
        QList<MetricSpec> out;
        for (const cm::MetricSpec &m : metricCatalog().metrics()) {
            if (m.chart == MetricChart::Throughput)
                out.append({m.name, m.direction, Throughput, false});
            else if (m.chart == MetricChart::Ops)
                out.append({m.name, m.direction, Iops, false});
            else if (m.chart == MetricChart::Latency)
                out.append({m.name, m.direction, Latency, m.line != MetricLine::Solid});
        }
        return out;
    }();
    return s;
}

// Splits at NaN values and at pauses (between repetitions of a step): a gap longer
// than three typical sample intervals.
QList<QList<QPointF>> segments(const SeriesData &s)
{
    QList<double> dts;
    for (qsizetype i = 1; i < s.t.size(); ++i)
        dts << s.t.at(i) - s.t.at(i - 1);
    std::sort(dts.begin(), dts.end());
    const double typical = dts.isEmpty() ? 1.0 : std::max(0.05, dts.at(dts.size() / 2));
    QList<QList<QPointF>> out;
    QList<QPointF> cur;
    double lastT = -1e300;
    for (qsizetype i = 0; i < s.t.size() && i < s.v.size(); ++i) {
        const double t = s.t.at(i), v = s.v.at(i);
        if (!std::isfinite(t) || !std::isfinite(v) || t - lastT > 3 * typical) {
            if (!cur.isEmpty())
                out << cur;
            cur.clear();
        }
        if (std::isfinite(t) && std::isfinite(v))
            cur << QPointF(t, std::max(0.0, v));
        lastT = t;
    }
    if (!cur.isEmpty())
        out << cur;
    return out;
}

bool anyAboveZero(const SeriesData &s)
{
    return std::any_of(s.v.begin(), s.v.end(), [](double v) { return std::isfinite(v) && v > 0; });
}

} // namespace

TimeChart buildRunChart(const RunRecords &r, const QList<SeriesData> &series)
{
    TimeChart c;
    const QString kind = r.plan.kind.isEmpty() ? r.run.kind : r.plan.kind;
    c.title = r.run.name.isEmpty() ? kind : r.run.name;
    c.subtitle = QStringLiteral("%1 · run %2 · %3").arg(kind).arg(r.run.id).arg(runDateText(r.run));
    c.footer = runFooter(r);

    // Step titles by plan index; several nodes → the node is part of the label.
    QHash<int, QString> titles;
    for (int i = 0; i < r.plan.steps.size(); ++i)
        titles.insert(i, r.plan.steps.at(i).title.isEmpty() ? r.plan.steps.at(i).id : r.plan.steps.at(i).title);
    for (const StepRecord &s : r.steps)
        if (!titles.contains(s.index))
            titles.insert(s.index, s.title.isEmpty() ? s.testId : s.title);
    // Node monitor series (CPU, disks, links) are not drawn and do not count.
    auto drawn = [](const QString &metric) {
        return std::any_of(specs().begin(), specs().end(), [&](const MetricSpec &m) { return m.metric == metric; });
    };
    QHash<int, QSet<QString>> targetsOf;
    for (const SeriesData &s : series)
        if (drawn(s.metric))
            targetsOf[s.step].insert(s.target);
    bool manyTargets = false;
    for (auto it = targetsOf.begin(); it != targetsOf.end(); ++it)
        manyTargets = manyTargets || it.value().size() > 1;
    QSet<QString> nodes;
    for (const StepRecord &s : r.steps)
        nodes.insert(s.node);
    const bool showTarget = manyTargets || nodes.size() > 1;
    // "node1:/srv/cm-bench.file" → "node1" when that tells a step's targets apart.
    auto nodeOf = [](const QString &target) {
        const qsizetype colon = target.indexOf(QLatin1Char(':'));
        return colon > 0 ? target.left(colon) : target;
    };
    QHash<int, bool> nodeEnough;
    for (auto it = targetsOf.begin(); it != targetsOf.end(); ++it) {
        QSet<QString> n;
        for (const QString &t : it.value())
            n.insert(nodeOf(t));
        nodeEnough.insert(it.key(), n.size() == it.value().size());
    }

    // Directions that moved data, per step × target (fio reports zeros for the other).
    QHash<QString, QSet<QString>> dirsOf; // step \x1f target → directions
    for (const SeriesData &s : series) {
        for (const MetricSpec &m : specs()) {
            if (m.metric == s.metric && m.panel != Latency && anyAboveZero(s)) {
                const QString key = QString::number(s.step) + QChar(0x1f) + s.target;
                dirsOf[key].insert(m.direction);
            }
        }
    }

    QHash<QString, int> legendOf; // step \x1f target \x1f direction → legend index
    c.panels.resize(PanelCount);
    // A network run's throughput is drawn in bit/s, as its links are spoken of.
    bool bits = false, bytes = false;
    for (const SeriesData &s : series)
        for (const MetricSpec &m : specs())
            if (m.metric == s.metric && m.panel == Throughput) {
                const bool isBits = metric::unitOf(s.metric) == metric::Unit::BitRate;
                bits = bits || isBits;
                bytes = bytes || !isBits;
            }
    c.panels[Throughput]
        = {QStringLiteral("Throughput"), bits && !bytes ? Quantity::BitRate : Quantity::BytesPerSec, {}, {}, 0, {}};
    // The kind's words: "I/O operations (k IOPS)", "Requests (requests/s)".
    const RateWords words = rateWordsOf(kind);
    const char *opsTitle = words.noun == OpsNoun::Requests ? "Requests"
        : words.noun == OpsNoun::Ops                       ? "Operations"
                                                           : "I/O operations";
    c.panels[Iops] = {QString::fromLatin1(opsTitle), Quantity::OpsPerSec, {}, {}, 0,
        words.noun == OpsNoun::Iops ? QString() : QString::fromUtf8(opsUnit(words.noun))};
    c.panels[Latency] = {QStringLiteral("Completion latency"), Quantity::Nanoseconds, {},
        QStringLiteral("solid p50, dashed p99"), 30, {}};

    // Legend in plan order: series by step, then target, then the order of specs().
    auto specIndex = [](const QString &metric) {
        for (qsizetype i = 0; i < specs().size(); ++i)
            if (specs().at(i).metric == metric)
                return int(i);
        return -1;
    };
    QList<const SeriesData *> ordered;
    for (const SeriesData &s : series)
        if (specIndex(s.metric) >= 0)
            ordered << &s;
    std::stable_sort(ordered.begin(), ordered.end(), [&](const SeriesData *a, const SeriesData *b) {
        if (a->step != b->step)
            return a->step < b->step;
        if (a->target != b->target)
            return a->target < b->target;
        return specIndex(a->metric) < specIndex(b->metric);
    });
    for (const SeriesData *s : std::as_const(ordered)) {
        const MetricSpec &m = specs().at(specIndex(s->metric));
        const QString stKey = QString::number(s->step) + QChar(0x1f) + s->target;
        const QSet<QString> dirs = dirsOf.value(stKey);
        if (!dirs.contains(m.direction))
            continue;
        const QString key = stKey + QChar(0x1f) + m.direction;
        int legend = legendOf.value(key, -1);
        if (legend < 0) {
            QString label = titles.value(s->step, QStringLiteral("step %1").arg(s->step + 1));
            if (dirs.size() > 1)
                label += QStringLiteral(" (%1)").arg(m.direction);
            if (showTarget)
                label += QStringLiteral(" · ") + (nodeEnough.value(s->step) ? nodeOf(s->target) : s->target);
            legend = int(c.legend.size());
            legendOf.insert(key, legend);
            c.legend << LegendEntry {label, legend};
        }
        ChartLine line {legend, m.dashed, segments(*s)};
        if (line.segments.isEmpty())
            continue;
        for (const auto &seg : std::as_const(line.segments))
            c.tMax = std::max(c.tMax, seg.last().x());
        c.panels[m.panel].lines << line;
    }
    c.panels.erase(
        std::remove_if(c.panels.begin(), c.panels.end(), [](const ChartPanel &p) { return p.lines.isEmpty(); }),
        c.panels.end());
    return c;
}

} // namespace cm::render
