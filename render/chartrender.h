// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Output of an exported chart: a QImage (PNG) or SVG bytes (QSvgGenerator), at a
// chosen size and theme. Needs a QGuiApplication (fonts); any thread may render.
#include "model/error.h"
#include "render/chartmodel.h"
#include "render/charttheme.h"

#include <QByteArray>
#include <QImage>
#include <QSize>

namespace cm::render {

struct RenderOptions {
    QSize size {1200, 800};
    ChartTheme theme = ChartTheme::light();
};

inline constexpr int kMinChartSide = 320;
inline constexpr int kMaxChartSide = 8000;
// An error naming the limits when a side is outside [kMinChartSide, kMaxChartSide].
Error checkChartSize(const QSize &size);

QImage chartImage(const TimeChart &c, const RenderOptions &o);
QImage chartImage(const BarChart &c, const RenderOptions &o);
QByteArray chartSvg(const TimeChart &c, const RenderOptions &o);
QByteArray chartSvg(const BarChart &c, const RenderOptions &o);
QImage chartImage(const StripChart &c, const RenderOptions &o);
QByteArray chartSvg(const StripChart &c, const RenderOptions &o);

// PNG bytes of an image; saveFile writes bytes to a file (replacing it).
QByteArray pngBytes(const QImage &image);
Error saveFile(const QString &path, const QByteArray &bytes);

} // namespace cm::render
