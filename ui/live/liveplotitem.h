// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The live lines of one chart, drawn by hand over the chart's plot area. A QLineSeries
// re-strokes every point (and builds a hover shape from them) on each update, which
// for 64 lines at 10 Hz costs far more than a refresh may. Here the lines are
// rasterised into an image of the plot: a refresh redraws only the strip right of the
// last point that did not change; the whole image is redrawn when the axes, the plot
// size, a pen or the early points change (bucket merges, unit changes: rare).
// Points are the decimated display points (columnstore.h), at most ~2 per pixel column.
#include <QGraphicsItem>
#include <QImage>
#include <QList>
#include <QPen>
#include <QPointF>

#include <functional>

namespace cm::ui {

class LivePlotItem : public QGraphicsItem {
public:
    explicit LivePlotItem(QGraphicsItem *parent = nullptr);

    // Plot rectangle (parent coordinates) and the axis ranges it shows.
    void setPlot(const QRectF &plotArea, double xMin, double xMax, double yMin, double yMax);
    QRectF plotArea() const { return m_plot; }
    // A logarithmic y axis (latencies that span decades): yMin must then be > 0, and
    // values at or below it sit on the bottom edge.
    void setLogY(bool log);
    bool isLogY() const { return m_logY; }

    int addLine(const QPen &pen); // returns the line's index
    void setLinePoints(int line, const QList<QPointF> &points); // x ascending, axis units
    const QList<QPointF> &linePoints(int line) const { return m_lines.at(line).points; }
    int lineCount() const { return int(m_lines.size()); }
    void clear();

    // The line under a position in item coordinates (within `tolerance` pixels), or -1.
    int lineAt(const QPointF &pos, double tolerance = 4) const;
    void setHoverHandler(std::function<void(int line)> handler) { m_hover = std::move(handler); }

    // How the last paint went: true when it redrew the whole plot, and the width of
    // the strip it redrew otherwise (for tests).
    bool lastPaintWasFull() const { return m_lastFull; }
    int lastStripWidth() const { return m_lastStrip; }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

protected:
    void hoverMoveEvent(QGraphicsSceneHoverEvent *e) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent *e) override;

private:
    struct Line {
        QPen pen;
        QList<QPointF> points;
    };
    QPointF toPixel(const QPointF &p) const;
    void drawLine(QPainter &p, const Line &line, double fromPixelX, double toPixelX) const;
    void markDirty(double fromX, double toX);
    QRectF stripRect() const;

    QList<Line> m_lines;
    QRectF m_plot;
    double m_x0 = 0, m_x1 = 1, m_y0 = 0, m_y1 = 1;
    bool m_logY = false;
    double yFraction(double y) const; // 0 at the bottom, 1 at the top
    QImage m_image;
    bool m_full = true; // the whole image needs drawing
    double m_dirtyX = 0; // else: redraw from this x to m_dirtyRight (axis units)
    double m_dirtyRight = 0;
    bool m_hasDirty = false;
    bool m_lastFull = false;
    int m_lastStrip = 0;
    int m_hoverLine = -1;
    std::function<void(int)> m_hover;
};

} // namespace cm::ui
