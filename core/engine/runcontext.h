// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What RunThread holds while a run goes (engine/runthread.h), shared by its two source
// files: runthread.cpp (the run from start to end) and runthreadsteps.cpp (what
// happens around each step: start gate, cross-check, bottleneck, cluster total).
#include "bench/runnerkind.h"
#include "ceph/cephpoller.h"
#include "engine/nodemonitor.h"
#include "engine/nodeworker.h"
#include "engine/repetitiontracker.h"
#include "engine/runpools.h"
#include "tuning/knobsession.h"
#include "engine/runthread.h"
#include "stats/osdplacement.h"
#include "store/sessionstore.h"

#include <QJsonArray>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

namespace cm {

using Workers = std::vector<std::unique_ptr<NodeWorker>>;

// Completion of one step across all nodes.
struct RunThread::StepBarrier {
    std::mutex mutex;
    std::condition_variable cv;
    int pending = 0;
    QList<StepOutcome> outcomes; // by node position
};

// What one run holds from its start to its end; members end in reverse order, the
// store after the workers.
struct RunThread::RunContext {
    RunContext(const QString &storePath, std::shared_ptr<RunnerKind> runnerKind, const Plan &plan)
        : kind(std::move(runnerKind))
        , store(storePath)
        , repetition(plan)
    { }
    std::shared_ptr<RunnerKind> kind;
    SessionStore store;
    RunId id = 0;
    Workers workers;
    QList<Error> connectErrors; // by node position; also a node lost during the run
    std::function<double()> now; // one time axis for all nodes
    std::vector<std::unique_ptr<NodeMonitor>> monitors;
    std::unique_ptr<CephPoller> ceph;
    RunPools pools; // removed after the run states are finished
    std::unique_ptr<KnobSession> scrubPause; // the plan's pauseScrub: the flags it set
    // `osd metadata` at the start (the poller's thread writes it once) and the nodes'
    // identities (each monitor's thread adds its own): where each OSD lives.
    QList<CephOsdMetadata> cephOsds;
    QList<NodeIdentity> identities;
    std::mutex cephOsdsMutex;
    QList<CephOsdMetadata> placedOsds()
    {
        std::lock_guard lock(cephOsdsMutex);
        QList<CephOsdMetadata> osds = cephOsds;
        placeOsdsOnNodes(&osds, identities);
        return osds;
    }
    std::vector<std::shared_ptr<RunState>> runStates;
    bool anyFailed = false;
    // Ceph did not answer for a step's environment in time: later steps do not wait again.
    bool cephEnvironmentLate = false;
    Error firstError;
    QList<Leftover> leftovers; // what the run made and could not remove
    // Iteration by iteration over the steps still repeating (all of them, unless
    // "until stable" let some stop early); total is the most it can take.
    RepetitionTracker repetition;
    int total = 0;
    int done = 0;
};

} // namespace cm
