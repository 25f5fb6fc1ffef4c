// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs plans (docs/ARCHITECTURE.md §4). Threading contract:
// - RunEngine lives on the caller's thread (the UI thread in the GUI) and never blocks
//   it: start() and cancel() return at once.
// - Each run gets its own thread, which owns that run's SQLite connection; each node
//   of a step runs on a worker thread with its own Transport (one SSH session per
//   thread); a node monitor thread per node samples CPU, disks and network
//   interfaces each second. A kind whose step spans nodes (net-iperf: a client and a
//   server) runs it on the node it names and has jobs run on the other node's own
//   worker (StepContext::startOnNode), so a transport still never leaves its thread.
// - Workers append samples to the run's SampleBuffer (drained by the UI on a timer)
//   and to the store queue, committed at least once a second.
// - Cancel sets an atomic flag; every worker stops within 2 s and kills its remote
//   process group. Signals carry values and are delivered queued to this object's
//   thread.
#include "engine/samplebuffer.h"
#include "model/error.h"
#include "model/plan.h"
#include "model/runstatus.h"
#include "model/sample.h"

#include <QJsonObject>
#include <QMap>
#include <QMutex>
#include <QObject>

#include <memory>

namespace cm {

class RunThread;

class RunEngine : public QObject {
    Q_OBJECT
public:
    explicit RunEngine(const QString &storePath, QObject *parent = nullptr);
    ~RunEngine() override; // cancels every run and waits for its thread

    // Starts a run; runStarted() follows with its id. `credentials` maps
    // NodeSpec::secretKey() to secrets the caller already holds (in memory only).
    void start(const Plan &plan, const QMap<QString, Credentials> &credentials = {});
    void cancel(RunId id);
    void cancelAll();
    bool isIdle() const;

Q_SIGNALS:
    void runStarted(cm::RunId id, const cm::Plan &plan, cm::SampleBufferPtr buffer, double estimatedSeconds);
    // index: the steps run so far (repeats count), of total; planStep: its plan step.
    void stepStarted(cm::RunId id, int index, int total, const QString &title, int planStep);
    void stepFinished(cm::RunId id, int index, const QString &node, const QJsonObject &summary);
    void stepFailed(cm::RunId id, int index, const QString &node, const cm::Error &error);
    void logAvailable(cm::RunId id, const QString &line);
    void runFinished(cm::RunId id, cm::RunStatus status, const cm::Error &error);
    // A run could not even start (bad plan, store not writable): no id yet.
    void startFailed(const cm::Error &error);

private:
    void onThreadDone(RunThread *t);

    QString m_storePath;
    mutable QMutex m_mutex;
    QList<RunThread *> m_threads;
};

} // namespace cm

Q_DECLARE_METATYPE(cm::SampleBufferPtr)
