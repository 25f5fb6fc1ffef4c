// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessions/deleteconfirmbox.h"

#include <QLocale>
#include <QPushButton>

namespace cm::ui {

DeleteConfirmBox::DeleteConfirmBox(const DeletionScope &scope, QWidget *parent)
    : QMessageBox(QMessageBox::Warning, QString(), QString(), QMessageBox::NoButton, parent)
    , m_scope(scope)
{
    setObjectName(QStringLiteral("confirmDelete"));
    setTextFormat(Qt::PlainText);
    const QLocale l;
    const StoreCounts &c = scope.counts;
    if (isRun()) {
        setWindowTitle(tr("Delete run"));
        setText(tr("Delete the run “%1” from the session “%2”?").arg(scope.name, scope.sessionName));
        setInformativeText(tr("This removes its step records (%1) with their raw tool output and %2 samples. "
                              "It cannot be undone.")
                               .arg(l.toString(c.steps), l.toString(c.samples)));
        m_confirm = addButton(tr("Delete run"), QMessageBox::DestructiveRole);
    } else {
        setWindowTitle(tr("Delete session"));
        setText(c.runs == 0   ? tr("Delete the empty session “%1”?").arg(scope.name)
                : c.runs == 1 ? tr("Delete the session “%1” and its run?").arg(scope.name)
                              : tr("Delete the session “%1” and its %2 runs?").arg(scope.name).arg(c.runs));
        setInformativeText(c.runs == 0 ? tr("It holds no runs. It cannot be undone.")
                                       : tr("This removes the runs (%1) with their step records (%2), raw tool output "
                                            "and %3 samples. It cannot be undone.")
                                             .arg(l.toString(c.runs), l.toString(c.steps), l.toString(c.samples)));
        m_confirm = addButton(tr("Delete session"), QMessageBox::DestructiveRole);
    }
    m_confirm->setObjectName(QStringLiteral("confirmButton"));
    addButton(QMessageBox::Cancel);
    setDefaultButton(QMessageBox::Cancel);
}

} // namespace cm::ui
