// SPDX-License-Identifier: GPL-3.0-or-later
// What RunThread changes on the cluster for a run and puts back after it (engine/
// runthread.h): the kind's temporary pools (engine/runpools.h) and the plan's scrub
// pause. Shares RunContext with runthread.cpp and runthreadsteps.cpp.
#include "engine/runcontext.h"
#include "engine/runthread.h"

namespace cm {

// Through the knob journal (tuning/knobsession.h, the layer below the experiments): a
// crash leaves open entries that `clustermark-cli restore` and the GUI's offer put back.
// A flag already set is left as it is, and left set afterwards.
bool RunThread::pauseScrub(RunContext &rc)
{
    if (!m_plan.pauseScrub)
        return true;
    rc.scrubPause = std::make_unique<KnobSession>(
        rc.store, QStringLiteral("run %1").arg(rc.id), [](const NodeSpec &) { return std::unique_ptr<Transport>(); },
        m_cancel);
    rc.scrubPause->setCluster(CephConnectionSpec::forPlan(m_plan.ceph, m_plan.target));
    for (const char *flag : {"noscrub", "nodeep-scrub"}) {
        Error e;
        const KnobSetting s = KnobSetting::parse(QStringLiteral("ceph:osd-flag@%1=set").arg(QLatin1String(flag)), &e);
        if (!e)
            e = rc.scrubPause->apply(NodeSpec::parse(QStringLiteral("local")), s);
        if (e) {
            e.message
                = QStringLiteral("cannot pause scrubbing for the run (%1): %2").arg(QLatin1String(flag), e.message);
            Q_EMIT logAvailable(rc.id, e.message);
            rc.anyFailed = true;
            rc.firstError = e;
            return false;
        }
    }
    Q_EMIT logAvailable(rc.id, QStringLiteral("scrubbing paused for the run (noscrub, nodeep-scrub)"));
    return true;
}

void RunThread::resumeScrub(RunContext &rc)
{
    if (!rc.scrubPause)
        return;
    if (const Error e = rc.scrubPause->restoreAll()) {
        Q_EMIT logAvailable(rc.id,
            QStringLiteral("the scrub flags could not be put back: %1 (clustermark-cli restore "
                           "puts them back)")
                .arg(e.message));
        if (!rc.firstError)
            rc.firstError = e;
        rc.anyFailed = true;
    } else if (!rc.scrubPause->changes().isEmpty()) {
        Q_EMIT logAvailable(rc.id, QStringLiteral("scrubbing resumed"));
    }
    rc.scrubPause.reset();
}

bool RunThread::createPools(RunContext &rc)
{
    const QList<TemporaryPoolRequest> requests = rc.kind->temporaryPools(m_plan);
    if (requests.isEmpty())
        return true;
    const Error e = rc.pools.create(CephConnectionSpec::forPlan(m_plan.ceph, m_plan.target), requests, m_cancel,
        [this, id = rc.id](const QString &line) { Q_EMIT logAvailable(id, line); });
    if (e) {
        Q_EMIT logAvailable(rc.id, e.message);
        if (e.code != Error::Code::Cancelled) {
            rc.anyFailed = true;
            rc.firstError = e;
        }
        return false;
    }
    m_plan.target = rc.pools.applyTo(m_plan.target); // before any runner or run state reads it
    return true;
}

} // namespace cm
