// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Per-OSD latency (docs/ARCHITECTURE.md §2, the method of ceph-gobench): in a pool of size 1, for
// each OSD find objects whose primary is that OSD (mon "osd map"), then write blockSize
// bytes at random offsets inside those objects at QD1 and time every op — one OSD after
// the other, or all at once. The slow OSD stands out. The app itself is the Ceph client
// (librados on this machine, like the native RBD engine): the plan's one node is local.
//
// Plan.target (OsdLatencyTarget):
//   {"conf":"/etc/ceph/ceph.conf", "keyring":"…", "client":"admin",   // local paths
//    "pool":"P",            // optional: an existing pool; only the app's objects in it
//                           // are written and removed afterwards. Its size should be 1.
//    "poolConsent":true,    // without "pool": the user agreed to a temporary pool
//                           // "clustermark-bench-osdlat-<random>" of size 1 (min_size 1),
//                           // created for the step and always removed after it
//    "mode":"sequential"|"parallel",
//    "osds":[0,2],          // optional; default every OSD that is up and in
//    "objectSize":"4M",
//    "opTimeout":10}        // optional: mon/OSD op timeout in seconds (1..600)
// PlanStep.params (OsdLatencyStepOptions): bs ("4k"), iodepth (must be 1), runtime (s per OSD), objectsPerOsd.
//
// While the temporary pool exists a real cluster shows HEALTH_WARN POOL_NO_REDUNDANCY
// (unless mon_warn_on_pool_no_redundancy is off): expected, it ends with the pool.
//
// StepOutcome.summary (the heat map reads exactly this):
//   {"osds":[{"id":0, "host":"node1", "deviceClass":"hdd"|"ssd"|"nvme"|"",
//             "rotational":true|false|null,     // osd metadata; null when unknown
//             "ops":1234,                       // timed writes (object creation not counted)
//             "p50":ns, "p99":ns, "p999":ns, "mean":ns, "max":ns,   // latency, ns
//             "iops":x,                         // ops / the OSD's measured seconds
//             "histogram":{"<ns>":count,…},     // log-linear buckets (stats/latencyhistogram.h)
//             "outlier":bool, "outlierReason":"…",   // stats/osdoutliers.h; "" when normal
//             "error":"…"}, …],                 // only for an OSD whose measurement failed
//    "mode":"sequential"|"parallel", "pool":"…", "objectSize":"4M",
//    "blockSize":4096, "runtimeSec":10, "objectsPerOsd":16, "tempPool":bool}
//   Entries are in OSD id order. Live samples: target "osd.N", metrics write.iops,
//   write.lat.p50, write.lat.p99, write.lat.mean (ns), one set per OSD per second.
#include "bench/osdlatency/osdlatencyoptions.h"
#include "bench/runnerkind.h"

namespace cm {

class OsdLatencyKind : public RunnerKind {
public:
    static QString kindId() { return QStringLiteral("osd-latency"); }
    static QString poolPrefix() { return QStringLiteral("clustermark-bench-osdlat-"); }
    static constexpr int kDefaultObjectsPerOsd = OsdLatencyStepOptions::kDefaultObjectsPerOsd;

    QString id() const override { return kindId(); }
    // `ceph tell osd.N bench` results import as runs of this kind (one step per OSD).
    QString importedTool() const override { return QStringLiteral("ceph tell osd bench"); }
    QString displayName() const override { return kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "Per-OSD latency")); }
    const char *description() const override;
    // The command line (osdlatencycli.cpp).
    QList<CliOption> cliOptions() const override;
    QString cliSummary() const override;
    Plan planFromCli(const CliArgs &args, QStringList *notes, Error *error) const override;
    QList<Preset> presets() const override;
    RateWords rateWords() const override { return RateWords {OpsNoun::Ops}; } // objects
    Error validate(const Plan &plan) const override;
    bool isDestructive(const Plan &) const override { return false; } // only its own pool/objects
    QString commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const override;
    // runtime × OSDs (sequential; when "osds" is empty the count is unknown and 3 is assumed)
    // or runtime (parallel), plus set-up.
    double estimatedSeconds(const Plan &plan, int stepIndex) const override;
    std::unique_ptr<StepRunner> createStepRunner(const Plan &plan, int stepIndex) const override;

    static Plan makePlan(
        const QString &preset, const QList<NodeSpec> &nodes, const QJsonObject &target, int runtimeSec, Error *error);
    static bool usesTempPool(const Plan &plan); // no "pool" given
    // The plan's values, typed (osdlatencyoptions.h); validate() has refused bad ones.
    static OsdLatencyTarget target(const Plan &plan);
    static OsdLatencyStepOptions stepOptions(const Plan &plan, int stepIndex);
};

} // namespace cm
