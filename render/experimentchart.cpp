// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/experimentchart.h"

#include "report/redactor.h"

#include <QLocale>

#include <cmath>

namespace cm::render {

namespace {

// Latency figures after the rates: the rates are what a tuning change is judged by first.
int rank(const ExperimentFigure &f)
{
    return f.figure.unit == metric::Unit::Nanoseconds ? 1 : 0;
}

// "-1.2 % (within noise)": short, so it fits beside the figure's name.
QString verdictText(const FigureVerdict &d)
{
    const QString word = d.verdict == Verdict::NoDifference ? QStringLiteral("within noise") : verdictName(d.verdict);
    if (!std::isfinite(d.stats.changePct))
        return word;
    return QStringLiteral("%1%2 % (%3)")
        .arg(d.stats.changePct >= 0 ? QStringLiteral("+") : QStringLiteral("-"),
            QLocale::c().toString(std::abs(d.stats.changePct), 'f', std::abs(d.stats.changePct) >= 100 ? 0 : 1), word);
}

} // namespace

BarChart buildExperimentChart(const ExperimentResult &r, int maxFigures)
{
    const Experiment &x = r.record.experiment;
    BarChart c;
    c.title = QStringLiteral("%1: every run in the order it ran").arg(x.name.isEmpty() ? x.plan.name : x.name);
    for (int v = 0; v < x.variants.size(); ++v)
        c.key << LegendEntry {x.variants.at(v).name, v};
    QList<int> seen(x.variants.size(), 0);
    for (const auto &[variant, rep] : r.timeOrder)
        c.runs << LegendEntry {QStringLiteral("%1 #%2").arg(x.variants.value(variant).name).arg(rep + 1), variant};
    QList<ExperimentFigure> figures = r.figures;
    std::stable_sort(figures.begin(), figures.end(),
        [](const ExperimentFigure &a, const ExperimentFigure &b) { return rank(a) < rank(b); });
    for (const ExperimentFigure &f : std::as_const(figures)) {
        if (c.groups.size() >= maxFigures)
            break;
        BarGroup g;
        g.label = QStringLiteral("%1 · %2").arg(f.test, f.node);
        QStringList verdicts;
        for (int v = 1; v <= f.verdicts.size() && v < x.variants.size(); ++v)
            verdicts << (x.variants.size() == 2
                    ? verdictText(f.verdicts.at(v - 1))
                    : QStringLiteral("%1 %2").arg(x.variants.at(v).name, verdictText(f.verdicts.at(v - 1))));
        g.figure = QStringLiteral("%1: %2").arg(f.figure.label, verdicts.join(QStringLiteral("; ")));
        g.quantity = quantityOf(f.figure.unit);
        g.higherIsBetter = f.figure.higherIsBetter;
        for (const auto &[variant, rep] : r.timeOrder) {
            // A run that repeated its steps gave several values: each run's own mean.
            const QList<double> all = f.figure.values.value(variant);
            const int per = r.counted.value(variant) > 0 ? int(all.size()) / r.counted.value(variant) : 0;
            double sum = 0;
            int n = 0;
            for (int i = rep * per; i < (rep + 1) * per && i < all.size(); ++i)
                if (std::isfinite(all.at(i))) {
                    sum += all.at(i);
                    ++n;
                }
            g.values << (n > 0 ? sum / n : std::nan(""));
            g.changePct << std::nan("");
            g.significant << false;
        }
        c.groups << g;
    }
    c.note = QStringLiteral("Bars in the order the runs went. The change is the variant's mean against the "
                            "baseline's; better or worse only when Welch's 95 % interval excludes 0 and the change "
                            "is beyond the baseline's own noise.");
    QStringList changes;
    for (int v = 1; v < x.variants.size(); ++v) {
        QStringList k;
        for (const KnobSetting &s : x.variants.at(v).knobs)
            k << s.toString();
        for (auto it = x.variants.at(v).target.begin(); it != x.variants.at(v).target.end(); ++it)
            k << QStringLiteral("target.%1=%2").arg(it.key(), it.value().toVariant().toString());
        changes << QStringLiteral("%1: %2").arg(x.variants.at(v).name, k.join(QStringLiteral(", ")));
    }
    c.footer.test = QStringLiteral("%1 · %2 · experiment %3 · %4")
                        .arg(x.plan.name, x.plan.kind, r.record.id, runStatusName(r.record.status));
    c.footer.extra = changes;
    c.footer.appVersion = QStringLiteral("ClusterMark %1").arg(QLatin1String(CLUSTERMARK_VERSION));
    return c;
}

Error loadExperimentChart(SessionStore &store, const QString &id, bool redact, BarChart *out)
{
    ExperimentResult r;
    if (Error e = loadExperimentResult(store, id, &r))
        return e;
    if (r.figures.isEmpty())
        return Error(
            Error::Code::PathMissing, QStringLiteral("experiment %1 has no completed runs to draw").arg(id), id);
    *out = buildExperimentChart(r);
    if (redact) {
        Redactor red;
        for (const NodeSpec &n : r.record.experiment.plan.nodes) {
            red.addHost(n.displayName());
            red.addHost(n.host);
        }
        redactChart(*out, red);
    }
    return {};
}

} // namespace cm::render
