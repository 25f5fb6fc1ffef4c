// SPDX-License-Identifier: GPL-3.0-or-later
#include "elidedtooltips.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHeaderView>
#include <QHelpEvent>
#include <QStyle>
#include <QToolTip>

namespace cm::ui {

namespace {
// Room a cell's text needs beyond its glyphs: the style's margins on both sides.
int textMargins(const QWidget *w)
{
    return 2 * (w->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, w) + 1) + 4;
}
} // namespace

void ElidedToolTips::install()
{
    if (!qApp || qApp->findChild<ElidedToolTips *>(QString(), Qt::FindDirectChildrenOnly))
        return;
    qApp->installEventFilter(new ElidedToolTips(qApp));
}

QString ElidedToolTips::cutText(QAbstractItemView *view, const QPoint &pos)
{
    const QModelIndex index = view->indexAt(pos);
    if (!index.isValid() || index.data(Qt::ToolTipRole).isValid())
        return {};
    const QString text = index.data(Qt::DisplayRole).toString();
    if (text.isEmpty())
        return {};
    const QRect cell = view->visualRect(index);
    int room = cell.width() - textMargins(view);
    if (!index.data(Qt::DecorationRole).isNull())
        room -= view->iconSize().isValid() ? view->iconSize().width() : 16;
    QFont font = view->font();
    if (const QVariant f = index.data(Qt::FontRole); f.canConvert<QFont>())
        font = f.value<QFont>();
    return QFontMetrics(font).horizontalAdvance(text) > room ? text : QString();
}

QString ElidedToolTips::cutText(QHeaderView *header, const QPoint &pos)
{
    const int section = header->logicalIndexAt(pos);
    if (section < 0 || !header->model())
        return {};
    const QString text = header->model()->headerData(section, header->orientation()).toString();
    const int room = header->sectionSize(section) - textMargins(header) - 8; // the sort arrow's room
    return !text.isEmpty() && header->fontMetrics().horizontalAdvance(text) > room ? text : QString();
}

bool ElidedToolTips::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return false;
    auto *viewport = qobject_cast<QWidget *>(watched);
    auto *view = viewport ? qobject_cast<QAbstractItemView *>(viewport->parentWidget()) : nullptr;
    if (!view || view->viewport() != viewport)
        return false;
    const auto *help = static_cast<QHelpEvent *>(event);
    auto *header = qobject_cast<QHeaderView *>(view);
    const QString text = header ? cutText(header, help->pos()) : cutText(view, help->pos());
    if (text.isEmpty())
        return false; // the view's own tooltip, if any
    QToolTip::showText(help->globalPos(), text, viewport);
    return true;
}

} // namespace cm::ui
