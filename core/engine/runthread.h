// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Executes one run on its own thread (see runengine.h for the contract): connects the
// nodes, starts the node monitors, runs each step on every node at once (or on the nodes its kind names), writes every
// sample to the store as it arrives (committed at least once a second) and reports
// progress through queued signals.
#include "engine/samplebuffer.h"
#include "model/error.h"
#include "model/plan.h"
#include "model/runstatus.h"
#include "report/bottleneck.h"
#include "util/canceltoken.h"

#include <QJsonObject>
#include <QMap>
#include <QMutex>
#include <QThread>

#include <atomic>
#include <memory>
#include <mutex>

namespace cm {

struct StepOutcome;
struct ClientStepResult;
class StartGate;
class LiveTotal;
class StepCrossCheck;

class RunThread : public QThread {
    Q_OBJECT
public:
    RunThread(QString storePath, Plan plan, QMap<QString, Credentials> credentials, QObject *parent = nullptr);
    void cancel() { m_cancel.cancel(); }
    RunId runId() const { return m_runId.load(); }

Q_SIGNALS:
    void runStarted(cm::RunId id, const cm::Plan &plan, cm::SampleBufferPtr buffer, double estimatedSeconds);
    // index: the steps run so far (repeats count), of total; planStep: its plan step.
    void stepStarted(cm::RunId id, int index, int total, const QString &title, int planStep);
    void stepFinished(cm::RunId id, int index, const QString &node, const QJsonObject &summary);
    void stepFailed(cm::RunId id, int index, const QString &node, const cm::Error &error);
    void logAvailable(cm::RunId id, const QString &line);
    void runFinished(cm::RunId id, cm::RunStatus status, const cm::Error &error);
    void startFailed(const cm::Error &error);

protected:
    void run() override;

private:
    struct RunContext;
    struct StepBarrier;

    void pushSamples(const SampleList &samples);
    SampleList takeStoreQueue();
    // The steps of run(), in order.
    bool createRun(RunContext &rc);
    void connectNodes(RunContext &rc);
    void startSampling(RunContext &rc);
    void startMonitor(RunContext &rc, const NodeSpec &node);
    void runIterations(RunContext &rc);
    void stopMonitors(RunContext &rc);
    void runStep(RunContext &rc, int iter, int i);
    // The start gate and live total of a step run on several clients (else both null).
    struct ClientSync {
        std::shared_ptr<StartGate> gate;
        std::shared_ptr<LiveTotal> liveTotal;
        std::shared_ptr<StepCrossCheck> crossCheck; // begun when the gate opens
    };
    ClientSync clientSync(const RunContext &rc, int i, const QList<bool> &runsHere);
    void postStep(RunContext &rc, const std::shared_ptr<StepBarrier> &barrier, size_t n, int i, const ClientSync &sync);
    void recordOutcome(RunContext &rc, size_t n, int i, const StepOutcome &o, qint64 stepId);
    // judged: the step's cross_check and bottleneck objects (each left out when empty).
    // ceph: the cluster's environment (cephEnvironmentOf), recorded with the total.
    void recordClusterTotal(RunContext &rc, int iter, int i, const QList<ClientStepResult> &clients,
        const QJsonObject &judged, const QJsonObject &ceph);
    void finishStep(RunContext &rc, int iter, int i, StepBarrier &barrier, const QList<bool> &runsHere,
        const QList<qint64> &stepIds, const ClientSync &sync);
    QJsonObject bottleneckOf(
        RunContext &rc, int i, const QStringList &clients, const QList<ClientStepResult> &outcomes);
    void placeOsds(RunContext &rc, Bottleneck *b);
    void restartUsage(double at); // the bottleneck's window starts again at `at` (run time)
    QJsonObject crossCheckStep(RunContext &rc, const ClientSync &sync, const QList<ClientStepResult> &clients);
    // The Ceph environment at the end of step i (parse/cephenvironment.h); empty
    // without a Ceph cluster.
    QJsonObject cephEnvironmentOf(RunContext &rc, int i);
    void finishRunStates(RunContext &rc);
    bool createPools(RunContext &rc); // the kind's temporary pools; false: the run stops
    bool pauseScrub(RunContext &rc); // the plan's pauseScrub; false: the run stops
    void resumeScrub(RunContext &rc);
    void storeRunEnd(RunContext &rc);
    void flushSamples(RunContext &rc);
    void waitFlushing(RunContext &rc, StepBarrier &barrier);

    QString m_storePath;
    Plan m_plan;
    QMap<QString, Credentials> m_credentials;
    CancelToken m_cancel;
    std::atomic<RunId> m_runId {0};
    SampleBufferPtr m_buffer = std::make_shared<SampleBuffer>();
    QMutex m_queueMutex;
    SampleList m_storeQueue;
    std::mutex m_usageMutex;
    UsageWindow m_usage; // what the step's watched resources did since measuring began
};

} // namespace cm
