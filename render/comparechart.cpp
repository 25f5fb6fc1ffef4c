// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/comparechart.h"

#include "render/chartfooter.h"
#include "report/redactor.h"
#include "report/stepoperations.h"

#include <cmath>

namespace cm::render {

namespace {

const CompareFigure *figure(const CompareRow &row, const QString &key)
{
    for (const CompareFigure &f : row.figures)
        if (f.key == key)
            return &f;
    return nullptr;
}

double firstMean(const CompareFigure &f)
{
    for (const QList<double> &v : f.values) {
        const GroupStats g = groupStats(v);
        if (g.n > 0)
            return g.mean;
    }
    return std::nan("");
}

BarGroup group(const CompareRow &row, const CompareFigure &f, int runs)
{
    BarGroup g;
    g.label = row.title.isEmpty() ? row.testId : row.title;
    if (!row.node.isEmpty())
        g.label += QStringLiteral(" · ") + row.node;
    if (!row.target.isEmpty())
        g.label += QStringLiteral(" · ") + row.target;
    g.figure = f.label;
    g.quantity = quantityOf(f.unit);
    g.higherIsBetter = f.higherIsBetter;
    for (int i = 0; i < runs; ++i) {
        const GroupStats s = groupStats(f.values.value(i));
        g.values << (s.n > 0 ? s.mean : std::nan(""));
        if (i == 0) {
            g.changePct << std::nan("");
            g.significant << false;
        } else {
            const CompareStats cs = f.vsBaseline.value(i - 1);
            g.changePct << (cs.a.n > 0 && cs.b.n > 0 ? cs.changePct : std::nan(""));
            g.significant << cs.significant;
        }
    }
    return g;
}

} // namespace

BarChart buildCompareChart(const RunCompare &c, const QList<RunRecords> &records, const CompareChartOptions &o)
{
    BarChart b;
    const int runs = int(c.runs.size());
    QStringList ids;
    for (int i = 0; i < runs; ++i) {
        const RunInfo &r = c.runs.at(i);
        ids << QString::number(r.id);
        b.runs << LegendEntry {QStringLiteral("%1run %2: %3 · %4")
                                   .arg(i == 0 ? QStringLiteral("baseline ") : QString())
                                   .arg(r.id)
                                   .arg(r.name, runDateText(r)),
            i};
    }
    b.title = QStringLiteral("Comparison of runs %1").arg(ids.join(QStringLiteral(" vs ")));
    for (const CompareRow &row : c.rows) {
        for (const QString &dir : {QStringLiteral("read"), QStringLiteral("write")}) {
            const CompareFigure *bw = figure(row, dir + QStringLiteral(".bw"));
            const CompareFigure *iops = figure(row, dir + QStringLiteral(".iops"));
            if (!bw && !iops)
                continue;
            const CompareFigure *head = bw ? bw : iops;
            if (bw && iops) {
                const double blockBytes = firstMean(*bw) / firstMean(*iops);
                head = std::isfinite(blockBytes) && blockBytes < 64 * 1024 ? iops : bw;
            }
            b.groups << group(row, *head, runs);
            if (o.latency)
                if (const CompareFigure *lat = figure(row, dir + QStringLiteral(".lat.p99")))
                    b.groups << group(row, *lat, runs);
        }
        // CephFS metadata and S3 HEAD/DELETE/LIST: the rate, and p99 with latency on.
        for (const CompareFigure &f : row.figures) {
            if (!isOperationFigureKey(f.key) || !f.key.endsWith(QLatin1String(".iops")))
                continue;
            b.groups << group(row, f, runs);
            if (o.latency)
                if (const CompareFigure *lat = figure(row, f.key.chopped(5) + QStringLiteral(".lat.p99")))
                    b.groups << group(row, *lat, runs);
        }
    }
    b.note = QStringLiteral(
        "% change against the baseline; * significant (Welch's t-test over the repetitions, p < 0.05)");

    if (!records.isEmpty())
        b.footer = runFooter(records.first());
    b.footer.test = QStringLiteral("Test: %1").arg(b.title);
    QStringList names;
    for (const RunInfo &r : c.runs)
        if (!names.contains(r.name))
            names << r.name;
    b.footer.test += QStringLiteral(" · ") + names.join(QStringLiteral(" / "));
    if (!b.footer.parameters.isEmpty())
        b.footer.parameters = QStringLiteral("Baseline p") + b.footer.parameters.mid(1);
    if (c.parametersDiffer)
        b.footer.extra << QStringLiteral("Warning: the runs' parameters differ (not like for like)");
    constexpr int kMaxDifferences = 4;
    QStringList diffs = c.differences.mid(0, kMaxDifferences);
    if (c.differences.size() > kMaxDifferences)
        diffs << QStringLiteral("%1 more").arg(c.differences.size() - kMaxDifferences);
    if (!diffs.isEmpty())
        b.footer.extra << QStringLiteral("Differences: ") + diffs.join(QStringLiteral("; "));
    b.footer.appVersion = QStringLiteral("ClusterMark %1").arg(QLatin1String(CLUSTERMARK_VERSION));
    return b;
}

void addCompareNames(Redactor &red, const RunCompare &c, const QList<RunRecords> &records)
{
    for (const RunRecords &r : records)
        red.addRecords(r);
    for (const QString &h : c.hostNames)
        red.addHost(h);
}

} // namespace cm::render
