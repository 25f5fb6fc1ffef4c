// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Qt Charts draw with their own light theme; these make a chart take the window's
// palette instead (title, legend, axes, grid, background), so it reads under a dark
// palette as under a light one, also when the palette changes while a run goes.
#include <QPalette>

class QChart;
class QChartView;

namespace cm::ui {

// Now: a chart whose axes are rebuilt calls it again after.
void applyChartPalette(QChart *chart, const QPalette &palette);
// Now and on every palette change of the view (its chart as it is then).
void followPalette(QChartView *view);
// c set further off the palette's background: darker on a light one, lighter on a dark
// one (factor as QColor::darker/lighter: 150 = by half).
QColor awayFromBackground(const QColor &c, const QPalette &palette, int factor);

} // namespace cm::ui
