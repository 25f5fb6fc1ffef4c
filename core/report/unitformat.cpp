// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/unitformat.h"

#include <cmath>

namespace cm {

namespace {

const QString Dash = QStringLiteral("–");

bool invalid(double v)
{
    return !std::isfinite(v) || v < 0;
}

// Rounds to `digits` significant digits and tells how many decimals that leaves.
double roundSignificant(double v, int digits, int *decimals)
{
    if (v == 0) {
        *decimals = 0;
        return 0;
    }
    int mag = int(std::floor(std::log10(std::fabs(v))));
    double scale = std::pow(10.0, digits - 1 - mag);
    double r = std::round(v * scale) / scale;
    // 9.996 rounds to 10.0: one more digit before the point.
    mag = int(std::floor(std::log10(std::fabs(r))));
    *decimals = std::max(0, digits - 1 - mag);
    return r;
}

// Picks the largest unit whose value, once rounded, is at least 1.
QString scaled(double v, const double *factors, const char *const *units, int count)
{
    int dec = 0;
    for (int i = count - 1; i > 0; --i) {
        const double r = roundSignificant(v / factors[i], 3, &dec);
        if (r >= 1.0)
            return QString::number(r, 'f', dec) + QString::fromUtf8(units[i]);
    }
    const double r = roundSignificant(v / factors[0], 3, &dec);
    return QString::number(r, 'f', dec) + QString::fromUtf8(units[0]);
}

} // namespace

QString formatSignificant(double v, int digits)
{
    if (!std::isfinite(v))
        return Dash;
    digits = std::max(1, digits);
    // Whole numbers at and above 10^digits: "12345", not "12300".
    if (std::fabs(v) >= std::pow(10.0, digits))
        return QString::number(std::round(v), 'f', 0);
    int dec = 0;
    const double r = roundSignificant(v, digits, &dec);
    return QString::number(r, 'f', dec);
}

QString formatMBps(double bytesPerSec)
{
    if (invalid(bytesPerSec))
        return Dash;
    return formatSignificant(bytesPerSec / 1e6);
}

QString formatBytesPerSec(double bytesPerSec)
{
    if (invalid(bytesPerSec))
        return Dash;
    static const double f[] = {1, 1e3, 1e6, 1e9, 1e12};
    static const char *const u[] = {" B/s", " kB/s", " MB/s", " GB/s", " TB/s"};
    return scaled(bytesPerSec, f, u, 5);
}

QString formatBitRate(double bitsPerSec)
{
    if (invalid(bitsPerSec))
        return Dash;
    static const double f[] = {1, 1e3, 1e6, 1e9, 1e12};
    static const char *const u[] = {" bit/s", " kbit/s", " Mbit/s", " Gbit/s", " Tbit/s"};
    return scaled(bitsPerSec, f, u, 5);
}

QString formatIops(double iops)
{
    if (invalid(iops))
        return Dash;
    static const double f[] = {1, 1e3, 1e6, 1e9};
    static const char *const u[] = {"", "k", "M", "G"};
    return scaled(iops, f, u, 4);
}

QString formatLatencyNs(double ns)
{
    if (invalid(ns))
        return Dash;
    static const double f[] = {1, 1e3, 1e6, 1e9};
    static const char *const u[] = {" ns", " µs", " ms", " s"};
    return scaled(ns, f, u, 4);
}

QString formatFigure(metric::Unit unit, double value)
{
    if (!std::isfinite(value))
        return Dash;
    switch (unit) {
    case metric::Unit::BytesPerSec: return formatBytesPerSec(value);
    case metric::Unit::BitRate: return formatBitRate(value * 8);
    case metric::Unit::OpsPerSec: return formatIops(value) + QStringLiteral(" IOPS");
    case metric::Unit::Nanoseconds: return formatLatencyNs(value);
    case metric::Unit::Percent: return formatSignificant(value) + QStringLiteral(" %");
    case metric::Unit::Other: break;
    }
    return formatSignificant(value);
}

QString formatColumnFigure(metric::Unit unit, double value)
{
    if (!std::isfinite(value))
        return Dash;
    switch (unit) {
    case metric::Unit::BytesPerSec: return formatMBps(value);
    case metric::Unit::BitRate: return invalid(value) ? Dash : formatSignificant(value * 8 / 1e6); // Mbit/s
    case metric::Unit::OpsPerSec: return formatIops(value);
    case metric::Unit::Nanoseconds: return formatLatencyNs(value);
    case metric::Unit::Percent:
    case metric::Unit::Other: break;
    }
    return formatSignificant(value);
}

QString formatSize(double bytes)
{
    if (invalid(bytes))
        return Dash;
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int u = 0;
    while (bytes >= 1024 && u < 5) {
        bytes /= 1024;
        ++u;
    }
    const bool whole = std::abs(bytes - std::round(bytes)) < 1e-9; // 4 MiB, not 4.00 MiB
    return (whole ? QString::number(qint64(std::round(bytes))) : formatSignificant(bytes)) + QLatin1Char(' ')
        + QLatin1String(units[u]);
}

} // namespace cm
