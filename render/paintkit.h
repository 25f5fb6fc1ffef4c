// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared drawing of exported charts: sizes that grow with the image, fonts, wrapped
// text, the legend and the footer. Everything in pixels of the target (QImage or SVG).
#include "render/chartmodel.h"
#include "render/charttheme.h"

#include <QFont>
#include <QPainter>
#include <QRectF>

namespace cm::render {

class PaintKit {
public:
    PaintKit(QPainter &p, const QRectF &area, const ChartTheme &theme);

    double s(double px) const { return px * m_scale; } // a size at the reference 1100×750
    QFont font(double px, bool bold = false) const;
    QPainter &painter() const { return m_p; }
    const ChartTheme &theme() const { return m_theme; }
    QRectF area() const { return m_area; }

    // Lines of at most `width` pixels, broken at spaces; an unbreakable word is elided.
    static QStringList wrap(const QString &text, const QFont &font, double width);

    // Title (bold) and subtitle (muted) at the top of r; returns the height used.
    double paintTitle(const QRectF &r, const QString &title, const QString &subtitle) const;
    // Legend entries flowing left to right (a line swatch and the label); height only
    // when paint is false.
    double legend(const QRectF &r, const QList<LegendEntry> &entries, bool paint) const;
    double footerHeight(const ChartFooter &f, double width) const;
    // Above a thin rule, in muted text, the version line last.
    void paintFooter(const QRectF &r, const ChartFooter &f) const;

private:
    QPainter &m_p;
    QRectF m_area;
    ChartTheme m_theme;
    double m_scale = 1;
    double m_fontScale = 1; // shrinks less than m_scale: small charts stay readable
};

} // namespace cm::render
