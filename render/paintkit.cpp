// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/paintkit.h"

#include <QFontMetricsF>

#include <algorithm>

namespace cm::render {

namespace {

constexpr double kLegendSwatch = 22; // px at scale 1
constexpr double kFooterFont = 12;

} // namespace

PaintKit::PaintKit(QPainter &p, const QRectF &area, const ChartTheme &theme)
    : m_p(p)
    , m_area(area)
    , m_theme(theme)
{
    m_scale = std::clamp(std::min(area.width() / 1100.0, area.height() / 750.0), 0.6, 4.0);
    m_fontScale = std::max(0.85, m_scale);
}

QFont PaintKit::font(double px, bool bold) const
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setStyleHint(QFont::SansSerif);
    f.setPixelSize(std::max(9, int(std::lround(px * m_fontScale))));
    f.setBold(bold);
    return f;
}

QStringList PaintKit::wrap(const QString &text, const QFont &font, double width)
{
    const QFontMetricsF fm(font);
    QStringList lines;
    QString cur;
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &w : words) {
        const QString next = cur.isEmpty() ? w : cur + QLatin1Char(' ') + w;
        if (fm.horizontalAdvance(next) <= width || cur.isEmpty()) {
            cur = next;
        } else {
            lines << cur;
            cur = w;
        }
    }
    if (!cur.isEmpty())
        lines << cur;
    for (QString &l : lines)
        if (fm.horizontalAdvance(l) > width)
            l = fm.elidedText(l, Qt::ElideRight, width);
    return lines;
}

double PaintKit::paintTitle(const QRectF &r, const QString &title, const QString &subtitle) const
{
    const QFont tf = font(20, true);
    const QFont sf = font(13);
    const QFontMetricsF tm(tf), sm(sf);
    m_p.setPen(m_theme.text);
    m_p.setFont(tf);
    m_p.drawText(QPointF(r.left(), r.top() + tm.ascent()), tm.elidedText(title, Qt::ElideRight, r.width()));
    double h = tm.height();
    if (!subtitle.isEmpty()) {
        m_p.setPen(m_theme.mutedText);
        m_p.setFont(sf);
        m_p.drawText(
            QPointF(r.left(), r.top() + h + s(2) + sm.ascent()), sm.elidedText(subtitle, Qt::ElideRight, r.width()));
        h += s(2) + sm.height();
    }
    return h;
}

double PaintKit::legend(const QRectF &r, const QList<LegendEntry> &entries, bool paint) const
{
    if (entries.isEmpty())
        return 0;
    const QFont f = font(13);
    const QFontMetricsF fm(f);
    const double rowH = fm.height() * 1.35;
    const double maxLabel = r.width() * 0.48;
    double x = r.left(), y = r.top();
    if (paint)
        m_p.setFont(f);
    for (const LegendEntry &e : entries) {
        const QString label = fm.elidedText(e.label, Qt::ElideRight, maxLabel);
        const double w = s(kLegendSwatch) + s(6) + fm.horizontalAdvance(label) + s(18);
        if (x > r.left() && x + w > r.right()) {
            x = r.left();
            y += rowH;
        }
        if (paint) {
            const double mid = y + rowH / 2;
            QPen pen(m_theme.seriesColor(e.color), s(3));
            pen.setCapStyle(Qt::RoundCap);
            m_p.setPen(pen);
            m_p.drawLine(QPointF(x + s(2), mid), QPointF(x + s(kLegendSwatch) - s(2), mid));
            m_p.setPen(m_theme.text);
            m_p.drawText(QPointF(x + s(kLegendSwatch) + s(6), mid - fm.height() / 2 + fm.ascent()), label);
        }
        x += w;
    }
    return y + rowH - r.top();
}

double PaintKit::footerHeight(const ChartFooter &f, double width) const
{
    const QFont ft = font(kFooterFont);
    const QFontMetricsF fm(ft);
    int n = 0;
    for (const QString &line : f.lines())
        n += int(wrap(line, ft, width).size());
    return s(10) + n * fm.lineSpacing();
}

void PaintKit::paintFooter(const QRectF &r, const ChartFooter &f) const
{
    const QFont ft = font(kFooterFont);
    const QFontMetricsF fm(ft);
    m_p.setPen(QPen(m_theme.grid, std::max(1.0, s(1))));
    m_p.drawLine(QPointF(r.left(), r.top() + s(3)), QPointF(r.right(), r.top() + s(3)));
    double y = r.top() + s(10);
    const QStringList lines = f.lines();
    for (int i = 0; i < lines.size(); ++i) {
        const bool version = i == lines.size() - 1 && lines.at(i) == f.appVersion;
        QFont lf = ft;
        lf.setBold(version);
        m_p.setFont(lf);
        m_p.setPen(version ? m_theme.text : m_theme.mutedText);
        for (const QString &w : wrap(lines.at(i), lf, r.width())) {
            m_p.drawText(QPointF(r.left(), y + fm.ascent()), w);
            y += fm.lineSpacing();
        }
    }
}

} // namespace cm::render
