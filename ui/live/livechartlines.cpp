// SPDX-License-Identifier: GPL-3.0-or-later
// LiveChart's lines and legend: their names in the kind's words, their pens (a target's
// colour, a shade per direction, a style per metric) and where the legend goes.
#include "live/livechart.h"

#include "live/liveplotitem.h"
#include "bench/registry.h"
#include "targetcolors.h"

#include <QChart>
#include <QCoreApplication>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

namespace cm::ui {

namespace {
QString metricShortName(const QString &metric)
{
    const MetricSpec *spec = metricCatalog().find(metric);
    return spec ? QCoreApplication::translate(kMetricTextContext, spec->label) : metric;
}

Qt::PenStyle penStyle(MetricLine line)
{
    switch (line) {
    case MetricLine::Solid: return Qt::SolidLine;
    case MetricLine::Dash: return Qt::DashLine;
    case MetricLine::Dot: return Qt::DotLine;
    case MetricLine::DashDot: return Qt::DashDotLine;
    case MetricLine::DashDotDot: return Qt::DashDotDotLine;
    }
    return Qt::SolidLine;
}
} // namespace

// A read or write line's name in the kind's words ("GET p99"); other metrics keep the
// catalogue's label.
QString LiveChart::metricName(const QString &metric) const
{
    const MetricSpec *spec = metricCatalog().find(metric);
    const RateWords plain;
    const bool read = spec && spec->direction == QLatin1String("read");
    const bool write = spec && spec->direction == QLatin1String("write");
    if ((!read && !write) || (qstrcmp(m_words.read, plain.read) == 0 && qstrcmp(m_words.write, plain.write) == 0))
        return metricShortName(metric);
    const QString word = rateWord(read ? m_words.read : m_words.write);
    const qsizetype lat = metric.indexOf(QLatin1String(".lat."));
    if (lat >= 0)
        return word + QLatin1Char(' ') + metric.mid(lat + 5);
    if (metric.endsWith(QLatin1String(".bw")) || metric.endsWith(QLatin1String(".iops")))
        return word;
    return metricShortName(metric);
}

QString LiveChart::lineName(const QString &target, const QString &metric) const
{
    const int colon = target.indexOf(QLatin1Char(':'));
    const QString who = colon > 0 ? target.left(colon) : target;
    return who + QLatin1Char(' ') + metricName(metric);
}

// Read (GET) in the target's dark shade, write (PUT) in its light one, other
// operations in further shades of the same hue (targetcolors.h).
int LiveChart::directionIndex(const QString &metric)
{
    const MetricSpec *spec = metricCatalog().find(metric);
    const QString dir = spec ? spec->direction : QString();
    if (dir.isEmpty() || dir == QLatin1String("read"))
        return 0;
    if (dir == QLatin1String("write"))
        return 1;
    qsizetype i = m_directions.indexOf(dir);
    if (i < 0) {
        i = m_directions.size();
        m_directions.append(dir);
    }
    return int(i) + 2;
}

QLineSeries *LiveChart::createSeries(const QString &target, const QString &metric)
{
    auto *series = new QLineSeries();
    series->setName(lineName(target, metric));
    QPen pen(TargetColors::instance().shadeFor(target, directionIndex(metric)));
    pen.setWidthF(1.6);
    // One colour per target, a line style per metric (the catalogue's).
    if (const MetricSpec *spec = metricCatalog().find(metric))
        pen.setStyle(penStyle(spec->line));
    series->setPen(pen);
    chart()->addSeries(series);
    series->attachAxis(m_axisX);
    series->attachAxis(m_axisY);
    // Steps are separate series (no line across the gap between them); the legend keeps
    // one entry (hideDuplicateLegendMarkers).
    return series;
}

// One legend entry per target and metric, however many step segments it has. Done
// after every new series: the legend may rebuild its markers when series are added.
void LiveChart::hideDuplicateLegendMarkers()
{
    QSet<QString> seen;
    for (const QString &key : std::as_const(m_order)) {
        const Line &l = m_lines[key];
        if (!l.series)
            continue;
        const QString legendKey = l.target + QLatin1Char('\n') + l.metric;
        const bool first = !seen.contains(legendKey);
        seen.insert(legendKey);
        for (QLegendMarker *m : chart()->legend()->markers(l.series))
            m->setVisible(first);
    }
    m_legendEntries = int(seen.size());
    // One target: the legend names the figures only ("read p99"); its cards name it.
    QSet<QString> targets;
    for (const Line &l : std::as_const(m_lines))
        if (l.series)
            targets.insert(l.target);
    for (const Line &l : std::as_const(m_lines))
        if (l.series)
            l.series->setName(targets.size() > 1 ? lineName(l.target, l.metric) : metricName(l.metric));
    fitLegend();
}

void LiveChart::fitLegend()
{
    QLegend *legend = chart()->legend();
    QFont side = m_legendFont;
    side.setPointSizeF(side.pointSizeF() * 0.85);
    const int fit = std::max(4, (height() - 60) / (QFontMetrics(side).height() + 8));
    if (m_legendEntries > BottomLegendMax && m_legendEntries > std::min(SideLegendMax, fit)) {
        legend->setVisible(false);
        chart()->setTitle(
            tr("%1 (%2 lines, coloured as the cards; hover a line for its name)").arg(m_title).arg(m_legendEntries));
        return;
    }
    chart()->setTitle(m_title);
    legend->setVisible(true);
    if (m_legendEntries > BottomLegendMax) {
        legend->setFont(side);
        legend->setAlignment(Qt::AlignRight);
    } else {
        legend->setFont(m_legendFont);
        legend->setAlignment(Qt::AlignBottom);
    }
}

} // namespace cm::ui
