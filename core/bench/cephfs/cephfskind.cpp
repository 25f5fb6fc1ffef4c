// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/cephfs/cephfskind.h"

#include "bench/cephfs/cephfsfiorunner.h"
#include "bench/scaling.h"
#include "bench/cephfs/cephfsnativerunner.h"
#include "bench/planbuilder.h"
#include "model/paramreader.h"

#include <QJsonArray>

#include <algorithm>

namespace cm {

namespace {

const QString kWorkload = QStringLiteral("workload");
const QString kMetadata = QStringLiteral("metadata");

// "4M sequential write T4", "Small files: create, stat, delete T4": from the step's
// parameters, so a title follows the block size and thread count the user chose.
QString stepTitle(const QJsonObject &p)
{
    const QString threads = QStringLiteral(" T%1").arg(p.value(QStringLiteral("threads")).toInt(4));
    const QString workload = p.value(kWorkload).toString();
    if (workload == kMetadata) {
        QStringList ops;
        for (const QJsonValue &v : p.value(QStringLiteral("ops")).toArray())
            ops << v.toString();
        return QStringLiteral("Small files: ") + ops.join(QStringLiteral(", ")) + threads;
    }
    const QString how
        = workload.startsWith(QLatin1String("seq")) ? QStringLiteral("sequential") : QStringLiteral("random");
    const QString dir = workload.endsWith(QLatin1String("write")) ? QStringLiteral("write") : QStringLiteral("read");
    return QStringLiteral("%1 %2 %3").arg(p.value(QStringLiteral("bs")).toString(), how, dir) + threads;
}

PlanStep ioStep(
    const QString &id, const QString &workload, const QString &bs, int threads, const QString &fileSize, int runtime)
{
    const QJsonObject p {{kWorkload, workload}, {QStringLiteral("bs"), bs}, {QStringLiteral("threads"), threads},
        {QStringLiteral("fileSize"), fileSize}, {QStringLiteral("runtime"), runtime}};
    return PlanStep {id, stepTitle(p), p};
}

PlanStep metaStep(int threads, int files, int runtime)
{
    const QJsonObject p {{kWorkload, kMetadata}, {QStringLiteral("threads"), threads}, {QStringLiteral("files"), files},
        {QStringLiteral("ops"),
            QJsonArray {QStringLiteral("create"), QStringLiteral("stat"), QStringLiteral("delete")}},
        {QStringLiteral("fileSize"), QStringLiteral("0")}, {QStringLiteral("runtime"), runtime}};
    return PlanStep {QStringLiteral("metadata"), stepTitle(p), p};
}

bool isMetaStep(const PlanStep &s)
{
    return s.params.value(kWorkload).toString() == kMetadata;
}

// A folder inside the file system: absolute, no "." / ".." parts, no control characters.
bool isFsDir(const QString &d)
{
    if (!d.startsWith(QLatin1Char('/')) || d.size() > 1024)
        return false;
    for (const QChar c : d)
        if (c.unicode() < 32 || c.unicode() == 127)
            return false;
    for (const QString &part : d.split(QLatin1Char('/'), Qt::SkipEmptyParts))
        if (part == QLatin1String(".") || part == QLatin1String(".."))
            return false;
    return true;
}

QString targetString(const Plan &plan, const char *key, const QString &def = {})
{
    return plan.target.value(QLatin1String(key)).toString(def);
}

} // namespace

QJsonObject CephFsKind::Options::toJson() const
{
    QJsonObject o {{QStringLiteral("engine"), engine}, {QStringLiteral("client"), client}, {QStringLiteral("dir"), dir},
        {QStringLiteral("timeout"), timeout}, {QStringLiteral("preset"), preset}};
    auto put = [&](const char *k, const QString &v) {
        if (!v.isEmpty())
            o.insert(QLatin1String(k), v);
    };
    auto putInt = [&](const char *k, int v) {
        if (v > 0)
            o.insert(QLatin1String(k), v);
    };
    put("conf", conf);
    put("keyring", keyring);
    put("fsName", fsName);
    put("mountPath", mountPath);
    put("mount", mount);
    if (!mount.isEmpty())
        o.insert(QStringLiteral("mountConsent"), mountConsent);
    if (!temporaryPool.isEmpty())
        o.insert(QStringLiteral("temporaryPool"), temporaryPool);
    put("bs", bs);
    put("fileSize", fileSize);
    putInt("threads", threads);
    putInt("files", files);
    putInt("runtime", runtime);
    putInt("iodepth", iodepth);
    return o;
}

CephFsKind::Options CephFsKind::Options::fromJson(const QJsonObject &o)
{
    Options r;
    auto str = [&](const char *k, const QString &def = {}) { return o.value(QLatin1String(k)).toString(def); };
    r.engine = str("engine", r.engine);
    r.conf = str("conf");
    r.keyring = str("keyring");
    r.client = str("client", r.client);
    r.fsName = str("fsName");
    r.dir = str("dir", r.dir);
    r.mountPath = str("mountPath");
    r.mount = str("mount");
    r.mountConsent = o.value(QStringLiteral("mountConsent")).toBool(false);
    r.temporaryPool = o.value(QStringLiteral("temporaryPool")).toObject();
    r.timeout = o.value(QStringLiteral("timeout")).toInt(r.timeout);
    r.preset = str("preset", r.preset);
    r.bs = str("bs");
    r.fileSize = str("fileSize");
    r.threads = o.value(QStringLiteral("threads")).toInt(0);
    r.files = o.value(QStringLiteral("files")).toInt(0);
    r.runtime = o.value(QStringLiteral("runtime")).toInt(0);
    r.iodepth = o.value(QStringLiteral("iodepth")).toInt(0);
    return r;
}

QList<Preset> CephFsKind::presets() const
{
    const int r = 30;
    const int q = 10;
    return {Preset {QStringLiteral("throughput"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "CephFS throughput")),
                kindText(QT_TRANSLATE_NOOP("cm::RunnerKind",
                    "4M sequential write and read with 4 threads (1 GiB file each), then 4k random write "
                    "and read with 16 threads (256 MiB file each), 30 s each; files are written whole "
                    "before reads and random writes")),
                {ioStep(QStringLiteral("seq-write-4m"), QStringLiteral("seq-write"), QStringLiteral("4M"), 4,
                     QStringLiteral("1G"), r),
                    ioStep(QStringLiteral("seq-read-4m"), QStringLiteral("seq-read"), QStringLiteral("4M"), 4,
                        QStringLiteral("1G"), r),
                    ioStep(QStringLiteral("rand-write-4k"), QStringLiteral("rand-write"), QStringLiteral("4k"), 16,
                        QStringLiteral("256M"), r),
                    ioStep(QStringLiteral("rand-read-4k"), QStringLiteral("rand-read"), QStringLiteral("4k"), 16,
                        QStringLiteral("256M"), r)}},
        Preset {QStringLiteral("metadata"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "CephFS metadata")),
            kindText(QT_TRANSLATE_NOOP("cm::RunnerKind",
                "4 threads each create 2000 empty files in their own folder, stat them through a "
                "second client (every stat reaches the MDS), then delete them; ops/s and latency "
                "per op (native engine only)")),
            {metaStep(4, 2000, 60)}},
        Preset {QStringLiteral("quick"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "CephFS (quick)")),
            kindText(QT_TRANSLATE_NOOP("cm::RunnerKind",
                "4M sequential write and read (4 threads, 256 MiB each), 4k random read (8 threads, "
                "128 MiB each), 10 s each, and 4 threads × 500 small files (native engine only)")),
            {ioStep(QStringLiteral("seq-write-4m"), QStringLiteral("seq-write"), QStringLiteral("4M"), 4,
                 QStringLiteral("256M"), q),
                ioStep(QStringLiteral("seq-read-4m"), QStringLiteral("seq-read"), QStringLiteral("4M"), 4,
                    QStringLiteral("256M"), q),
                ioStep(QStringLiteral("rand-read-4k"), QStringLiteral("rand-read"), QStringLiteral("4k"), 8,
                    QStringLiteral("128M"), q),
                metaStep(4, 500, 30)}}};
}

