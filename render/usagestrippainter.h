// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Paints the nodes × resources strip (report/usagestrip.h) into any QPainter: the
// live and results views (ui) and exported PNG/SVG (chartrender.h) draw the same
// picture. Rows grouped by node, OSDs last; colour = utilisation (green, amber, red)
// or, for an OSD, its commit latency on a log scale; a frame around each step's
// bottleneck; step boundaries and a time axis.
#include "render/charttheme.h"
#include "report/usagestrip.h"

#include <QPainter>
#include <QRectF>

namespace cm::render {

// The words the strip shows: English for exports, the UI passes its translations.
struct UsageStripTexts {
    QString cpu = QStringLiteral("CPU");
    QString core = QStringLiteral("busiest core");
    QString memory = QStringLiteral("memory");
    QString noSpeed = QStringLiteral("%1 (link speed unknown)");
    QString utilisation = QStringLiteral("utilisation");
    QString osdLatency = QStringLiteral("OSD commit latency");
    QString limit = QStringLiteral("what limited the step");
    QString empty = QStringLiteral("No node or OSD was sampled yet.");
};

// Green at 0 (good), amber at 0.5, red at 1 (bad), linear between; t clamped to 0..1.
QColor heatColor(double t);
// Utilisation 0–100 % → green … amber … red; an OSD's latency from 0.1 ms to 100 ms
// on a log scale the same way.
QColor utilisationColor(double percent);
QColor osdLatencyColor(double ns);

struct UsageStripLayout {
    double rowHeight = 14; // pixels per row (0: fit the area)
    double fontPx = 11;
};

// Height the strip wants for its rows at layout.rowHeight (for a scrolling widget).
double usageStripHeight(const UsageStrip &s, const UsageStripLayout &layout);
void paintUsageStrip(QPainter &p, const QRectF &area, const UsageStrip &s, const ChartTheme &theme,
    const UsageStripTexts &texts = {}, const UsageStripLayout &layout = {});

} // namespace cm::render
