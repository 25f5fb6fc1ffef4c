// SPDX-License-Identifier: GPL-3.0-or-later
#include "unitscale.h"

#include "report/unitformat.h"

#include <QCoreApplication>

#include <cmath>

namespace cm::ui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(cm::ui::UnitScale)
};

QString num(double v)
{
    const double a = std::fabs(v);
    const int decimals = a >= 100 ? 0 : a >= 10 ? 1 : 2;
    return QString::number(v, 'f', decimals);
}
} // namespace

UnitScale scaleFor(metric::Unit unit, double maxValue)
{
    const double m = std::fabs(maxValue);
    switch (unit) {
    case metric::Unit::BytesPerSec:
        if (m >= 1e9)
            return {1e9, Tr::tr("GB/s")};
        if (m >= 1e6)
            return {1e6, Tr::tr("MB/s")};
        if (m >= 1e3)
            return {1e3, Tr::tr("kB/s")};
        return {1, Tr::tr("B/s")};
    case metric::Unit::BitRate: // bytes/s, shown in bits
        if (m * 8 >= 1e9)
            return {1e9 / 8, Tr::tr("Gbit/s")};
        if (m * 8 >= 1e6)
            return {1e6 / 8, Tr::tr("Mbit/s")};
        if (m * 8 >= 1e3)
            return {1e3 / 8, Tr::tr("kbit/s")};
        return {1.0 / 8, Tr::tr("bit/s")};
    case metric::Unit::OpsPerSec:
        if (m >= 1e6)
            return {1e6, Tr::tr("M IOPS")};
        if (m >= 1e3)
            return {1e3, Tr::tr("k IOPS")};
        return {1, Tr::tr("IOPS")};
    case metric::Unit::Nanoseconds:
        if (m >= 1e9)
            return {1e9, Tr::tr("s")};
        if (m >= 1e6)
            return {1e6, Tr::tr("ms")};
        if (m >= 1e3)
            return {1e3, Tr::tr("µs")};
        return {1, Tr::tr("ns")};
    case metric::Unit::Percent: return {1, Tr::tr("%")};
    case metric::Unit::Other: break;
    }
    return {1, QString()};
}

UnitScale opsScale(OpsNoun noun, double maxValue)
{
    const UnitScale s = scaleFor(metric::Unit::OpsPerSec, maxValue);
    const QString unit = rateWord(opsUnit(noun));
    if (s.divisor >= 1e6)
        return {s.divisor, Tr::tr("M %1").arg(unit)};
    if (s.divisor >= 1e3)
        return {s.divisor, Tr::tr("k %1").arg(unit)};
    return {s.divisor, unit};
}

QString rateWord(const char *source)
{
    return QCoreApplication::translate(kRateWordsContext, source);
}

QString formatOpsRate(double perSecond, OpsNoun noun)
{
    const QString n = cm::formatIops(perSecond);
    return n == cm::formatIops(-1) ? n : Tr::tr("%1 %2").arg(n, rateWord(opsUnit(noun)));
}

QString formatValue(metric::Unit unit, double value)
{
    // One formatting for tables, exports and the UI: core's, where it has one.
    switch (unit) {
    case metric::Unit::BytesPerSec: return cm::formatBytesPerSec(value);
    case metric::Unit::BitRate: return cm::formatBitRate(value * 8);
    case metric::Unit::OpsPerSec: return Tr::tr("%1 IOPS").arg(cm::formatIops(value));
    case metric::Unit::Nanoseconds: return cm::formatLatencyNs(value);
    case metric::Unit::Percent:
    case metric::Unit::Other: break;
    }
    const UnitScale s = scaleFor(unit, value);
    return s.label.isEmpty() ? num(value) : num(value / s.divisor) + QLatin1Char(' ') + s.label;
}

QString formatBytesPerSec(double v)
{
    return formatValue(metric::Unit::BytesPerSec, v);
}
QString formatIops(double v)
{
    return formatValue(metric::Unit::OpsPerSec, v);
}
QString formatLatencyNs(double ns)
{
    return formatValue(metric::Unit::Nanoseconds, ns);
}

QString formatDuration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0)
        return QStringLiteral("–");
    const qint64 s = qint64(std::llround(seconds));
    if (s >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(s / 3600)
            .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
            .arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

} // namespace cm::ui
