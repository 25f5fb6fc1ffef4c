// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A runner kind (docs/ARCHITECTURE.md §5): id, name, presets, targets, whether it is
// destructive, the exact commands it will run, and a factory for the object that runs
// one step on one node. The wizard (ui/) and the CLI both build plans from this.
#include "bench/preflight.h"
#include "bench/steprunner.h"
#include "model/clioptions.h"
#include "model/error.h"
#include "model/metriccatalog.h"
#include "model/plan.h"
#include "model/poollayout.h"
#include "model/ratewords.h"
#include "stats/crosscheck.h"

#include <QList>
#include <QString>

#include <memory>

namespace cm {

// The translation context of the kinds' descriptions.
inline constexpr char kKindTextContext[] = "cm::RunnerKind";

// A kind's user-visible text, marked where it is written with
// QT_TRANSLATE_NOOP("cm::RunnerKind", ...): core keeps the English source, ui/
// translates it in kKindTextContext.
inline QString kindText(const char *source)
{
    return QString::fromUtf8(source);
}

struct Preset {
    QString id; // "quick", "standard"
    QString title; // kindText; without a count of tests (ui/ adds it from the steps)
    QString description; // kindText
    QList<PlanStep> steps;
    QString note = {}; // kindText: how the kind measures, shown under the description
};

// What a run of a plan loads on one node, for the knobs an experiment may change there
// (docs/ARCHITECTURE.md §12): the paths whose block devices it reads or writes (a folder,
// a device) and the addresses its traffic goes to or comes from. A knob changes only
// the devices and interfaces behind them.
struct NodeUse {
    QStringList storagePaths;
    QStringList peerAddresses;
};

class RunnerKind {
public:
    virtual ~RunnerKind() = default;
    virtual QString id() const = 0;
    virtual QString displayName() const = 0;
    // Other names the CLI accepts for the kind ("disk" for "disk-fio").
    virtual QStringList aliases() const { return {}; }
    // One line for the list of kinds, as source text: the UI shows it translated in
    // the context kKindTextContext (QT_TRANSLATE_NOOP in the kind marks it).
    virtual const char *description() const = 0;
    // `clustermark-cli plan KIND`: the kind's own options (the CLI adds the options
    // every plan takes), a paragraph for --help, and the plan they make. notes: lines
    // the CLI prints on stderr (the commands, the method).
    virtual QList<CliOption> cliOptions() const { return {}; }
    // The kind's own metrics and summary operations (model/metriccatalog.h), beyond
    // the shared read/write figures; the registry adds them to the catalogue.
    virtual QList<MetricSpec> metrics() const { return {}; }
    virtual QList<OperationSpec> operations() const { return {}; }
    // How its rates and directions are named: IOPS, ops/s or requests/s; read/write or
    // GET/PUT (model/ratewords.h).
    virtual RateWords rateWords() const { return {}; }
    // The tool whose result files import as runs of this kind ("fio"); empty: none.
    virtual QString importedTool() const { return {}; }
    // Whether the CrystalDiskMark text layout fits its runs (`export --format cdm`).
    virtual bool hasCrystalLayout() const { return false; }
    // Whether a step run on several nodes at once is load from clients whose figures add
    // up: the run then records the step's cluster total (stats/clustertotal.h).
    virtual bool sumsClients() const { return false; }
    // Whether the nodes of step stepIndex start measuring at one moment (a start barrier,
    // StepContext::waitForStart): the clients of a summing kind, or a kind's own steps
    // that run on several nodes at once (net-iperf's concurrent pairs).
    virtual bool startsTogether(const Plan &plan, int stepIndex) const
    {
        Q_UNUSED(plan);
        Q_UNUSED(stepIndex);
        return sumsClients();
    }
    // The pools whose client counters see step stepIndex's I/O, for the step's
    // cross-check against Ceph's own count (stats/crosscheck.h). None by default.
    virtual CrossCheckPools crossCheckPools(const Plan &plan, int stepIndex) const
    {
        Q_UNUSED(plan);
        Q_UNUSED(stepIndex);
        return {};
    }
    // The temporary pools the plan asks for (its target's "temporaryPool", the user's
    // consent): the run creates them before its first step, writes each name into the
    // target's field, and removes them after its last step (engine/runpools.h). None by
    // default.
    virtual QList<TemporaryPoolRequest> temporaryPools(const Plan &plan) const
    {
        Q_UNUSED(plan);
        return {};
    }
    // Summary facts a step will record that are known from the plan alone (RBD's
    // "client_cache"): the live view says what its figures are before they exist
    // (report/stepcaveats.h). None by default.
    virtual QJsonObject stepFacts(const Plan &plan, int stepIndex) const
    {
        Q_UNUSED(plan);
        Q_UNUSED(stepIndex);
        return {};
    }
    virtual QString cliSummary() const { return {}; }
    virtual Plan planFromCli(const CliArgs &args, QStringList *notes, Error *error) const
    {
        Q_UNUSED(args);
        Q_UNUSED(notes);
        *error = Error(Error::Code::InvalidInput, QStringLiteral("this kind is planned in the wizard only"));
        return {};
    }
    virtual QList<Preset> presets() const = 0;
    // What every node of the plan needs before the run (bench/preflight.h): its engine
    // installed, the cluster reachable from it. None by default.
    virtual QList<PreflightCheck> preflight(const Plan &plan) const
    {
        Q_UNUSED(plan);
        return {};
    }
    // Leaves out the steps of a preset that the plan's chosen engine cannot run (fio's
    // rados engine has no stat; curl runs S3 PUT and GET): called on a plan made from a
    // preset (the wizard, makePlan) before it is validated.
    virtual void fitSteps(Plan *plan) const { Q_UNUSED(plan); }
    // Checks parameters and target shape (not the node's state).
    virtual Error validate(const Plan &plan) const = 0;
    virtual bool isDestructive(const Plan &plan) const = 0;
    // The exact shell command for one step on one node (preview, export, logs).
    virtual QString commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const = 0;
    // commandPreview with "[node] " in front, unless the kind's preview names where it
    // runs already ("[pve2] …"): one prefix, never "[local] [local]".
    QString commandPreviewLine(const Plan &plan, int stepIndex, const NodeSpec &node) const
    {
        const QString cmd = commandPreview(plan, stepIndex, node);
        return cmd.startsWith(QLatin1Char('[')) ? cmd : QStringLiteral("[%1] %2").arg(node.displayName(), cmd);
    }
    // Seconds one step should take (for the ETA); 0 if unknown.
    virtual double estimatedSeconds(const Plan &plan, int stepIndex) const = 0;
    virtual std::unique_ptr<StepRunner> createStepRunner(const Plan &plan, int stepIndex) const = 0;
    // State shared by the steps of one run on one node (see RunState); null = none.
    virtual std::shared_ptr<RunState> createRunState(const Plan &) const { return nullptr; }
    // The nodes (display names) a step is posted to; empty = every node of the plan at
    // once (the default). A step naming one node reaches the others through
    // StepContext::startOnNode.
    // The default: every node, or the first k of a scaling series' step (bench/scaling.h).
    virtual QStringList stepNodes(const Plan &plan, int stepIndex) const;
    // What the plan's run loads on the node (display name); nothing by default, so an
    // experiment changes no knob there.
    virtual NodeUse nodeUse(const Plan &plan, const QString &node) const
    {
        Q_UNUSED(plan);
        Q_UNUSED(node);
        return {};
    }
};

} // namespace cm
