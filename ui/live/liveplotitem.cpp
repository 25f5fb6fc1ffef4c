// SPDX-License-Identifier: GPL-3.0-or-later
#include "live/liveplotitem.h"

#include <QGraphicsSceneHoverEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cm::ui {

namespace {
// How far a stroke reaches beyond its points (half the pen, caps, antialiasing).
constexpr double Reach = 3;
constexpr int BandRows = 64;

// The pen lines are drawn with: one pixel wide, which the raster engine strokes on its
// fast path (a wider antialiased polyline is filled as one self-crossing polygon, about
// 30 times slower: a full redraw of 32 lines took 50-150 ms). Each line is drawn twice,
// 0.3 px up-left and down-right, which gives about the weight of the series' 1.6 px
// pen. Dashes keep the lengths the series' pen gives them.
QPen drawingPen(const QPen &seriesPen)
{
    QPen pen = seriesPen;
    const double w = std::max(1.0, seriesPen.widthF());
    if (seriesPen.style() != Qt::SolidLine && seriesPen.style() != Qt::NoPen) {
        QList<qreal> pattern = seriesPen.dashPattern();
        for (qreal &v : pattern)
            v *= w;
        pen.setDashPattern(pattern);
        pen.setDashOffset(seriesPen.dashOffset() * w);
    }
    pen.setWidthF(1.0);
    pen.setCapStyle(Qt::FlatCap);
    return pen;
}
} // namespace

LivePlotItem::LivePlotItem(QGraphicsItem *parent)
    : QGraphicsItem(parent)
{
    setAcceptHoverEvents(true);
    setAcceptedMouseButtons(Qt::NoButton);
}

QRectF LivePlotItem::boundingRect() const
{
    return QRectF(QPointF(0, 0), m_plot.size());
}

void LivePlotItem::setPlot(const QRectF &plotArea, double xMin, double xMax, double yMin, double yMax)
{
    if (plotArea == m_plot && xMin == m_x0 && xMax == m_x1 && yMin == m_y0 && yMax == m_y1)
        return;
    if (plotArea.size() != m_plot.size())
        prepareGeometryChange();
    m_plot = plotArea;
    setPos(plotArea.topLeft());
    m_x0 = xMin;
    m_x1 = xMax > xMin ? xMax : xMin + 1;
    m_y0 = yMin;
    m_y1 = yMax > yMin ? yMax : yMin + 1;
    m_full = true;
    update();
}

int LivePlotItem::addLine(const QPen &pen)
{
    m_lines.append(Line {drawingPen(pen), {}});
    return int(m_lines.size()) - 1;
}

void LivePlotItem::clear()
{
    m_lines.clear();
    m_full = true;
    m_hasDirty = false;
    m_hoverLine = -1;
    update();
}

void LivePlotItem::setLogY(bool log)
{
    if (log == m_logY)
        return;
    m_logY = log;
    m_full = true;
    update();
}

double LivePlotItem::yFraction(double y) const
{
    if (!m_logY)
        return (y - m_y0) / (m_y1 - m_y0);
    if (m_y0 <= 0 || y <= m_y0)
        return 0;
    return std::log10(y / m_y0) / std::log10(m_y1 / m_y0);
}

QPointF LivePlotItem::toPixel(const QPointF &p) const
{
    return QPointF(
        (p.x() - m_x0) / (m_x1 - m_x0) * m_plot.width(), m_plot.height() - yFraction(p.y()) * m_plot.height());
}

// The strip to redraw, in item coordinates: from the last unchanged point to the
// last point, old or new, widened by what a stroke reaches beyond its points.
QRectF LivePlotItem::stripRect() const
{
    const double from = std::max(0.0, std::floor(toPixel(QPointF(m_dirtyX, 0)).x()) - 3);
    const double to = std::min(m_plot.width(), std::ceil(toPixel(QPointF(m_dirtyRight, 0)).x()) + 4);
    return QRectF(from, 0, std::max(0.0, to - from), m_plot.height());
}

void LivePlotItem::markDirty(double fromX, double toX)
{
    if (!m_hasDirty || fromX < m_dirtyX)
        m_dirtyX = fromX;
    if (!m_hasDirty || toX > m_dirtyRight)
        m_dirtyRight = toX;
    m_hasDirty = true;
    if (!m_full) // only the strip needs painting on screen too
        update(stripRect());
}

void LivePlotItem::setLinePoints(int line, const QList<QPointF> &points)
{
    if (line < 0 || line >= m_lines.size())
        return;
    Line &l = m_lines[line];
    // the first point that differs: everything before it is on the image already
    const qsizetype common = std::min(l.points.size(), points.size());
    qsizetype first = 0;
    while (first < common && l.points.at(first) == points.at(first))
        ++first;
    if (first == points.size() && first == l.points.size())
        return;
    const double oldRight = l.points.isEmpty() ? 0 : l.points.last().x();
    l.points = points;
    if (first == 0) {
        m_full = true;
        update();
    } else {
        markDirty(points.at(first - 1).x(), std::max(oldRight, points.isEmpty() ? 0 : points.last().x()));
    }
}

