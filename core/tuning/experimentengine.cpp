// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/experimentengine.h"

#include "tuning/knobworker.h"

namespace cm {

ExperimentEngine::ExperimentEngine(QString storePath, RunEngine *runs, QObject *parent)
    : QObject(parent)
    , m_storePath(std::move(storePath))
    , m_runs(runs)
{
    connect(m_runs, &RunEngine::runStarted, this,
        [this](RunId id, const Plan &plan, SampleBufferPtr, double) { onRunStarted(id, plan); });
    connect(m_runs, &RunEngine::runFinished, this, &ExperimentEngine::onRunFinished);
    connect(m_runs, &RunEngine::startFailed, this, [this](const Error &e) {
        if (!m_awaitedPlan.isEmpty()) {
            m_awaitedPlan.clear();
            end(RunStatus::Failed, e);
        }
    });
}

ExperimentEngine::~ExperimentEngine()
{
    if (m_worker) {
        // Put every knob back before the app goes: on the worker's thread, waiting here.
        m_cancel.cancel();
        if (m_run)
            m_runs->cancel(m_run);
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker] { w->finish(RunStatus::Cancelled, QStringLiteral("the app closed")); },
            Qt::BlockingQueuedConnection);
    }
    m_thread.quit();
    m_thread.wait();
}

void ExperimentEngine::start(const Experiment &x, const QMap<QString, Credentials> &credentials)
{
    if (m_worker) {
        Q_EMIT experimentFinished(QString(), RunStatus::Failed,
            Error(Error::Code::InvalidInput, QStringLiteral("an experiment is already running")));
        return;
    }
    m_x = x;
    m_credentials = credentials;
    m_cancel = CancelToken();
    m_slots = experimentSchedule(x);
    m_slot = -1;
    m_run = 0;
    m_ending = false;
    m_endStatus = RunStatus::Completed;
    m_endError = {};
    m_worker = new KnobWorker(m_storePath, credentials, m_cancel);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &KnobWorker::prepared, this, &ExperimentEngine::onPrepared);
    connect(m_worker, &KnobWorker::applied, this, &ExperimentEngine::onApplied);
    connect(m_worker, &KnobWorker::finished, this, &ExperimentEngine::onWorkerFinished);
    connect(m_worker, &KnobWorker::logAvailable, this, &ExperimentEngine::logAvailable);
    if (!m_thread.isRunning())
        m_thread.start();
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, x] { w->prepare(x); }, Qt::QueuedConnection);
}

void ExperimentEngine::cancel()
{
    if (!m_worker || m_ending)
        return;
    m_cancel.cancel();
    if (m_run)
        m_runs->cancel(m_run); // its runFinished ends the experiment
}

void ExperimentEngine::onPrepared(const QString &id, const Error &error)
{
    m_id = id;
    if (error)
        return end(RunStatus::Failed, error);
    Q_EMIT experimentStarted(id, int(m_slots.size()));
    nextSlot();
}

void ExperimentEngine::nextSlot()
{
    if (m_cancel.isCancelled())
        return end(RunStatus::Cancelled, Error(Error::Code::Cancelled, QStringLiteral("cancelled")));
    if (++m_slot >= m_slots.size())
        return end(RunStatus::Completed, {});
    const int variant = m_slots.at(m_slot).variant;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, variant] { w->applyVariant(variant); }, Qt::QueuedConnection);
}

void ExperimentEngine::onApplied(int variant, const QStringList &settings, const Error &error)
{
    if (error)
        return end(error.code == Error::Code::Cancelled ? RunStatus::Cancelled : RunStatus::Failed, error);
    QStringList all = settings;
    const QJsonObject target = m_x.variants.value(variant).target;
    for (auto it = target.begin(); it != target.end(); ++it)
        all << QStringLiteral("%1=%2").arg(it.key(), it.value().toVariant().toString());
    Q_EMIT variantApplied(m_id, m_slot, variant, all);
    const Plan plan = planFor(m_slots.at(m_slot));
    m_awaitedPlan = plan.name;
    m_runs->start(plan, m_credentials);
}

Plan ExperimentEngine::planFor(const ExperimentSlot &slot) const
{
    Plan p = experimentPlan(m_x, slot.variant);
    const QString name = m_x.name.isEmpty() ? m_x.plan.name : m_x.name;
    p.name = slot.warmUp ? QStringLiteral("%1 — warm-up (not counted)").arg(name)
                         : QStringLiteral("%1 — %2 (%3 of %4)")
                               .arg(name, m_x.variants.at(slot.variant).name)
                               .arg(slot.repetition + 1)
                               .arg(m_x.repetitions);
    if (p.session.isEmpty())
        p.session = QStringLiteral("Experiment: %1").arg(name);
    return p;
}

void ExperimentEngine::onRunStarted(RunId id, const Plan &plan)
{
    if (m_awaitedPlan.isEmpty() || plan.name != m_awaitedPlan)
        return;
    m_awaitedPlan.clear();
    m_run = id;
    const ExperimentSlot s = m_slots.at(m_slot);
    const ExperimentRun run {m_slot, id, s.variant, s.repetition, s.warmUp};
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, run] { w->recordRun(run); }, Qt::QueuedConnection);
    if (m_cancel.isCancelled())
        m_runs->cancel(id);
}

void ExperimentEngine::onRunFinished(RunId id, RunStatus status, const Error &error)
{
    if (id != m_run || m_run == 0)
        return;
    m_run = 0;
    if (status == RunStatus::Completed)
        return nextSlot();
    end(status == RunStatus::Cancelled ? RunStatus::Cancelled : RunStatus::Failed,
        error
            ? error
            : Error(Error::Code::CommandFailed, QStringLiteral("run %1 ended %2").arg(id).arg(runStatusName(status))));
}

void ExperimentEngine::end(RunStatus status, const Error &error)
{
    if (m_ending || !m_worker)
        return;
    m_ending = true;
    m_endStatus = status;
    m_endError = error;
    const QString why = error.message;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, status, why] { w->finish(status, why); }, Qt::QueuedConnection);
}

void ExperimentEngine::onWorkerFinished(const Error &restoreError)
{
    KnobWorker *w = m_worker;
    m_worker = nullptr;
    if (w)
        QMetaObject::invokeMethod(w, &QObject::deleteLater, Qt::QueuedConnection);
    RunStatus status = m_endStatus;
    Error error = m_endError;
    if (restoreError) {
        status = RunStatus::Failed;
        error = restoreError;
    }
    m_ending = false;
    Q_EMIT experimentFinished(m_id, status, error);
}

} // namespace cm
