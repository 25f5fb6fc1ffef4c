// SPDX-License-Identifier: GPL-3.0-or-later
// "Run again…" from the Sessions tab: the run's saved plan, read on a worker, shown
// before it runs again (RunAgainDialog), or handed on as an experiment's workload.
#include "sessions/libraryloader.h"
#include "sessions/runagaindialog.h"
#include "sessions/sessionsview.h"
#include "store/sessionstore.h"

#include <QFutureWatcher>
#include <QtConcurrent>

namespace cm::ui {

namespace {

struct PlanAndSession {
    Plan plan;
    QString session;
    Error error;
};

} // namespace

void SessionsView::runAgain(RunId id, bool asExperiment)
{
    if (!id)
        return;
    auto *w = new QFutureWatcher<PlanAndSession>(this);
    connect(w, &QFutureWatcher<PlanAndSession>::finished, this, [this, w, asExperiment] {
        const PlanAndSession p = w->result();
        w->deleteLater();
        if (p.error) {
            setMessage(tr("The plan of this run cannot be read: %1").arg(p.error.message), true);
            return;
        }
        if (asExperiment) {
            Plan plan = p.plan;
            plan.session = p.session;
            Q_EMIT experimentRequested(plan);
            return;
        }
        auto *d = new RunAgainDialog(p.plan, sessionNames(), p.session, this);
        d->setAttribute(Qt::WA_DeleteOnClose);
        connect(d, &QDialog::accepted, this, [this, d] {
            if (d->choice() == RunAgainDialog::Choice::Experiment)
                Q_EMIT experimentRequested(d->plan());
            else
                Q_EMIT runAgainRequested(d->plan(), d->choice() == RunAgainDialog::Choice::EditInWizard);
        });
        d->open();
    });
    const QString path = m_storePath;
    w->setFuture(QtConcurrent::run([path, id] {
        PlanAndSession out;
        out.error = withStore(path, [&](SessionStore &s) {
            Error e;
            out.session = s.run(id, &e).sessionName;
            if (e)
                return e;
            out.plan = s.runPlan(id);
            return s.lastError();
        });
        return out;
    }));
}

} // namespace cm::ui