bool CephFsKind::isNative(const Plan &plan)
{
    return targetString(plan, "engine", QStringLiteral("native")) == QLatin1String("native");
}

CephConnectionSpec CephFsKind::connectionSpec(const Plan &plan)
{
    return CephConnectionSpec::fromJson(plan.target, 30, QStringLiteral("timeout"));
}

CrossCheckPools CephFsKind::crossCheckPools(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    // File data lands in the file system's data pools; a file op is not one RADOS op.
    const QString mode = plan.steps.at(stepIndex).params.value(kWorkload).toString();
    // With the run's own data pool, the steps' folders are laid out on it alone.
    const QString layoutPool = targetString(plan, "layoutPool");
    return {{layoutPool.isEmpty() ? CrossCheckPools::fsDataPools(targetString(plan, "fsName")) : layoutPool}, false,
        mode.endsWith(QLatin1String("write"))};
}

QList<TemporaryPoolRequest> CephFsKind::temporaryPools(const Plan &plan) const
{
    PoolLayout layout;
    Error e;
    if (!PoolLayout::readTargetField(plan.target, kindId(), &layout, &e))
        return {};
    TemporaryPoolRequest r {QStringLiteral("layoutPool"), layout, QStringLiteral("cephfs"), true};
    r.fileSystemDataPool = true;
    r.fileSystem = targetString(plan, "fsName");
    return {r};
}

