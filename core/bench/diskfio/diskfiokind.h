// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Disk benchmark with fio on the node that holds the disk (docs/ARCHITECTURE.md §2 "Disk").
// Target: a file in a chosen folder (default) or a raw block device behind every
// safety rule of docs/ARCHITECTURE.md §8.
//
// Plan.target: {"type":"file","dir":"/srv","size":"1G"}
//           or {"type":"device","path":"/dev/sdX","confirm":"/dev/sdX"}
// PlanStep.params: rw, bs, iodepth, numjobs, runtime (s), size, sync, fsync, ioengine,
// direct: read only through DiskFioStepOptions::read, which refuses any other key and
// any value fio is not given by this app (an engine outside supportedEngines() could
// load a shared library of the plan's choosing).
//
// A file target gets a fresh bench file for every step on every node, made by mktemp
// (a random name, created exclusively, so a link planted at a known name is never
// followed), and only that file is removed afterwards.
#include "bench/runnerkind.h"

namespace cm {

struct DiskFioStepOptions {
    QString rw;
    QString bs;
    int iodepth = 1;
    int numjobs = 1;
    int runtimeSec = 5;
    QString size; // empty: the target's size (file) or the whole device
    bool sync = false;
    int fsync = 0; // fsync after every N writes, 0 = never
    QString ioengine = QStringLiteral("libaio");
    bool direct = true;

    // Checked: unknown keys, wrong types and values out of range are refused.
    static DiskFioStepOptions read(const PlanStep &step, Error *error);
};

class DiskFioKind : public RunnerKind {
public:
    static QString kindId() { return QStringLiteral("disk-fio"); }
    // The mktemp template of the file a file-target step writes on a node: the app
    // prefix ("clean leftovers" finds it), the node's name and ten random characters,
    // so nodes sharing a folder (a CephFS or NFS mount) and runs sharing a folder never
    // share a file.
    static QString benchFileTemplate(const QString &nodeName);
    static QString benchFilePattern() { return QStringLiteral("clustermark-bench-NODE-XXXXXXXXXX.fio.dat"); }
    // The engines a plan may name (all of fio's own, none that loads a library).
    static QStringList supportedEngines();

    QString id() const override { return kindId(); }
    QString displayName() const override { return kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "Disk (fio)")); }
    QStringList aliases() const override { return {QStringLiteral("disk")}; }
    const char *description() const override;
    QString importedTool() const override { return QStringLiteral("fio"); }
    bool hasCrystalLayout() const override { return true; }
    // The command line (diskfiocli.cpp).
    QList<CliOption> cliOptions() const override;
    QString cliSummary() const override;
    Plan planFromCli(const CliArgs &args, QStringList *notes, Error *error) const override;
    QList<Preset> presets() const override;
    QList<PreflightCheck> preflight(const Plan &plan) const override;
    Error validate(const Plan &plan) const override;
    bool sumsClients() const override { return true; } // every node loads its own disk at once
    bool isDestructive(const Plan &plan) const override;
    QString commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const override;
    double estimatedSeconds(const Plan &plan, int stepIndex) const override;
    std::unique_ptr<StepRunner> createStepRunner(const Plan &plan, int stepIndex) const override;
    NodeUse nodeUse(const Plan &plan, const QString &node) const override; // its folder or device

    // The fio argument list for one step (argv[0] == "fio") on `filePath` (the bench
    // file the runner made, or the device). The options must have passed read().
    static QStringList fioArgs(
        const Plan &plan, const DiskFioStepOptions &step, const QString &stepId, const QString &filePath);
    // Where fio reads/writes on that node: the device, or the bench file's template in
    // target.dir (the runner makes the file from it).
    static QString targetPath(const Plan &plan, const QString &nodeName);
    static bool stepWrites(const PlanStep &step);
    // A ready plan for the CLI and the demo: preset "quick" or "standard".
    static Plan makePlan(
        const QString &preset, const QList<NodeSpec> &nodes, const QJsonObject &target, int runtimeSec, Error *error);
};

} // namespace cm
