// SPDX-License-Identifier: GPL-3.0-or-later
#include "live/livechart.h"

#include "bench/registry.h"
#include "chartpalette.h"
#include "live/liveplotitem.h"
#include "targetcolors.h"

#include <QAreaSeries>
#include <QChart>
#include <QCoreApplication>
#include <QCursor>
#include <QGraphicsLayout>
#include <QLegend>
#include <QToolTip>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <cmath>

namespace cm::ui {

namespace {
// A "nice" axis maximum: 1, 2, 2.5, 5 × 10^n above v.
double niceCeil(double v)
{
    if (v <= 0)
        return 1;
    const double e = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * e >= v)
            return m * e;
    return 10 * e;
}

} // namespace

LiveChart::LiveChart(const QString &title, metric::Unit unit, QWidget *parent)
    : QChartView(parent)
    , m_title(title)
    , m_unit(unit)
{
    auto *c = new QChart();
    c->setTitle(title);
    c->setMargins(QMargins(4, 4, 4, 4));
    c->legend()->setAlignment(Qt::AlignBottom);
    QFont lf = c->legend()->font();
    lf.setPointSizeF(lf.pointSizeF() * 0.85);
    c->legend()->setFont(lf);
    m_legendFont = lf;
    c->setBackgroundRoundness(0);
    c->setBackgroundVisible(false); // drawn by drawBackground()
    m_axisX = new QValueAxis(c);
    // The unit on each label, no axis title: a chart of ~160 px height (Results beside
    // the run list at 1024×700) still has room for whole labels.
    // (ASCII only: the axis formats labels through a Latin-1 printf).
    m_axisX->setLabelFormat(QStringLiteral("%d s"));
    m_axisX->setTitleVisible(false);
    m_axisX->setRange(0, 10);
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setTickAnchor(0);
    m_axisX->setTickInterval(2);
    m_axisY = new QValueAxis(c);
    m_axisY->setLabelFormat(QStringLiteral("%.4g"));
    m_axisY->setTickType(QValueAxis::TicksDynamic);
    m_axisY->setTickAnchor(0);
    m_axisY->setTickInterval(unit == metric::Unit::Percent ? 25 : 0.25);
    m_axisY->setRange(0, unit == metric::Unit::Percent ? 100 : 1);
    c->addAxis(m_axisX, Qt::AlignBottom);
    c->addAxis(m_axisY, Qt::AlignLeft);
    if (unit == metric::Unit::Nanoseconds) {
        m_logAxisY = new QLogValueAxis(c);
        m_logAxisY->setBase(10);
        m_logAxisY->setLabelFormat(QStringLiteral("%g"));
        m_logAxisY->setMinorTickCount(-1); // 2…9 within each decade, drawn faint (chartpalette.h)
        m_logAxisY->setRange(1, 10);
        c->addAxis(m_logAxisY, Qt::AlignLeft);
        m_logAxisY->setVisible(false);
    }
    setChart(c);
    // above the series and bands, below the legend
    m_plot = new LivePlotItem(c);
    m_plot->setZValue(100);
    m_plot->setHoverHandler([this](int line) { showLineName(line); });
    connect(c, &QChart::plotAreaChanged, this, &LiveChart::syncPlot);
    connect(m_axisX, &QValueAxis::rangeChanged, this, &LiveChart::syncPlot);
    connect(m_axisY, &QValueAxis::rangeChanged, this, &LiveChart::syncPlot);
    if (m_logAxisY)
        connect(m_logAxisY, &QLogValueAxis::rangeChanged, this, &LiveChart::syncPlot);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(200, 160); // two side by side beside the cluster panel at 1024 px
    followPalette(this);
    m_scale = scaleFor(unit, 0);
    m_axisY->setTitleText(m_scale.label);
}

void LiveChart::syncPlot()
{
    m_plot->setLogY(m_log);
    if (m_log)
        m_plot->setPlot(chart()->plotArea(), m_axisX->min(), m_axisX->max(), m_logAxisY->min(), m_logAxisY->max());
    else
        m_plot->setPlot(chart()->plotArea(), m_axisX->min(), m_axisX->max(), m_axisY->min(), m_axisY->max());
}

void LiveChart::showLineName(int plotLine)
{
    if (plotLine >= 0 && plotLine < m_plotSeries.size())
        QToolTip::showText(QCursor::pos(), m_plotSeries.at(plotLine)->name(), this);
    else
        QToolTip::hideText();
}

// Bands span the plot's full height: their top follows the y axis.
void LiveChart::fitBands()
{
    const double top = m_axisY->max();
    if (top == m_bandTop)
        return;
    m_bandTop = top;
    for (auto it = m_bands.cbegin(); it != m_bands.cend(); ++it) {
        QAreaSeries *band = it.value();
        const QList<QPointF> lower = band->lowerSeries()->points();
        if (lower.size() == 2)
            band->upperSeries()->replace({QPointF(lower.at(0).x(), top), QPointF(lower.at(1).x(), top)});
    }
}