CephFsWorkload CephFsKind::workload(const PlanStep &step, Error *error)
{
    CephFsWorkload w;
    auto fail = [&](const QString &m) {
        if (error)
            *error = Error(Error::Code::InvalidInput, m, step.id);
        return w;
    };
    const QJsonObject &p = step.params;
    const auto mode = CephFsWorkload::parseMode(p.value(kWorkload).toString());
    if (!mode)
        return fail(
            QStringLiteral("workload \"%1\" is not valid (seq-read, seq-write, rand-read, rand-write or metadata)")
                .arg(p.value(kWorkload).toString()));
    w.mode = *mode;
    // Whole numbers in range, known keys only: nothing else reaches fio or the engine.
    ParamReader r(p, QStringLiteral("step %1").arg(step.id), kindId());
    r.allowOnly({kWorkload, QStringLiteral("threads"), QStringLiteral("runtime"), QStringLiteral("fileSize"),
        QStringLiteral("files"), QStringLiteral("ops"), QStringLiteral("bs"), QStringLiteral("iodepth")});
    r.integer(QStringLiteral("threads"), 4, 1, 256);
    r.integer(QStringLiteral("runtime"), 30, 1, 86400, QStringLiteral("s"));
    r.integer(QStringLiteral("files"), 1000, 1, 10000000);
    r.integer(QStringLiteral("iodepth"), 1, 1, 1024);
    if (!r.ok())
        return fail(r.error().message.mid(r.error().message.indexOf(QStringLiteral(": ")) + 2));
    w.threads = p.value(QStringLiteral("threads")).toInt(4);
    w.runtimeSec = p.value(QStringLiteral("runtime")).toInt(30);
    const QString fileSize
        = p.value(QStringLiteral("fileSize")).toString(w.isMetadata() ? QStringLiteral("0") : QStringLiteral("1G"));
    if (!isSizeText(fileSize))
        return fail(QStringLiteral("file size \"%1\" is not a size like 1G").arg(fileSize));
    w.fileSize = sizeBytes(fileSize);
    if (w.isMetadata()) {
        w.files = p.value(QStringLiteral("files")).toInt(1000);
        if (w.files < 1 || w.files > 10000000)
            return fail(QStringLiteral("files must be 1..10000000 per thread (got %1)").arg(w.files));
        if (w.fileSize > (64ull << 20))
            return fail(QStringLiteral("small files of the metadata workload must be at most 64 MiB each"));
        w.ops.clear();
        const QJsonArray ops
            = p.value(QStringLiteral("ops"))
                  .toArray(QJsonArray {QStringLiteral("create"), QStringLiteral("stat"), QStringLiteral("delete")});
        for (const QJsonValue &v : ops) {
            const auto op = CephFsWorkload::parseOp(v.toString());
            if (!op)
                return fail(QStringLiteral("op \"%1\" is not valid (create, stat or delete)").arg(v.toString()));
            if (w.ops.contains(*op))
                return fail(QStringLiteral("op \"%1\" is listed twice").arg(v.toString()));
            w.ops << *op;
        }
        if (w.ops.isEmpty())
            return fail(QStringLiteral("the metadata workload needs at least one op (create, stat, delete)"));
    } else {
        const QString bs = p.value(QStringLiteral("bs")).toString(QStringLiteral("4M"));
        if (!isSizeText(bs))
            return fail(QStringLiteral("block size \"%1\" is not a size like 4k").arg(bs));
        w.blockSize = sizeBytes(bs);
        if (w.blockSize == 0 || w.blockSize > (64ull << 20))
            return fail(QStringLiteral("block size must be 1 byte..64 MiB"));
        if (w.fileSize < w.blockSize)
            return fail(QStringLiteral("file size %1 is smaller than the block size %2").arg(fileSize, bs));
    }
    if (error)
        *error = {};
    return w;
}

