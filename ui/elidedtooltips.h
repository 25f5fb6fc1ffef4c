// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A cell or header section that does not show its whole text (elided "…") shows it in
// a tooltip, in every list, table and tree of the app; a cell with a tooltip of its
// own keeps it. Installed once on the application by the main window.
#include <QObject>

class QAbstractItemView;
class QHelpEvent;
class QHeaderView;

namespace cm::ui {

class ElidedToolTips : public QObject {
    Q_OBJECT
public:
    static void install(); // on qApp, at most once
    bool eventFilter(QObject *watched, QEvent *event) override;

    // The whole text of what is at pos (viewport coordinates) when it is cut, else "".
    static QString cutText(QAbstractItemView *view, const QPoint &pos);
    static QString cutText(QHeaderView *header, const QPoint &pos);

private:
    using QObject::QObject;
};

} // namespace cm::ui
