// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One RBD step with fio on a node: creates the step's own image with the node's rbd CLI,
// (the kernel client: maps it, rbdkernelclient.h), prefills it before reads, streams fio
// like the disk runner (its rbd engine, or libaio on the mapped device), and unmaps and
// removes the image afterwards (also after a cancel or an error).
#include "bench/steprunner.h"
#include "model/plan.h"

namespace cm {

class RbdFioRunner : public StepRunner {
public:
    RbdFioRunner(Plan plan, int stepIndex);
    StepOutcome run(StepContext &ctx) override;

private:
    Error rbd(StepContext &ctx, const QStringList &args, const CancelToken &cancel, int timeoutMs = 120000);
    Error mapImage(StepContext &ctx, const QString &spec, QString *device, StepOutcome *out);
    // device: the kernel client's mapped device, else empty (fio's rbd engine).
    Error prefill(StepContext &ctx, const QMap<QString, QString> &env, const QString &image, const QString &device,
        const QString &target);

    Plan m_plan;
    int m_stepIndex;
};

} // namespace cm
