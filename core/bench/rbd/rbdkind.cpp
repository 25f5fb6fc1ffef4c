// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/rbd/rbdkind.h"

#include "bench/rbd/rbdfiorunner.h"
#include "bench/rbd/rbdkernelclient.h"
#include "bench/rbd/rbdnativerunner.h"
#include "bench/planbuilder.h"
#include "bench/scaling.h"
#include "transport/shellquote.h"

namespace cm {

namespace {

PlanStep rbdStep(
    const QString &id, const QString &title, const QString &rw, const QString &bs, int iodepth, int runtime)
{
    return PlanStep {id, title,
        {{QStringLiteral("rw"), rw}, {QStringLiteral("bs"), bs}, {QStringLiteral("iodepth"), iodepth},
            {QStringLiteral("runtime"), runtime}}};
}

} // namespace

QList<Preset> RbdKind::presets() const
{
    const int r = 30;
    return {Preset {QStringLiteral("standard"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "RBD test table")),
        kindText(QT_TRANSLATE_NOOP(
            "cm::RunnerKind", "4M QD16 write, 4k QD1 randwrite, 4k QD128 randwrite, then the same reads (prefilled)")),
        {rbdStep(QStringLiteral("seq-write-4m-qd16"), QStringLiteral("4M QD16 write"), QStringLiteral("write"),
             QStringLiteral("4M"), 16, r),
            rbdStep(QStringLiteral("randwrite-4k-qd1"), QStringLiteral("4k QD1 random write"),
                QStringLiteral("randwrite"), QStringLiteral("4k"), 1, r),
            rbdStep(QStringLiteral("randwrite-4k-qd128"), QStringLiteral("4k QD128 random write"),
                QStringLiteral("randwrite"), QStringLiteral("4k"), 128, r),
            rbdStep(QStringLiteral("seq-read-4m-qd16"), QStringLiteral("4M QD16 read"), QStringLiteral("read"),
                QStringLiteral("4M"), 16, r),
            rbdStep(QStringLiteral("randread-4k-qd1"), QStringLiteral("4k QD1 random read"), QStringLiteral("randread"),
                QStringLiteral("4k"), 1, r),
            rbdStep(QStringLiteral("randread-4k-qd128"), QStringLiteral("4k QD128 random read"),
                QStringLiteral("randread"), QStringLiteral("4k"), 128, r)}}};
}

Error RbdKind::validate(const Plan &plan) const
{
    auto bad = [](const QString &m) { return Error(Error::Code::InvalidInput, m, QStringLiteral("rbd")); };
    if (plan.kind != kindId())
        return bad(QStringLiteral("plan kind is %1, not rbd").arg(plan.kind));
    if (plan.nodes.isEmpty())
        return bad(QStringLiteral("no node to run fio on"));
    Error e;
    const RbdTarget t = RbdTarget::read(plan.target, &e);
    if (e)
        return e;
    if (t.engine == RbdTarget::Engine::Native && (plan.nodes.size() != 1 || !plan.nodes.first().isLocal()))
        return bad(QStringLiteral("the native engine runs in the app itself: its node is this machine (local)"));
    for (const PlanStep &s : plan.steps) {
        const RbdStepOptions o = RbdStepOptions::read(s, &e);
        if (e)
            return e;
        if (o.blockBytes() > t.imageBytes())
            return bad(
                QStringLiteral("step %1: block size %2 is larger than the image (%3)").arg(s.id, o.bs, t.imageSize));
    }
    return scaling::checkClients(plan, kindId());
}

RbdTarget RbdKind::target(const Plan &plan)
{
    Error ignored; // validate() refused a bad target before anything runs
    return RbdTarget::read(plan.target, &ignored);
}

RbdStepOptions RbdKind::stepOptions(const PlanStep &step)
{
    Error ignored;
    return RbdStepOptions::read(step, &ignored);
}