Error CephFsKind::validate(const Plan &plan) const
{
    Error e0; // a temporary pool's layout
    auto bad = [](const QString &m) { return Error(Error::Code::InvalidInput, m, QStringLiteral("cephfs")); };
    if (plan.kind != kindId())
        return bad(QStringLiteral("plan kind is %1, not cephfs").arg(plan.kind));
    const QString engine = targetString(plan, "engine", QStringLiteral("native"));
    if (engine != QLatin1String("native") && engine != QLatin1String("fio"))
        return bad(QStringLiteral("unknown CephFS engine \"%1\" (native or fio)").arg(engine));
    const bool native = engine == QLatin1String("native");
    if (native && (plan.nodes.size() != 1 || !plan.nodes.first().isLocal()))
        return bad(QStringLiteral("the native engine runs in the app itself: its one node is this machine (local)"));
    if (!native && plan.nodes.isEmpty())
        return bad(QStringLiteral("no node to run fio on"));
    if (!isCephName(targetString(plan, "client", QStringLiteral("admin"))))
        return bad(QStringLiteral("client name is not valid"));
    const QString fsName = targetString(plan, "fsName");
    if (!fsName.isEmpty() && !isCephName(fsName))
        return bad(QStringLiteral("file system name \"%1\" is not valid").arg(fsName));
    if (const Error e = checkCephFiles(plan.target, kindId()))
        return e;
    if (PoolLayout layout; PoolLayout::readTargetField(plan.target, kindId(), &layout, &e0), e0)
        return e0;
    if (const QString lp = targetString(plan, "layoutPool"); !lp.isEmpty() && !isCephName(lp))
        return bad(QStringLiteral("layoutPool \"%1\" is not a pool name").arg(lp.left(80)));
    if (!isFsDir(targetString(plan, "dir", QStringLiteral("/"))))
        return bad(QStringLiteral("dir \"%1\" must be an absolute folder inside the file system, without . or .. parts")
                       .arg(targetString(plan, "dir")));
    const int timeout = plan.target.value(QStringLiteral("timeout")).toInt(30);
    if (timeout < 1 || timeout > 3600)
        return bad(QStringLiteral("timeout must be 1..3600 s"));
    if (!native) {
        const QString mountPath = targetString(plan, "mountPath");
        const QString mount = targetString(plan, "mount");
        if (mountPath.isEmpty() == mount.isEmpty())
            return bad(QStringLiteral("fio needs either mountPath (an existing CephFS mount on the node) or mount "
                                      "(ceph-fuse or kernel: the app mounts the fs for the run)"));
        if (!mountPath.isEmpty() && !isFsDir(mountPath))
            return bad(QStringLiteral("mountPath \"%1\" must be an absolute path").arg(mountPath));
        if (!mount.isEmpty() && mount != QLatin1String("ceph-fuse") && mount != QLatin1String("kernel"))
            return bad(QStringLiteral("mount \"%1\" is not valid (ceph-fuse or kernel)").arg(mount));
        if (!mount.isEmpty() && !plan.target.value(QStringLiteral("mountConsent")).toBool(false))
            return bad(
                QStringLiteral("mounting the file system on the node needs consent (mountConsent): the app mounts "
                               "it to a temporary folder and unmounts it after each step"));
    }
    if (plan.steps.isEmpty())
        return bad(QStringLiteral("the plan has no step"));
    for (const PlanStep &s : plan.steps) {
        Error e;
        const CephFsWorkload w = workload(s, &e);
        if (e)
            return bad(QStringLiteral("step %1: %2").arg(s.id, e.message));
        if (!native && w.isMetadata())
            return bad(QStringLiteral("step %1: the metadata workload needs the native engine (fio measures throughput "
                                      "only)")
                           .arg(s.id));
        const int qd = s.params.value(QStringLiteral("iodepth")).toInt(1);
        if (!native && (qd < 1 || qd > 1024))
            return bad(QStringLiteral("step %1: iodepth must be 1..1024").arg(s.id));
    }
    return scaling::checkClients(plan, kindId());
}

