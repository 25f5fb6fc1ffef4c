// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One S3 step with the app's own S3 client (S3Workload over S3Client): the desktop is
// the client, so the step runs on this machine; the plan's node is only the label. The
// run's bucket and objects live in the S3RunState.
#include "bench/steprunner.h"
#include "model/plan.h"

namespace cm {

class S3Runner : public StepRunner {
public:
    S3Runner(Plan plan, int stepIndex);
    StepOutcome run(StepContext &ctx) override;

private:
    Plan m_plan;
    int m_stepIndex;
};

} // namespace cm
