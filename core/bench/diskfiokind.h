#pragma once
// Disk benchmark with fio on the node that holds the disk (DESIGN.md §2 "Disk").
// Target: a file in a chosen folder (default) or a raw block device behind every
// safety rule of DESIGN.md §8.
//
// Plan.target: {"type":"file","dir":"/srv","size":"1G"}
//           or {"type":"device","path":"/dev/sdX","confirm":"/dev/sdX"}
// PlanStep.params: rw, bs, iodepth, numjobs, runtime (s), size, sync, fsync, ioengine
#include "bench/runnerkind.h"

namespace cm {

class DiskFioKind : public RunnerKind {
public:
    static QString kindId() { return QStringLiteral("disk-fio"); }
    // The file every file-target step writes (app prefix: "clean leftovers" finds it).
    static QString benchFileName() { return QStringLiteral("clustermark-bench.fio.dat"); }

    QString id() const override { return kindId(); }
    QString displayName() const override { return QStringLiteral("Disk (fio)"); }
    QList<Preset> presets() const override;
    Error validate(const Plan &plan) const override;
    bool isDestructive(const Plan &plan) const override;
    QString commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const override;
    double estimatedSeconds(const Plan &plan, int stepIndex) const override;
    std::unique_ptr<StepRunner> createStepRunner(const Plan &plan, int stepIndex) const override;

    // The fio argument list for one step (argv[0] == "fio").
    static QStringList fioArgs(const Plan &plan, const PlanStep &step);
    // Where fio reads/writes: the bench file in target.dir, or the device path.
    static QString targetPath(const Plan &plan);
    static bool stepWrites(const PlanStep &step);
    // A ready plan for the CLI and the demo: preset "quick" or "standard".
    static Plan makePlan(const QString &preset, const QList<NodeSpec> &nodes, const QJsonObject &target,
                         int runtimeSec, Error *error);
};

} // namespace cm
