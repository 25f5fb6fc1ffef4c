// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs one fio step of a disk plan on one node: checks the tool and the target,
// streams fio's status documents into per-interval samples, keeps the final summary
// with its full histogram and the raw output, and removes the bench file afterwards.
#include "bench/steprunner.h"
#include "model/plan.h"

namespace cm {

class DiskFioRunner : public StepRunner {
public:
    DiskFioRunner(Plan plan, int stepIndex);
    StepOutcome run(StepContext &ctx) override;

private:
    Error checkTarget(StepContext &ctx, const PlanStep &step);
    QJsonObject probeEnvironment(StepContext &ctx);
    // Makes the step's own bench file in the target folder (mktemp on the node: a
    // random name, created exclusively, owned by the node's user); *path gets it.
    Error createBenchFile(StepContext &ctx, QString *path);
    void removeBenchFile(StepContext &ctx, const QString &path);

    Plan m_plan;
    int m_stepIndex;
};

} // namespace cm
