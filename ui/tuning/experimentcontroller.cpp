// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/experimentcontroller.h"

#include "errortext.h"
#include "live/livedashboard.h"
#include "tuning/experimentdialog.h"
#include "tuning/experimentresultsdialog.h"

#include <QMessageBox>
#include <QWidget>

namespace cm::ui {

ExperimentController::ExperimentController(RunEngine *runs, QString storePath, LiveDashboard *live, QWidget *window)
    : QObject(window)
    , m_storePath(std::move(storePath))
    , m_live(live)
    , m_window(window)
    , m_engine(m_storePath, runs)
{
    connect(&m_engine, &ExperimentEngine::experimentStarted, this, [this](const QString &, int runs) {
        m_runs = runs;
        m_live->setBanner(tr("Experiment “%1”: the runs start (%2 in all)").arg(m_x.name).arg(runs));
    });
    connect(&m_engine, &ExperimentEngine::variantApplied, this, &ExperimentController::onVariantApplied);
    connect(&m_engine, &ExperimentEngine::experimentFinished, this, &ExperimentController::onFinished);
}

void ExperimentController::open(const Plan &plan, const QMap<QString, Credentials> &credentials)
{
    if (isRunning()) {
        QMessageBox::information(m_window, tr("Experiment"), tr("An experiment is running: stop it first."));
        return;
    }
    auto *d = new ExperimentDialog(plan, m_window);
    d->setAttribute(Qt::WA_DeleteOnClose);
    connect(d, &QDialog::accepted, this, [this, d, credentials] {
        Error e;
        const Experiment x = d->experiment(&e);
        if (!e)
            start(x, credentials);
    });
    d->open();
}

void ExperimentController::start(const Experiment &x, const QMap<QString, Credentials> &credentials)
{
    m_x = x;
    m_runs = 0;
    m_live->setBanner(tr("Experiment “%1”: checking every change on its node…").arg(x.name));
    m_engine.start(x, credentials);
    Q_EMIT runningChanged(true);
}

void ExperimentController::onVariantApplied(const QString &, int slot, int variant, const QStringList &changes)
{
    const ExperimentVariant &v = m_x.variants.value(variant);
    const QString what = variant == 0 ? tr("baseline: every setting as it was")
                                      : tr("variant “%1” applied (%2)").arg(v.name, changes.join(QStringLiteral(", ")));
    m_live->setBanner(tr("Experiment “%1”, run %2 of %3: %4").arg(m_x.name).arg(slot + 1).arg(m_runs).arg(what));
}

void ExperimentController::onFinished(const QString &id, RunStatus status, const Error &error)
{
    m_live->setBanner(QString());
    Q_EMIT runningChanged(false);
    if (id.isEmpty() || m_runs == 0) { // refused before anything was applied
        QMessageBox::warning(m_window, tr("Experiment"), tr("The experiment did not start: %1").arg(errorText(error)));
        return;
    }
    if (error && status != RunStatus::Cancelled)
        QMessageBox::warning(m_window, tr("Experiment"), tr("The experiment stopped: %1").arg(errorText(error)));
    showResults(id);
}

void ExperimentController::showResults(const QString &experimentId)
{
    if (m_results)
        m_results->close();
    m_results = new ExperimentResultsDialog(m_storePath, experimentId, m_window);
    m_results->setAttribute(Qt::WA_DeleteOnClose);
    m_results->show();
}

} // namespace cm::ui
