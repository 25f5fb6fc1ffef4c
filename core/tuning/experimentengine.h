// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs an experiment (docs/ARCHITECTURE.md §12): for each slot of its schedule the knob
// worker applies the slot's variant, then the RunEngine runs the plan as an ordinary
// run, recorded with its variant; at the end, on a cancel or on an error, every knob
// is put back before experimentFinished. Lives on the caller's thread and never blocks
// it (the knob worker has its own thread), except in the destructor, which restores
// the knobs of an experiment still going before it returns.
#include "engine/runengine.h"
#include "model/experiment.h"
#include "util/canceltoken.h"

#include <QObject>
#include <QThread>

namespace cm {

class KnobWorker;

class ExperimentEngine : public QObject {
    Q_OBJECT
public:
    ExperimentEngine(QString storePath, RunEngine *runs, QObject *parent = nullptr);
    ~ExperimentEngine() override;

    void start(const Experiment &x, const QMap<QString, Credentials> &credentials = {});
    void cancel();
    bool isRunning() const { return m_worker != nullptr; }

Q_SIGNALS:
    void experimentStarted(const QString &id, int runs);
    // Slot `slot` of the schedule measures `variant` now (its knobs are applied).
    // settings: its knobs as applied (with the device or interface each changes) and
    // its plan fields ("size=32M").
    void variantApplied(const QString &id, int slot, int variant, const QStringList &settings);
    void logAvailable(const QString &line);
    void experimentFinished(const QString &id, cm::RunStatus status, const cm::Error &error);

private:
    void onPrepared(const QString &id, const Error &error);
    void nextSlot();
    void onApplied(int variant, const QStringList &settings, const Error &error);
    void onRunStarted(RunId id, const Plan &plan);
    void onRunFinished(RunId id, RunStatus status, const Error &error);
    void end(RunStatus status, const Error &error);
    void onWorkerFinished(const Error &restoreError);
    Plan planFor(const ExperimentSlot &slot) const;

    QString m_storePath;
    RunEngine *m_runs;
    QThread m_thread;
    KnobWorker *m_worker = nullptr;
    CancelToken m_cancel;
    Experiment m_x;
    QMap<QString, Credentials> m_credentials;
    QString m_id;
    QList<ExperimentSlot> m_slots;
    int m_slot = -1;
    QString m_awaitedPlan; // the name of the run being started
    RunId m_run = 0;
    RunStatus m_endStatus = RunStatus::Completed;
    Error m_endError;
    bool m_ending = false;
};

} // namespace cm
