// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/experimentreport.h"

#include "report/unitformat.h"

#include <QLocale>

#include <cmath>

namespace cm {

namespace {

// A change in percent with its sign and thousands separators: "+6,200 %", "-3.1 %".
QString percent(double v)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    const int decimals = std::abs(v) >= 100 ? 0 : 1;
    const QString n = QLocale::c().toString(std::abs(v), 'f', decimals);
    return QStringLiteral("%1%2 %").arg(v < 0 ? QStringLiteral("-") : QStringLiteral("+"), n);
}

} // namespace

Error loadExperimentResult(SessionStore &store, const QString &id, ExperimentResult *out)
{
    *out = {};
    Error e;
    out->record = ExperimentStore(store).load(id, &e);
    if (e)
        return e;
    const int variants = int(out->record.experiment.variants.size());
    QList<RunRecords> merged(variants);
    out->counted = QList<int>(variants, 0);
    for (int v = 0; v < variants; ++v)
        merged[v].plan = out->record.experiment.plan;
    for (const ExperimentRun &run : std::as_const(out->record.runs)) {
        if (run.warmUp || run.variant < 0 || run.variant >= variants)
            continue;
        RunRecords r;
        if (Error le = loadRunRecords(store, run.run, &r))
            return le;
        if (r.run.status != RunStatus::Completed)
            continue;
        RunRecords &m = merged[run.variant];
        if (m.run.id == 0)
            m.run = r.run; // the variant's first run names it
        m.run.name = out->record.experiment.variants.at(run.variant).name;
        // Each counted run is one more repetition of every step.
        const int base = out->counted[run.variant] * 1000;
        for (StepRecord s : std::as_const(r.steps)) {
            s.iteration += base;
            m.steps << s;
        }
        out->timeOrder << std::make_pair(run.variant, out->counted[run.variant]);
        ++out->counted[run.variant];
    }
    if (std::count(out->counted.cbegin(), out->counted.cend(), 0) > 0)
        return {}; // a variant has no completed run yet: nothing to compare
    const RunCompare c = compareRunRecords(merged);
    for (const CompareRow &row : c.rows)
        for (const CompareFigure &f : row.figures) {
            ExperimentFigure x {row.displayTitle(), row.node, f, {}};
            for (int v = 1; v < f.values.size(); ++v)
                x.verdicts << judgeFigure(f.values.at(0), f.values.at(v), f.higherIsBetter);
            out->figures << x;
        }
    return {};
}

QStringList experimentVerdictLines(const ExperimentResult &r)
{
    QStringList out;
    const Experiment &x = r.record.experiment;
    for (const ExperimentFigure &f : r.figures)
        for (int v = 1; v <= f.verdicts.size() && v < x.variants.size(); ++v) {
            const FigureVerdict &d = f.verdicts.at(v - 1);
            const double mean = d.stats.a.mean;
            const bool interval = d.stats.tested && mean != 0;
            const QString ci = interval
                ? QStringLiteral(" (95 % CI %1 … %2)")
                      .arg(percent(100 * d.stats.ciLow / mean), percent(100 * d.stats.ciHigh / mean))
                : QString();
            const QString noise = std::isfinite(d.noiseFloorPct)
                ? QStringLiteral("; noise ±%1 %").arg(QLocale::c().toString(d.noiseFloorPct, 'f', 1))
                : QString();
            out << QStringLiteral("%1: %2 (%3) %4 %5%6, %7%8; %9 and %10 repetitions")
                       .arg(x.variants.at(v).name, f.test, f.node, f.figure.label, percent(d.stats.changePct), ci,
                           verdictName(d.verdict), noise)
                       .arg(r.counted.value(0))
                       .arg(r.counted.value(v));
        }
    return out;
}

TextTable experimentTable(const ExperimentResult &r)
{
    const Experiment &x = r.record.experiment;
    TextTable t;
    t.title = QStringLiteral("%1 — experiment %2 — %3")
                  .arg(x.name.isEmpty() ? x.plan.name : x.name, r.record.id, runStatusName(r.record.status));
    t.headers = {QStringLiteral("Test"), QStringLiteral("Node"), QStringLiteral("Figure"), QStringLiteral("Variant"),
        QStringLiteral("Baseline"), QStringLiteral("Variant mean"), QStringLiteral("Change"), QStringLiteral("95 % CI"),
        QStringLiteral("Noise"), QStringLiteral("Verdict")};
    t.rightAligned = {false, false, false, false, true, true, true, true, true, false};
    for (const ExperimentFigure &f : r.figures)
        for (int v = 1; v <= f.verdicts.size() && v < x.variants.size(); ++v) {
            const FigureVerdict &d = f.verdicts.at(v - 1);
            const double a = d.stats.a.mean;
            const bool interval = d.stats.tested && a != 0;
            t.rows << QStringList {f.test, f.node, f.figure.label, x.variants.at(v).name,
                formatFigure(f.figure.unit, a), formatFigure(f.figure.unit, d.stats.b.mean), percent(d.stats.changePct),
                interval
                    ? QStringLiteral("%1 … %2").arg(percent(100 * d.stats.ciLow / a), percent(100 * d.stats.ciHigh / a))
                    : QStringLiteral("–"),
                std::isfinite(d.noiseFloorPct)
                    ? QStringLiteral("±%1 %").arg(QLocale::c().toString(d.noiseFloorPct, 'f', 1))
                    : QStringLiteral("–"),
                verdictName(d.verdict)};
        }
    QStringList counts;
    for (int v = 0; v < x.variants.size(); ++v)
        counts << QStringLiteral("%1 × %2").arg(x.variants.at(v).name).arg(r.counted.value(v));
    t.notes << QStringLiteral("Runs: %1, %2%3. Welch's t-test, 95 % interval of the difference; noise: what the "
                              "baseline's own spread tells apart (A against A). Better or worse only beyond both.")
                   .arg(counts.join(QStringLiteral(", ")),
                       x.order == ExperimentOrder::Random ? QStringLiteral("in shuffled rounds (seed %1)").arg(x.seed)
                                                          : QStringLiteral("interleaved (A B B A …)"),
                       x.warmUp ? QStringLiteral(" after a warm-up run not counted") : QString());
    for (int v = 1; v < x.variants.size(); ++v) {
        QStringList changes;
        for (const KnobSetting &k : x.variants.at(v).knobs)
            changes << k.toString();
        const QJsonObject &target = x.variants.at(v).target;
        for (auto it = target.begin(); it != target.end(); ++it)
            changes << QStringLiteral("target.%1=%2").arg(it.key(), it.value().toVariant().toString());
        t.bullets << QStringLiteral("%1: %2").arg(x.variants.at(v).name, changes.join(QStringLiteral(", ")));
    }
    t.bulletsTitle = QStringLiteral("What each variant changed (put back after every run of it):");
    t.notes << QStringLiteral("ClusterMark %1").arg(QLatin1String(CLUSTERMARK_VERSION));
    return t;
}

} // namespace cm
