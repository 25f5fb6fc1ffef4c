// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/cephfs/cephfsfiorunner.h"

#include "bench/cephfs/cephfskind.h"
#include "bench/cephfs/nodemountcleaner.h"
#include "bench/fiostep.h"

#include <QRandomGenerator>

namespace cm {

namespace {

QString targetString(const Plan &plan, const char *key, const QString &def = {})
{
    return plan.target.value(QLatin1String(key)).toString(def);
}

QString fioRw(const QString &workload)
{
    if (workload == QLatin1String("seq-read"))
        return QStringLiteral("read");
    if (workload == QLatin1String("seq-write"))
        return QStringLiteral("write");
    if (workload == QLatin1String("rand-read"))
        return QStringLiteral("randread");
    if (workload == QLatin1String("rand-write"))
        return QStringLiteral("randwrite");
    return workload;
}

} // namespace

CephFsFioRunner::CephFsFioRunner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

QStringList CephFsFioRunner::fioArgs(const PlanStep &step, const QString &folder)
{
    const QJsonObject &p = step.params;
    return {QStringLiteral("fio"), QStringLiteral("--output-format=json+"), QStringLiteral("--status-interval=1"),
        QStringLiteral("--eta=never"), QStringLiteral("--name=") + step.id, QStringLiteral("--directory=") + folder,
        QStringLiteral("--ioengine=libaio"), QStringLiteral("--direct=1"),
        QStringLiteral("--rw=") + fioRw(p.value(QStringLiteral("workload")).toString()),
        QStringLiteral("--bs=") + p.value(QStringLiteral("bs")).toString(QStringLiteral("4M")),
        QStringLiteral("--size=") + p.value(QStringLiteral("fileSize")).toString(QStringLiteral("1G")),
        QStringLiteral("--iodepth=%1").arg(p.value(QStringLiteral("iodepth")).toInt(1)),
        QStringLiteral("--numjobs=%1").arg(p.value(QStringLiteral("threads")).toInt(4)),
        QStringLiteral("--group_reporting=1"), QStringLiteral("--time_based=1"),
        QStringLiteral("--runtime=%1").arg(p.value(QStringLiteral("runtime")).toInt(30)),
        QStringLiteral("--randrepeat=0")};
}

QStringList CephFsFioRunner::mountArgs(const Plan &plan, const QString &mountPoint)
{
    const QString conf = targetString(plan, "conf");
    const QString keyring = targetString(plan, "keyring");
    const QString client = targetString(plan, "client", QStringLiteral("admin"));
    const QString fs = targetString(plan, "fsName");
    const QString timeout = QString::number(plan.target.value(QStringLiteral("timeout")).toInt(30));
    if (targetString(plan, "mount") == QLatin1String("kernel")) {
        // mount.ceph fills in the monitors and the key from the conf (the keyring it
        // names, or /etc/ceph's): its secretfile= wants a bare key, not a keyring.
        QStringList opts {QStringLiteral("name=") + client};
        if (!conf.isEmpty())
            opts << QStringLiteral("conf=") + conf;
        if (!fs.isEmpty())
            opts << QStringLiteral("mds_namespace=") + fs;
        return {QStringLiteral("mount"), QStringLiteral("-t"), QStringLiteral("ceph"), QStringLiteral(":/"), mountPoint,
            QStringLiteral("-o"), opts.join(QLatin1Char(','))};
    }
    QStringList a {QStringLiteral("ceph-fuse")};
    if (!conf.isEmpty())
        a << QStringLiteral("-c") << conf;
    a << QStringLiteral("--id") << client;
    if (!keyring.isEmpty())
        a << QStringLiteral("-k") << keyring;
    if (!fs.isEmpty())
        a << QStringLiteral("--client_fs") << fs;
    a << QStringLiteral("--client_mount_timeout") << timeout << mountPoint;
    return a;
}

QStringList CephFsFioRunner::unmountArgs(const Plan &, const QString &mountPoint)
{
    return {QStringLiteral("umount"), mountPoint};
}

Error CephFsFioRunner::unmountVerified(StepContext &ctx, const QString &mountPoint)
{
    return sh(ctx,
        {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(NodeMountCleaner::unmountScript()),
            QStringLiteral("cm-unmount"), mountPoint},
        CancelToken(), 120000);
}

QString CephFsFioRunner::folderUnder(const Plan &plan, const QString &mountRoot, const QString &folderName)
{
    QString dir = targetString(plan, "dir", QStringLiteral("/"));
    QString root = mountRoot;
    while (root.endsWith(QLatin1Char('/')) && root.size() > 1)
        root.chop(1);
    if (!dir.endsWith(QLatin1Char('/')))
        dir += QLatin1Char('/');
    return (root == QLatin1String("/") ? QString() : root) + dir + folderName;
}

// The file system type of the mount that holds `path` on the node (the longest mount
// point that is a prefix of it), from /proc/mounts; empty when unknown.
QString CephFsFioRunner::mountTypeOf(const QByteArray &procMounts, const QString &path, QString *mountPoint)
{
    auto unescape = [](const QByteArray &f) {
        QByteArray out;
        for (qsizetype i = 0; i < f.size(); ++i) {
            if (f[i] == '\\' && i + 3 < f.size()) {
                bool ok = false;
                const int c = f.mid(i + 1, 3).toInt(&ok, 8);
                if (ok) {
                    out += char(c);
                    i += 3;
                    continue;
                }
            }
            out += f[i];
        }
        return QString::fromUtf8(out);
    };
    QString bestType;
    QString best;
    for (const QByteArray &line : procMounts.split('\n')) {
        const QList<QByteArray> f = line.split(' ');
        if (f.size() < 3)
            continue;
        const QString mp = unescape(f[1]);
        const bool covers = mp == path || mp == QLatin1String("/")
            || path.startsWith(mp.endsWith(QLatin1Char('/')) ? mp : mp + QLatin1Char('/'));
        if (covers && mp.size() >= best.size()) {
            best = mp;
            bestType = QString::fromUtf8(f[2]);
        }
    }
    if (mountPoint)
        *mountPoint = best;
    return bestType;
}

bool CephFsFioRunner::isCephFsType(const QString &type)
{
    return type == QLatin1String("ceph") || type == QLatin1String("fuse.ceph-fuse")
        || type == QLatin1String("fuse.ceph");
}

Error CephFsFioRunner::sh(
    StepContext &ctx, const QStringList &argv, const CancelToken &cancel, int timeoutMs, QByteArray *out)
{
    Command c;
    c.argv = argv;
    c.timeoutMs = timeoutMs;
    const ExecResult r = ctx.transport->run(c, {}, cancel);
    if (out)
        *out = r.stdOut;
    if (r.error)
        return r.error;
    if (r.exitCode != 0)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("%1 failed: %2").arg(argv.value(0), fiostep::tail(r.stdErr, 3)), ctx.nodeName,
            fiostep::tail(r.stdErr));
    return {};
}