void LiveChart::setBand(int id, double start, double end, const QColor &color, const QString &label)
{
    QAreaSeries *band = m_bands.value(id);
    if (!band) {
        band = new QAreaSeries(new QLineSeries(), new QLineSeries());
        band->setName(label);
        QColor fill = color;
        fill.setAlpha(45);
        band->setBrush(fill);
        band->setPen(Qt::NoPen);
        chart()->addSeries(band);
        band->attachAxis(m_axisX);
        band->attachAxis(m_axisY);
        // one legend entry per kind of band ("HEALTH_WARN", "scrub"…)
        bool seen = false;
        for (QAreaSeries *b : std::as_const(m_bands))
            seen = seen || b->name() == label;
        for (QLegendMarker *m : chart()->legend()->markers(band))
            m->setVisible(!seen);
        m_bands.insert(id, band);
    }
    const double right = end > start ? end : start + 0.5;
    band->lowerSeries()->replace({QPointF(start, 0), QPointF(right, 0)});
    band->upperSeries()->replace({QPointF(start, m_axisY->max()), QPointF(right, m_axisY->max())});
    band->setName(label);
}

void LiveChart::clear()
{
    for (QAreaSeries *b : std::as_const(m_bands)) {
        chart()->removeSeries(b);
        delete b;
    }
    m_bands.clear();
    m_bandTop = -1;
    m_plot->clear();
    m_plotSeries.clear();
    for (auto &l : m_lines) {
        if (!l.series)
            continue;
        chart()->removeSeries(l.series);
        delete l.series;
    }
    m_lines.clear();
    m_order.clear();
    m_legendEntries = 0;
    fitLegend();
    m_maxX = 0;
    m_maxY = 0;
    m_minPositiveY = 0;
    m_timeEnd = 0;
    m_directions.clear();
    setLog(false);
    m_scale = scaleOf(0);
    m_axisX->setRange(0, 10);
    m_axisX->setTickInterval(2);
    m_axisY->setRange(0, m_unit == metric::Unit::Percent ? 100 : 1);
    m_axisY->setTickInterval(m_unit == metric::Unit::Percent ? 25 : 0.25);
    m_axisY->setTitleText(m_scale.label);
}

void LiveChart::setUnit(metric::Unit unit)
{
    m_unit = unit;
    clear();
}

void LiveChart::setTitle(const QString &title)
{
    m_title = title;
    fitLegend();
}

void LiveChart::setRateWords(const RateWords &words)
{
    m_words = words;
    clear();
}

UnitScale LiveChart::scaleOf(double maxValue) const
{
    return m_unit == metric::Unit::OpsPerSec ? opsScale(m_words.noun, maxValue) : scaleFor(m_unit, maxValue);
}

void LiveChart::setLog(bool log)
{
    m_log = log && m_logAxisY;
    if (!m_logAxisY)
        return;
    m_logAxisY->setVisible(m_log);
    m_axisY->setVisible(!m_log);
    syncPlot();
}

double LiveChart::timeAxisEnd() const
{
    return m_axisX->max();
}

void LiveChart::appendPoints(const QString &target, const QString &metric, const QList<QPointF> &points, int step)
{
    if (points.isEmpty())
        return;
    const QString key = target + QLatin1Char('\n') + metric + QLatin1Char('\n') + QString::number(step);
    auto it = m_lines.find(key);
    if (it == m_lines.end()) {
        it = m_lines.insert(key, Line {});
        it->target = target;
        it->metric = metric;
        m_order.append(key);
    }
    it->pending.append(points);
}

int LiveChart::plotColumns() const
{
    const int w = int(chart()->plotArea().width());
    return w > 20 ? w : 600;
}

// The chart's background as plain rectangle fills: the chart's own background item
// fills a shape, which the raster engine hands to a thread pool (and waits for) on
// every strip the live lines redraw.
void LiveChart::drawBackground(QPainter *painter, const QRectF &rect)
{
    qreal left = 0, top = 0, right = 0, bottom = 0;
    if (chart()->layout())
        chart()->layout()->getContentsMargins(&left, &top, &right, &bottom);
    const QRectF area = chart()->geometry().adjusted(left, top, -right, -bottom);
    const QRect exposed = rect.toAlignedRect();
    for (int y = exposed.top(); y <= exposed.bottom(); y += 64) { // < 96 rows each, as above
        const QRect band(exposed.left(), y, exposed.width(), std::min(64, exposed.bottom() + 1 - y));
        painter->fillRect(band, palette().window());
        painter->fillRect(band & area.toRect(), chart()->backgroundBrush()); // the palette's base
    }
}

void LiveChart::resizeEvent(QResizeEvent *e)
{
    QChartView::resizeEvent(e);
    fitLegend();
}

