// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RADOS with fio's rados engine on client nodes (docs/ARCHITECTURE.md §2 "RADOS").
//
// Each client node reads and writes its own objects for the whole run, named by fio
// after its job and file number: "<prefix>.0.<k>", with the prefix
// benchmark_data_clustermark-<node>-<random> (`rados cleanup --prefix` takes only
// prefixes that begin with benchmark_data). The node's `rados` removes them after the
// run's last step, also after a cancel; what it could not remove is a leftover that
// `clustermark-cli cleanup` finds by the same prefix.
//
// The working set is shared out: each of a step's k clients uses objects / k of them
// (rounded up), so every step of a scaling series loads the same working set. A read
// step first writes the client's objects whole (not measured) unless an earlier step
// of the run did; the start barrier comes after that.
#include "bench/rados/radoskind.h"
#include "bench/steprunner.h"
#include "ceph/radosobjectengine.h"

namespace cm {

class RadosFioRunState : public RunState {
public:
    explicit RadosFioRunState(Plan plan);
    // This client's object prefix, made on the first call.
    QString prefix(const QString &nodeName);
    int prefilledObjects() const { return m_prefilled; }
    void setPrefilledObjects(int n) { m_prefilled = n; }
    // Removes the client's objects with `rados cleanup` on its node.
    QList<Leftover> finish(Transport &transport, const std::function<void(const QString &)> &log) override;

private:
    Plan m_plan;
    QString m_prefix;
    int m_prefilled = 0;
};

class RadosFioRunner : public StepRunner {
public:
    static constexpr const char *kObjectPrefix = RadosObjectEngine::kFioObjectPrefix;

    RadosFioRunner(Plan plan, int stepIndex);
    StepOutcome run(StepContext &ctx) override;

    static QString commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node);
    // The measured fio command of a step for one client: `objects` objects of `prefix`.
    static QStringList fioArgs(const Plan &plan, const PlanStep &step, const QString &prefix, int objects);
    // Writes the client's first `objects` objects whole.
    static QStringList prefillArgs(const Plan &plan, const QString &prefix, int objects);
    // CEPH_ARGS for fio (the keyring, op timeouts: a frozen OSD ends fio with an error).
    static QMap<QString, QString> fioEnv(const RadosKind::Target &target);
    // -c CONF --id NAME --keyring K, for the node's `rados`.
    static QStringList radosArgs(const RadosKind::Target &target);
    // Objects per client in this step: the working set shared out over its clients.
    static int clientObjects(const Plan &plan, const PlanStep &step);

private:
    Plan m_plan;
    int m_stepIndex;
};

} // namespace cm
