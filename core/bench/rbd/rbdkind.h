// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RBD benchmark (docs/ARCHITECTURE.md §2 "RBD"): fio's rbd engine run on a node over SSH (the
// "fio" engine) or the app's own librbd engine (the "native" engine, this machine as
// the client), with the RBD test table as presets. Each step gets its own image
// (clustermark-bench-…, created before and removed after), prefilled before reads
// (reads of unwritten extents are free and lie).
//
// Plan.target (RbdTarget): {"engine":"fio"|"native", "pool":"rbd", "imageSize":"1G",
//               "conf":"/etc/ceph/ceph.conf", "keyring":"", "client":"admin",
//               "cache":"" (off for QD1 steps, the cluster's setting elsewhere) |
//                       "writeback" (the cluster's setting everywhere) | "off"}
//   conf/keyring are paths ON THE NODE. With the cache on (librbd's default,
//   writeback), small random writes are acknowledged by the client's cache and are
//   capped by how fast it flushes (about rbd_cache_max_dirty per second): at QD1 that
//   is client memory, not a commit latency, hence off there by default. "off" makes
//   every write wait for the OSDs, on both engines. Each step records what it ran with
//   (summary "client_cache": "off" | "cluster").
// PlanStep.params (RbdStepOptions): rw, bs, iodepth, runtime (s), cache ("off" |
//   "writeback": overrides the target's rule for that step)
#include "bench/rbd/rbdoptions.h"
#include "bench/runnerkind.h"

namespace cm {

class RbdKind : public RunnerKind {
public:
    static QString kindId() { return QStringLiteral("rbd"); }
    static QString imagePrefix() { return QStringLiteral("clustermark-bench-"); }

    QString id() const override { return kindId(); }
    QString importedTool() const override { return QStringLiteral("rbd bench"); }
    QString displayName() const override { return kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "RBD")); }
    const char *description() const override;
    // The command line (rbdcli.cpp).
    QList<CliOption> cliOptions() const override;
    QString cliSummary() const override;
    Plan planFromCli(const CliArgs &args, QStringList *notes, Error *error) const override;
    QList<Preset> presets() const override;
    QList<PreflightCheck> preflight(const Plan &plan) const override; // fio engine: fio, rbd, the mons
    Error validate(const Plan &plan) const override;
    bool sumsClients() const override { return true; } // every client its own image, one cluster
    bool isDestructive(const Plan &) const override { return false; } // only its own images
    QJsonObject stepFacts(const Plan &plan, int stepIndex) const override; // client_cache
    CrossCheckPools crossCheckPools(const Plan &plan, int stepIndex) const override;
    // target.temporaryPool: the pool, or on EC a replicated pool and the EC data pool.
    QList<TemporaryPoolRequest> temporaryPools(const Plan &plan) const override;
    QString commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const override;
    double estimatedSeconds(const Plan &plan, int stepIndex) const override;
    std::unique_ptr<StepRunner> createStepRunner(const Plan &plan, int stepIndex) const override;

    // The plan's values, typed (rbdoptions.h); validate() has refused bad ones.
    static RbdTarget target(const Plan &plan);
    static RbdStepOptions stepOptions(const PlanStep &step);
    // The Ceph client arguments for the node's rbd CLI (-c CONF --id NAME [--keyring K]).
    static QStringList cephArgs(const RbdTarget &target);
    static QStringList fioArgs(const RbdTarget &target, const PlanStep &step, const QString &image);
    static QMap<QString, QString> fioEnv(const RbdTarget &target, bool cacheOff);
    // What the native engine runs, as the review page and the saved step show it.
    static QString nativeCommand(const RbdTarget &target, const RbdStepOptions &options);
    static Plan makePlan(
        const QString &preset, const QList<NodeSpec> &nodes, const QJsonObject &target, int runtimeSec, Error *error);
};

} // namespace cm
