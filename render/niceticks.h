// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Axis ticks at 1, 2 or 5 × 10^n ("nice" numbers) and their labels. Pure.
#include "model/metric.h"

#include <QList>
#include <QString>

namespace cm::render {

struct Ticks {
    double lo = 0; // axis range, a multiple of step around the data
    double hi = 1;
    double step = 1;
    QList<double> values; // lo, lo + step, …, hi
};

// At most about maxTicks ticks covering [lo, hi]; a zero or non-finite span gives
// a small range around lo.
Ticks niceTicks(double lo, double hi, int maxTicks = 6);
// The label of a tick value: as many decimals as the step needs ("0", "2.5", "0.25").
QString tickLabel(double value, double step);

// Ticks of a log axis over [minPositive, max]: whole decades, with 2 and 5 between
// them when the range spans at most two decades. step is 0.
Ticks logTicks(double minPositive, double max);

// The display unit of an axis: values are divided by divisor and named label.
struct AxisUnit {
    double divisor = 1;
    QString label; // "MB/s", "k IOPS", "ms"
};
// BitRate: bytes/s drawn in bit/s (a network's rate).
enum class Quantity { BytesPerSec, BitRate, OpsPerSec, Nanoseconds, Seconds, Plain };
// The quantity a metric's unit is drawn as (percent and other figures: Plain).
Quantity quantityOf(metric::Unit unit);
AxisUnit axisUnit(Quantity q, double maxValue);
// One value with its own unit, for log axes: "50 µs", "2 ms", "10k IOPS".
QString valueLabel(Quantity q, double value);

} // namespace cm::render
