// SPDX-License-Identifier: GPL-3.0-or-later
// RunThread around each step (docs/ARCHITECTURE.md §4): the start gate and live total of
// a step's clients, the cross-check against Ceph's count, the bottleneck, the records.
#include "engine/runcontext.h"
#include "engine/startgate.h"
#include "engine/stepcrosscheck.h"
#include "ceph/cephpoller.h"
#include "model/metric.h"
#include "parse/cephcounters.h"
#include "report/bottleneck.h"
#include "report/stepcaveats.h"
#include "stats/clustertotal.h"

namespace cm {

// Every client's outcome of step i is in: judge the step, then store its records.
void RunThread::finishStep(RunContext &rc, int iter, int i, StepBarrier &barrier, const QList<bool> &runsHere,
    const QList<qint64> &stepIds, const ClientSync &sync)
{
    QList<ClientStepResult> clients;
    QStringList names;
    for (size_t n = 0; n < rc.workers.size(); ++n) {
        if (!runsHere.at(int(n)))
            continue;
        const StepOutcome &o = barrier.outcomes.at(n);
        clients << ClientStepResult {rc.workers[n]->node().displayName(), !o.error, o.summary};
        names << clients.last().client;
    }
    const bool total = rc.kind->sumsClients() && clients.size() > 1;
    const QJsonObject limit = bottleneckOf(rc, i, names, clients);
    const QJsonObject check = crossCheckStep(rc, sync, clients);
    const QJsonObject ceph = cephEnvironmentOf(rc, i);
    for (size_t n = 0; n < rc.workers.size(); ++n) {
        if (!runsHere.at(int(n)))
            continue;
        QJsonObject &environment = barrier.outcomes[n].environment;
        for (auto it = ceph.begin(); it != ceph.end(); ++it)
            if (!environment.contains(it.key())) // the runner's own word wins
                environment.insert(it.key(), it.value());
        QJsonObject &summary = barrier.outcomes[n].summary;
        if (!limit.isEmpty() && !barrier.outcomes.at(n).error)
            summary.insert(QStringLiteral("bottleneck"), limit);
        if (!check.isEmpty() && !total) // one client: its own record carries it
            summary.insert(QStringLiteral("cross_check"), check);
        recordOutcome(rc, n, i, barrier.outcomes.at(n), stepIds.at(int(n)));
    }
    if (total)
        recordClusterTotal(rc, iter, i, clients,
            {{QStringLiteral("cross_check"), check}, {QStringLiteral("bottleneck"), limit}}, ceph);
}

QJsonObject RunThread::cephEnvironmentOf(RunContext &rc, int i)
{
    if (!rc.ceph || rc.cephEnvironmentLate || m_cancel.isCancelled()) // a cancel does not wait for it
        return {};
    QStringList pools = rc.kind->crossCheckPools(m_plan, i).pools;
    if (pools.isEmpty() && !m_plan.target.value(QStringLiteral("pool")).toString().isEmpty())
        pools << m_plan.target.value(QStringLiteral("pool")).toString();
    auto reading = rc.ceph->environment(pools);
    if (reading.wait_for(std::chrono::seconds(30)) != std::future_status::ready) {
        rc.cephEnvironmentLate = true;
        Q_EMIT logAvailable(rc.id,
            QStringLiteral("Ceph's environment was not read within 30 s; the run's later "
                           "steps do not record it"));
        return {};
    }
    const CephPoller::EnvironmentReading r = reading.get();
    for (const QString &p : r.problems)
        Q_EMIT logAvailable(rc.id, QStringLiteral("Ceph environment: %1").arg(p));
    return r.environment.toEnvironment();
}

// What limited step i over its measured interval (report/bottleneck.h).
QJsonObject RunThread::bottleneckOf(
    RunContext &rc, int i, const QStringList &clients, const QList<ClientStepResult> &outcomes)
{
    bool oneInFlight = false;
    for (const ClientStepResult &c : outcomes)
        if (c.completed)
            for (const StepCaveat &cv : StepCaveats::of(m_plan.steps.at(i).params, c.summary, false))
                oneInFlight = oneInFlight || cv.kind == StepCaveat::Kind::OneInFlight;
    std::lock_guard lock(m_usageMutex);
    if (m_usage.isEmpty())
        return {};
    Bottleneck b = Bottleneck::find(m_usage, clients, oneInFlight);
    placeOsds(rc, &b);
    const bool found = b.named().kind != BottleneckFinding::Kind::Nothing;
    Q_EMIT logAvailable(rc.id,
        (found ? QStringLiteral("%1: limited by %2") : QStringLiteral("%1: %2"))
            .arg(m_plan.steps.at(i).title, b.text(false)));
    return b.toJson();
}

// The clients' count against Ceph's pool counters (engine/stepcrosscheck.h).
QJsonObject RunThread::crossCheckStep(RunContext &rc, const ClientSync &sync, const QList<ClientStepResult> &clients)
{
    if (!sync.crossCheck)
        return {};
    IoCounts counted;
    for (const ClientStepResult &c : clients)
        if (c.completed)
            counted += IoCounts::fromSummary(c.summary);
    QString why;
    const std::optional<CrossCheck> check = sync.crossCheck->finish(counted, &why);
    if (!check || check->dirs.isEmpty()) {
        if (!why.isEmpty())
            Q_EMIT logAvailable(rc.id, why);
        return {};
    }
    Q_EMIT logAvailable(rc.id, check->describe());
    return check->toJson();
}

// The step's cluster total over its clients, stored as one more step record whose node
// is clusterTotalNode(): Results, exports and compare show and pair it like a node's.
void RunThread::recordClusterTotal(RunContext &rc, int iter, int i, const QList<ClientStepResult> &clients,
    const QJsonObject &judged, const QJsonObject &ceph)
{
    const ClusterTotal total = sumClients(clients);
    if (total.isEmpty())
        return;
    QJsonObject summary = total.toSummary();
    for (auto it = judged.begin(); it != judged.end(); ++it)
        if (!it.value().toObject().isEmpty())
            summary.insert(it.key(), it.value());
    QStringList names;
    for (const ClientStepResult &c : clients)
        names << c.client;
    const qint64 id = rc.store.beginStep(rc.id, i, iter, m_plan.steps.at(i), clusterTotalNode(),
        QStringLiteral("sum of %1 clients: %2").arg(clients.size()).arg(names.join(QStringLiteral(", "))));
    const QString error = total.notCounted.isEmpty()
        ? QString()
        : QStringLiteral("not counted in the total: %1").arg(total.notCounted.join(QStringLiteral(", ")));
    QJsonObject environment = ceph;
    environment.insert(QStringLiteral("cluster_total"), true);
    rc.store.finishStep(id, error.isEmpty() ? QStringLiteral("completed") : QStringLiteral("failed"),
        clusterTotalNode(), summary, environment, {}, error);
}

// Clients of one cluster start measuring together (engine/startgate.h), and their
// intervals add up to a live total (stats/livetotal.h).
RunThread::ClientSync RunThread::clientSync(const RunContext &rc, int i, const QList<bool> &runsHere)
{
    QStringList clients;
    for (size_t n = 0; n < rc.workers.size(); ++n)
        if (runsHere.at(int(n)))
            clients << rc.workers[n]->node().displayName();
    const CrossCheckPools pools = rc.ceph ? rc.kind->crossCheckPools(m_plan, i) : CrossCheckPools {};
    const auto check = pools.isEmpty() ? nullptr : std::make_shared<StepCrossCheck>(*rc.ceph, pools, m_cancel);
    const bool together = rc.kind->startsTogether(m_plan, i) && clients.size() > 1;
    if (!together && !check)
        return {};
    // Measuring starts: the cross-check's first count, and the bottleneck's window.
    if (check)
        check->prepare();
    auto onOpen = [this, check, now = rc.now] {
        restartUsage(now());
        if (check)
            check->begin();
    };
    return {std::make_shared<StartGate>(int(clients.size()), onOpen),
        together && rc.kind->sumsClients() ? std::make_shared<LiveTotal>(i, clients) : nullptr, check};
}

// An OSD finding says where Ceph has that OSD (`osd metadata`) and, when that host is
// one of the app's nodes, how busy its disks were: a slow OSD beside a saturated disk.
void RunThread::placeOsds(RunContext &rc, Bottleneck *b)
{
    for (const CephOsdMetadata &m : rc.placedOsds())
        for (BottleneckFinding &f : b->findings)
            if (f.kind == BottleneckFinding::Kind::Osd && f.node == metric::osdTarget(m.id))
                f.part = osdPlace(m, m_usage);
}

void RunThread::restartUsage(double at)
{
    std::lock_guard lock(m_usageMutex);
    m_usage.restart(at + UsageWindow::kSampleSeconds);
}

} // namespace cm
