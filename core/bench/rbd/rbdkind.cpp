// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/rbd/rbdkind.h"

#include "bench/rbd/rbdfiorunner.h"
#include "bench/rbd/rbdnativerunner.h"
#include "bench/planbuilder.h"
#include "model/paramreader.h"
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
    return {Preset {QStringLiteral("standard"), QStringLiteral("RBD test table"),
        QStringLiteral("4M QD16 write, 4k QD1 randwrite, 4k QD128 randwrite, then the same reads (prefilled)"),
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
    const QString engine = plan.target.value(QStringLiteral("engine")).toString(QStringLiteral("fio"));
    if (engine != QLatin1String("fio") && engine != QLatin1String("native"))
        return bad(QStringLiteral("unknown RBD engine \"%1\" (fio or native)").arg(engine));
    if (engine == QLatin1String("native") && (plan.nodes.size() != 1 || !plan.nodes.first().isLocal()))
        return bad(QStringLiteral("the native engine runs in the app itself: its node is this machine (local)"));
    if (!isCephName(plan.target.value(QStringLiteral("pool")).toString()))
        return bad(
            QStringLiteral("pool name \"%1\" is not valid").arg(plan.target.value(QStringLiteral("pool")).toString()));
    if (!isCephName(plan.target.value(QStringLiteral("client")).toString(QStringLiteral("admin"))))
        return bad(QStringLiteral("client name is not valid"));
    if (!isSizeText(plan.target.value(QStringLiteral("imageSize")).toString(QStringLiteral("1G"))))
        return bad(QStringLiteral("image size is not a size like 1G"));
    const QString cache = plan.target.value(QStringLiteral("cache")).toString();
    if (!cache.isEmpty() && cache != QLatin1String("off") && cache != QLatin1String("writeback"))
        return bad(QStringLiteral("cache \"%1\" is not valid (off, or empty for the cluster's setting)").arg(cache));
    if (const Error e = checkCephFiles(plan.target, kindId()))
        return e;
    for (const PlanStep &s : plan.steps) {
        ParamReader r(s.params, QStringLiteral("step %1").arg(s.id), kindId());
        r.allowOnly({QStringLiteral("rw"), QStringLiteral("bs"), QStringLiteral("iodepth"), QStringLiteral("runtime"),
            QStringLiteral("numjobs")});
        if (r.integer(QStringLiteral("numjobs"), 1, 1, 256) != 1)
            r.fail(QStringLiteral("\"numjobs\" must be 1: an RBD step runs one job on one image per node"));
        if (!s.params.contains(QStringLiteral("rw")) || !s.params.contains(QStringLiteral("bs")))
            r.fail(QStringLiteral("\"rw\" and \"bs\" are needed"));
        r.choice(QStringLiteral("rw"), QString(),
            {QStringLiteral("read"), QStringLiteral("write"), QStringLiteral("randread"), QStringLiteral("randwrite"),
                QStringLiteral("rw"), QStringLiteral("randrw")});
        r.size(QStringLiteral("bs"), QString(), 512, qint64(64) << 20);
        r.integer(QStringLiteral("iodepth"), 1, 1, 1024);
        r.integer(QStringLiteral("runtime"), 30, 1, 86400, QStringLiteral("s"));
        if (!r.ok())
            return r.error();
    }
    return {};
}

bool RbdKind::stepReads(const PlanStep &step)
{
    return step.params.value(QStringLiteral("rw")).toString().contains(QLatin1String("read"))
        || step.params.value(QStringLiteral("rw")).toString().endsWith(QLatin1String("rw"));
}

QStringList RbdKind::cephArgs(const Plan &plan)
{
    QStringList a;
    const QString conf = plan.target.value(QStringLiteral("conf")).toString();
    const QString keyring = plan.target.value(QStringLiteral("keyring")).toString();
    if (!conf.isEmpty())
        a << QStringLiteral("-c") << conf;
    a << QStringLiteral("--id") << plan.target.value(QStringLiteral("client")).toString(QStringLiteral("admin"));
    if (!keyring.isEmpty())
        a << QStringLiteral("--keyring") << keyring;
    return a;
}

QMap<QString, QString> RbdKind::fioEnv(const Plan &plan)
{
    // fio's rbd engine has no conf option: it reads CEPH_CONF (and CEPH_ARGS).
    QMap<QString, QString> env;
    const QString conf = plan.target.value(QStringLiteral("conf")).toString();
    const QString keyring = plan.target.value(QStringLiteral("keyring")).toString();
    if (!conf.isEmpty())
        env.insert(QStringLiteral("CEPH_CONF"), conf);
    QStringList args;
    if (!keyring.isEmpty())
        args << QStringLiteral("--keyring=") + keyring;
    if (cacheOff(plan))
        args << QStringLiteral("--rbd_cache=false");
    if (!args.isEmpty())
        env.insert(QStringLiteral("CEPH_ARGS"), args.join(QLatin1Char(' ')));
    return env;
}

QStringList RbdKind::fioArgs(const Plan &plan, const PlanStep &step, const QString &image)
{
    const QJsonObject &p = step.params;
    return {QStringLiteral("fio"), QStringLiteral("--output-format=json+"), QStringLiteral("--status-interval=1"),
        QStringLiteral("--eta=never"), QStringLiteral("--name=") + step.id, QStringLiteral("--ioengine=rbd"),
        QStringLiteral("--clientname=") + plan.target.value(QStringLiteral("client")).toString(QStringLiteral("admin")),
        QStringLiteral("--pool=") + plan.target.value(QStringLiteral("pool")).toString(),
        QStringLiteral("--rbdname=") + image, QStringLiteral("--rw=") + p.value(QStringLiteral("rw")).toString(),
        QStringLiteral("--bs=") + p.value(QStringLiteral("bs")).toString(),
        QStringLiteral("--iodepth=%1").arg(p.value(QStringLiteral("iodepth")).toInt(1)), QStringLiteral("--numjobs=1"),
        QStringLiteral("--time_based=1"),
        QStringLiteral("--runtime=%1").arg(p.value(QStringLiteral("runtime")).toInt(30)),
        // fio's random map stays on: every block once per pass, as the native engine
        // (RandomBlockMap) does, so both engines draw offsets the same way.
        QStringLiteral("--randrepeat=0")};
}

QString RbdKind::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    if (plan.target.value(QStringLiteral("engine")).toString() == QLatin1String("native")) {
        const QJsonObject &p = plan.steps.at(stepIndex).params;
        return QStringLiteral(
            "[this machine] librbd %1 bs=%2 iodepth=%3 runtime=%4s pool=%5 image=%6<random>%7 (created, removed)")
            .arg(p.value(QStringLiteral("rw")).toString(), p.value(QStringLiteral("bs")).toString())
            .arg(p.value(QStringLiteral("iodepth")).toInt(1))
            .arg(p.value(QStringLiteral("runtime")).toInt(30))
            .arg(plan.target.value(QStringLiteral("pool")).toString(), imagePrefix(),
                cacheOff(plan) ? QStringLiteral(" rbd_cache=false") : QString());
    }
    Command c;
    c.env = fioEnv(plan);
    c.argv = fioArgs(plan, plan.steps.at(stepIndex), imagePrefix() + QStringLiteral("NODE-ID"));
    return QStringLiteral("[%1] ").arg(node.isLocal() ? QStringLiteral("local") : node.toSpecString())
        + c.toShellString();
}

double RbdKind::estimatedSeconds(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return 0;
    const PlanStep &s = plan.steps.at(stepIndex);
    return s.params.value(QStringLiteral("runtime")).toInt(30) + (stepReads(s) ? 10 : 2);
}

std::unique_ptr<StepRunner> RbdKind::createStepRunner(const Plan &plan, int stepIndex) const
{
    if (plan.target.value(QStringLiteral("engine")).toString() == QLatin1String("native"))
        return std::make_unique<RbdNativeRunner>(plan, stepIndex);
    return std::make_unique<RbdFioRunner>(plan, stepIndex);
}

Plan RbdKind::makePlan(
    const QString &preset, const QList<NodeSpec> &nodes, const QJsonObject &target, int runtimeSec, Error *error)
{
    return planFromPreset(RbdKind(), preset, nodes, target, runtimeSec, error);
}

} // namespace cm