void LivePlotItem::drawLine(QPainter &p, const Line &line, double fromPixelX, double toPixelX) const
{
    const QList<QPointF> &pts = line.points;
    if (pts.isEmpty())
        return;
    // skip the points left of the strip; the segment entering it is drawn (clipped)
    const double r = Reach;
    qsizetype start = 0;
    if (fromPixelX > 0) {
        const double xLimit = m_x0 + (fromPixelX - r) / m_plot.width() * (m_x1 - m_x0);
        auto it
            = std::lower_bound(pts.cbegin(), pts.cend(), xLimit, [](const QPointF &a, double x) { return a.x() < x; });
        start = std::max<qsizetype>(0, (it - pts.cbegin()) - 1);
    }
    QPolygonF poly;
    poly.reserve(pts.size() - start);
    for (qsizetype i = start; i < pts.size(); ++i) {
        poly.append(toPixel(pts.at(i)));
        if (poly.last().x() > toPixelX + r)
            break;
    }
    QPen pen = line.pen;
    if (pen.style() != Qt::SolidLine && start > 0) {
        // keep the dash pattern where a full redraw would have it
        double len = 0;
        QPointF prev = toPixel(pts.at(0));
        for (qsizetype i = 1; i <= start; ++i) {
            const QPointF q = toPixel(pts.at(i));
            // the raster engine's one-pixel stroker advances the pattern by the major axis
            len += std::max(std::abs(q.x() - prev.x()), std::abs(q.y() - prev.y()));
            prev = q;
        }
        pen.setDashOffset(pen.dashOffset() + len); // the pen is one pixel wide
    }
    p.setPen(pen);
    if (poly.size() == 1) {
        p.drawPoint(poly.first());
        return;
    }
    p.drawPolyline(poly.translated(-0.3, -0.3));
    p.drawPolyline(poly.translated(0.3, 0.3));
}

void LivePlotItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    if (m_plot.width() < 1 || m_plot.height() < 1)
        return;
    const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
    const QSize size = (m_plot.size() * dpr).toSize();
    if (m_image.size() != size || m_image.devicePixelRatio() != dpr) {
        m_image = QImage(size, QImage::Format_ARGB32_Premultiplied);
        m_image.setDevicePixelRatio(dpr);
        m_full = true;
    }
    if (m_full || m_hasDirty) {
        QPainter p(&m_image);
        p.setRenderHint(QPainter::Antialiasing);
        double from = 0, to = m_plot.width();
        if (m_full) {
            m_image.fill(Qt::transparent);
            m_lastStrip = int(m_plot.width());
        } else {
            const QRectF strip = stripRect();
            from = strip.left();
            to = strip.right();
            p.setCompositionMode(QPainter::CompositionMode_Source);
            for (double y = 0; y < strip.height(); y += BandRows) // < 96 rows: see below
                p.fillRect(QRectF(strip.left(), y, strip.width(), std::min<double>(BandRows, strip.height() - y)),
                    Qt::transparent);
            p.setCompositionMode(QPainter::CompositionMode_SourceOver);
            p.setClipRect(strip);
            m_lastStrip = int(strip.width());
        }
        for (const Line &l : std::as_const(m_lines))
            drawLine(p, l, from, to);
        m_lastFull = m_full;
        m_full = false;
        m_hasDirty = false;
    }
    // Only the exposed part, in bands of fewer than 96 rows: the raster engine hands
    // taller blends to a thread pool and blocks until it is done, which on a busy
    // machine costs far more than the blend.
    const QRect exposed
        = (option ? option->exposedRect : boundingRect()).toAlignedRect() & boundingRect().toAlignedRect();
    for (int y = exposed.top(); y <= exposed.bottom(); y += BandRows) {
        const QRect band(exposed.left(), y, exposed.width(), std::min(BandRows, exposed.bottom() + 1 - y));
        const QRect source(QPoint(int(band.left() * dpr), int(band.top() * dpr)), (QSizeF(band.size()) * dpr).toSize());
        painter->drawImage(band, m_image, source);
    }
}

int LivePlotItem::lineAt(const QPointF &pos, double tolerance) const
{
    int best = -1;
    double bestD = tolerance;
    for (int li = 0; li < m_lines.size(); ++li) {
        const QList<QPointF> &pts = m_lines.at(li).points;
        if (pts.isEmpty())
            continue;
        const double xa = m_x0 + (pos.x() - tolerance) / m_plot.width() * (m_x1 - m_x0);
        auto it = std::lower_bound(pts.cbegin(), pts.cend(), xa, [](const QPointF &a, double x) { return a.x() < x; });
        qsizetype i = std::max<qsizetype>(0, (it - pts.cbegin()) - 1);
        for (; i < pts.size(); ++i) {
            const QPointF a = toPixel(pts.at(i));
            if (a.x() > pos.x() + tolerance)
                break;
            const QPointF b = i + 1 < pts.size() ? toPixel(pts.at(i + 1)) : a;
            // distance from pos to the segment a–b
            const QPointF ab = b - a;
            const double len2 = QPointF::dotProduct(ab, ab);
            const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(pos - a, ab) / len2, 0.0, 1.0) : 0.0;
            const QPointF d = pos - (a + t * ab);
            const double dist = std::hypot(d.x(), d.y());
            if (dist <= bestD) {
                bestD = dist;
                best = li;
            }
        }
    }
    return best;
}

void LivePlotItem::hoverMoveEvent(QGraphicsSceneHoverEvent *e)
{
    const int line = lineAt(e->pos());
    if (line != m_hoverLine) {
        m_hoverLine = line;
        if (m_hover)
            m_hover(line);
    }
}

void LivePlotItem::hoverLeaveEvent(QGraphicsSceneHoverEvent *)
{
    if (m_hoverLine >= 0 && m_hover)
        m_hover(-1);
    m_hoverLine = -1;
}

} // namespace cm::ui
