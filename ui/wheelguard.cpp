// SPDX-License-Identifier: GPL-3.0-or-later
#include "wheelguard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QScrollBar>
#include <QWheelEvent>

namespace cm::ui {

void WheelGuard::install()
{
    if (!qApp || qApp->findChild<WheelGuard *>(QString(), Qt::FindDirectChildrenOnly))
        return;
    qApp->installEventFilter(new WheelGuard(qApp));
}

bool WheelGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::Wheel)
        return false;
    auto *w = qobject_cast<QWidget *>(watched);
    if (!w || w->hasFocus() || !(qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QComboBox *>(w)))
        return false;
    for (QWidget *p = w->parentWidget(); p; p = p->parentWidget())
        if (auto *area = qobject_cast<QAbstractScrollArea *>(p)) {
            const auto *wheel = static_cast<QWheelEvent *>(event);
            QScrollBar *bar = wheel->angleDelta().x() != 0 && wheel->angleDelta().y() == 0 ? area->horizontalScrollBar()
                                                                                           : area->verticalScrollBar();
            QApplication::sendEvent(bar, event);
            break;
        }
    return true;
}

} // namespace cm::ui
