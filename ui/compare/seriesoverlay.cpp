// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/seriesoverlay.h"

#include "bench/registry.h"

#include "chartpalette.h"
#include "compare/comparemarks.h"
#include "targetcolors.h"

#include <QChart>
#include <QCoreApplication>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include <cmath>

namespace cm::ui {

namespace {
double niceStep(double range, int ticks)
{
    if (!(range > 0))
        return 1;
    const double raw = range / ticks;
    const double e = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * e >= raw)
            return m * e;
    return 10 * e;
}
} // namespace

QString metricLabel(const QString &m)
{
    const MetricSpec *spec = metricCatalog().find(m);
    if (!spec)
        return m;
    const bool read = spec->direction == QLatin1String("read");
    if (read || spec->direction == QLatin1String("write")) {
        const QString dir = read ? SeriesOverlay::tr("read") : SeriesOverlay::tr("write");
        if (spec->unit == metric::Unit::BytesPerSec)
            return SeriesOverlay::tr("%1 bandwidth").arg(dir);
        if (spec->unit == metric::Unit::OpsPerSec)
            return SeriesOverlay::tr("%1 IOPS").arg(dir);
        if (spec->unit == metric::Unit::Nanoseconds && m.contains(QLatin1String(".lat.")))
            return SeriesOverlay::tr("%1 latency %2").arg(dir, m.section(QLatin1String(".lat."), 1));
    }
    if (m == metric::CpuBusy)
        return SeriesOverlay::tr("node CPU busy");
    if (m == metric::CpuIowait)
        return SeriesOverlay::tr("node CPU iowait");
    return QCoreApplication::translate(kMetricTextContext, spec->label);
}

SeriesOverlay::SeriesOverlay(QWidget *parent)
    : QChartView(parent)
{
    auto *c = new QChart();
    c->setMargins(QMargins(4, 4, 4, 4));
    c->setBackgroundRoundness(0);
    c->legend()->setAlignment(Qt::AlignBottom);
    m_axisX = new QValueAxis(c);
    m_axisX->setTitleText(tr("seconds into the test"));
    m_axisX->setLabelFormat(QStringLiteral("%g"));
    m_axisY = new QValueAxis(c);
    m_axisY->setLabelFormat(QStringLiteral("%.4g"));
    c->addAxis(m_axisX, Qt::AlignBottom);
    c->addAxis(m_axisY, Qt::AlignLeft);
    setChart(c);
    followPalette(this);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(300, 200);
    clear();
}

void SeriesOverlay::clear()
{
    for (QLineSeries *s : std::as_const(m_series)) {
        chart()->removeSeries(s);
        delete s;
    }
    m_series.clear();
    chart()->setTitle(tr("Time series"));
    m_axisX->setRange(0, 10);
    m_axisY->setRange(0, 1);
}

void SeriesOverlay::setLines(
    const QStringList &runNames, const QList<OverlayLine> &lines, const QString &metric, bool totals)
{
    clear();
    const metric::Unit unit = metric::unitOf(metric);
    QList<const OverlayLine *> shown;
    double maxX = 0, maxY = 0, minX = 0;
    for (const OverlayLine &l : lines) {
        if (l.metric != metric || l.target.isEmpty() != totals || l.points.isEmpty())
            continue;
        shown << &l;
        for (const QPointF &p : l.points) {
            if (!std::isfinite(p.y()))
                continue;
            maxY = std::max(maxY, p.y());
            maxX = std::max(maxX, p.x());
            minX = std::min(minX, p.x());
        }
    }
    m_scale = scaleFor(unit, maxY);
    QHash<int, QStringList> targetsOfRun;
    QSet<int> named;
    bool severalTargets = false;
    {
        QHash<int, QSet<QString>> seen;
        for (const OverlayLine *l : std::as_const(shown))
            seen[l->run].insert(l->target);
        for (const auto &t : std::as_const(seen))
            severalTargets = severalTargets || t.size() > 1;
    }
    for (const OverlayLine *l : std::as_const(shown)) {
        auto *s = new QLineSeries();
        QStringList &targets = targetsOfRun[l->run];
        if (!targets.contains(l->target))
            targets << l->target;
        const int targetIndex = int(targets.indexOf(l->target));
        QColor color = runColor(l->run);
        QPen pen(color);
        pen.setWidthF(l->iteration == 0 ? 1.8 : 1.0);
        if (l->iteration > 0) {
            color.setAlpha(130);
            pen.setColor(color);
        }
        static const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
        pen.setStyle(styles[targetIndex % 4]);
        s->setPen(pen);
        QString name = runNames.value(l->run);
        if (!totals && severalTargets)
            name += QStringLiteral(" · ") + targetLabel(l->target);
        s->setName(name);
        QList<QPointF> pts;
        pts.reserve(l->points.size());
        for (const QPointF &p : l->points)
            if (std::isfinite(p.y()))
                pts.append(QPointF(p.x(), p.y() / m_scale.divisor));
        s->replace(pts);
        chart()->addSeries(s);
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
        m_series << s;
        // one legend entry per run and target: repetitions share it
        const int key = l->run * 1000 + targetIndex;
        const bool first = !named.contains(key);
        named.insert(key);
        for (QLegendMarker *m : chart()->legend()->markers(s))
            m->setVisible(first);
    }
    chart()->setTitle(totals ? tr("%1, total of the targets").arg(metricLabel(metric)) : metricLabel(metric));
    const double xStep = niceStep(std::max(1.0, maxX - minX), 6);
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setTickAnchor(0);
    m_axisX->setTickInterval(xStep);
    m_axisX->setRange(std::floor(minX / xStep) * xStep, std::max(xStep, std::ceil(maxX / xStep) * xStep));
    if (unit == metric::Unit::Percent) {
        m_axisY->setTickType(QValueAxis::TicksDynamic);
        m_axisY->setTickInterval(25);
        m_axisY->setRange(0, 100);
    } else {
        const double top = std::max(maxY * 1.05 / m_scale.divisor, 1e-9);
        const double yStep = niceStep(top, 4);
        m_axisY->setTickType(QValueAxis::TicksDynamic);
        m_axisY->setTickAnchor(0);
        m_axisY->setTickInterval(yStep);
        m_axisY->setRange(0, std::ceil(top / yStep) * yStep);
    }
    m_axisY->setTitleText(m_scale.label);
}

} // namespace cm::ui
