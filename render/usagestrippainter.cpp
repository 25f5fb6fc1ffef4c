// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/usagestrippainter.h"

#include "render/chartpainter.h"
#include "render/niceticks.h"
#include "render/paintkit.h"
#include "report/unitformat.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPaintEngine>

#include <algorithm>
#include <cmath>

namespace cm::render {

namespace {

using Resource = UsageStripRow::Resource;

} // namespace

QColor heatColor(double t)
{
    static const QColor stops[] = {QColor(102, 187, 106), QColor(255, 213, 79), QColor(229, 57, 53)};
    t = std::clamp(t, 0.0, 1.0);
    const int i = t < 0.5 ? 0 : 1;
    const double f = (t - 0.5 * i) * 2;
    const QColor &a = stops[i];
    const QColor &b = stops[i + 1];
    return QColor(int(std::lround(a.red() + (b.red() - a.red()) * f)),
        int(std::lround(a.green() + (b.green() - a.green()) * f)),
        int(std::lround(a.blue() + (b.blue() - a.blue()) * f)));
}

namespace {

QColor cellColor(const UsageStripRow &row, double v)
{
    return row.isPercent() ? utilisationColor(v) : osdLatencyColor(v);
}

QString rowLabel(const UsageStripRow &row, const UsageStripTexts &t)
{
    switch (row.resource) {
    case Resource::Cpu: return t.cpu;
    case Resource::Core: return t.core;
    case Resource::Memory: return t.memory;
    case Resource::Nic:
        return row.linkSpeed > 0 ? QStringLiteral("%1 · %2").arg(row.part, formatBytesPerSec(row.linkSpeed))
                                 : t.noSpeed.arg(row.part);
    case Resource::Disk:
    case Resource::Osd: break;
    }
    return row.part;
}

// The node's name on the first row of its group only.
QString groupLabel(const UsageStrip &s, int i)
{
    const UsageStripRow &row = s.rows.at(i);
    if (row.resource == Resource::Osd)
        return row.node;
    return i == 0 || s.rows.at(i - 1).node != row.node ? row.node : QString();
}

struct Geometry {
    QRectF cells;
    double rowH = 14;
    double nodeX = 0;
    double partX = 0;
    double legendY = 0;
    double rulerY = 0;
    double xOf(double t, double seconds) const { return cells.left() + t / seconds * cells.width(); }
};

// Raster targets get one pixel per cell, scaled without smoothing; an SVG gets one
// rectangle per run of equal colour, so it stays small and sharp.
void paintCells(QPainter &p, const Geometry &g, const UsageStrip &s)
{
    const int rows = int(s.rows.size());
    if (p.paintEngine() && p.paintEngine()->type() != QPaintEngine::SVG) {
        QImage img(s.columns, rows, QImage::Format_ARGB32);
        img.fill(Qt::transparent);
        for (int r = 0; r < rows; ++r) {
            auto *line = reinterpret_cast<QRgb *>(img.scanLine(r));
            const UsageStripRow &row = s.rows.at(r);
            for (int c = 0; c < s.columns && c < row.cells.size(); ++c)
                if (std::isfinite(row.cells.at(c)))
                    line[c] = cellColor(row, row.cells.at(c)).rgba();
        }
        p.save();
        p.setRenderHint(QPainter::SmoothPixmapTransform, false);
        p.drawImage(QRectF(g.cells.left(), g.cells.top(), g.cells.width(), rows * g.rowH), img);
        p.restore();
        return;
    }
    const double w = g.cells.width() / std::max(1, s.columns);
    p.setPen(Qt::NoPen);
    for (int r = 0; r < rows; ++r) {
        const UsageStripRow &row = s.rows.at(r);
        int c = 0;
        while (c < row.cells.size()) {
            if (!std::isfinite(row.cells.at(c))) {
                ++c;
                continue;
            }
            const QColor col = cellColor(row, row.cells.at(c));
            int e = c + 1;
            while (e < row.cells.size() && std::isfinite(row.cells.at(e)) && cellColor(row, row.cells.at(e)) == col)
                ++e;
            p.fillRect(QRectF(g.cells.left() + c * w, g.cells.top() + r * g.rowH, (e - c) * w, g.rowH), col);
            c = e;
        }
    }
}

void paintLegend(QPainter &p, const Geometry &g, const QRectF &area, const UsageStripTexts &t, const ChartTheme &theme)
{
    const QFontMetricsF fm(p.font());
    double x = area.left();
    const double h = fm.height() * 0.8;
    auto gradient = [&](const QString &from, const QString &to, const QString &what, auto color) {
        p.setPen(theme.mutedText);
        const QString label = QStringLiteral("%1 %2").arg(what, from);
        p.drawText(QPointF(x, g.legendY + fm.ascent()), label);
        x += fm.horizontalAdvance(label) + 4;
        for (int i = 0; i < 40; ++i)
            p.fillRect(QRectF(x + i * 2, g.legendY + (fm.height() - h) / 2, 2, h), color(i / 39.0));
        x += 84;
        p.drawText(QPointF(x, g.legendY + fm.ascent()), to);
        x += fm.horizontalAdvance(to) + fm.height() * 1.5;
    };
    gradient(QStringLiteral("0"), QStringLiteral("100 %"), t.utilisation,
        [](double f) { return utilisationColor(100 * f); });
    gradient(formatLatencyNs(1e5), formatLatencyNs(1e8), t.osdLatency,
        [](double f) { return osdLatencyColor(1e5 * std::pow(1000.0, f)); });
    p.setPen(QPen(theme.text, 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(x, g.legendY + (fm.height() - h) / 2, h * 1.6, h));
    p.setPen(theme.mutedText);
    p.drawText(QPointF(x + h * 1.6 + 4, g.legendY + fm.ascent()), t.limit);
}

void paintSteps(QPainter &p, const Geometry &g, const UsageStrip &s, const ChartTheme &theme)
{
    const QFontMetricsF fm(p.font());
    const double seconds = std::max(s.seconds(), 1.0);
    for (int i = 0; i < s.steps.size(); ++i) {
        const UsageStripStep &st = s.steps.at(i);
        const double x0 = g.xOf(std::clamp(st.from, 0.0, seconds), seconds);
        const double x1 = g.xOf(std::clamp(st.to, 0.0, seconds), seconds);
        p.fillRect(QRectF(x0, g.rulerY, std::max(1.0, x1 - x0), fm.height()),
            i % 2 ? theme.grid : theme.grid.lighter(theme.name == QLatin1String("dark") ? 140 : 105));
        p.setPen(QPen(theme.grid, 1, Qt::DashLine));
        p.drawLine(QPointF(x0, g.rulerY), QPointF(x0, g.cells.bottom()));
        const QString label = fm.elidedText(st.label, Qt::ElideRight, x1 - x0 - 4);
        if (!label.isEmpty() && label != QStringLiteral("…")) {
            p.setPen(theme.mutedText);
            p.drawText(QPointF(x0 + 2, g.rulerY + fm.ascent()), label);
        }
    }
}

void paintTimeAxis(QPainter &p, const Geometry &g, const UsageStrip &s, const ChartTheme &theme)
{
    const QFontMetricsF fm(p.font());
    const double seconds = std::max(s.seconds(), 1.0);
    const bool minutes = seconds > 300;
    const double div = minutes ? 60 : 1;
    const Ticks ticks = niceTicks(0, seconds / div, std::clamp(int(g.cells.width() / 90), 2, 12));
    p.setPen(theme.mutedText);
    for (double v : ticks.values) {
        if (v * div > seconds + 1e-9)
            continue;
        const double x = g.xOf(v * div, seconds);
        p.drawLine(QPointF(x, g.cells.bottom()), QPointF(x, g.cells.bottom() + 4));
        const QString label = tickLabel(v, ticks.step) + (minutes ? QStringLiteral(" min") : QStringLiteral(" s"));
        p.drawText(QPointF(x - fm.horizontalAdvance(label) / 2, g.cells.bottom() + 4 + fm.ascent()), label);
    }
}

} // namespace

QColor utilisationColor(double percent)
{
    return heatColor(percent / 100.0);
}

QColor osdLatencyColor(double ns)
{
    return heatColor(std::log10(std::max(ns, 1.0) / 1e5) / 3.0); // 0.1 ms … 100 ms
}

double usageStripHeight(const UsageStrip &s, const UsageStripLayout &layout)
{
    const double line = layout.fontPx * 1.5;
    return line * 3 + std::max<qsizetype>(1, s.rows.size()) * layout.rowHeight + 24;
}

void paintUsageStrip(QPainter &p, const QRectF &area, const UsageStrip &s, const ChartTheme &theme,
    const UsageStripTexts &texts, const UsageStripLayout &layout)
{
    p.save();
    QFont font = p.font();
    font.setPixelSize(int(std::lround(layout.fontPx)));
    p.setFont(font);
    const QFontMetricsF fm(font);
    if (s.isEmpty() || s.columns == 0) {
        p.setPen(theme.mutedText);
        p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap, texts.empty);
        p.restore();
        return;
    }
    QFont bold = font;
    bold.setBold(true);
    const QFontMetricsF bfm(bold);
    double nodeW = 0, partW = 0;
    for (int i = 0; i < s.rows.size(); ++i) {
        nodeW = std::max(nodeW, bfm.horizontalAdvance(groupLabel(s, i)));
        partW = std::max(partW, fm.horizontalAdvance(rowLabel(s.rows.at(i), texts)));
    }
    nodeW = std::min(nodeW + 8, area.width() * 0.18);
    partW = std::min(partW + 8, area.width() * 0.3);
    Geometry g;
    const double line = fm.height() * 1.25;
    g.legendY = area.top();
    g.rulerY = area.top() + line;
    const double rowsTop = g.rulerY + fm.height() + 2;
    const double avail = area.bottom() - line - rowsTop;
    g.rowH = layout.rowHeight > 0 ? layout.rowHeight : std::clamp(avail / s.rows.size(), 3.0, 22.0);
    g.nodeX = area.left();
    g.partX = area.left() + nodeW;
    g.cells = QRectF(g.partX + partW, rowsTop, area.right() - g.partX - partW - 4, s.rows.size() * g.rowH);

