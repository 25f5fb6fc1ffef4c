// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/chartpainter.h"

#include "render/paintkit.h"

#include <QFontMetricsF>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cm::render {

namespace {

// At most two points (min and max) per pixel column: an hour of samples stays a
// light SVG and draws the same envelope.
QList<QPointF> decimate(const QList<QPointF> &pts, double pixelsPerUnit)
{
    if (pts.size() < 4 || pixelsPerUnit <= 0)
        return pts;
    const double span = (pts.last().x() - pts.first().x()) * pixelsPerUnit;
    if (double(pts.size()) <= 2 * span)
        return pts;
    QList<QPointF> out;
    qsizetype i = 0;
    while (i < pts.size()) {
        const long long col = std::llround(pts.at(i).x() * pixelsPerUnit);
        QPointF lo = pts.at(i), hi = pts.at(i);
        qsizetype j = i;
        for (; j < pts.size() && std::llround(pts.at(j).x() * pixelsPerUnit) == col; ++j) {
            if (pts.at(j).y() < lo.y())
                lo = pts.at(j);
            if (pts.at(j).y() > hi.y())
                hi = pts.at(j);
        }
        if (lo.x() <= hi.x())
            out << lo << hi;
        else
            out << hi << lo;
        i = j;
    }
    return out;
}

double panelMax(const ChartPanel &p)
{
    double m = 0;
    for (const ChartLine &l : p.lines)
        for (const auto &seg : l.segments)
            for (const QPointF &pt : seg)
                m = std::max(m, pt.y());
    return m;
}

double panelMinPositive(const ChartPanel &p)
{
    double m = std::numeric_limits<double>::infinity();
    for (const ChartLine &l : p.lines)
        for (const auto &seg : l.segments)
            for (const QPointF &pt : seg)
                if (pt.y() > 0)
                    m = std::min(m, pt.y());
    return m;
}

struct Axis {
    AxisUnit unit;
    Ticks ticks;
    bool log = false;
    Quantity quantity = Quantity::Plain;

    QString label(double tick) const { return log ? valueLabel(quantity, tick) : tickLabel(tick, ticks.step); }
    // Position 0…1 from the bottom of a value in base units.
    double fraction(double v) const
    {
        if (!log)
            return (v / unit.divisor - ticks.lo) / (ticks.hi - ticks.lo);
        const double l = std::log10(std::max(v, ticks.lo));
        return (l - std::log10(ticks.lo)) / (std::log10(ticks.hi) - std::log10(ticks.lo));
    }
    double baseValue(double tick) const { return log ? tick : tick * unit.divisor; }
};

} // namespace

