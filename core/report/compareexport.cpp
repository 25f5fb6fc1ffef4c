// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/compareexport.h"

#include "report/redactor.h"
#include "report/unitformat.h"

#include <QJsonDocument>
#include <QTimeZone>

#include <cmath>

namespace cm {

namespace {

const QString Dash = QStringLiteral("–");

QString value(metric::Unit unit, double v)
{
    return formatColumnFigure(unit, v);
}

QString meanCell(const CompareFigure &f, int run)
{
    const GroupStats g = groupStats(f.values.value(run));
    if (g.n == 0)
        return Dash;
    if (g.n == 1)
        return value(f.unit, g.mean);
    return QStringLiteral("%1 ± %2").arg(value(f.unit, g.mean), value(f.unit, g.stddev));
}

// A significant change also says which way is good for the figure (latency down is better).
QString changeCell(const CompareStats &s, bool higherIsBetter)
{
    if (!std::isfinite(s.changePct))
        return Dash;
    QString c = QStringLiteral("%1%2 %").arg(
        s.changePct >= 0 ? QStringLiteral("+") : QString(), QString::number(s.changePct, 'f', 1));
    if (s.significant)
        c += (s.diff > 0) == higherIsBetter ? QStringLiteral("* better") : QStringLiteral("* worse");
    else if (!s.tested && s.a.n > 0 && s.b.n > 0)
        c += QChar(0x2020); // †: not tested
    return c;
}

QString pCell(const CompareStats &s)
{
    if (!s.tested)
        return Dash;
    if (s.p < 0.001)
        return QStringLiteral("<0.001");
    return QString::number(s.p, 'f', 3);
}

QString num(double v)
{
    return std::isfinite(v) ? QString::number(v, 'g', 10) : QString();
}

QString runLine(const RunInfo &r)
{
    const QString date = r.started.isValid()
        ? r.started.toTimeZone(QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))
        : Dash;
    QString s = QStringLiteral("Run %1: %2 — %3 — %4").arg(r.id).arg(r.name, date, runStatusName(r.status));
    if (!r.sessionName.isEmpty())
        s += QStringLiteral(" — session %1").arg(r.sessionName);
    return s;
}

} // namespace

TextTable compareTable(const RunCompare &c)
{
    TextTable t;
    QStringList ids;
    for (const RunInfo &r : c.runs)
        ids << QString::number(r.id);
    t.title
        = QStringLiteral("Comparison of runs %1 (baseline: run %2)").arg(ids.join(QStringLiteral(", ")), ids.value(0));
    t.headers = {QStringLiteral("Test"), QStringLiteral("Node"), QStringLiteral("Figure"), QStringLiteral("Reps")};
    t.rightAligned = {false, false, false, true};
    for (int i = 0; i < c.runs.size(); ++i) {
        t.headers << QStringLiteral("Run %1").arg(c.runs.at(i).id);
        t.rightAligned << true;
        if (i > 0) {
            t.headers << QStringLiteral("Change") << QStringLiteral("p");
            t.rightAligned << true << true;
        }
    }
    bool untested = false;
    for (const CompareRow &row : c.rows) {
        QStringList reps;
        for (int n : row.repetitions)
            reps << QString::number(n);
        const QString test
            = row.target.isEmpty() ? row.displayTitle() : QStringLiteral("%1 (%2)").arg(row.displayTitle(), row.target);
        if (row.figures.isEmpty()) {
            QStringList cells {test, row.node, Dash, reps.join(QStringLiteral(" / "))};
            t.rows << cells;
            continue;
        }
        for (const CompareFigure &f : row.figures) {
            QStringList cells {test, row.node, f.label, reps.join(QStringLiteral(" / "))};
            for (int i = 0; i < c.runs.size(); ++i) {
                cells << meanCell(f, i);
                if (i > 0) {
                    const CompareStats s = f.vsBaseline.value(i - 1);
                    untested = untested || (!s.tested && s.a.n > 0 && s.b.n > 0);
                    cells << changeCell(s, f.higherIsBetter) << pCell(s);
                }
            }
            t.rows << cells;
        }
    }
    for (const RunInfo &r : c.runs)
        t.notes << runLine(r);
    t.notes << QStringLiteral("MB/s: 10^6 bytes/s. Values: mean ± standard deviation over the repetitions. "
                              "Change: against run %1; * significant (Welch's t-test, two-sided p < 0.05).")
                   .arg(ids.value(0));
    if (untested)
        t.notes << QStringLiteral("† no noise estimate (1 repetition): the change is not tested.");
    if (c.parametersDiffer)
        t.notes << QStringLiteral(
            "Warning: the runs' parameters differ (listed below): the figures are not like for like.");
    QList<QList<StepCaveat>> caveats;
    for (const CompareRow &row : c.rows)
        caveats << row.caveats;
    t.notes << StepCaveats::legend(caveats);
    for (const CompareWarning &w : c.warnings)
        t.notes << QStringLiteral("Warning: %1").arg(w.text());
    t.notes << QStringLiteral("ClusterMark %1").arg(QLatin1String(CLUSTERMARK_VERSION));
    t.bullets = c.differences;
    if (!c.differences.isEmpty())
        t.bulletsTitle = QStringLiteral("The runs differ in:");
    return t;
}

