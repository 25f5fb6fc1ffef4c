// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/runthread.h"

#include "bench/planbuilder.h"
#include "bench/registry.h"
#include "ceph/cephpoller.h"
#include "engine/nodemonitor.h"
#include "engine/nodeworker.h"
#include "engine/runcontext.h"
#include "engine/repetitiontracker.h"
#include "engine/startgate.h"
#include "engine/stepcrosscheck.h"
#include "parse/cephcounters.h"
#include "stats/clustertotal.h"
#include "store/sessionstore.h"

#include <QElapsedTimer>
#include <QHostInfo>
#include <QJsonArray>
#include <QLoggingCategory>
#include <QSysInfo>

#include <algorithm>

#include <condition_variable>
#include <future>
#include <mutex>

Q_LOGGING_CATEGORY(lcEngine, "clustermark.core.engine", QtInfoMsg)

namespace cm {

namespace {

constexpr int StoreFlushMs = 250; // well inside "a crash loses at most the last second"

// StepContext::startOnNode over the run's workers. It holds references, so a node
// lost in an earlier step is refused here too.
std::function<std::future<void>(const QString &, StepContext::NodeJob, Error *)> nodeJobStarter(
    const Workers &workers, const QList<Error> &connectErrors)
{
    return
        [&workers, &connectErrors](const QString &name, StepContext::NodeJob job, Error *error) -> std::future<void> {
            for (size_t k = 0; k < workers.size(); ++k) {
                if (workers[k]->node().displayName() != name)
                    continue;
                if (connectErrors.at(int(k))) {
                    if (error)
                        *error = connectErrors.at(int(k));
                    return {};
                }
                auto done = std::make_shared<std::promise<void>>();
                std::future<void> f = done->get_future();
                workers[k]->post([job = std::move(job), done](Transport &t) {
                    job(t);
                    done->set_value();
                });
                if (error)
                    *error = {};
                return f;
            }
            if (error)
                *error = Error(Error::Code::InvalidInput, QStringLiteral("node \"%1\" is not in the plan").arg(name));
            return {};
        };
}

} // namespace

RunThread::RunThread(QString storePath, Plan plan, QMap<QString, Credentials> credentials, QObject *parent)
    : QThread(parent)
    , m_storePath(std::move(storePath))
    , m_plan(std::move(plan))
    , m_credentials(std::move(credentials))
{
    if (m_plan.name.trimmed().isEmpty()) { // the live title, Results and Sessions show it
        registerBuiltinKinds();
        m_plan.name = defaultPlanName(m_plan, Registry::instance().kind(m_plan.kind).get());
    }
}

void RunThread::pushSamples(const SampleList &samples)
{
    m_buffer->append(samples);
    {
        std::lock_guard lock(m_usageMutex);
        m_usage.add(samples);
    }
    QMutexLocker lock(&m_queueMutex);
    m_storeQueue.append(samples);
}

SampleList RunThread::takeStoreQueue()
{
    QMutexLocker lock(&m_queueMutex);
    SampleList out;
    out.swap(m_storeQueue);
    return out;
}

void RunThread::run()
{
    registerBuiltinKinds();
    const auto kind = Registry::instance().kind(m_plan.kind);
    if (!kind) {
        Q_EMIT startFailed(
            Error(Error::Code::InvalidInput, QStringLiteral("unknown benchmark kind \"%1\"").arg(m_plan.kind)));
        return;
    }
    if (const Error e = kind->validate(m_plan)) {
        Q_EMIT startFailed(e);
        return;
    }
    RunContext rc(m_storePath, kind, m_plan);
    if (!createRun(rc))
        return;
    connectNodes(rc);
    startSampling(rc);
    if (pauseScrub(rc) && createPools(rc)) {
        for (size_t n = 0; n < rc.workers.size(); ++n)
            rc.runStates.push_back(rc.connectErrors.at(int(n)) ? nullptr : kind->createRunState(m_plan));
        runIterations(rc);
        finishRunStates(rc); // after a cancel, the monitors (tied to it) are stopping already
    }
    rc.leftovers += rc.pools.remove([this, id = rc.id](const QString &line) { Q_EMIT logAvailable(id, line); });
    resumeScrub(rc);
    stopMonitors(rc);
    rc.monitors.clear(); // joins each monitor
    rc.ceph.reset();
    flushSamples(rc);
    storeRunEnd(rc);
    // Every posted job has finished; a node still connecting after a cancel ends at
    // its connect timeout, after the run was reported finished.
    rc.workers.clear();
}

bool RunThread::createRun(RunContext &rc)
{
    if (const Error e = rc.store.open()) {
        Q_EMIT startFailed(e);
        return false;
    }
    const QJsonObject runEnv {{QStringLiteral("app_version"), QStringLiteral(CLUSTERMARK_VERSION)},
        {QStringLiteral("client_host"), QSysInfo::machineHostName()},
        {QStringLiteral("client_os"), QSysInfo::prettyProductName()}};
    Error createError;
    const RunId id = rc.store.createRun(m_plan, runEnv, &createError);
    if (createError || id <= 0) {
        Q_EMIT startFailed(
            createError ? createError : Error(Error::Code::Storage, QStringLiteral("could not create the run")));
        return false;
    }
    rc.id = id;
    m_runId = id;
    double eta = 0;
    for (int i = 0; i < m_plan.steps.size(); ++i)
        eta += rc.kind->estimatedSeconds(m_plan, i);
    eta *= m_plan.minIterations(); // "until stable" may take up to maxIterations()
    Q_EMIT runStarted(id, m_plan, m_buffer, eta);
    return true;
}

void RunThread::flushSamples(RunContext &rc)
{
    SampleList s = takeStoreQueue();
    s.removeIf([](const Sample &x) { return metric::isStepSoFar(x.metric); }); // live only
    if (s.isEmpty())
        return;
    if (const Error e = rc.store.appendSamples(rc.id, s))
        qCWarning(lcEngine) << "could not store samples:" << e.toString();
}

// Committing the monitors' samples while the jobs run.
void RunThread::waitFlushing(RunContext &rc, StepBarrier &barrier)
{
    for (;;) {
        std::unique_lock lock(barrier.mutex);
        if (barrier.cv.wait_for(lock, std::chrono::milliseconds(StoreFlushMs), [&] { return barrier.pending == 0; }))
            break;
        lock.unlock();
        flushSamples(rc);
    }
}

// Every node in parallel, each on its own worker thread.
void RunThread::connectNodes(RunContext &rc)
{
    for (const NodeSpec &n : std::as_const(m_plan.nodes)) {
        rc.workers.push_back(std::make_unique<NodeWorker>(n, m_credentials.value(n.secretKey()), m_cancel));
        rc.workers.back()->start();
    }
    for (auto &w : rc.workers) {
        const Error e = w->waitConnected();
        rc.connectErrors.append(e);
        if (e)
            Q_EMIT logAvailable(rc.id, QStringLiteral("%1: %2").arg(w->node().displayName(), e.message));
    }
}

// The time axis starts once every node is connected.
void RunThread::startSampling(RunContext &rc)
{
    QElapsedTimer clock;
    clock.start();
    rc.now = [clock] { return clock.nsecsElapsed() / 1e9; };

    QStringList watched;
    for (int n = 0; n < m_plan.nodes.size(); ++n) {
        watched << m_plan.nodes.at(n).displayName();
        if (!rc.connectErrors.at(n))
            startMonitor(rc, m_plan.nodes.at(n));
    }
    for (const NodeSpec &node : std::as_const(m_plan.watch)) // the rest of the cluster
        if (!watched.contains(node.displayName())) {
            watched << node.displayName();
            startMonitor(rc, node);
        }

    if (!m_plan.ceph.isEmpty()) {
        const CephConnectionSpec spec = CephConnectionSpec::fromJson(m_plan.ceph);
        const RunId id = rc.id;
        rc.ceph = std::make_unique<CephPoller>(
            spec, rc.now, [this](const SampleList &s) { pushSamples(s); },
            [this, id](const QString &line) { Q_EMIT logAvailable(id, line); },
            [&rc](const QList<CephOsdMetadata> &osds) {
                std::lock_guard lock(rc.cephOsdsMutex);
                rc.cephOsds = osds;
            });
        rc.ceph->start();
    }
}

// A node monitor connects on its own thread; one that cannot reach its node stops.
void RunThread::startMonitor(RunContext &rc, const NodeSpec &node)
{
    rc.monitors.push_back(std::make_unique<NodeMonitor>(
        node, m_credentials.value(node.secretKey()), rc.now, [this](const SampleList &s) { pushSamples(s); },
        [&rc](const NodeIdentity &identity) {
            std::lock_guard lock(rc.cephOsdsMutex);
            rc.identities << identity;
        },
        m_cancel));
    rc.monitors.back()->start();
}

void RunThread::runIterations(RunContext &rc)
{
    rc.total = m_plan.steps.size() * m_plan.maxIterations();
    bool stopEarly = false;
    for (int iter = 0;
         iter < m_plan.maxIterations() && !rc.repetition.allDone() && !m_cancel.isCancelled() && !stopEarly; ++iter) {
        for (int i = 0; i < m_plan.steps.size() && !m_cancel.isCancelled(); ++i) {
            if (!rc.repetition.wants(i))
                continue;
            runStep(rc, iter, i);
            ++rc.done;
            if (std::all_of(
                    rc.connectErrors.cbegin(), rc.connectErrors.cend(), [](const Error &e) { return bool(e); })) {
                Q_EMIT logAvailable(rc.id, QStringLiteral("no node of the plan can be reached: the run stops"));
                stopEarly = true;
                break;
            }
            if (!m_cancel.isCancelled()) {
                const QString line = rc.repetition.endIteration(i);
                if (!line.isEmpty())
                    Q_EMIT logAvailable(rc.id, line);
            }
        }
    }
}

// Step i on every node at once, stored step by step.
void RunThread::runStep(RunContext &rc, int iter, int i)
{
    const PlanStep &step = m_plan.steps.at(i);
    Q_EMIT stepStarted(rc.id, rc.done, rc.total, step.title, i);
    auto barrier = std::make_shared<StepBarrier>();
    barrier->outcomes.resize(rc.workers.size());
    QList<qint64> stepIds;
    // Kinds whose step spans nodes run it on the nodes they name only.
    const QStringList only = rc.kind->stepNodes(m_plan, i);
    QList<bool> runsHere;
    for (size_t n = 0; n < rc.workers.size(); ++n)
        runsHere.append(only.isEmpty() || only.contains(rc.workers[n]->node().displayName()));
    restartUsage(rc.now()); // a step without a start gate is judged from its start
    const ClientSync sync = clientSync(rc, i, runsHere);
    for (size_t n = 0; n < rc.workers.size(); ++n) {
        if (!runsHere.at(int(n))) {
            stepIds.append(0);
            continue;
        }
        const NodeSpec &node = rc.workers[n]->node();
        const QString preview = rc.kind->commandPreview(m_plan, i, node);
        stepIds.append(rc.store.beginStep(rc.id, i, iter, step, node.displayName(), preview));
        if (rc.connectErrors.at(int(n))) {
            barrier->outcomes[n].error = rc.connectErrors.at(int(n));
            if (sync.gate)
                sync.gate->leave();
            if (sync.liveTotal)
                pushSamples(sync.liveTotal->clientEnded(rc.workers[n]->node().displayName()));
            continue;
        }
        postStep(rc, barrier, n, i, sync);
    }
    waitFlushing(rc, *barrier);
    flushSamples(rc);
    finishStep(rc, iter, i, *barrier, runsHere, stepIds, sync);
}

void RunThread::postStep(
    RunContext &rc, const std::shared_ptr<StepBarrier> &barrier, size_t n, int i, const ClientSync &sync)
{
    std::lock_guard lock(barrier->mutex);
    ++barrier->pending;
    std::shared_ptr<StepRunner> runner = rc.kind->createStepRunner(m_plan, i);
    rc.workers[n]->post([this, barrier, runner, n, i, id = rc.id, now = rc.now,
                            startOnNode = nodeJobStarter(rc.workers, rc.connectErrors),
                            name = rc.workers[n]->node().displayName(), state = rc.runStates[n], sync](Transport &t) {
        StepContext ctx;
        ctx.startOnNode = startOnNode;
        ctx.transport = &t;
        ctx.cancel = m_cancel;
        ctx.stepIndex = i;
        ctx.now = now;
        ctx.nodeName = name;
        ctx.emitSamples = [this](const SampleList &s) { pushSamples(s); };
        ctx.log = [this, id](const QString &line) { Q_EMIT logAvailable(id, line); };
        ctx.runState = state;
        bool arrived = false;
        if (sync.gate) {
            ctx.waitForStart = [&arrived, gate = sync.gate, cancel = m_cancel]() -> qint64 {
                arrived = true;
                return gate->arrive(cancel);
            };
        }
        if (sync.liveTotal)
            ctx.emitInterval
                = [this, total = sync.liveTotal](const ClientInterval &iv) { pushSamples(total->add(iv)); };
        StepOutcome o = runner
            ? runner->run(ctx)
            : StepOutcome {Error(Error::Code::Internal, QStringLiteral("no runner")), {}, {}, {}, {}, {}, {}};
        if (sync.gate && !arrived)
            sync.gate->leave(); // failed before measuring: the others do not wait for it
        if (sync.liveTotal)
            pushSamples(sync.liveTotal->clientEnded(name));
        std::lock_guard lock(barrier->mutex);
        barrier->outcomes[n] = std::move(o);
        --barrier->pending;
        barrier->cv.notify_all();
    });
}

void RunThread::recordOutcome(RunContext &rc, size_t n, int i, const StepOutcome &o, qint64 stepId)
{
    const QString node = rc.workers[n]->node().displayName();
    const QString status = !o.error              ? QStringLiteral("completed")
        : o.error.code == Error::Code::Cancelled ? QStringLiteral("cancelled")
                                                 : QStringLiteral("failed");
    rc.store.finishStep(
        stepId, status, o.target, o.summary, o.environment, o.rawOutput, o.error ? o.error.toString() : QString());
    rc.leftovers += o.leftovers;
    // The node itself is lost (its own connection), or the one thing a plan of
    // this machine alone talks to (a cluster, a gateway) cannot be reached: its
    // later steps would wait out the same timeout, so they fail at once. An
    // error about another node (a network test's server) does not count.
    const bool onlyThisMachine = rc.workers.size() == 1 && rc.workers[n]->node().isLocal();
    if (o.error.code == Error::Code::Unreachable && (o.error.context == node || onlyThisMachine)
        && !rc.connectErrors.at(int(n))) {
        rc.connectErrors[int(n)] = o.error;
        Q_EMIT logAvailable(
            rc.id, QStringLiteral("%1: cannot be reached, its later steps are skipped: %2").arg(node, o.error.message));
    }
    if (o.error) {
        if (o.error.code != Error::Code::Cancelled) {
            rc.anyFailed = true;
            if (!rc.firstError)
                rc.firstError = o.error;
        }
        Q_EMIT stepFailed(rc.id, rc.done, node, o.error);
    } else {
        rc.repetition.record(i, node, o.summary);
        Q_EMIT stepFinished(rc.id, rc.done, node, o.summary);
    }
}

// All at once: each stop is a remote kill and a round trip.
void RunThread::stopMonitors(RunContext &rc)
{
    for (const auto &m : rc.monitors)
        m->requestStop();
}

// The kinds' per-run state (objects left for later steps) is finished on each
// node's worker, also after a cancel.
void RunThread::finishRunStates(RunContext &rc)
{
    auto barrier = std::make_shared<StepBarrier>();
    for (size_t n = 0; n < rc.workers.size(); ++n) {
        if (!rc.runStates[n])
            continue;
        std::lock_guard lock(barrier->mutex);
        ++barrier->pending;
        rc.workers[n]->post(
            [this, barrier, id = rc.id, &leftovers = rc.leftovers, state = rc.runStates[n]](Transport &t) {
                const QList<Leftover> left
                    = state->finish(t, [this, id](const QString &line) { Q_EMIT logAvailable(id, line); });
                std::lock_guard lock(barrier->mutex);
                leftovers += left;
                --barrier->pending;
                barrier->cv.notify_all();
            });
    }
    waitFlushing(rc, *barrier);
    rc.runStates.clear();
}

void RunThread::storeRunEnd(RunContext &rc)
{
    const RunStatus status = m_cancel.isCancelled() ? RunStatus::Cancelled
        : rc.anyFailed                              ? RunStatus::Failed
                                                    : RunStatus::Completed;
    QJsonObject runSummary;
    if (m_plan.untilStable() || m_plan.repeat > 1)
        runSummary.insert(QStringLiteral("repetition"), rc.repetition.toJson());
    if (const QList<CephOsdMetadata> osds = rc.placedOsds(); !osds.isEmpty())
        runSummary.insert(QStringLiteral("ceph_osds"), cephOsdsToJson(osds));
    if (const QJsonArray pools = rc.pools.toJson(); !pools.isEmpty())
        runSummary.insert(QStringLiteral("temporary_pools"), pools);
    if (!rc.leftovers.isEmpty()) {
        // `clustermark-cli cleanup` finds and removes these (the app's prefix).
        QJsonArray left;
        for (const Leftover &l : std::as_const(rc.leftovers)) {
            left.append(l.toJson());
            Q_EMIT logAvailable(rc.id, QStringLiteral("left behind: %1").arg(l.describe()));
        }
        runSummary.insert(QStringLiteral("leftovers"), left);
    }
    if (!runSummary.isEmpty())
        if (const Error e = rc.store.setRunSummary(rc.id, runSummary))
            qCWarning(lcEngine) << "could not store the run summary:" << e.toString();
    rc.store.finishRun(rc.id, status, rc.firstError ? rc.firstError.toString() : QString());
    Q_EMIT runFinished(rc.id, status, rc.firstError);
}

} // namespace cm