QString CephFsKind::describeStep(const Plan &plan, const PlanStep &step)
{
    Error e;
    const CephFsWorkload w = workload(step, &e);
    const QString fs
        = targetString(plan, "fsName").isEmpty() ? QStringLiteral("(default fs)") : targetString(plan, "fsName");
    const QString where = QStringLiteral("fs=%1 dir=%2, folder %3<random> (created, removed)")
                              .arg(fs, targetString(plan, "dir", QStringLiteral("/")), folderPrefix());
    const QJsonObject &p = step.params;
    if (w.isMetadata()) {
        QStringList ops;
        for (const auto op : w.ops)
            ops << CephFsWorkload::opName(op);
        return QStringLiteral(
            "[this machine] libcephfs metadata %1 × %2 files of %3 bytes, ops %4 (stat through a second "
            "client), at most %5 s per op, %6")
            .arg(w.threads)
            .arg(w.files)
            .arg(w.fileSize)
            .arg(ops.join(QLatin1Char(',')))
            .arg(w.runtimeSec)
            .arg(where);
    }
    return QStringLiteral(
        "[this machine] libcephfs %1 bs=%2 threads=%3 fileSize=%4 (per thread, O_DIRECT) runtime=%5s%6, %7")
        .arg(p.value(kWorkload).toString(), p.value(QStringLiteral("bs")).toString(QStringLiteral("4M")))
        .arg(w.threads)
        .arg(p.value(QStringLiteral("fileSize")).toString(QStringLiteral("1G")))
        .arg(w.runtimeSec)
        .arg(w.reads() || w.random() ? QStringLiteral(" (files written whole first)") : QString(), where);
}

QString CephFsKind::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    const PlanStep &step = plan.steps.at(stepIndex);
    if (isNative(plan))
        return describeStep(plan, step);
    Command fio;
    const bool mounts = !targetString(plan, "mount").isEmpty();
    const QString root = mounts ? QStringLiteral("/tmp/clustermark-cephfs-XXXXXX") : targetString(plan, "mountPath");
    fio.argv = CephFsFioRunner::fioArgs(
        step, CephFsFioRunner::folderUnder(plan, root, folderPrefix() + QStringLiteral("ID")));
    QString s = QStringLiteral("[%1] ").arg(node.isLocal() ? QStringLiteral("local") : node.toSpecString());
    if (mounts) {
        Command m;
        m.argv = CephFsFioRunner::mountArgs(plan, root);
        s += m.toShellString() + QStringLiteral(" && ");
    }
    s += fio.toShellString();
    if (mounts) {
        Command u;
        u.argv = CephFsFioRunner::unmountArgs(plan, root);
        s += QStringLiteral("; ") + u.toShellString();
    }
    return s;
}

double CephFsKind::estimatedSeconds(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return 0;
    Error e;
    const CephFsWorkload w = workload(plan.steps.at(stepIndex), &e);
    if (e)
        return 0;
    if (w.isMetadata()) {
        // Each op phase at a guessed 1000 ops/s, capped at the runtime; plus the clean-up.
        const double phase = qMin(double(w.runtimeSec), double(w.threads) * w.files / 1000.0);
        return phase * double(w.ops.size()) + double(w.threads) * w.files / 2000.0 + 2;
    }
    // Prefill at a guessed 300 MB/s (fio lays out every file before it starts).
    const bool prefill = w.reads() || w.random() || !isNative(plan);
    return w.runtimeSec + (prefill ? double(w.workingSetBytes()) / 300e6 : 0) + 2;
}