void paintTimeChart(QPainter &p, const QRectF &area, const TimeChart &c, const ChartTheme &theme)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    p.fillRect(area, theme.background);
    const PaintKit k(p, area, theme);
    const QRectF inner = area.adjusted(k.s(24), k.s(18), -k.s(24), -k.s(14));

    double y = inner.top() + k.paintTitle(inner, c.title, c.subtitle) + k.s(10);
    const QRectF legendRect(inner.left(), y, inner.width(), inner.height());
    y += k.legend(legendRect, c.legend, true) + k.s(8);
    const double footerH = k.footerHeight(c.footer, inner.width());
    const QRectF footerRect(inner.left(), inner.bottom() - footerH, inner.width(), footerH);
    k.paintFooter(footerRect, c.footer);

    const QFont tickFont = k.font(12);
    const QFont panelFont = k.font(13, true);
    const QFontMetricsF tfm(tickFont), pfm(panelFont);
    const double bottomAxisH = tfm.height() * 2.3;
    const QRectF plots(inner.left(), y, inner.width(), footerRect.top() - k.s(8) - y);
    if (c.panels.isEmpty() || plots.height() < k.s(40)) {
        p.setPen(theme.mutedText);
        p.setFont(k.font(15));
        p.drawText(plots, Qt::AlignCenter,
            c.panels.isEmpty() ? QStringLiteral("No time series were recorded for this run")
                               : QStringLiteral("The image is too small for the chart"));
        p.restore();
        return;
    }

    // Ticks per panel first: the widest y label sets one left margin for all panels.
    const int n = int(c.panels.size());
    const double gap = k.s(14);
    const double panelH = (plots.height() - bottomAxisH - gap * (n - 1)) / n;
    const double titleH = pfm.height() * 1.6;
    QList<Axis> axes;
    double labelW = 0;
    for (const ChartPanel &panel : c.panels) {
        const double max = panelMax(panel);
        const double minPos = panelMinPositive(panel);
        Axis a;
        a.quantity = panel.quantity;
        a.log = panel.logAbove > 0 && std::isfinite(minPos) && max > panel.logAbove * minPos;
        if (a.log) {
            a.ticks = logTicks(minPos, max);
        } else {
            a.unit = axisUnit(panel.quantity, max);
            if (panel.quantity == Quantity::OpsPerSec && !panel.opsUnit.isEmpty())
                a.unit.label.replace(QStringLiteral("IOPS"), panel.opsUnit);
            const int maxTicks = std::clamp(int((panelH - titleH) / (tfm.height() * 1.8)), 2, 6);
            a.ticks = niceTicks(0, max / a.unit.divisor * 1.04, maxTicks);
        }
        for (double v : a.ticks.values)
            labelW = std::max(labelW, tfm.horizontalAdvance(a.label(v)));
        axes << a;
    }
    const double plotLeft = plots.left() + labelW + k.s(8);
    const double plotRight = plots.right() - k.s(6);

    // One time axis: seconds, or minutes for long runs.
    const bool minutes = c.tMax > 300;
    const double tDiv = minutes ? 60 : 1;
    const int maxXTicks = std::clamp(int((plotRight - plotLeft) / k.s(90)), 2, 12);
    const Ticks xt = niceTicks(0, std::max(c.tMax, 1.0) / tDiv, maxXTicks);
    auto xOf = [&](double t) { return plotLeft + (t / tDiv - xt.lo) / (xt.hi - xt.lo) * (plotRight - plotLeft); };
    const double pxPerSecond = (plotRight - plotLeft) / ((xt.hi - xt.lo) * tDiv);

    for (int i = 0; i < n; ++i) {
        const ChartPanel &panel = c.panels.at(i);
        const Axis &a = axes.at(i);
        const double top = plots.top() + i * (panelH + gap);
        const QRectF plot(plotLeft, top + titleH, plotRight - plotLeft, panelH - titleH);
        auto yOf = [&](double v) { return plot.bottom() - a.fraction(v) * plot.height(); };

        p.setFont(panelFont);
        p.setPen(theme.text);
        QString title = panel.title;
        if (a.log)
            title += QStringLiteral(", log scale");
        else if (!a.unit.label.isEmpty())
            title += QStringLiteral(" (%1)").arg(a.unit.label);
        if (!panel.note.isEmpty())
            title += QStringLiteral(" · ") + panel.note;
        p.drawText(QPointF(plots.left(), top + pfm.ascent()), pfm.elidedText(title, Qt::ElideRight, plots.width()));

        p.setFont(tickFont);
        double lastLabelY = 1e300;
        for (double v : a.ticks.values) {
            const double yy = yOf(a.baseValue(v));
            p.setPen(QPen(theme.grid, std::max(1.0, k.s(1))));
            p.drawLine(QPointF(plot.left(), yy), QPointF(plot.right(), yy));
            if (lastLabelY - yy < tfm.height() * 0.95)
                continue; // a log axis can have more ticks than room for labels
            lastLabelY = yy;
            p.setPen(theme.mutedText);
            const QString label = a.label(v);
            p.drawText(
                QPointF(plot.left() - k.s(6) - tfm.horizontalAdvance(label), yy - tfm.height() / 2 + tfm.ascent()),
                label);
        }
        for (double v : xt.values) {
            const double xx = xOf(v * tDiv);
            p.setPen(QPen(theme.grid, std::max(1.0, k.s(1))));
            p.drawLine(QPointF(xx, plot.top()), QPointF(xx, plot.bottom()));
        }
        p.setPen(QPen(theme.axis, std::max(1.0, k.s(1.2))));
        p.drawLine(plot.bottomLeft(), plot.bottomRight());
        p.drawLine(plot.bottomLeft(), plot.topLeft());

        p.save();
        p.setClipRect(plot.adjusted(-k.s(2), -k.s(2), k.s(2), k.s(2)));
        for (const ChartLine &line : panel.lines) {
            QPen pen(theme.seriesColor(c.legend.value(line.legend).color), k.s(line.dashed ? 1.6 : 2.2));
            pen.setJoinStyle(Qt::RoundJoin);
            pen.setCapStyle(Qt::RoundCap);
            if (line.dashed)
                pen.setDashPattern({3, 2.5});
            p.setPen(pen);
            for (const auto &seg : line.segments) {
                const QList<QPointF> pts = decimate(seg, pxPerSecond);
                if (pts.size() == 1) {
                    p.setBrush(pen.color());
                    p.drawEllipse(QPointF(xOf(pts.first().x()), yOf(pts.first().y())), k.s(2.5), k.s(2.5));
                    p.setBrush(Qt::NoBrush);
                    continue;
                }
                QPolygonF poly;
                poly.reserve(pts.size());
                for (const QPointF &pt : pts)
                    poly << QPointF(xOf(pt.x()), yOf(pt.y()));
                p.drawPolyline(poly);
            }
        }
        p.restore();
    }

    // Time labels under the last panel only.
    const double axisY = plots.top() + n * panelH + (n - 1) * gap;
    p.setFont(tickFont);
    p.setPen(theme.mutedText);
    double lastRight = -1e9;
    for (double v : xt.values) {
        const QString label = tickLabel(v, xt.step);
        const double w = tfm.horizontalAdvance(label);
        const double left = std::clamp(xOf(v * tDiv) - w / 2, plots.left(), plots.right() - w);
        if (left < lastRight + k.s(6))
            continue;
        p.drawText(QPointF(left, axisY + k.s(4) + tfm.ascent()), label);
        lastRight = left + w;
    }
    const QString axisTitle = minutes ? QStringLiteral("time since the run started (min)")
                                      : QStringLiteral("time since the run started (s)");
    p.drawText(QPointF(plotLeft + (plotRight - plotLeft - tfm.horizontalAdvance(axisTitle)) / 2,
                   axisY + k.s(4) + tfm.height() + tfm.ascent()),
        axisTitle);
    p.restore();
}

} // namespace cm::render
