// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Driving the plan wizard in UI tests (header-only): the current page as its type, the
// Next and Run buttons as a user clicks them, the kind and preset lists, the plan the
// wizard hands on; saveShot (shots.h) for screenshots.
#include "model/plan.h"
#include "shots.h"
#include "wizard/kindpage.h"
#include "wizard/nodespage.h"
#include "wizard/planwizard.h"

#include <QAbstractButton>
#include <QJsonArray>
#include <QJsonDocument>
#include <QListWidget>
#include <QSignalSpy>
#include <QTest>

namespace cmtest {

template <typename T> T *currentPage(cm::ui::PlanWizard &w)
{
    return qobject_cast<T *>(w.currentPage());
}

// Clicks Next; true when the wizard moved on (false: the button is disabled, hidden, or
// the page refused).
inline bool clickNext(cm::ui::PlanWizard &w)
{
    QAbstractButton *next = w.button(QWizard::NextButton);
    if (!next->isEnabled() || !next->isVisible())
        return false;
    const int before = w.currentId();
    QTest::mouseClick(next, Qt::LeftButton);
    return w.currentId() != before;
}

// The row whose Qt::UserRole data is `id` (kinds, presets), -1 when there is none.
inline int rowById(QListWidget *list, const QString &id)
{
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->data(Qt::UserRole).toString() == id)
            return i;
    return -1;
}

// Selects that row; false when there is none.
inline bool selectById(QListWidget *list, const QString &id)
{
    const int row = rowById(list, id);
    if (row >= 0)
        list->setCurrentRow(row);
    return row >= 0;
}

// On the kind page: picks the kind and clicks Next; the page that follows, as T.
// Chooses the kind and, when the kind's first page is the nodes page and T is not,
// passes it with its default (this machine).
template <typename T> T *chooseKind(cm::ui::PlanWizard &w, const QString &kindId)
{
    auto *kinds = currentPage<cm::ui::KindPage>(w);
    if (!kinds || !selectById(kinds->list(), kindId) || !clickNext(w))
        return nullptr;
    if (!currentPage<T>(w) && currentPage<cm::ui::NodesPage>(w) && !clickNext(w))
        return nullptr;
    return currentPage<T>(w);
}

// The plan the wizard hands on when Run is clicked (empty when it hands on none).
inline cm::Plan finish(cm::ui::PlanWizard &w)
{
    QSignalSpy spy(&w, &cm::ui::PlanWizard::runRequested);
    QTest::mouseClick(w.button(QWizard::FinishButton), Qt::LeftButton);
    return spy.isEmpty() ? cm::Plan {} : spy.first().first().value<cm::Plan>();
}

inline QByteArray stepsJson(const QList<cm::PlanStep> &steps)
{
    QJsonArray a;
    for (const cm::PlanStep &s : steps)
        a.append(s.toJson());
    return QJsonDocument(a).toJson(QJsonDocument::Compact);
}

} // namespace cmtest
