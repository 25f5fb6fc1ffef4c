// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one step of the per-OSD latency kind (bench/osdlatency/osdlatencykind.h has the plan and
// summary formats). Runs in the app on the calling worker thread with its own librados
// handle; in parallel mode one extra thread per OSD, each with its own ioctx. The
// temporary pool (or, in a named pool, the app's objects) is removed on every way out:
// success, error, cancel.
#include "bench/steprunner.h"
#include "ceph/cephconnectionspec.h"
#include "model/plan.h"

#include <optional>

namespace cm {

class RadosClient;

class OsdLatencyRunner : public StepRunner {
public:
    OsdLatencyRunner(Plan plan, int stepIndex);
    StepOutcome run(StepContext &ctx) override;

    // conf, keyring, client and opTimeout of the plan's target.
    static CephConnectionSpec connectionSpec(const Plan &plan);

    struct OsdInfo {
        int id = -1;
        QString host;
        QString deviceClass;
        std::optional<bool> rotational;
    };
    // The OSDs to measure: the target's list (each must exist, be up and in) or every
    // OSD that is up and in, with host and class (osd tree) and rotational (osd
    // metadata). *clusterOsds: how many OSDs the cluster has.
    static Error selectOsds(RadosClient &client, const QList<int> &wanted, QList<OsdInfo> *out, int *clusterOsds);

private:
    Plan m_plan;
    int m_stepIndex;
};

} // namespace cm
