// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Display decimation: for each pixel column keep the first, min, max and last point,
// so spikes stay visible while a long history costs at most ~4 points per column.
#include <QList>
#include <QPointF>

namespace cm::ui {

// `points` sorted by x. Returns them unchanged when they already fit. Y is divided
// by `yDivisor` (display unit) on the way.
QList<QPointF> decimateMinMax(const QList<QPointF> &points, int columns, double yDivisor = 1.0);

} // namespace cm::ui
