// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Scrolling a form must not change its values: a spin box or combo box without focus
// passes the mouse wheel on to the scroll area around it (or drops it). Installed once
// on the application by the main window.
#include <QObject>

namespace cm::ui {

class WheelGuard : public QObject {
    Q_OBJECT
public:
    static void install(); // on qApp, at most once
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    using QObject::QObject;
};

} // namespace cm::ui
