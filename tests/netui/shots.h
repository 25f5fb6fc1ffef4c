#pragma once
// Screenshots of widgets from the network UI tests: saved as PNG under
// $CLUSTERMARK_SHOTS when that is set (a folder outside the repository), else nothing.
#include <QDir>
#include <QWidget>

namespace cmtest {

inline bool saveShot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("CLUSTERMARK_SHOTS");
    if (dir.isEmpty() || !w)
        return true;
    QDir().mkpath(dir);
    return w->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"), "PNG");
}

} // namespace cmtest
