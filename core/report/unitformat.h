// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Human-readable figures for tables, exports and the UI. Decimal units throughout
// (1 MB = 10^6 bytes), three significant digits. Invalid values (NaN, negative)
// format as "–".
#include <QString>

namespace cm {

// v with `digits` significant digits, no exponent: 0.0123, 1.23, 12.3, 123, 12345.
QString formatSignificant(double v, int digits = 3);
// Plain number in MB/s (no unit), for columns whose header names the unit: "1234", "98.7".
QString formatMBps(double bytesPerSec);
// Scaled with unit: "512 kB/s", "98.7 MB/s", "1.23 GB/s".
QString formatBytesPerSec(double bytesPerSec);
// "950", "12.3k", "1.23M".
QString formatIops(double iops);
// "850 ns", "85.0 µs", "1.23 ms", "2.50 s".
QString formatLatencyNs(double ns);
// Sizes in binary units, as sizes are typed (4M = 4 MiB): "512 B", "4 MiB", "7.81 GiB".
QString formatSize(double bytes);

} // namespace cm
