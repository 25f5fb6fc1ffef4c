// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One CephFS throughput step with fio on a node over SSH (CephFsKind, engine "fio"): fio
// runs in the step's own folder clustermark-bench-<random> on a CephFS mount of the
// node — an existing one (target mountPath), or one the app makes for the step (target
// mount "ceph-fuse" / "kernel" with mountConsent) in a temporary folder and unmounts
// afterwards. The folder (and the mount) are removed also after a cancel or an error.
//
// The kernel mount (mount -t ceph, needs the ceph module) takes the monitors and the
// key from the conf through mount.ceph; it is not exercised by the tests (the test
// machine has no ceph module), ceph-fuse is.
//
// fio: ioengine=libaio, direct=1 (CephFS honours O_DIRECT through both clients: the
// page cache neither absorbs writes nor serves reads), numjobs = threads, one file of
// fileSize per job, json+ with --status-interval=1, streamed like the disk runner.
#include "bench/steprunner.h"
#include "model/plan.h"

namespace cm {

class CephFsFioRunner : public StepRunner {
public:
    CephFsFioRunner(Plan plan, int stepIndex);
    StepOutcome run(StepContext &ctx) override;

    // argv of fio for `step`, working in `folder` (a path on the node).
    static QStringList fioArgs(const PlanStep &step, const QString &folder);
    // argv that mounts the plan's fs at `mountPoint` (target mount ceph-fuse or kernel).
    static QStringList mountArgs(const Plan &plan, const QString &mountPoint);
    // argv that unmounts it again, for the preview (the runner uses unmountVerified).
    static QStringList unmountArgs(const Plan &plan, const QString &mountPoint);
    // Where the fs root is on the node: mountPath, or `tempMount` when the app mounts.
    static QString folderUnder(const Plan &plan, const QString &mountRoot, const QString &folderName);

    // /proc/mounts: the type of the mount holding `path` ("ceph", "fuse.ceph-fuse"…).
    static QString mountTypeOf(const QByteArray &procMounts, const QString &path, QString *mountPoint = nullptr);
    static bool isCephFsType(const QString &type);

private:
    // The file system's root on the node, and the mount the step made there, if any.
    struct StepMount {
        QString root;
        QString tempMount;
        bool mounted = false;
    };
    // The steps of run(), in order.
    Error mountOwn(StepContext &ctx, StepMount &m, StepOutcome &out);
    Error checkCephFs(StepContext &ctx, const StepMount &m, StepOutcome &out);
    Error makeStepFolder(StepContext &ctx, const QString &root, QString *folder);
    // A mount it could not undo is added to leftovers (a later `cleanup --node` finds it).
    void cleanUp(StepContext &ctx, const QString &folder, StepMount &m, Error &e, QList<Leftover> *leftovers);
    // Unmounts the step's own mount without depending on fusermount, lazily as the last
    // resort, and checks /proc/mounts afterwards.
    Error unmountVerified(StepContext &ctx, const QString &mountPoint);
    Error sh(
        StepContext &ctx, const QStringList &argv, const CancelToken &cancel, int timeoutMs, QByteArray *out = nullptr);

    Plan m_plan;
    int m_stepIndex;
};

} // namespace cm
