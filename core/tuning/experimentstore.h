// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Experiments in the session database (docs/ARCHITECTURE.md §12): the experiment's file,
// its status, and which run measured which variant in which slot of its schedule. The
// runs themselves are ordinary runs of the store.
#include "model/experiment.h"
#include "store/sessionstore.h"

namespace cm {

struct ExperimentRun {
    int slot = 0;
    RunId run = 0;
    int variant = 0;
    int repetition = 0;
    bool warmUp = false;
};

struct ExperimentRecord {
    QString id;
    Experiment experiment;
    RunStatus status = RunStatus::Running;
    QString error;
    QDateTime created;
    QDateTime finished;
    QList<ExperimentRun> runs; // in slot order
};

class ExperimentStore {
public:
    explicit ExperimentStore(SessionStore &store); // open, on this thread

    Error create(const Experiment &x, QString *id);
    // The experiment as it runs: its knobs with the objects the run uses filled in.
    Error update(const QString &id, const Experiment &x);
    Error addRun(const QString &id, const ExperimentRun &run);
    Error finish(const QString &id, RunStatus status, const QString &error = {});
    ExperimentRecord load(const QString &id, Error *error = nullptr);
    QList<ExperimentRecord> list(Error *error = nullptr); // newest first, without their runs

private:
    SessionStore &m_store;
};

} // namespace cm