    paintLegend(p, g, area, texts, theme);
    paintSteps(p, g, s, theme);
    paintCells(p, g, s);
    // labels, group rules and the bottleneck frames
    const bool labelsFit = g.rowH >= fm.height() * 0.8;
    for (int i = 0; i < s.rows.size(); ++i) {
        const double y = rowsTop + i * g.rowH;
        const QString group = groupLabel(s, i);
        if (!group.isEmpty() && (i == 0 || s.rows.at(i - 1).node != s.rows.at(i).node)) {
            p.setPen(QPen(theme.axis, 1));
            p.drawLine(QPointF(area.left(), y), QPointF(g.cells.right(), y));
        } else if (labelsFit) { // rows of one node: a faint rule, so equal colours stay apart
            p.setPen(QPen(theme.background, 1));
            p.drawLine(QPointF(g.cells.left(), y), QPointF(g.cells.right(), y));
        }
        if (!labelsFit)
            continue;
        const double baseline = y + (g.rowH + fm.ascent() - fm.descent()) / 2;
        p.setPen(theme.text);
        p.setFont(bold);
        p.drawText(QPointF(g.nodeX, baseline), bfm.elidedText(group, Qt::ElideRight, nodeW - 6));
        p.setFont(font);
        p.setPen(theme.mutedText);
        p.drawText(QPointF(g.partX, baseline), fm.elidedText(rowLabel(s.rows.at(i), texts), Qt::ElideRight, partW - 6));
    }
    const double seconds = std::max(s.seconds(), 1.0);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(theme.text, 2));
    for (const UsageStripMark &m : s.marks) {
        const double x0 = g.xOf(std::clamp(m.from, 0.0, seconds), seconds);
        const double x1 = g.xOf(std::clamp(m.to, 0.0, seconds), seconds);
        p.drawRect(QRectF(x0, rowsTop + m.row * g.rowH, std::max(2.0, x1 - x0), g.rowH));
    }
    paintTimeAxis(p, g, s, theme);
    p.restore();
}

} // namespace cm::render

