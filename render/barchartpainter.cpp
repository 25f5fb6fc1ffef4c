// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/chartpainter.h"

#include "render/paintkit.h"
#include "report/unitformat.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace cm::render {

namespace {

QString valueText(Quantity q, double v)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    switch (q) {
    case Quantity::BytesPerSec: return formatBytesPerSec(v);
    case Quantity::BitRate: return formatBitRate(v * 8);
    case Quantity::OpsPerSec: return QStringLiteral("%1 IOPS").arg(formatIops(v));
    case Quantity::Nanoseconds: return formatLatencyNs(v);
    default: return formatSignificant(v);
    }
}

QString changeText(double pct, bool significant)
{
    if (!std::isfinite(pct))
        return {};
    return QStringLiteral("%1%2 %%3")
        .arg(pct >= 0 ? QStringLiteral("+") : QString(), QString::number(pct, 'f', 1),
            significant ? QStringLiteral(" *") : QString());
}

} // namespace

void paintBarChart(QPainter &p, const QRectF &area, const BarChart &c, const ChartTheme &theme)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    p.fillRect(area, theme.background);
    const PaintKit k(p, area, theme);
    const QRectF inner = area.adjusted(k.s(24), k.s(18), -k.s(24), -k.s(14));

    double y = inner.top() + k.paintTitle(inner, c.title, QString()) + k.s(10);
    y += k.legend(QRectF(inner.left(), y, inner.width(), inner.height()), c.key.isEmpty() ? c.runs : c.key, true)
        + k.s(4);
    const QFont noteFont = k.font(12);
    const QFontMetricsF nfm(noteFont);
    p.setFont(noteFont);
    p.setPen(theme.mutedText);
    for (const QString &line : PaintKit::wrap(c.note, noteFont, inner.width())) {
        p.drawText(QPointF(inner.left(), y + nfm.ascent()), line);
        y += nfm.lineSpacing();
    }
    y += k.s(10);
    const double footerH = k.footerHeight(c.footer, inner.width());
    const QRectF footerRect(inner.left(), inner.bottom() - footerH, inner.width(), footerH);
    k.paintFooter(footerRect, c.footer);
    const QRectF plot(inner.left(), y, inner.width(), footerRect.top() - k.s(10) - y);

    const int runs = std::max(1, int(c.runs.size()));
    if (c.groups.isEmpty() || plot.height() < k.s(30)) {
        p.setPen(theme.mutedText);
        p.setFont(k.font(15));
        p.drawText(plot, Qt::AlignCenter,
            c.groups.isEmpty() ? QStringLiteral("No figures to compare")
                               : QStringLiteral("The image is too small for the chart"));
        p.restore();
        return;
    }

    // Group height from the space; groups that do not fit at a readable size are named.
    const QFont labelFont = k.font(13, true);
    const QFont figureFont = k.font(12);
    const QFont valueFont = k.font(12);
    const QFontMetricsF lfm(labelFont), ffm(figureFont), vfm(valueFont);
    const double barGap = k.s(3);
    const double groupGap = k.s(12);
    const double minBar = std::max(vfm.height() * 0.95, 4.0);
    int shown = int(c.groups.size());
    auto barHeight = [&](int groups) { return (plot.height() - groupGap * (groups - 1)) / (groups * runs) - barGap; };
    while (shown > 1 && barHeight(shown) < minBar)
        --shown;
    const double barH = std::min(barHeight(shown), k.s(30));
    const double groupH = runs * (barH + barGap) - barGap;
    const bool twoLineLabel = groupH >= lfm.height() + ffm.height();

    double labelW = 0;
    for (int g = 0; g < shown; ++g) {
        const BarGroup &bg = c.groups.at(g);
        labelW = std::max(labelW, lfm.horizontalAdvance(bg.label));
        labelW = std::max(labelW,
            (twoLineLabel ? 0.0 : lfm.horizontalAdvance(QStringLiteral(" — "))) + ffm.horizontalAdvance(bg.figure));
    }
    labelW = std::min(labelW, plot.width() * 0.34) + k.s(14);
    double valueW = 0;
    for (int g = 0; g < shown; ++g)
        for (int r = 0; r < runs; ++r) {
            const BarGroup &bg = c.groups.at(g);
            const QString t = valueText(bg.quantity, bg.values.value(r, std::nan(""))) + QStringLiteral("  ")
                + changeText(bg.changePct.value(r, std::nan("")), bg.significant.value(r));
            valueW = std::max(valueW, vfm.horizontalAdvance(t));
        }
    valueW += k.s(10);
    const double barLeft = plot.left() + labelW;
    const double barMax = std::max(k.s(20), plot.right() - valueW - barLeft);

    double gy = plot.top();
    for (int g = 0; g < shown; ++g) {
        const BarGroup &bg = c.groups.at(g);
        // Label column, centred on the group.
        const double mid = gy + groupH / 2;
        if (twoLineLabel) {
            p.setFont(labelFont);
            p.setPen(theme.text);
            const double top = mid - (lfm.height() + ffm.height()) / 2;
            p.drawText(
                QPointF(plot.left(), top + lfm.ascent()), lfm.elidedText(bg.label, Qt::ElideRight, labelW - k.s(14)));
            p.setFont(figureFont);
            p.setPen(theme.mutedText);
            p.drawText(QPointF(plot.left(), top + lfm.height() + ffm.ascent()),
                ffm.elidedText(bg.figure, Qt::ElideRight, labelW - k.s(14)));
        } else {
            p.setFont(labelFont);
            p.setPen(theme.text);
            const QString t
                = lfm.elidedText(bg.label + QStringLiteral(" — ") + bg.figure, Qt::ElideMiddle, labelW - k.s(14));
            p.drawText(QPointF(plot.left(), mid - lfm.height() / 2 + lfm.ascent()), t);
        }
        double max = 0;
        for (double v : bg.values)
            if (std::isfinite(v))
                max = std::max(max, v);
        for (int r = 0; r < runs; ++r) {
            const double v = bg.values.value(r, std::nan(""));
            const double by = gy + r * (barH + barGap);
            const double len = std::isfinite(v) && max > 0 ? std::max(k.s(1), v / max * barMax) : 0;
            const QColor color = theme.seriesColor(c.runs.value(r).color);
            p.setPen(Qt::NoPen);
            p.setBrush(color);
            p.drawRoundedRect(QRectF(barLeft, by, len, barH), k.s(2), k.s(2));
            p.setBrush(Qt::NoBrush);
            p.setFont(valueFont);
            const double ty = by + barH / 2 - vfm.height() / 2 + vfm.ascent();
            const QString value = valueText(bg.quantity, v);
            p.setPen(theme.text);
            p.drawText(QPointF(barLeft + len + k.s(6), ty), value);
            const double pct = bg.changePct.value(r, std::nan(""));
            const QString change = changeText(pct, bg.significant.value(r));
            if (!change.isEmpty()) {
                const bool sig = bg.significant.value(r);
                const bool good = (pct >= 0) == bg.higherIsBetter;
                p.setPen(sig ? (good ? theme.better : theme.worse) : theme.mutedText);
                p.drawText(
                    QPointF(barLeft + len + k.s(6) + vfm.horizontalAdvance(value + QStringLiteral("  ")), ty), change);
            }
        }
        gy += groupH + groupGap;
    }
    if (shown < c.groups.size()) {
        p.setFont(figureFont);
        p.setPen(theme.mutedText);
        p.drawText(QPointF(plot.left(), std::min(gy, plot.bottom()) + ffm.ascent() - groupGap / 2),
            QStringLiteral("%1 more figures not shown: choose a taller image").arg(c.groups.size() - shown));
    }
    p.restore();
}

} // namespace cm::render
