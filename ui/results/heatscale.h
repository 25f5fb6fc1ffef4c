// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The colour scale of the results' heat maps (network matrix, per-OSD latency): green at
// 0 (good), amber at 0.5, red at 1 (bad), linear between; t is clamped to 0..1.
#include <QColor>

namespace cm::ui {

QColor heatScaleColor(double t);

} // namespace cm::ui