namespace cm::render {

void paintStripChart(QPainter &p, const QRectF &area, const StripChart &c, const ChartTheme &theme)
{
    p.save();
    p.setRenderHint(QPainter::TextAntialiasing, true);
    p.fillRect(area, theme.background);
    const PaintKit k(p, area, theme);
    const QRectF inner = area.adjusted(k.s(24), k.s(18), -k.s(24), -k.s(14));
    double y = inner.top() + k.paintTitle(inner, c.title, c.subtitle) + k.s(8);
    const QFont noteFont = k.font(12);
    const QFontMetricsF nfm(noteFont);
    p.setFont(noteFont);
    p.setPen(theme.text);
    QStringList lines;
    for (const QString &limit : c.limits)
        lines << PaintKit::wrap(limit, noteFont, inner.width());
    constexpr int kMaxLimitLines = 6;
    if (lines.size() > kMaxLimitLines) {
        lines = lines.mid(0, kMaxLimitLines - 1);
        lines << QStringLiteral("… (%1 steps in all)").arg(c.limits.size());
    }
    for (const QString &line : std::as_const(lines)) {
        p.drawText(QPointF(inner.left(), y + nfm.ascent()), line);
        y += nfm.lineSpacing();
    }
    y += k.s(8);
    const double footerH = k.footerHeight(c.footer, inner.width());
    const QRectF footerRect(inner.left(), inner.bottom() - footerH, inner.width(), footerH);
    k.paintFooter(footerRect, c.footer);
    const QRectF body(inner.left(), y, inner.width(), footerRect.top() - k.s(10) - y);
    p.setFont(k.font(12));
    UsageStripLayout layout;
    layout.rowHeight = 0; // fit the image
    layout.fontPx = k.font(12).pixelSize();
    paintUsageStrip(p, body, c.strip, theme, {}, layout);
    p.restore();
}

} // namespace cm::render
