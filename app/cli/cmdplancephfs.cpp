// `plan cephfs`: CephFS throughput and metadata rates with the app's own libcephfs client,
// or fio on a CephFS mount of a node.
#include "clicommon.h"

#include "bench/cephfs/cephfskind.h"

namespace cm::cli {

namespace {

bool intOption(QStringList &args, const QString &name, int *value)
{
    const QStringList v = takeOption(args, name);
    if (v.isEmpty())
        return true;
    bool ok = false;
    *value = v.first().toInt(&ok);
    if (!ok || *value <= 0) {
        printErr(QStringLiteral("plan cephfs: %1 needs a positive number, got \"%2\"").arg(name, v.first()));
        return false;
    }
    return true;
}

} // namespace

// plan cephfs [--lab DIR | --conf C --keyring K --client N] [--fs NAME] [--dir D]
//             [--engine native|fio] [--node NODE --mount-path P | --mount ceph-fuse|kernel --mount-consent]
//             [--preset throughput|metadata|quick] [--bs 4M] [--threads N] [--file-size 1G]
//             [--files N] [--runtime S] [--iodepth N] [--timeout S]
int cmdPlanCephFs(const QStringList &argsIn)
{
    QStringList args = argsIn;
    CephFsKind::Options o;
    o.engine = takeOption(args, QStringLiteral("--engine")).value(0, o.engine);
    o.preset = takeOption(args, QStringLiteral("--preset")).value(0, o.preset);
    o.conf = takeOption(args, QStringLiteral("--conf")).value(0);
    o.keyring = takeOption(args, QStringLiteral("--keyring")).value(0);
    o.client = takeOption(args, QStringLiteral("--client")).value(0, o.client);
    o.fsName = takeOption(args, QStringLiteral("--fs")).value(0);
    o.dir = takeOption(args, QStringLiteral("--dir")).value(0, o.dir);
    o.mountPath = takeOption(args, QStringLiteral("--mount-path")).value(0);
    o.mount = takeOption(args, QStringLiteral("--mount")).value(0);
    o.mountConsent = takeFlag(args, QStringLiteral("--mount-consent"));
    o.bs = takeOption(args, QStringLiteral("--bs")).value(0);
    o.fileSize = takeOption(args, QStringLiteral("--file-size")).value(0);
    const QString lab = takeOption(args, QStringLiteral("--lab")).value(0);
    const QString node = takeOption(args, QStringLiteral("--node")).value(0, QStringLiteral("local"));
    if (!intOption(args, QStringLiteral("--threads"), &o.threads) || !intOption(args, QStringLiteral("--files"), &o.files)
        || !intOption(args, QStringLiteral("--runtime"), &o.runtime) || !intOption(args, QStringLiteral("--iodepth"), &o.iodepth)
        || !intOption(args, QStringLiteral("--timeout"), &o.timeout))
        return 2;
    if (!args.isEmpty()) {
        printErr(QStringLiteral("plan cephfs: unexpected argument \"%1\"").arg(args.first()));
        return 2;
    }
    if (!lab.isEmpty()) {   // the local lab: its files, on this machine
        if (!o.conf.isEmpty()) {
            printErr(QStringLiteral("plan cephfs: give either --lab or --conf"));
            return 2;
        }
        o.conf = lab + QStringLiteral("/ceph.conf");
        o.keyring = lab + QStringLiteral("/keyring");
        if (o.fsName.isEmpty())
            o.fsName = labValues(lab).value(QStringLiteral("CEPHFS_NAME"));
    }
    QString err;
    const NodeSpec spec = NodeSpec::parse(node, &err);
    if (spec.host.isEmpty()) {
        printErr(QStringLiteral("plan cephfs: %1").arg(err));
        return 2;
    }
    if (o.engine == QLatin1String("native") && !spec.isLocal()) {
        printErr(QStringLiteral("plan cephfs: the native engine runs in the app itself (this machine); use --engine fio "
                                "to run on %1").arg(node));
        return 2;
    }
    Error e;
    const Plan plan = CephFsKind::makePlan({spec}, o, &e);
    if (e) {
        printErr(QStringLiteral("plan cephfs: %1").arg(e.message));
        return 2;
    }
    for (int i = 0; i < plan.steps.size(); ++i)
        printErr(CephFsKind().commandPreview(plan, i, plan.nodes.first()));
    printPlan(plan);
    return 0;
}

} // namespace cm::cli