TextTable compareCsvTable(const RunCompare &c)
{
    TextTable t;
    t.headers = {QStringLiteral("test_id"), QStringLiteral("title"), QStringLiteral("node"), QStringLiteral("target"),
        QStringLiteral("figure"), QStringLiteral("unit")};
    for (int i = 0; i < c.runs.size(); ++i) {
        const QString p = QStringLiteral("run%1_").arg(c.runs.at(i).id);
        t.headers << p + QStringLiteral("n") << p + QStringLiteral("mean") << p + QStringLiteral("stddev");
        if (i > 0)
            t.headers << p + QStringLiteral("change_pct") << p + QStringLiteral("t") << p + QStringLiteral("df")
                      << p + QStringLiteral("p") << p + QStringLiteral("ci95_low") << p + QStringLiteral("ci95_high")
                      << p + QStringLiteral("significant");
    }
    t.headers << QStringLiteral("caveats"); // ids of stepcaveats.h, ';'-separated
    for (const CompareRow &row : c.rows) {
        QStringList caveatIds;
        for (const StepCaveat &cv : row.caveats)
            caveatIds << cv.id;
        for (const CompareFigure &f : row.figures) {
            const QString unit = f.unit == metric::Unit::BytesPerSec || f.unit == metric::Unit::BitRate
                ? QStringLiteral("bytes/s")
                : f.unit == metric::Unit::OpsPerSec   ? QStringLiteral("ops/s")
                : f.unit == metric::Unit::Nanoseconds ? QStringLiteral("ns")
                                                      : QString();
            QStringList cells {row.testId, row.title, row.node, row.target, f.key, unit};
            for (int i = 0; i < c.runs.size(); ++i) {
                const GroupStats g = groupStats(f.values.value(i));
                cells << QString::number(g.n) << num(g.mean) << num(g.stddev);
                if (i > 0) {
                    const CompareStats s = f.vsBaseline.value(i - 1);
                    cells << num(s.changePct) << num(s.t) << num(s.df) << num(s.p) << num(s.ciLow) << num(s.ciHigh)
                          << (s.tested ? (s.significant ? QStringLiteral("yes") : QStringLiteral("no")) : QString());
                }
            }
            cells << caveatIds.join(QLatin1Char(';'));
            t.rows << cells;
        }
    }
    return t;
}

QString compareExport(const RunCompare &c, ExportFormat format, bool redact)
{
    QString text;
    switch (format) {
    case ExportFormat::Markdown: text = tableMarkdown(compareTable(c)); break;
    case ExportFormat::BBCode: text = tableBBCode(compareTable(c)); break;
    case ExportFormat::Csv: text = tableCsv(compareCsvTable(c)); break;
    case ExportFormat::Json: text = QString::fromUtf8(QJsonDocument(c.toJson()).toJson(QJsonDocument::Indented)); break;
    case ExportFormat::CrystalText: return {};
    }
    if (!redact)
        return text;
    Redactor r;
    for (const QString &h : c.hostNames)
        r.addHost(h);
    return r.apply(text);
}

} // namespace cm
