// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Paints an exported chart into any QPainter (a QImage for PNG, QSvgGenerator for SVG):
// background, title, legend, the plot and the footer, laid out for the area's size.
#include "render/chartmodel.h"
#include "render/charttheme.h"

#include <QPainter>
#include <QRectF>

namespace cm::render {

void paintTimeChart(QPainter &p, const QRectF &area, const TimeChart &c, const ChartTheme &theme);
void paintBarChart(QPainter &p, const QRectF &area, const BarChart &c, const ChartTheme &theme);
void paintStripChart(QPainter &p, const QRectF &area, const StripChart &c, const ChartTheme &theme);

} // namespace cm::render
