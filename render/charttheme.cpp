// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/charttheme.h"

namespace cm::render {

namespace {

// Tableau 10: tells series apart on both backgrounds (the live charts use it too).
QList<QColor> tableau(bool dark)
{
    QList<QColor> p {QColor(0x4e79a7), QColor(0xf28e2b), QColor(0x59a14f), QColor(0xe15759), QColor(0x76b7b2),
        QColor(0xedc948), QColor(0xb07aa1), QColor(0xff9da7), QColor(0x9c755f), QColor(0xbab0ac)};
    if (dark)
        p[0] = QColor(0x6f9fd8); // the first blue is too dim on a dark background
    return p;
}

} // namespace

ChartTheme ChartTheme::light()
{
    return {QStringLiteral("light"), QColor(0xffffff), QColor(0x1f2328), QColor(0x59636e), QColor(0xe6e8eb),
        QColor(0x8c959f), QColor(0x1a7f37), QColor(0xcf222e), tableau(false)};
}

ChartTheme ChartTheme::dark()
{
    return {QStringLiteral("dark"), QColor(0x1e2227), QColor(0xe6edf3), QColor(0x9da7b3), QColor(0x343a42),
        QColor(0x6e7681), QColor(0x3fb950), QColor(0xff7b72), tableau(true)};
}

bool ChartTheme::fromName(const QString &name, ChartTheme *out)
{
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("light"))
        *out = light();
    else if (n == QLatin1String("dark"))
        *out = dark();
    else
        return false;
    return true;
}

} // namespace cm::render
