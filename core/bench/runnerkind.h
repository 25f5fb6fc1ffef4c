#pragma once
// A runner kind (docs/ARCHITECTURE.md §5): id, name, presets, targets, whether it is
// destructive, the exact commands it will run, and a factory for the object that runs
// one step on one node. The wizard (ui/) and the CLI both build plans from this.
#include "bench/steprunner.h"
#include "model/error.h"
#include "model/plan.h"

#include <QList>
#include <QString>

#include <memory>

namespace cm {

struct Preset {
    QString id;          // "quick", "standard"
    QString title;       // tr()-able in ui/ by id
    QString description;
    QList<PlanStep> steps;
};

class RunnerKind {
public:
    virtual ~RunnerKind() = default;
    virtual QString id() const = 0;
    virtual QString displayName() const = 0;
    virtual QList<Preset> presets() const = 0;
    // Checks parameters and target shape (not the node's state).
    virtual Error validate(const Plan &plan) const = 0;
    virtual bool isDestructive(const Plan &plan) const = 0;
    // The exact shell command for one step on one node (preview, export, logs).
    virtual QString commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const = 0;
    // Seconds one step should take (for the ETA); 0 if unknown.
    virtual double estimatedSeconds(const Plan &plan, int stepIndex) const = 0;
    virtual std::unique_ptr<StepRunner> createStepRunner(const Plan &plan, int stepIndex) const = 0;
    // State shared by the steps of one run on one node (see RunState); null = none.
    virtual std::shared_ptr<RunState> createRunState(const Plan &) const { return nullptr; }
    // The nodes (display names) a step is posted to; empty = every node of the plan at
    // once (the default). A step naming one node reaches the others through
    // StepContext::startOnNode.
    virtual QStringList stepNodes(const Plan &plan, int stepIndex) const
    {
        Q_UNUSED(plan);
        Q_UNUSED(stepIndex);
        return {};
    }
};

} // namespace cm
