// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Layout rules a screen must keep at every size and in every language (docs/VISUAL.md):
// no widget reaches past its window's edge or out of its parent, no button is cut, no
// label is cut unless it says its whole text in a tooltip. Header-only, for UI tests.
#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QLabel>
#include <QStringList>
#include <QWidget>

namespace cmtest {

// Whether w sits inside a scrolled area (its content may extend past the view).
inline bool insideScrollArea(const QWidget *w, const QWidget *window)
{
    for (const QWidget *p = w->parentWidget(); p && p != window; p = p->parentWidget())
        if (qobject_cast<const QAbstractScrollArea *>(p))
            return true;
    return false;
}

inline QString describe(const QWidget *w)
{
    QString text;
    if (const auto *l = qobject_cast<const QLabel *>(w))
        text = l->text();
    else if (const auto *b = qobject_cast<const QAbstractButton *>(w))
        text = b->text();
    text = text.left(60).replace(QLatin1Char('\n'), QLatin1Char(' '));
    const QString name = w->objectName().isEmpty() ? QString() : QLatin1Char('#') + w->objectName();
    return QStringLiteral("%1%2 \"%3\"").arg(QLatin1String(w->metaObject()->className()), name, text);
}

// The problems of one window as it is shown now; empty when it keeps every rule.
inline QStringList layoutProblems(QWidget *window)
{
    QStringList out;
    const QRect bounds = window->rect().adjusted(-1, -1, 1, 1);
    const QList<QWidget *> widgets = window->findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        if (!w->isVisible() || w->isWindow() || w->width() <= 0 || w->height() <= 0)
            continue;
        if (insideScrollArea(w, window))
            continue;
        const QRect r(w->mapTo(window, QPoint(0, 0)), w->size());
        if (!bounds.contains(r))
            out << QStringLiteral("past the window's edge: %1 at %2,%3 %4×%5")
                       .arg(describe(w))
                       .arg(r.x())
                       .arg(r.y())
                       .arg(r.width())
                       .arg(r.height());
        if (const auto *b = qobject_cast<const QAbstractButton *>(w); b && !b->text().isEmpty()) {
            if (b->width() < b->sizeHint().width() - 2)
                out << QStringLiteral("cut button: %1 (%2 of %3 px)")
                           .arg(describe(w))
                           .arg(b->width())
                           .arg(b->sizeHint().width());
        }
        if (const auto *l = qobject_cast<const QLabel *>(w); l && !l->text().isEmpty() && !l->wordWrap()) {
            if (l->width() < l->sizeHint().width() - 2 && l->toolTip().isEmpty())
                out << QStringLiteral("cut label without a tooltip: %1 (%2 of %3 px)")
                           .arg(describe(w))
                           .arg(l->width())
                           .arg(l->sizeHint().width());
        }
    }
    return out;
}

} // namespace cmtest