std::unique_ptr<StepRunner> CephFsKind::createStepRunner(const Plan &plan, int stepIndex) const
{
    if (isNative(plan))
        return std::make_unique<CephFsNativeRunner>(plan, stepIndex);
    return std::make_unique<CephFsFioRunner>(plan, stepIndex);
}

Plan CephFsKind::makePlan(const QList<NodeSpec> &nodes, const Options &o, Error *error)
{
    auto fail = [&](const QString &m) {
        if (error)
            *error = Error(Error::Code::InvalidInput, m, QStringLiteral("cephfs"));
        return Plan {};
    };
    const bool native = o.engine == QLatin1String("native");
    QList<NodeSpec> planNodes = native ? QList<NodeSpec> {NodeSpec::parse(QStringLiteral("local"))} : nodes;
    Error e;
    Plan plan = planFromPreset(CephFsKind(), o.preset, planNodes, o.toJson(), o.runtime, &e);
    if (plan.steps.isEmpty())
        return fail(e.message);
    if (!native) {
        QList<PlanStep> kept;
        for (const PlanStep &s : std::as_const(plan.steps))
            if (!isMetaStep(s))
                kept << s;
        if (kept.isEmpty())
            return fail(QStringLiteral("the %1 preset is metadata only: it needs the native engine (fio measures "
                                       "throughput only)")
                            .arg(o.preset));
        plan.steps = kept;
    }
    for (PlanStep &s : plan.steps) {
        const bool meta = isMetaStep(s);
        if (!o.bs.isEmpty() && !meta)
            s.params.insert(QStringLiteral("bs"), o.bs);
        if (!o.fileSize.isEmpty() && !meta)
            s.params.insert(QStringLiteral("fileSize"), o.fileSize);
        if (o.threads > 0)
            s.params.insert(QStringLiteral("threads"), o.threads);
        if (o.files > 0 && meta)
            s.params.insert(QStringLiteral("files"), o.files);
        if (o.iodepth > 0 && !native)
            s.params.insert(QStringLiteral("iodepth"), o.iodepth);
        s.title = stepTitle(s.params);
    }
    if (o.threads < 0 || o.files < 0 || o.runtime < 0 || o.iodepth < 0)
        return fail(QStringLiteral("threads, files, runtime and iodepth must not be negative"));
    // Poll the cluster's health during the run where the conf's path holds here too.
    const bool localClient
        = std::any_of(planNodes.cbegin(), planNodes.cend(), [](const NodeSpec &n) { return n.isLocal(); });
    if ((native || localClient) && !o.conf.isEmpty())
        plan.ceph = {{QStringLiteral("conf"), o.conf}, {QStringLiteral("keyring"), o.keyring},
            {QStringLiteral("client"), CephConnectionSpec::normalizedClientName(o.client)}};
    e = CephFsKind().validate(plan);
    if (error)
        *error = e;
    return e ? Plan {} : plan;
}

QList<PreflightCheck> CephFsKind::preflight(const Plan &plan) const
{
    const Options o = Options::fromJson(plan.target);
    if (o.engine != QLatin1String("fio"))
        return {}; // the app's own client, on this machine
    QList<PreflightCheck> checks {preflight::tool(QStringLiteral("fio"), QStringLiteral("fio"))};
    if (o.mount == QLatin1String("ceph-fuse"))
        checks << preflight::tool(QStringLiteral("ceph-fuse"), QStringLiteral("ceph-fuse"));
    else if (o.mount == QLatin1String("kernel"))
        checks << preflight::tool(QStringLiteral("mount.ceph"), QStringLiteral("ceph-common"));
    if (!o.mount.isEmpty())
        checks << preflight::monsReachable(o.conf, QString());
    if (!o.temporaryPool.isEmpty()) // the steps' folders are laid out on the run's pool
        checks << preflight::tool(QStringLiteral("setfattr"), QStringLiteral("attr"));
    return checks;
}

} // namespace cm