StepOutcome CephFsFioRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    out.target = ctx.nodeName + QStringLiteral(":(cephfs)");
    out.environment.insert(QStringLiteral("cephfs_engine"), QStringLiteral("fio"));

    Error e;
    const QString version = fiostep::fioVersion(ctx, &e);
    if (e) {
        out.error = e;
        return out;
    }
    out.environment.insert(QStringLiteral("fio_version"), version);
    out.summary.insert(QStringLiteral("fio_version"), version);

    // The root of the file system on the node: the given mount, or a mount of our own.
    StepMount m;
    m.root = targetString(m_plan, "mountPath");
    if (!targetString(m_plan, "mount").isEmpty()) {
        QByteArray tmp;
        if ((e = sh(ctx,
                 {QStringLiteral("mktemp"), QStringLiteral("-d"), QStringLiteral("/tmp/clustermark-cephfs-XXXXXX")},
                 ctx.cancel, 15000, &tmp))) {
            out.error = e;
            return out;
        }
        m.tempMount = QString::fromUtf8(tmp).trimmed();
        m.root = m.tempMount;
        e = mountOwn(ctx, m, out);
    }
    if (!e)
        e = checkCephFs(ctx, m, out);
    QString folder;
    if (!e)
        e = makeStepFolder(ctx, m.root, &folder);
    if (!e && !ctx.cancel.isCancelled()) {
        out.target = ctx.nodeName + QLatin1Char(':') + folder;
        Command cmd;
        cmd.argv = fioArgs(step, folder);
        cmd.maxRuntimeSec = step.params.value(QStringLiteral("runtime")).toInt(30) + 900;
        out.command = cmd.toShellString();
        if (ctx.waitForStart) // with other clients: fio's files first, then one start
            e = fiostep::layOut(ctx, cmd);
        if (!e) {
            fiostep::runStreaming(ctx, cmd, out);
            e = out.error;
        }
    }
    cleanUp(ctx, folder, m, e, &out.leftovers);
    out.error = e;
    return out;
}

