// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RADOS object benchmark (docs/ARCHITECTURE.md §2 "RADOS"), with one of two engines:
// - native (default): the app's own librados engine; the desktop is the client (like
//   the native RBD engine), so the plan's one node is this machine and conf/keyring
//   are local paths;
// - fio: fio's rados engine on each client node (radosfiorunner.h), several at once,
//   each client with its own object prefix; conf/keyring are paths on the nodes.
//
// Why the figures are lower than `rados bench`: `rados bench` writes a few hundred
// objects and its read phase reads back exactly those, which still sit in the OSDs'
// caches. This kind spreads every step over a working set of `objects` × `objectSize`
// (default 2048 × 4 MiB = 8 GiB; make it larger than the OSDs' caches together), and
// read and stat steps first write every object no earlier step of the run wrote whole
// (prefill), so reads come from the disks and never hit a missing object. The steps of
// a run share one set of objects; the run removes them after its last step (also
// after a cancel or an error).
//
// Plan.target: {"conf":"/etc/ceph/ceph.conf", "keyring":"…", "client":"admin",
//               "pool":"P", "objectSize":"4M", "objects":2048, "timeout":30,
//               "engine":"native"|"fio"}
//   timeout: seconds for each mon/OSD op (a stopped OSD gives an error, not a hang).
// PlanStep.params: op (write|read|stat), bs (bytes per op, divides objectSize; absent =
// whole objects; ignored by stat), iodepth (rados_aio ops in flight), runtime (s).
// Samples: write.bw/iops/lat.* for write, read.* for read; stat reports read.iops and
// read.lat.* (no bandwidth).
#include "bench/runnerkind.h"
#include "ceph/cephconnectionspec.h"
#include "ceph/radosworkload.h"

namespace cm {

class RadosKind : public RunnerKind {
public:
    static QString kindId() { return QStringLiteral("rados"); }
    static constexpr int kDefaultObjects = 2048;
    static QString defaultObjectSize() { return QStringLiteral("4M"); }

    // Plan.target of a RADOS plan, read and checked in one place: an unknown key, a bad
    // pool or client name, a count or size that is not one is refused, naming the field.
    struct Target {
        enum class Engine { Native, Fio };
        Engine engine = Engine::Native;
        QString pool;
        // A temporary pool of this layout instead (the plan's consent), made and
        // removed by the run; `pool` is a placeholder until the run names it.
        bool temporary = false;
        PoolLayout temporaryPool;
        QString objectSize = defaultObjectSize();
        int objects = kDefaultObjects;
        CephConnectionSpec connection; // conf, keyring, client, monHost, fsid, timeout

        static Target read(const QJsonObject &target, Error *error);
    };

    QString id() const override { return kindId(); }
    QString importedTool() const override { return QStringLiteral("rados bench"); }
    QString displayName() const override { return kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "RADOS objects")); }
    const char *description() const override;
    // The command line (radoscli.cpp).
    QList<CliOption> cliOptions() const override;
    QString cliSummary() const override;
    Plan planFromCli(const CliArgs &args, QStringList *notes, Error *error) const override;
    QList<Preset> presets() const override;
    RateWords rateWords() const override { return RateWords {OpsNoun::Ops}; } // objects
    void fitSteps(Plan *plan) const override; // engine fio: no stat step
    QList<PreflightCheck> preflight(const Plan &plan) const override; // fio engine: fio, rados, the mons
    Error validate(const Plan &plan) const override;
    bool isDestructive(const Plan &) const override { return false; } // only its own objects
    bool sumsClients() const override { return true; } // fio clients' totals add up
    CrossCheckPools crossCheckPools(const Plan &plan, int stepIndex) const override;
    QList<TemporaryPoolRequest> temporaryPools(const Plan &plan) const override; // target.temporaryPool
    QString commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const override;
    double estimatedSeconds(const Plan &plan, int stepIndex) const override;
    std::unique_ptr<StepRunner> createStepRunner(const Plan &plan, int stepIndex) const override;
    // The object set the run's steps share (RadosRunState, or RadosFioRunState per client
    // node), removed after the last step.
    std::shared_ptr<RunState> createRunState(const Plan &plan) const override;

    // Why these figures differ from `rados bench` (for the wizard and the CLI).
    static QString methodNote();
    static RadosWorkload workload(const Plan &plan, const PlanStep &step, Error *error);
    static CephConnectionSpec connectionSpec(const Plan &plan);
    static QString describeStep(const Plan &plan, const PlanStep &step);
    static quint64 workingSetBytes(const Plan &plan);
    // The preset on this machine (the only node the native client runs on).
    static Plan makePlan(const QString &preset, const QJsonObject &target, int runtimeSec, Error *error);
    // The preset on client nodes (engine fio; its steps leave out stat, which fio lacks).
    static Plan makePlan(
        const QString &preset, const QList<NodeSpec> &nodes, const QJsonObject &target, int runtimeSec, Error *error);
};

} // namespace cm
