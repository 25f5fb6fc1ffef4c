// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Screenshots of widgets from the UI tests: saved as PNG under $CLUSTERMARK_SHOTS when
// that is set (a folder outside the repository), else nothing. CLUSTERMARK_THEME=dark
// (or light) shoots them in that look.
#include "apptheme.h"

#include <QDir>
#include <QTest>
#include <QWidget>

namespace cmtest {

inline bool saveShot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("CLUSTERMARK_SHOTS");
    if (dir.isEmpty() || !w)
        return true;
    QDir().mkpath(dir);
    static bool themed = false;
    if (const QString theme = qEnvironmentVariable("CLUSTERMARK_THEME"); !themed && !theme.isEmpty()) {
        cm::ui::applyTheme(cm::ui::themeFromName(theme));
        themed = true;
    }
    QTest::qWait(100); // deferred layouts (a scroll bar that just appeared) settle first
    return w->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"), "PNG");
}

} // namespace cmtest