bool LiveChart::isLegendShown() const
{
    return chart()->legend()->isVisible();
}

void LiveChart::flush()
{
    bool any = false;
    bool created = false;
    for (const QString &key : std::as_const(m_order)) {
        Line &l = m_lines[key];
        for (const QPointF &p : std::as_const(l.pending)) {
            m_maxY = std::max(m_maxY, p.y());
            m_maxX = std::max(m_maxX, p.x());
            if (p.y() > 0 && (m_minPositiveY <= 0 || p.y() < m_minPositiveY))
                m_minPositiveY = p.y();
            // A direction that carries nothing (reads of a write test) gets no line.
            l.hasSignal = l.hasSignal || p.y() != 0;
        }
        any = any || !l.pending.isEmpty();
        if (l.hasSignal && !l.series) {
            l.series = createSeries(l.target, l.metric);
            // With the legend hidden (many lines), hovering a line names it (showLineName).
            l.plotLine = m_plot->addLine(l.series->pen());
            m_plotSeries.append(l.series);
            created = true;
        }
    }
    if (created)
        hideDuplicateLegendMarkers();
    if (!any) {
        if (m_timeEnd > m_axisX->max())
            rescaleAxes(); // the dashboard's time went on: the axes end together
        return;
    }
    const UnitScale s = scaleOf(m_maxY);
    const bool rescaled = s.divisor != m_scale.divisor;
    m_scale = s;
    const int columns = plotColumns();
    for (auto &l : m_lines) {
        if (l.pending.isEmpty() && !rescaled && !l.fresh && l.history.columns() == std::max(16, columns / 2))
            continue;
        l.history.setColumns(columns);
        l.history.append(l.pending);
        l.pending.clear();
        const ColumnStore::Changes ch = l.history.takeChanges();
        if (!l.series)
            continue;
        // The plot finds the first point that changed and redraws from there.
        if (l.fresh || rescaled || ch.rebuilt || ch.firstBucket >= 0)
            m_plot->setLinePoints(l.plotLine, l.history.points(m_scale.divisor));
        l.fresh = false;
    }
    rescaleAxes();
}

// Round ticks: about 6 on x (seconds), 4 on y; percent stays 0..100. A latency chart
// whose lines span decades turns logarithmic (and stays so for the run), whole decades.
void LiveChart::rescaleAxes()
{
    const double end = std::max(m_maxX, m_timeEnd);
    const double xStep = end <= 10 ? 2 : niceCeil(end / 6);
    m_axisX->setTickInterval(xStep);
    m_axisX->setRange(0, std::max(10.0, std::ceil(end / xStep) * xStep));
    if (m_unit == metric::Unit::Percent) {
        m_axisY->setRange(0, 100);
        m_axisY->setTickInterval(25);
    } else if (m_maxY > 0) { // no line yet: the empty axis stays as it is (0..1)
        const double top = m_maxY * 1.05 / m_scale.divisor;
        const double yStep = niceCeil(top / 4);
        m_axisY->setTickInterval(yStep);
        m_axisY->setRange(0, std::ceil(top / yStep) * yStep);
    }
    if (m_logAxisY && (m_log || (m_minPositiveY > 0 && m_maxY / m_minPositiveY >= LogSpan))) {
        const double lo = std::pow(10.0, std::floor(std::log10(m_minPositiveY / m_scale.divisor)));
        const double hi = std::pow(10.0, std::ceil(std::log10(m_maxY * 1.05 / m_scale.divisor)));
        m_logAxisY->setRange(lo, std::max(hi, lo * 10));
        m_logAxisY->setTitleText(m_scale.label);
        if (!m_log)
            setLog(true);
    }
    m_axisY->setTitleText(m_scale.label);
    fitBands();
    syncPlot();
}

int LiveChart::displayedPointCount() const
{
    int n = 0;
    for (int i = 0; i < m_plot->lineCount(); ++i)
        n += int(m_plot->linePoints(i).size());
    return n;
}

QList<QPointF> LiveChart::linePoints(int index) const
{
    if (index < 0 || index >= m_order.size())
        return {};
    int seen = 0;
    for (const QString &k : m_order) {
        const Line &l = m_lines.find(k).value();
        if (!l.series)
            continue;
        if (seen++ == index)
            return m_plot->linePoints(l.plotLine);
    }
    return {};
}

qint64 LiveChart::receivedPointCount() const
{
    qint64 n = 0;
    for (const auto &l : m_lines)
        n += l.history.received() + l.pending.size();
    return n;
}

qsizetype LiveChart::heldPointCount() const
{
    qsizetype n = 0;
    for (const auto &l : m_lines)
        n += l.history.bucketCount();
    return n;
}

QList<QLineSeries *> LiveChart::series() const
{
    QList<QLineSeries *> out;
    for (const QString &k : m_order)
        if (QLineSeries *s = m_lines.value(k).series)
            out.append(s);
    return out;
}

} // namespace cm::ui