QStringList RbdKind::cephArgs(const RbdTarget &t)
{
    QStringList a;
    if (!t.connection.confPath.isEmpty())
        a << QStringLiteral("-c") << t.connection.confPath;
    a << QStringLiteral("--id") << t.clientId();
    if (!t.connection.keyringPath.isEmpty())
        a << QStringLiteral("--keyring") << t.connection.keyringPath;
    return a;
}

QMap<QString, QString> RbdKind::fioEnv(const RbdTarget &t, bool cacheOff)
{
    // fio's rbd engine has no conf option: it reads CEPH_CONF (and CEPH_ARGS).
    QMap<QString, QString> env;
    if (!t.connection.confPath.isEmpty())
        env.insert(QStringLiteral("CEPH_CONF"), t.connection.confPath);
    QStringList args;
    if (!t.connection.keyringPath.isEmpty())
        args << QStringLiteral("--keyring=") + t.connection.keyringPath;
    if (cacheOff)
        args << QStringLiteral("--rbd_cache=false");
    if (!args.isEmpty())
        env.insert(QStringLiteral("CEPH_ARGS"), args.join(QLatin1Char(' ')));
    return env;
}

QStringList RbdKind::fioArgs(const RbdTarget &t, const PlanStep &step, const QString &image)
{
    const RbdStepOptions o = stepOptions(step);
    return {QStringLiteral("fio"), QStringLiteral("--output-format=json+"), QStringLiteral("--status-interval=1"),
        QStringLiteral("--eta=never"), QStringLiteral("--name=") + step.id, QStringLiteral("--ioengine=rbd"),
        QStringLiteral("--clientname=") + t.clientId(), QStringLiteral("--pool=") + t.pool,
        QStringLiteral("--rbdname=") + image, QStringLiteral("--rw=") + o.rw, QStringLiteral("--bs=") + o.bs,
        QStringLiteral("--iodepth=%1").arg(o.iodepth), QStringLiteral("--numjobs=1"), QStringLiteral("--time_based=1"),
        QStringLiteral("--runtime=%1").arg(o.runtimeSec),
        // fio's random map stays on: every block once per pass, as the native engine
        // (RandomBlockMap) does, so both engines draw offsets the same way.
        QStringLiteral("--randrepeat=0")};
}

QString RbdKind::nativeCommand(const RbdTarget &t, const RbdStepOptions &o)
{
    return QStringLiteral("[this machine] librbd %1 bs=%2 iodepth=%3 runtime=%4s pool=%5 image=%6<random>%7 "
                          "(created, removed)")
        .arg(o.rw, o.bs)
        .arg(o.iodepth)
        .arg(o.runtimeSec)
        .arg(t.dataPool.isEmpty() ? t.pool : QStringLiteral("%1 data-pool=%2").arg(t.pool, t.dataPool), imagePrefix(),
            t.cacheOffFor(o) ? QStringLiteral(" rbd_cache=false") : QString());
}

QJsonObject RbdKind::stepFacts(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    const bool off = target(plan).cacheOffFor(stepOptions(plan.steps.at(stepIndex)));
    return {{QStringLiteral("client_cache"), off ? QStringLiteral("off") : QStringLiteral("cluster")}};
}

CrossCheckPools RbdKind::crossCheckPools(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    const QString rw = stepOptions(plan.steps.at(stepIndex)).rw;
    // An image's data lives in its pool. Ops do not compare: opening and closing an image
    // reads its header and metadata objects (about 580 small reads per step on the lab).
    // With a data pool the data goes there, the headers to the pool (listed first: the
    // step's environment names the data pool's type).
    const RbdTarget t = target(plan);
    QStringList pools = {t.pool};
    if (!t.dataPool.isEmpty())
        pools.prepend(t.dataPool);
    return {pools, false, rw.contains(QLatin1String("write")) || rw.endsWith(QLatin1String("rw"))};
}

