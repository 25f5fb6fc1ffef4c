#include "engine/runthread.h"

#include "bench/registry.h"
#include "ceph/healthpoller.h"
#include "engine/nodemonitor.h"
#include "engine/nodeworker.h"
#include "engine/repetitiontracker.h"
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

constexpr int StoreFlushMs = 250;   // well inside "a crash loses at most the last second"

// Completion of one step across all nodes.
struct StepBarrier {
    std::mutex mutex;
    std::condition_variable cv;
    int pending = 0;
    QList<StepOutcome> outcomes;   // by node position
};

} // namespace

RunThread::RunThread(QString storePath, Plan plan, QMap<QString, Credentials> credentials, QObject *parent)
    : QThread(parent), m_storePath(std::move(storePath)), m_plan(std::move(plan)), m_credentials(std::move(credentials))
{
}

void RunThread::pushSamples(const SampleList &samples)
{
    m_buffer->append(samples);
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
        Q_EMIT startFailed(Error(Error::Code::InvalidInput, QStringLiteral("unknown benchmark kind \"%1\"").arg(m_plan.kind)));
        return;
    }
    if (const Error e = kind->validate(m_plan)) {
        Q_EMIT startFailed(e);
        return;
    }
    SessionStore store(m_storePath);
    if (const Error e = store.open()) {
        Q_EMIT startFailed(e);
        return;
    }
    const QJsonObject runEnv{{QStringLiteral("app_version"), QStringLiteral(CLUSTERMARK_VERSION)},
                             {QStringLiteral("client_host"), QSysInfo::machineHostName()},
                             {QStringLiteral("client_os"), QSysInfo::prettyProductName()}};
    Error createError;
    const RunId id = store.createRun(m_plan, runEnv, &createError);
    if (createError || id <= 0) {
        Q_EMIT startFailed(createError ? createError : Error(Error::Code::Storage, QStringLiteral("could not create the run")));
        return;
    }
    m_runId = id;
    double eta = 0;
    for (int i = 0; i < m_plan.steps.size(); ++i)
        eta += kind->estimatedSeconds(m_plan, i);
    eta *= m_plan.minIterations();   // "until stable" may take up to maxIterations()
    Q_EMIT runStarted(id, m_plan, m_buffer, eta);

    auto flush = [&] {
        const SampleList s = takeStoreQueue();
        if (s.isEmpty())
            return;
        if (const Error e = store.appendSamples(id, s))
            qCWarning(lcEngine) << "could not store samples:" << e.toString();
    };

    // Connect every node in parallel, each on its own worker thread.
    std::vector<std::unique_ptr<NodeWorker>> workers;
    for (const NodeSpec &n : std::as_const(m_plan.nodes)) {
        workers.push_back(std::make_unique<NodeWorker>(n, m_credentials.value(n.secretKey()), m_cancel));
        workers.back()->start();
    }
    QList<Error> connectErrors;
    for (auto &w : workers) {
        const Error e = w->waitConnected();
        connectErrors.append(e);
        if (e)
            Q_EMIT logAvailable(id, QStringLiteral("%1: %2").arg(w->node().displayName(), e.message));
    }

    // One time axis for all nodes: it starts once every node is connected.
    QElapsedTimer clock;
    clock.start();
    auto now = [clock] { return clock.nsecsElapsed() / 1e9; };

    std::vector<std::unique_ptr<NodeMonitor>> monitors;
    for (int n = 0; n < m_plan.nodes.size(); ++n) {
        if (connectErrors.at(n))
            continue;
        const NodeSpec &node = m_plan.nodes.at(n);
        monitors.push_back(std::make_unique<NodeMonitor>(node, m_credentials.value(node.secretKey()), now,
                                                          [this](const SampleList &s) { pushSamples(s); }));
        monitors.back()->start();
    }

    std::unique_ptr<HealthPoller> health;
    if (!m_plan.ceph.isEmpty()) {
        const CephConnectionSpec spec = CephConnectionSpec::fromJson(m_plan.ceph);
        health = std::make_unique<HealthPoller>(spec, now, [this](const SampleList &s) { pushSamples(s); },
                                                [this, id](const QString &line) { Q_EMIT logAvailable(id, line); });
        health->start();
    }

    std::vector<std::shared_ptr<RunState>> runStates;
    for (size_t n = 0; n < workers.size(); ++n)
        runStates.push_back(connectErrors.at(int(n)) ? nullptr : kind->createRunState(m_plan));

    bool anyFailed = false;
    Error firstError;
    QList<Leftover> leftovers;   // what the run made and could not remove
    // Iteration by iteration over the steps still repeating (all of them, unless "until
    // stable" let some stop early); total is the most it can take.
    RepetitionTracker repetition(m_plan);
    const int total = m_plan.steps.size() * m_plan.maxIterations();
    int done = 0;
    bool stopEarly = false;
    for (int iter = 0; iter < m_plan.maxIterations() && !repetition.allDone() && !m_cancel.isCancelled() && !stopEarly; ++iter) {
        for (int i = 0; i < m_plan.steps.size() && !m_cancel.isCancelled(); ++i) {
            if (!repetition.wants(i))
                continue;
            const PlanStep &step = m_plan.steps.at(i);
            Q_EMIT stepStarted(id, done, total, step.title);
            auto barrier = std::make_shared<StepBarrier>();
            barrier->outcomes.resize(workers.size());
            QList<qint64> stepIds;
            // Kinds whose step spans nodes run it on the nodes they name only.
            const QStringList only = kind->stepNodes(m_plan, i);
            QList<bool> runsHere;
            for (size_t n = 0; n < workers.size(); ++n)
                runsHere.append(only.isEmpty() || only.contains(workers[n]->node().displayName()));
            auto startOnNode = [&workers, &connectErrors](const QString &name, StepContext::NodeJob job,
                                                          Error *error) -> std::future<void> {
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
            for (size_t n = 0; n < workers.size(); ++n) {
                if (!runsHere.at(int(n))) {
                    stepIds.append(0);
                    continue;
                }
                const NodeSpec &node = workers[n]->node();
                const QString preview = kind->commandPreview(m_plan, i, node);
                stepIds.append(store.beginStep(id, i, iter, step, node.displayName(), preview));
                if (connectErrors.at(int(n))) {
                    barrier->outcomes[n].error = connectErrors.at(int(n));
                    continue;
                }
                std::lock_guard lock(barrier->mutex);
                ++barrier->pending;
                std::shared_ptr<StepRunner> runner = kind->createStepRunner(m_plan, i);
                workers[n]->post([this, barrier, runner, n, i, id, now, startOnNode, name = node.displayName(),
                                  state = runStates[n]](Transport &t) {
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
                    StepOutcome o = runner ? runner->run(ctx)
                                           : StepOutcome{Error(Error::Code::Internal, QStringLiteral("no runner")), {}, {}, {}, {}, {}, {}};
                    std::lock_guard lock(barrier->mutex);
                    barrier->outcomes[n] = std::move(o);
                    --barrier->pending;
                    barrier->cv.notify_all();
                });
            }
            // Wait for every node, committing samples as they come.
            for (;;) {
                std::unique_lock lock(barrier->mutex);
                if (barrier->cv.wait_for(lock, std::chrono::milliseconds(StoreFlushMs), [&] { return barrier->pending == 0; }))
                    break;
                lock.unlock();
                flush();
            }
            flush();
            for (size_t n = 0; n < workers.size(); ++n) {
                if (!runsHere.at(int(n)))
                    continue;
                const StepOutcome &o = barrier->outcomes.at(n);
                const QString node = workers[n]->node().displayName();
                const QString status = !o.error ? QStringLiteral("completed")
                    : o.error.code == Error::Code::Cancelled ? QStringLiteral("cancelled") : QStringLiteral("failed");
                store.finishStep(stepIds.at(int(n)), status, o.target, o.summary, o.environment, o.rawOutput,
                                 o.error ? o.error.toString() : QString());
                leftovers += o.leftovers;
                // The node itself is lost (its own connection), or the one thing a plan of
                // this machine alone talks to (a cluster, a gateway) cannot be reached: its
                // later steps would wait out the same timeout, so they fail at once. An
                // error about another node (a network test's server) does not count.
                const bool onlyThisMachine = workers.size() == 1 && workers[n]->node().isLocal();
                if (o.error.code == Error::Code::Unreachable && (o.error.context == node || onlyThisMachine)
                    && !connectErrors.at(int(n))) {
                    connectErrors[int(n)] = o.error;
                    Q_EMIT logAvailable(id, QStringLiteral("%1: cannot be reached, its later steps are skipped: %2")
                                                .arg(node, o.error.message));
                }
                if (o.error) {
                    if (o.error.code != Error::Code::Cancelled) {
                        anyFailed = true;
                        if (!firstError)
                            firstError = o.error;
                    }
                    Q_EMIT stepFailed(id, done, node, o.error);
                } else {
                    repetition.record(i, node, o.summary);
                    Q_EMIT stepFinished(id, done, node, o.summary);
                }
            }
            ++done;
            if (std::all_of(connectErrors.cbegin(), connectErrors.cend(), [](const Error &e) { return bool(e); })) {
                Q_EMIT logAvailable(id, QStringLiteral("no node of the plan can be reached: the run stops"));
                stopEarly = true;
                break;
            }
            if (!m_cancel.isCancelled()) {
                const QString line = repetition.endIteration(i);
                if (!line.isEmpty())
                    Q_EMIT logAvailable(id, line);
            }
        }
    }
    // The kinds' per-run state (objects left for later steps) is finished on each
    // node's worker, also after a cancel.
    {
        auto barrier = std::make_shared<StepBarrier>();
        for (size_t n = 0; n < workers.size(); ++n) {
            if (!runStates[n])
                continue;
            std::lock_guard lock(barrier->mutex);
            ++barrier->pending;
            workers[n]->post([this, barrier, id, &leftovers, state = runStates[n]](Transport &t) {
                const QList<Leftover> left = state->finish(t, [this, id](const QString &line) { Q_EMIT logAvailable(id, line); });
                std::lock_guard lock(barrier->mutex);
                leftovers += left;
                --barrier->pending;
                barrier->cv.notify_all();
            });
        }
        for (;;) {   // committing the monitors' samples meanwhile
            std::unique_lock lock(barrier->mutex);
            if (barrier->cv.wait_for(lock, std::chrono::milliseconds(StoreFlushMs), [&] { return barrier->pending == 0; }))
                break;
            lock.unlock();
            flush();
        }
        runStates.clear();
    }
    monitors.clear();   // stops and joins each monitor
    health.reset();
    flush();
    const RunStatus status = m_cancel.isCancelled() ? RunStatus::Cancelled
        : anyFailed                                ? RunStatus::Failed
                                                   : RunStatus::Completed;
    QJsonObject runSummary;
    if (m_plan.untilStable() || m_plan.repeat > 1)
        runSummary.insert(QStringLiteral("repetition"), repetition.toJson());
    if (!leftovers.isEmpty()) {
        // `clustermark-cli cleanup` finds and removes these (the app's prefix).
        QJsonArray left;
        for (const Leftover &l : std::as_const(leftovers)) {
            left.append(l.toJson());
            Q_EMIT logAvailable(id, QStringLiteral("left behind: %1").arg(l.describe()));
        }
        runSummary.insert(QStringLiteral("leftovers"), left);
    }
    if (!runSummary.isEmpty())
        if (const Error e = store.setRunSummary(id, runSummary))
            qCWarning(lcEngine) << "could not store the run summary:" << e.toString();
    store.finishRun(id, status, firstError ? firstError.toString() : QString());
    Q_EMIT runFinished(id, status, firstError);
    // Every posted job has finished; a node still connecting after a cancel ends at
    // its connect timeout, after the run was reported finished.
    workers.clear();
}

} // namespace cm
