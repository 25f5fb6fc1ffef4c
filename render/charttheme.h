// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Colours of an exported chart: light (white paper) or dark (forum dark themes).
#include <QColor>
#include <QList>
#include <QString>

namespace cm::render {

struct ChartTheme {
    QString name; // "light" / "dark"
    QColor background;
    QColor text;
    QColor mutedText; // axis labels, footer
    QColor grid;
    QColor axis;
    QColor better; // a significant change for the better
    QColor worse;
    QList<QColor> palette; // series colours, in order

    QColor seriesColor(int i) const { return palette.at(i % palette.size()); }

    static ChartTheme light();
    static ChartTheme dark();
    // "light" / "dark" (case-insensitive); false for anything else.
    static bool fromName(const QString &name, ChartTheme *out);
};

} // namespace cm::render
