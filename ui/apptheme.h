// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The app's look: the system's palette, or ClusterMark's own light or dark one (on the
// Fusion style, which draws every widget from the palette). Widgets and charts follow
// a change at once (chartpalette.h).
#include <QPalette>
#include <QString>

namespace cm::ui {

enum class Theme { System, Light, Dark };

Theme themeFromName(const QString &name, bool *ok = nullptr); // "system", "light", "dark"
QString themeName(Theme theme);
QPalette darkPalette();
void applyTheme(Theme theme); // on qApp
Theme currentTheme();

} // namespace cm::ui
