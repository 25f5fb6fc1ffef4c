// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/niceticks.h"

#include <cmath>

namespace cm::render {

namespace {

double niceStep(double span, int maxTicks)
{
    const double raw = span / std::max(1, maxTicks - 1);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (m * mag >= raw * (1 - 1e-9))
            return m * mag;
    }
    return 10 * mag;
}

} // namespace

Ticks niceTicks(double lo, double hi, int maxTicks)
{
    if (!std::isfinite(lo) || !std::isfinite(hi))
        lo = hi = 0;
    if (hi < lo)
        std::swap(lo, hi);
    if (hi - lo <= 0)
        hi = lo == 0 ? 1 : lo + std::fabs(lo) * 0.5;
    maxTicks = std::max(2, maxTicks);
    Ticks t;
    t.step = niceStep(hi - lo, maxTicks);
    t.lo = std::floor(lo / t.step + 1e-9) * t.step;
    t.hi = std::ceil(hi / t.step - 1e-9) * t.step;
    // Rounding both ends outwards can add one step too many: widen the step instead.
    while (std::llround((t.hi - t.lo) / t.step) + 1 > maxTicks + 1) {
        t.step = niceStep(t.step * 1.01 * (maxTicks - 1), maxTicks);
        t.lo = std::floor(lo / t.step + 1e-9) * t.step;
        t.hi = std::ceil(hi / t.step - 1e-9) * t.step;
    }
    const long long n = std::llround((t.hi - t.lo) / t.step);
    for (long long i = 0; i <= n; ++i) {
        double v = t.lo + double(i) * t.step;
        if (std::fabs(v) < t.step * 1e-9)
            v = 0; // no "-0"
        t.values << v;
    }
    return t;
}

QString tickLabel(double value, double step)
{
    int decimals = 0;
    if (step > 0 && step < 1) {
        decimals = int(std::ceil(-std::log10(step) - 1e-9));
        // 0.25 needs two decimals, 2.5 one
        const double scaled = step * std::pow(10.0, decimals);
        if (std::fabs(scaled - std::round(scaled)) > 1e-6)
            ++decimals;
    } else if (step >= 1 && std::fabs(step - std::round(step)) > 1e-6) {
        decimals = 1;
    }
    return QString::number(value, 'f', std::min(decimals, 6));
}

Ticks logTicks(double minPositive, double max)
{
    Ticks t;
    t.step = 0;
    if (!(minPositive > 0) || !std::isfinite(minPositive) || !std::isfinite(max) || max <= minPositive)
        max = std::max(10.0, minPositive * 10);
    if (!(minPositive > 0) || !std::isfinite(minPositive))
        minPositive = 1;
    const int d0 = int(std::floor(std::log10(minPositive) + 1e-9));
    const int d1 = std::max(d0 + 1, int(std::ceil(std::log10(max) - 1e-9)));
    t.lo = std::pow(10.0, d0);
    t.hi = std::pow(10.0, d1);
    const bool fine = d1 - d0 <= 2;
    for (int d = d0; d <= d1; ++d) {
        const double base = std::pow(10.0, d);
        t.values << base;
        if (fine && d < d1)
            t.values << 2 * base << 5 * base;
    }
    return t;
}

Quantity quantityOf(metric::Unit unit)
{
    switch (unit) {
    case metric::Unit::BytesPerSec: return Quantity::BytesPerSec;
    case metric::Unit::BitRate: return Quantity::BitRate;
    case metric::Unit::OpsPerSec: return Quantity::OpsPerSec;
    case metric::Unit::Nanoseconds: return Quantity::Nanoseconds;
    case metric::Unit::Percent:
    case metric::Unit::Other: break;
    }
    return Quantity::Plain;
}

QString valueLabel(Quantity q, double value)
{
    const AxisUnit u = axisUnit(q, value);
    const double v = value / u.divisor;
    const QString n = QString::number(v, 'f', v < 10 && std::fabs(v - std::round(v)) > 1e-6 ? 1 : 0);
    return u.label.isEmpty() ? n : n + QLatin1Char(' ') + u.label;
}

AxisUnit axisUnit(Quantity q, double maxValue)
{
    const double m = std::isfinite(maxValue) ? std::fabs(maxValue) : 0;
    switch (q) {
    case Quantity::BytesPerSec:
        if (m >= 1e9)
            return {1e9, QStringLiteral("GB/s")};
        if (m >= 1e6)
            return {1e6, QStringLiteral("MB/s")};
        if (m >= 1e3)
            return {1e3, QStringLiteral("kB/s")};
        return {1, QStringLiteral("B/s")};
    case Quantity::BitRate:
        if (m * 8 >= 1e9)
            return {1e9 / 8, QStringLiteral("Gbit/s")};
        if (m * 8 >= 1e6)
            return {1e6 / 8, QStringLiteral("Mbit/s")};
        if (m * 8 >= 1e3)
            return {1e3 / 8, QStringLiteral("kbit/s")};
        return {1.0 / 8, QStringLiteral("bit/s")};
    case Quantity::OpsPerSec:
        if (m >= 1e6)
            return {1e6, QStringLiteral("M IOPS")};
        if (m >= 1e4)
            return {1e3, QStringLiteral("k IOPS")};
        return {1, QStringLiteral("IOPS")};
    case Quantity::Nanoseconds:
        if (m >= 1e9)
            return {1e9, QStringLiteral("s")};
        if (m >= 1e6)
            return {1e6, QStringLiteral("ms")};
        if (m >= 1e3)
            return {1e3, QStringLiteral("µs")};
        return {1, QStringLiteral("ns")};
    case Quantity::Seconds: return {1, QStringLiteral("s")};
    case Quantity::Plain: break;
    }
    return {1, QString()};
}

} // namespace cm::render
