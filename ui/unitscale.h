// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Display scaling of base units (bytes/s, ops/s, ns, %) for chart axes, and text of
// single values (through core/store/unitformat.h, so the UI and exports agree).
#include "model/metric.h"
#include "model/ratewords.h"

#include <QString>

namespace cm::ui {

struct UnitScale {
    double divisor = 1; // displayed = base / divisor
    QString label; // "MB/s", "k IOPS", "µs", "%"
};

// The scale that shows `maxValue` (base unit) with 1–3 digits before the point.
UnitScale scaleFor(metric::Unit unit, double maxValue);
// An ops/s axis in the kind's own unit: "k requests/s", "ops/s", "M IOPS".
UnitScale opsScale(OpsNoun noun, double maxValue);
QString formatValue(metric::Unit unit, double value); // "1.23 GB/s", "45.6k IOPS", "870 µs"
QString formatBytesPerSec(double v);
QString formatIops(double v);
QString formatLatencyNs(double ns);
QString formatOpsRate(double perSecond, OpsNoun noun); // "410 requests/s", translated
// A kind's word from model/ratewords.h, translated: "GET", "读".
QString rateWord(const char *source);
QString formatDuration(double seconds); // "1:05", "1:02:03"

} // namespace cm::ui
