// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/exportsource.h"

#include "render/scalingchart.h"
#include "report/compareexport.h"
#include "report/runexport.h"
#include "report/unitformat.h"

#include <QStringList>

#include <QMap>

namespace cm::ui {

render::TimeChart ExportSource::chart(bool redact) const
{
    render::TimeChart c = data.chart;
    if (redact) {
        Redactor red;
        red.addRecords(data.records);
        render::redactChart(c, red);
    }
    return c;
}

namespace {

// Every host, IP and MAC of the runs shown (one run, or all compared runs).
void addAll(Redactor &red, const ExportSource &s)
{
    if (!s.isCompare()) {
        red.addRecords(s.data.records);
        return;
    }
    for (const RunRecords &r : s.compareRecords)
        red.addRecords(r);
    for (const QString &h : s.compare.hostNames)
        red.addHost(h);
}

QString figureText(double v, metric::Unit unit)
{
    return formatFigure(unit, v);
}

// One line per test and headline figure: baseline → each other run, % change and
// whether it is beyond noise (Welch's t-test over the repetitions).
QString compareSummary(const RunCompare &c)
{
    QStringList lines;
    for (const CompareRow &row : c.rows) {
        for (const CompareFigure &f : row.figures) {
            if (f.key.contains(QLatin1String(".lat.p50")) || f.values.isEmpty())
                continue; // the headline figures and p99 latency are enough for a post
            const GroupStats base = groupStats(f.values.first());
            if (base.n == 0)
                continue;
            QStringList parts {figureText(base.mean, f.unit)};
            for (qsizetype i = 1; i < f.values.size(); ++i) {
                const GroupStats other = groupStats(f.values.at(i));
                if (other.n == 0)
                    continue;
                const CompareStats &st = f.vsBaseline.value(i - 1);
                const QString mark = !st.tested ? QStringLiteral("no noise estimate")
                    : st.significant            ? QStringLiteral("beyond noise, p = %1").arg(formatSignificant(st.p, 2))
                                                : QStringLiteral("within noise");
                parts << QStringLiteral("%1 (%2%3 %, %4)")
                             .arg(figureText(other.mean, f.unit), st.changePct >= 0 ? QStringLiteral("+") : QString(),
                                 QString::number(st.changePct, 'f', 1), mark);
            }
            lines << QStringLiteral("%1 (%2), %3: %4")
                         .arg(row.title.isEmpty() ? row.testId : row.title, row.node, f.label,
                             parts.join(QStringLiteral(" → ")));
        }
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QImage ExportChart::image(const render::RenderOptions &o) const
{
    if (isStrip)
        return render::chartImage(strip, o);
    return isBars ? render::chartImage(bars, o) : render::chartImage(time, o);
}

QByteArray ExportChart::svg(const render::RenderOptions &o) const
{
    if (isStrip)
        return render::chartSvg(strip, o);
    return isBars ? render::chartSvg(bars, o) : render::chartSvg(time, o);
}

ExportChart ExportSource::exportChart(bool redact, ChartView view) const
{
    ExportChart c;
    c.isBars = isCompare() || (view == ChartView::Scaling && hasScaling());
    c.isStrip = !c.isBars && view == ChartView::Strip && hasStrip();
    if (c.isStrip) {
        c.strip = strip;
        if (redact) {
            Redactor red;
            red.addRecords(data.records);
            render::redactChart(c.strip, red);
        }
    } else if (isCompare()) {
        c.bars = barChart(redact);
    } else if (c.isBars) {
        c.bars = scaling;
        if (redact) {
            Redactor red;
            red.addRecords(data.records);
            render::redactChart(c.bars, red);
        }
    } else {
        c.time = chart(redact);
    }
    return c;
}

QString ExportSource::title() const
{
    return isCompare() ? bars.title : data.records.run.name;
}

render::BarChart ExportSource::barChart(bool redact) const
{
    render::BarChart c = bars;
    if (redact) {
        Redactor red;
        addAll(red, *this);
        render::redactChart(c, red);
    }
    return c;
}

QImage ExportSource::image(const render::RenderOptions &o, bool redact) const
{
    return exportChart(redact).image(o);
}

QByteArray ExportSource::svg(const render::RenderOptions &o, bool redact) const
{
    return exportChart(redact).svg(o);
}

QString ExportSource::table(ExportFormat format, bool redact) const
{
    if (isCompare())
        return compareExport(compare, format, redact);
    Error e;
    return runExport(data.records, format, redact, &e);
}

QString ExportSource::summaryText() const
{
    if (isCompare())
        return compareSummary(compare);
    struct Acc {
        QString title, node;
        double rbw = 0, wbw = 0, riops = 0, wiops = 0;
        int n = 0;
    };
    QList<QString> order;
    QMap<QString, Acc> acc;
    for (const StepRecord &s : data.records.steps) {
        if (s.status != QLatin1String("completed"))
            continue;
        const QString key = QString::number(s.index) + QLatin1Char('\x1f') + s.node;
        if (!acc.contains(key)) {
            order << key;
            acc.insert(key, Acc {s.title.isEmpty() ? s.testId : s.title, s.node});
        }
        Acc &a = acc[key];
        const QJsonObject r = s.summary.value(QStringLiteral("read")).toObject();
        const QJsonObject w = s.summary.value(QStringLiteral("write")).toObject();
        a.rbw += r.value(QStringLiteral("bw")).toDouble();
        a.wbw += w.value(QStringLiteral("bw")).toDouble();
        a.riops += r.value(QStringLiteral("iops")).toDouble();
        a.wiops += w.value(QStringLiteral("iops")).toDouble();
        ++a.n;
    }
    QStringList lines;
    for (const QString &key : std::as_const(order)) {
        const Acc &a = acc[key];
        QStringList figs;
        if (a.rbw > 0 || a.riops > 0)
            figs << QStringLiteral("read %1, %2 IOPS").arg(formatBytesPerSec(a.rbw / a.n), formatIops(a.riops / a.n));
        if (a.wbw > 0 || a.wiops > 0)
            figs << QStringLiteral("write %1, %2 IOPS").arg(formatBytesPerSec(a.wbw / a.n), formatIops(a.wiops / a.n));
        if (!figs.isEmpty())
            lines << QStringLiteral("%1 (%2): %3").arg(a.title, a.node, figs.join(QStringLiteral("; ")));
    }
    return lines.join(QLatin1Char('\n'));
}

QString ExportSource::redactText(const QString &text) const
{
    Redactor red;
    addAll(red, *this);
    return red.apply(text);
}

QString ExportSource::baseFileName() const
{
    return exportBaseName(isCompare() ? compareIds : QList<RunId> {data.records.run.id});
}

QString exportBaseName(const QList<RunId> &ids)
{
    if (ids.size() < 2)
        return QStringLiteral("clustermark-run-%1").arg(ids.value(0));
    QStringList parts;
    for (RunId id : ids)
        parts << QString::number(id);
    return QStringLiteral("clustermark-compare-") + parts.join(QLatin1Char('-'));
}

QString exportSubject(const QList<RunId> &ids)
{
    QStringList parts;
    for (RunId id : ids)
        parts << QString::number(id);
    return ids.size() == 1 ? QStringLiteral("run %1").arg(ids.first())
                           : QStringLiteral("runs %1").arg(parts.join(QStringLiteral(" vs ")));
}

ExportSource loadExportSource(const QString &storePath, const QList<RunId> &ids)
{
    if (ids.size() < 2)
        return loadExportSource(storePath, ids.value(0));
    ExportSource s;
    s.compareIds = ids;
    SessionStore store(storePath);
    if (const Error e = store.open()) {
        s.error = e;
        return s;
    }
    if ((s.error = render::loadCompareChart(store, ids, false, &s.bars)))
        return s;
    if ((s.error = compareRuns(store, ids, &s.compare)))
        return s;
    for (RunId id : ids) {
        RunRecords r;
        if ((s.error = loadRunRecords(store, id, &r)))
            return s;
        s.compareRecords << r;
    }
    return s;
}

ExportSource loadExportSource(const QString &storePath, RunId id)
{
    ExportSource s;
    SessionStore store(storePath);
    if (const Error e = store.open()) {
        s.error = e;
        return s;
    }
    s.error = render::loadRunChart(store, id, false, &s.data);
    if (!s.error)
        s.scaling = render::buildScalingChart(s.data.records);
    if (!s.error && render::loadStripChart(store, id, false, &s.strip))
        s.strip = {}; // a run that watched no node has no strip
    return s;
}

} // namespace cm::ui
