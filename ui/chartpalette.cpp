// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartpalette.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>

namespace cm::ui {

namespace {

QColor withAlpha(QColor c, int alpha)
{
    c.setAlpha(alpha);
    return c;
}

class PaletteFollower : public QObject {
public:
    explicit PaletteFollower(QChartView *view)
        : QObject(view)
        , m_view(view)
    { }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_view && event->type() == QEvent::PaletteChange && m_view->chart())
            applyChartPalette(m_view->chart(), m_view->palette());
        return false;
    }

private:
    QChartView *m_view;
};

} // namespace

void applyChartPalette(QChart *chart, const QPalette &palette)
{
    if (!chart)
        return;
    const QColor text = palette.color(QPalette::Text);
    chart->setTitleBrush(text);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->legend()->setLabelColor(text);
    for (QAbstractAxis *axis : chart->axes()) {
        if (axis->labelsColor().alpha() != 0) // hidden labels (drawn by the chart's owner) stay hidden
            axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(withAlpha(text, 110));
        axis->setGridLineColor(withAlpha(text, 40));
        axis->setMinorGridLineColor(withAlpha(text, 18));
    }
}

QColor awayFromBackground(const QColor &c, const QPalette &palette, int factor)
{
    const bool darkBackground = palette.color(QPalette::Base).lightnessF() < 0.5;
    return darkBackground ? c.lighter(factor) : c.darker(factor);
}

void followPalette(QChartView *view)
{
    applyChartPalette(view->chart(), view->palette());
    view->installEventFilter(new PaletteFollower(view));
}

} // namespace cm::ui
