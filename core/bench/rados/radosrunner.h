// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One RADOS step with the app's own librados engine (RadosObjectEngine): the desktop is
// the client, so the step runs on this machine with its own librados handle (target
// conf/keyring are local paths); the plan's node is only the label.
#include "bench/steprunner.h"
#include "model/plan.h"

namespace cm {

class RadosRunner : public StepRunner {
public:
    RadosRunner(Plan plan, int stepIndex);
    StepOutcome run(StepContext &ctx) override;

private:
    Plan m_plan;
    int m_stepIndex;
};

} // namespace cm
