// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/comparemarks.h"

#include "unitscale.h"

#include <QCoreApplication>

#include <cmath>

namespace cm::ui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(cm::ui::CompareMarks)
};

QString signedValue(metric::Unit unit, double v)
{
    const QString s = formatValue(unit, std::fabs(v));
    return (v < 0 ? QStringLiteral("−") : QStringLiteral("+")) + s;
}
} // namespace

SignificanceMark significanceMark(const CompareStats &s)
{
    if (s.a.n == 0 || s.b.n == 0)
        return SignificanceMark::Missing;
    if (s.tested)
        return s.significant ? SignificanceMark::Significant : SignificanceMark::WithinNoise;
    if (s.a.n < 2 || s.b.n < 2)
        return SignificanceMark::SingleRun;
    return SignificanceMark::NoSpread;
}

QString markText(SignificanceMark m)
{
    switch (m) {
    case SignificanceMark::Significant: return Tr::tr("significant");
    case SignificanceMark::WithinNoise: return Tr::tr("within noise");
    case SignificanceMark::SingleRun: return Tr::tr("single run: no noise estimate");
    case SignificanceMark::NoSpread: return Tr::tr("identical repetitions: no noise estimate");
    case SignificanceMark::Missing: return Tr::tr("not in both runs");
    }
    return {};
}

QString markSymbol(SignificanceMark m)
{
    switch (m) {
    case SignificanceMark::Significant: return QStringLiteral("✱");
    case SignificanceMark::WithinNoise: return QStringLiteral("≈");
    case SignificanceMark::SingleRun:
    case SignificanceMark::NoSpread: return QStringLiteral("?");
    case SignificanceMark::Missing: return QStringLiteral("–");
    }
    return {};
}

QString testText(const CompareStats &s, metric::Unit unit)
{
    if (!s.tested)
        return Tr::tr("Welch's t-test not possible: %1").arg(markText(significanceMark(s)));
    return Tr::tr("Welch's t-test, 95 % CI of the difference [%1, %2], p = %3")
        .arg(signedValue(unit, s.ciLow), signedValue(unit, s.ciHigh))
        .arg(s.p < 0.001 ? QStringLiteral("< 0.001") : QString::number(s.p, 'f', 3));
}

QString changeText(const CompareStats &s)
{
    if (!std::isfinite(s.changePct))
        return QStringLiteral("–");
    return QStringLiteral("%1%2 %")
        .arg(s.changePct < 0 ? QStringLiteral("−") : QStringLiteral("+"))
        .arg(std::fabs(s.changePct), 0, 'f', std::fabs(s.changePct) >= 100 ? 0 : 1);
}

QString meanText(const GroupStats &g, metric::Unit unit)
{
    if (g.n == 0)
        return QStringLiteral("–");
    QString t = formatValue(unit, g.mean);
    if (g.n >= 2 && std::isfinite(g.stddev))
        t += QStringLiteral(" ± ") + formatValue(unit, g.stddev);
    return Tr::tr("%1 (n = %2)").arg(t).arg(g.n);
}

bool isBetter(const CompareStats &s, bool higherIsBetter)
{
    if (!std::isfinite(s.diff) || s.diff == 0)
        return false;
    return higherIsBetter ? s.diff > 0 : s.diff < 0;
}

QColor runColor(int runIndex)
{
    static const QColor palette[]
        = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f), QColor(0xb0, 0x7a, 0xa1),
            QColor(0xe1, 0x57, 0x59), QColor(0x76, 0xb7, 0xb2), QColor(0xed, 0xc9, 0x48), QColor(0x9c, 0x75, 0x5f)};
    const int n = int(sizeof(palette) / sizeof(palette[0]));
    return palette[((runIndex % n) + n) % n];
}

} // namespace cm::ui
