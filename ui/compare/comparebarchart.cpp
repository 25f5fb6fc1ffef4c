// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/comparebarchart.h"

#include "compare/comparemarks.h"
#include "unitscale.h"

#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace cm::ui {

namespace {
constexpr int Margin = 8;
constexpr int BarH = 16;
constexpr int BarGap = 3;
constexpr int GroupGap = 12;
} // namespace

CompareBarChart::CompareBarChart(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
}

void CompareBarChart::setData(const QString &title, const QStringList &runNames, const QList<BarGroup> &groups)
{
    m_title = title;
    m_runNames = runNames;
    m_groups = groups;
    // as tall as its content, now: a scroll area around it scrolls the rest
    setFixedHeight(sizeHint().height());
    updateGeometry();
    update();
}

QString CompareBarChart::barLabel(int group, int run) const
{
    const BarGroup &g = m_groups.at(group);
    const GroupStats s = g.runs.value(run);
    if (s.n == 0)
        return tr("not measured");
    QString text = formatValue(g.unit, s.mean);
    if (run > 0) {
        const CompareStats c = g.vsBaseline.value(run - 1);
        const SignificanceMark m = significanceMark(c);
        text += QStringLiteral("   %1  %2 %3").arg(changeText(c), markSymbol(m), markText(m));
    }
    return text;
}

int CompareBarChart::groupHeight() const
{
    const int n = std::max(1, int(m_runNames.size()));
    return n * BarH + (n - 1) * BarGap;
}

CompareBarChart::Layout CompareBarChart::layout() const
{
    const QFontMetrics fm(font());
    Layout l {};
    l.titleH = fm.height() + 8;
    // the run colours' line, then the marks' key wrapped to the width
    const int keyW = std::max(100, width() - 2 * Margin);
    l.keyH = fm.boundingRect(QRect(0, 0, keyW, 10000), Qt::TextWordWrap, marksKey()).height();
    l.legendH = fm.height() + 4 + l.keyH + 6;
    l.barH = BarH;
    l.groupGap = GroupGap;
    l.top = Margin + l.titleH;
    int titleW = 0;
    for (const BarGroup &g : m_groups)
        titleW = std::max(titleW, fm.horizontalAdvance(g.title));
    l.labelW = std::min(titleW + 12, std::max(120, width() * 2 / 5));
    int textW = 0;
    for (int g = 0; g < m_groups.size(); ++g)
        for (int r = 0; r < m_runNames.size(); ++r)
            textW = std::max(textW, fm.horizontalAdvance(barLabel(g, r)));
    l.textW = std::min(textW + 10, std::max(160, width() / 2));
    return l;
}

QSize CompareBarChart::sizeHint() const
{
    const Layout l = layout();
    const int n = int(m_groups.size());
    const int h = l.top + n * groupHeight() + std::max(0, n - 1) * GroupGap + 8 + l.legendH + Margin;
    return QSize(640, h);
}

QSize CompareBarChart::minimumSizeHint() const
{
    return QSize(360, sizeHint().height());
}

QRect CompareBarChart::barRect(int group, int run) const
{
    if (group < 0 || group >= m_groups.size())
        return {};
    const BarGroup &g = m_groups.at(group);
    const GroupStats s = g.runs.value(run);
    if (s.n == 0 || !std::isfinite(s.mean))
        return {};
    const Layout l = layout();
    double top = 0;
    for (const GroupStats &x : g.runs)
        if (x.n > 0 && std::isfinite(x.mean))
            top = std::max(top, x.mean + (std::isfinite(x.stddev) ? x.stddev : 0));
    const int x0 = Margin + l.labelW;
    const int span = std::max(20, width() - x0 - l.textW - Margin);
    const int len = top > 0 ? int(std::lround(std::max(0.0, s.mean) / top * span)) : 0;
    const int y = l.top + group * (groupHeight() + GroupGap) + run * (BarH + BarGap);
    return QRect(x0, y, std::max(1, len), BarH);
}

void CompareBarChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QFontMetrics fm(font());
    const Layout l = layout();
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(pal.color(QPalette::Text));
    p.drawText(QRect(Margin, Margin, width() - 2 * Margin, l.titleH), Qt::AlignLeft | Qt::AlignVCenter, m_title);
    p.setFont(font());
    if (m_groups.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No test of these runs has this figure."));
        return;
    }
    const int x0 = Margin + l.labelW;
    for (int g = 0; g < m_groups.size(); ++g) {
        const BarGroup &grp = m_groups.at(g);
        const int gy = l.top + g * (groupHeight() + GroupGap);
        p.setPen(pal.color(QPalette::Text));
        const QString title = fm.elidedText(grp.title, Qt::ElideMiddle, l.labelW - 10);
        p.drawText(QRect(Margin, gy, l.labelW - 10, groupHeight()), Qt::AlignRight | Qt::AlignVCenter, title);
        // axis line at zero
        p.setPen(QPen(pal.color(QPalette::Mid), 1));
        p.drawLine(x0, gy - 2, x0, gy + groupHeight() + 2);
        double top = 0;
        for (const GroupStats &x : grp.runs)
            if (x.n > 0 && std::isfinite(x.mean))
                top = std::max(top, x.mean + (std::isfinite(x.stddev) ? x.stddev : 0));
        const int span = std::max(20, width() - x0 - l.textW - Margin);
        for (int r = 0; r < m_runNames.size(); ++r) {
            const QRect bar = barRect(g, r);
            const int y = gy + r * (BarH + BarGap);
            if (!bar.isEmpty()) {
                QColor c = runColor(r);
                p.setPen(Qt::NoPen);
                p.setBrush(c);
                p.drawRoundedRect(bar, 2, 2);
                const GroupStats s = grp.runs.value(r);
                if (s.n >= 2 && std::isfinite(s.stddev) && top > 0) {
                    // ±1 standard deviation over the repetitions
                    const double lo = std::max(0.0, s.mean - s.stddev) / top * span + x0;
                    const double hi = (s.mean + s.stddev) / top * span + x0;
                    const double my = y + BarH / 2.0;
                    p.setPen(QPen(pal.color(QPalette::Text), 1.2));
                    p.drawLine(QPointF(lo, my), QPointF(hi, my));
                    p.drawLine(QPointF(lo, my - 4), QPointF(lo, my + 4));
                    p.drawLine(QPointF(hi, my - 4), QPointF(hi, my + 4));
                }
            }
            const QString label = barLabel(g, r);
            QColor textColor = pal.color(QPalette::Text);
            if (r > 0) {
                const CompareStats c = grp.vsBaseline.value(r - 1);
                if (significanceMark(c) == SignificanceMark::Significant)
                    textColor = isBetter(c, grp.higherIsBetter) ? QColor(30, 140, 60) : QColor(200, 40, 40);
            }
            p.setPen(textColor);
            const int tx = std::max(bar.isEmpty() ? x0 : bar.right(),
                               x0
                                   + int(std::lround(
                                       top > 0 && grp.runs.value(r).n >= 2 && std::isfinite(grp.runs.value(r).stddev)
                                           ? (grp.runs.value(r).mean + grp.runs.value(r).stddev) / top * span
                                           : 0)))
                + 6;
            p.drawText(QRect(tx, y, width() - tx - Margin, BarH), Qt::AlignLeft | Qt::AlignVCenter,
                fm.elidedText(label, Qt::ElideRight, width() - tx - Margin));
        }
    }
    // Legend: run colours, then the marks.
    int ly = height() - Margin - l.legendH + 6;
    int lx = Margin;
    for (int r = 0; r < m_runNames.size(); ++r) {
        const QString name = m_runNames.at(r);
        const int w = 14 + 4 + fm.horizontalAdvance(name) + 14;
        if (lx + w > width() - Margin && lx > Margin)
            break;
        p.setPen(Qt::NoPen);
        p.setBrush(runColor(r));
        p.drawRect(lx, ly + (fm.height() - 10) / 2, 14, 10);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(lx + 18, ly, fm.horizontalAdvance(name) + 2, fm.height(), Qt::AlignLeft | Qt::AlignVCenter, name);
        lx += w;
    }
    ly += fm.height() + 4;
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(
        QRect(Margin, ly, std::max(100, width() - 2 * Margin), l.keyH), Qt::AlignLeft | Qt::TextWordWrap, marksKey());
}

QString CompareBarChart::marksKey()
{
    return tr("%1 significant  %2 within noise  %3 no noise estimate — Welch's t-test over the repetitions, "
              "95 %; whiskers ±1 standard deviation")
        .arg(markSymbol(SignificanceMark::Significant), markSymbol(SignificanceMark::WithinNoise),
            markSymbol(SignificanceMark::SingleRun));
}

// The key wraps to the width: the height follows it.
void CompareBarChart::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    if (const int h = sizeHint().height(); h != height())
        setFixedHeight(h);
}

} // namespace cm::ui
