// SPDX-License-Identifier: GPL-3.0-or-later
#include "targetcolors.h"

#include <array>

namespace cm::ui {

TargetColors &TargetColors::instance()
{
    static TargetColors c;
    return c;
}

QColor TargetColors::colorFor(const QString &target)
{
    // Distinct on light and dark backgrounds (Tableau 10).
    static const std::array<QColor, 10> palette {QColor(0x4e79a7), QColor(0xf28e2b), QColor(0x59a14f), QColor(0xe15759),
        QColor(0x76b7b2), QColor(0xedc948), QColor(0xb07aa1), QColor(0xff9da7), QColor(0x9c755f), QColor(0xbab0ac)};
    auto it = m_colors.constFind(target);
    if (it != m_colors.constEnd())
        return *it;
    const QColor c = palette.at(size_t(m_colors.size()) % palette.size());
    m_colors.insert(target, c);
    return c;
}

void TargetColors::reset()
{
    m_colors.clear();
}

QString targetLabel(const QString &target)
{
    const int colon = target.indexOf(QLatin1Char(':'));
    if (colon <= 0)
        return target;
    return target.left(colon) + QStringLiteral(" · ") + target.mid(colon + 1);
}

} // namespace cm::ui