QList<TemporaryPoolRequest> RbdKind::temporaryPools(const Plan &plan) const
{
    const RbdTarget t = target(plan);
    if (!t.temporary)
        return {};
    const TemporaryPoolRequest pool {QStringLiteral("pool"), t.temporaryPool, QStringLiteral("rbd"), true};
    if (!t.temporaryPool.isErasure())
        return {pool};
    // An image's header and metadata live in omap, which EC pools lack: a replicated pool
    // holds them (as Proxmox makes it), the EC pool the data.
    PoolLayout headers;
    headers.failureDomain = t.temporaryPool.failureDomain;
    headers.deviceClass = t.temporaryPool.deviceClass;
    headers.size = qMin(3, t.temporaryPool.osdsNeeded());
    headers.minSize = headers.size - headers.size / 2;
    headers.pgNum = 32;
    return {{QStringLiteral("pool"), headers, QStringLiteral("rbd"), false},
        {QStringLiteral("dataPool"), t.temporaryPool, QStringLiteral("rbd"), true}};
}

QString RbdKind::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    const RbdTarget t = target(plan);
    if (t.engine == RbdTarget::Engine::Native)
        return nativeCommand(t, stepOptions(plan.steps.at(stepIndex)));
    Command c;
    const QString image = imagePrefix() + QStringLiteral("NODE-ID");
    if (t.kernelClient()) {
        Command map;
        map.argv = QStringList {QStringLiteral("rbd")} + cephArgs(t)
            + rbdkernel::mapArgs(t, t.pool + QLatin1Char('/') + image);
        c.argv = rbdkernel::fioArgs(plan.steps.at(stepIndex), QStringLiteral("/dev/rbdN"));
        return QStringLiteral("[%1] %2 → /dev/rbdN; %3; rbd device unmap")
            .arg(
                node.isLocal() ? QStringLiteral("local") : node.toSpecString(), map.toShellString(), c.toShellString());
    }
    c.env = fioEnv(t, t.cacheOffFor(stepOptions(plan.steps.at(stepIndex))));
    c.argv = fioArgs(t, plan.steps.at(stepIndex), image);
    return QStringLiteral("[%1] ").arg(node.isLocal() ? QStringLiteral("local") : node.toSpecString())
        + c.toShellString();
}

double RbdKind::estimatedSeconds(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return 0;
    const RbdStepOptions o = stepOptions(plan.steps.at(stepIndex));
    return o.runtimeSec + (o.reads() ? 10 : 2);
}

std::unique_ptr<StepRunner> RbdKind::createStepRunner(const Plan &plan, int stepIndex) const
{
    if (target(plan).engine == RbdTarget::Engine::Native)
        return std::make_unique<RbdNativeRunner>(plan, stepIndex);
    return std::make_unique<RbdFioRunner>(plan, stepIndex);
}

Plan RbdKind::makePlan(
    const QString &preset, const QList<NodeSpec> &nodes, const QJsonObject &target, int runtimeSec, Error *error)
{
    return planFromPreset(RbdKind(), preset, nodes, target, runtimeSec, error);
}

QList<PreflightCheck> RbdKind::preflight(const Plan &plan) const
{
    const RbdTarget t = target(plan);
    if (t.engine == RbdTarget::Engine::Native)
        return {}; // the app's own client, on this machine
    QList<PreflightCheck> checks {t.kernelClient() ? preflight::tool(QStringLiteral("fio"), QStringLiteral("fio"))
                                                   : preflight::fioEngine(QStringLiteral("rbd")),
        preflight::tool(QStringLiteral("rbd"), QStringLiteral("ceph-common")),
        preflight::monsReachable(t.connection.confPath, t.connection.monHost)};
    if (t.engine == RbdTarget::Engine::Nbd)
        checks << preflight::tool(QStringLiteral("rbd-nbd"), QStringLiteral("rbd-nbd"));
    return checks;
}

} // namespace cm
