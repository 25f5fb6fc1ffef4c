// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// CephFS benchmark (docs/ARCHITECTURE.md §2 "CephFS"): throughput with the app's own libcephfs
// engine (the "native" engine: the desktop is the client, the plan's one node is this
// machine) or with fio on a CephFS mount on a node over SSH (the "fio" engine), and the
// metadata rates of many small files (create, stat, delete; native engine only).
// Every step works inside its own folder "clustermark-bench-<random>" under `dir`,
// created by the step and removed afterwards with everything in it — also after a
// cancel or an error. Nothing else in the file system is touched.
//
// Plan.target:
//   {"engine":"native"|"fio",
//    "conf":"/etc/ceph/ceph.conf", "keyring":"…", "client":"admin",
//        native: local paths (like the rados kind); fio with "mount": paths on the node
//    "fsName":"cephfs",          the file system (empty = the cluster's default)
//    "dir":"/",                  a folder inside the file system (native, and the
//                                mounted fs for fio) where the step's folder is made
//    "mountPath":"/mnt/cephfs",  fio: an existing CephFS mount on the node, or…
//    "mount":"ceph-fuse"|"kernel", "mountConsent":true,
//                                fio: the app mounts the fs to a temporary folder on
//                                the node and unmounts it afterwards (needs consent)
//    "timeout":30,               seconds for connect/mount and each Ceph op
//    "temporaryPool":{…}}        a PoolLayout (model/poollayout.h): a data pool made for
//                                the run, added to the file system, and the steps'
//                                folders laid out on it (ceph.dir.layout.pool); the run
//                                names it in "layoutPool", and takes it off and removes it
//   plus the wizard's choices (Options: "preset", "bs", "threads", "fileSize",
//   "files", "runtime", "iodepth"; 0/empty = the preset's), kept so a plan can be
//   edited again; the steps already carry them.
//
// PlanStep.params:
//   {"workload":"seq-read"|"seq-write"|"rand-read"|"rand-write"|"metadata",
//    "bs":"4M", "threads":4, "fileSize":"1G", "runtime":30,
//    "iodepth":1,            fio only: iodepth per job (numjobs = threads)
//    metadata: "files":1000 (per thread), "threads":4,
//              "ops":["create","stat","delete"], "fileSize":"0" (bytes in each file)}
//   Throughput: each thread has its own file of fileSize (native: one sync op in
//   flight per thread, so the queue depth is the thread count; files opened with
//   O_DIRECT so the client's cache neither absorbs writes nor serves reads); reads
//   and random writes run on files written whole first (prefill). Metadata: each
//   thread creates `files` files in its own folder, then they are stat-ed through a
//   second, fresh client (no cached capabilities: every stat reaches the MDS), then
//   deleted; each op phase is capped at `runtime` seconds.
//
// Samples: throughput steps as read.* / write.* (bw, iops, lat.p50/p99/p99.9/mean,
// like every other kind); metadata as meta.<op>.iops and meta.<op>.lat.* (op =
// create, stat, delete; see model/metric.h).
// StepOutcome.summary: throughput {"read":{bw, iops, io_bytes, total_ios, runtime_ms,
// lat_*_ns, histogram}, "write":{…}} (fio's shape); metadata {"meta":{"create":{iops,
// total_ops, runtime_ms, lat_mean_ns, lat_min_ns, lat_max_ns, lat_p50_ns, lat_p99_ns,
// lat_p999_ns, histogram}, "stat":{…}, "delete":{…}}, "opsPerSecond": create's iops
// (or the first op's), "files", "file_size", "files_created", "files_deleted"}; both
// with "engine", "folder", "workload", "threads", "cleanup_ms", "entries_removed";
// native throughput also "block_size", "file_size", "file_bytes" (the files' sizes as
// the fs reports them), "prefill_ms", "direct"; fio adds "fio_version".
// Not bounded: an MDS that stops answering mid-step (libcephfs has no MDS request
// timeout) stalls the native metadata ops; mon and OSD ops are bounded by `timeout`.
#include "bench/runnerkind.h"
#include "ceph/cephconnectionspec.h"
#include "ceph/cephfsworkload.h"

namespace cm {

class CephFsKind : public RunnerKind {
public:
    static QString kindId() { return QStringLiteral("cephfs"); }
    static QString folderPrefix() { return QStringLiteral("clustermark-bench-"); }

    // What the wizard and the CLI choose; makePlan() turns it into a plan.
    struct Options {
        QString engine = QStringLiteral("native"); // native, fio
        QString conf;
        QString keyring;
        QString client = QStringLiteral("admin");
        QString fsName; // empty = the default fs
        QJsonObject temporaryPool; // a PoolLayout: the steps' folders laid out on a pool made for the run
        QString dir = QStringLiteral("/");
        QString mountPath; // fio: an existing mount on the node
        QString mount; // fio: "", "ceph-fuse" or "kernel"
        bool mountConsent = false;
        int timeout = 30;
        QString preset = QStringLiteral("throughput"); // throughput, metadata, quick
        // Overrides of every step of the preset; 0 / empty = the preset's.
        QString bs;
        int threads = 0;
        QString fileSize;
        int files = 0;
        int runtime = 0;
        int iodepth = 0; // fio only

        // Plan.target of a cephfs plan (the wizard reads it back to edit a plan).
        QJsonObject toJson() const;
        static Options fromJson(const QJsonObject &o);
    };

    QString id() const override { return kindId(); }
    QString displayName() const override { return kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "CephFS")); }
    const char *description() const override;
    // The command line (cephfscli.cpp).
    QList<CliOption> cliOptions() const override;
    QString cliSummary() const override;
    Plan planFromCli(const CliArgs &args, QStringList *notes, Error *error) const override;
    QList<MetricSpec> metrics() const override;
    QList<OperationSpec> operations() const override;
    RateWords rateWords() const override { return RateWords {OpsNoun::Ops}; }
    // "throughput" (seq write/read 4M, rand write/read 4k), "metadata" (create, stat,
    // delete of many small files), "quick" (short: seq write/read 4M, rand read 4k and a
    // small metadata step — dropped by makePlan() for the fio engine).
    QList<Preset> presets() const override;
    QList<PreflightCheck> preflight(const Plan &plan) const override; // fio: fio, the mount tool, the mons
    Error validate(const Plan &plan) const override;
    bool sumsClients() const override { return true; } // every client its own folder, one cluster
    CrossCheckPools crossCheckPools(const Plan &plan, int stepIndex) const override;
    QList<TemporaryPoolRequest> temporaryPools(const Plan &plan) const override; // target.temporaryPool
    bool isDestructive(const Plan &) const override { return false; } // only its own folder
    QString commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const override;
    double estimatedSeconds(const Plan &plan, int stepIndex) const override;
    std::unique_ptr<StepRunner> createStepRunner(const Plan &plan, int stepIndex) const override;

    // native: nodes is ignored (this machine; empty is fine); fio: the node(s) with the
    // mount. *error: unknown preset, bad option, or validate().
    static Plan makePlan(const QList<NodeSpec> &nodes, const Options &options, Error *error);

    static bool isNative(const Plan &plan);
    static CephConnectionSpec connectionSpec(const Plan &plan);
    static CephFsWorkload workload(const PlanStep &step, Error *error);
    // One line saying what the step does and where (preview, logs, StepOutcome.command).
    static QString describeStep(const Plan &plan, const PlanStep &step);
};

} // namespace cm
