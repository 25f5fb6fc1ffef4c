// SPDX-License-Identifier: GPL-3.0-or-later
// Renaming a run from the Sessions tab (its button and context menu).
#include "sessions/sessionsmodel.h"
#include "sessions/sessionsview.h"
#include "store/sessionstore.h"

#include <QInputDialog>

namespace cm::ui {

void SessionsView::askRunName(RunId id)
{
    const LibraryRun *r = m_model->runAt(m_model->runIndex(id));
    if (!r)
        return;
    auto *d = new QInputDialog(this);
    d->setObjectName(QStringLiteral("renameRunDialog"));
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->setWindowTitle(tr("Rename run"));
    d->setLabelText(tr("New name of the run:"));
    d->setTextValue(r->run.name);
    connect(d, &QInputDialog::textValueSelected, this, [this, id](const QString &name) {
        if (!name.trimmed().isEmpty())
            renameRun(id, name);
    });
    d->open();
}

void SessionsView::renameRun(RunId id, const QString &name)
{
    m_wantRun = id;
    const QString n = name.trimmed();
    write([id, n](SessionStore &s) { return s.renameRun(id, n); }, tr("Run renamed to “%1”.").arg(n));
}

} // namespace cm::ui
