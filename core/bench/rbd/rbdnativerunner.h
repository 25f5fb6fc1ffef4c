// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One RBD step with the app's own librbd engine (RbdEngine): the desktop is the client,
// so the step runs on this machine with its own librados handle (target conf/keyring
// are local paths); the plan's node is only the label.
#include "bench/steprunner.h"
#include "model/plan.h"

namespace cm {

class RbdNativeRunner : public StepRunner {
public:
    RbdNativeRunner(Plan plan, int stepIndex);
    StepOutcome run(StepContext &ctx) override;

private:
    Plan m_plan;
    int m_stepIndex;
};

} // namespace cm