Error CephFsFioRunner::mountOwn(StepContext &ctx, StepMount &m, StepOutcome &out)
{
    const QString mount = targetString(m_plan, "mount");
    const int timeoutSec = m_plan.target.value(QStringLiteral("timeout")).toInt(30);
    if (ctx.log)
        ctx.log(QStringLiteral("%1: mounting the file system (%2) at %3").arg(ctx.nodeName, mount, m.tempMount));
    Error e = sh(ctx, mountArgs(m_plan, m.tempMount), ctx.cancel, (timeoutSec + 30) * 1000);
    if (e && e.code == Error::Code::CommandFailed)
        e.message = QStringLiteral("cannot mount the file system with %1: %2").arg(mount, e.message);
    m.mounted = !e;
    out.environment.insert(QStringLiteral("cephfs_mount"), mount);
    return e;
}

// fio on another file system would measure that one instead.
Error CephFsFioRunner::checkCephFs(StepContext &ctx, const StepMount &m, StepOutcome &out)
{
    Error me;
    const QByteArray mounts = ctx.transport->readFile(QStringLiteral("/proc/mounts"), &me);
    QString mp;
    const QString type = mountTypeOf(mounts, m.root, &mp);
    out.environment.insert(QStringLiteral("mount_type"), type);
    if (me || isCephFsType(type))
        return {};
    return Error(Error::Code::InvalidInput,
        m.mounted ? QStringLiteral("%1 did not mount a CephFS at %2 (found %3)")
                        .arg(targetString(m_plan, "mount"), m.root, type)
                  : QStringLiteral("%1 is not on a CephFS mount on %2 (its mount %3 is %4)")
                        .arg(m.root, ctx.nodeName, mp, type.isEmpty() ? QStringLiteral("unknown") : type),
        ctx.nodeName);
}

Error CephFsFioRunner::makeStepFolder(StepContext &ctx, const QString &root, QString *folder)
{
    QString node;
    for (const QChar c : ctx.nodeName)
        node += c.isLetterOrNumber() && c.unicode() < 128 ? c : QLatin1Char('_');
    const QString name = CephFsKind::folderPrefix() + node + QLatin1Char('-')
        + QString::number(QRandomGenerator::global()->generate(), 16);
    const QString parent = folderUnder(m_plan, root, QString());
    // mkdir without -p: a missing parent is an error (fio would silently create it).
    Error e = sh(ctx, {QStringLiteral("mkdir"), QStringLiteral("--"), parent + name}, ctx.cancel, 30000);
    if (e) {
        e.message = QStringLiteral("cannot create the step's folder in %1: %2").arg(parent, e.message);
        return e;
    }
    *folder = parent + name;
    // The run's own data pool: the folder is laid out on it before fio makes a file.
    if (const QString pool = m_plan.target.value(QStringLiteral("layoutPool")).toString(); !pool.isEmpty())
        if ((e = sh(ctx,
                 {QStringLiteral("setfattr"), QStringLiteral("-n"), QStringLiteral("ceph.dir.layout.pool"),
                     QStringLiteral("-v"), pool, QStringLiteral("--"), *folder},
                 ctx.cancel, 30000)))
            e.message = QStringLiteral("cannot lay out %1 on pool %2: %3").arg(*folder, pool, e.message);
    return e;
}

// With fresh tokens: also after a cancel. Only the step's own folder. A clean-up error
// becomes the step's error unless it already has one.
void CephFsFioRunner::cleanUp(
    StepContext &ctx, const QString &folder, StepMount &m, Error &e, QList<Leftover> *leftovers)
{
    if (!folder.isEmpty() && folder.section(QLatin1Char('/'), -1).startsWith(CephFsKind::folderPrefix())) {
        const Error rm = sh(
            ctx, {QStringLiteral("rm"), QStringLiteral("-rf"), QStringLiteral("--"), folder}, CancelToken(), 300000);
        if (rm && !e)
            e = rm;
        else if (rm && ctx.log)
            ctx.log(QStringLiteral("%1: %2").arg(ctx.nodeName, rm.message));
    }
    if (!m.mounted && !m.tempMount.isEmpty()) { // a mount cut short by a cancel may still have happened
        QString mp;
        m.mounted = !mountTypeOf(ctx.transport->readFile(QStringLiteral("/proc/mounts")), m.tempMount, &mp).isEmpty()
            && mp == m.tempMount;
    }
    if (m.mounted) {
        Error um = unmountVerified(ctx, m.tempMount);
        if (um) {
            um.message = QStringLiteral("cannot unmount %1 on %2: %3").arg(m.tempMount, ctx.nodeName, um.message);
            leftovers->append(Leftover::make(Leftover::Kind::NodeMount, ctx.nodeName, m.tempMount));
            if (!e)
                e = um;
            else if (ctx.log)
                ctx.log(um.message);
        }
    }
    if (!m.tempMount.isEmpty())
        sh(ctx, {QStringLiteral("rmdir"), QStringLiteral("--"), m.tempMount}, CancelToken(), 15000);
}

} // namespace cm
