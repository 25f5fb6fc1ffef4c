// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Human-readable figures for tables, exports and the UI. Decimal units throughout
// (1 MB = 10^6 bytes), three significant digits. Invalid values (NaN, negative)
// format as "–".
#include "model/metric.h"

#include <QString>

namespace cm {

// v with `digits` significant digits, no exponent: 0.0123, 1.23, 12.3, 123, 12345.
QString formatSignificant(double v, int digits = 3);
// Plain number in MB/s (no unit), for columns whose header names the unit: "1234", "98.7".
QString formatMBps(double bytesPerSec);
// Scaled with unit: "512 kB/s", "98.7 MB/s", "1.23 GB/s".
QString formatBytesPerSec(double bytesPerSec);
// A network's rate in bits: "850 kbit/s", "941 Mbit/s", "9.41 Gbit/s".
QString formatBitRate(double bitsPerSec);
// "950", "12.3k", "1.23M".
QString formatIops(double iops);
// "850 ns", "85.0 µs", "1.23 ms", "2.50 s".
QString formatLatencyNs(double ns);
// A figure with its unit, for the unit the metric catalogue gives it: "98.7 MB/s",
// "9.41 Gbit/s" (a BitRate value is bytes/s), "12.3k IOPS", "850 µs". Percent and
// other figures: three significant digits (with " %").
QString formatFigure(metric::Unit unit, double value);
// The bare number for a column whose header names the unit: MB/s, Mbit/s, IOPS…
QString formatColumnFigure(metric::Unit unit, double value);

// Sizes in binary units, as sizes are typed (4M = 4 MiB): "512 B", "4 MiB", "7.81 GiB".
QString formatSize(double bytes);

} // namespace cm
