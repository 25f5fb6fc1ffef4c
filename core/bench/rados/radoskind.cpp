// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/rados/radoskind.h"

#include "bench/planbuilder.h"
#include "bench/rados/radosfiorunner.h"
#include "bench/scaling.h"
#include "model/leftover.h"
#include "model/paramreader.h"
#include "bench/rados/radosrunner.h"
#include "bench/rados/radosrunstate.h"
#include "ceph/radosobjectengine.h"

namespace cm {

namespace {

PlanStep radosStep(
    const QString &id, const QString &title, const QString &op, const QString &bs, int iodepth, int runtime)
{
    PlanStep s {id, title,
        {{QStringLiteral("op"), op}, {QStringLiteral("iodepth"), iodepth}, {QStringLiteral("runtime"), runtime}}};
    if (!bs.isEmpty())
        s.params.insert(QStringLiteral("bs"), bs);
    return s;
}

QString binarySize(double bytes)
{
    const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (bytes >= 1024 && u < 4) {
        bytes /= 1024;
        ++u;
    }
    return QStringLiteral("%1 %2").arg(QString::number(bytes, 'g', 3), QLatin1String(units[u]));
}

// The plan's target; validate() has refused a bad one before anything runs.
RadosKind::Target targetOf(const Plan &plan)
{
    Error ignored;
    return RadosKind::Target::read(plan.target, &ignored);
}

int targetObjects(const Plan &plan)
{
    return targetOf(plan).objects;
}

QString targetObjectSize(const Plan &plan)
{
    return targetOf(plan).objectSize;
}

} // namespace

RadosKind::Target RadosKind::Target::read(const QJsonObject &target, Error *error)
{
    Target t;
    auto bad = [&](const QString &m) {
        *error = Error(Error::Code::InvalidInput, m, kindId());
        return t;
    };
    ParamReader r(target, QStringLiteral("target"), kindId());
    r.allowOnly({QStringLiteral("pool"), QStringLiteral("objectSize"), QStringLiteral("objects"),
        QStringLiteral("conf"), QStringLiteral("keyring"), QStringLiteral("client"), QStringLiteral("monHost"),
        QStringLiteral("fsid"), QStringLiteral("timeout"), QStringLiteral("engine"), QStringLiteral("temporaryPool")});
    r.integer(QStringLiteral("timeout"), 30, 1, 3600, QStringLiteral("s"));
    const QString engine = r.choice(
        QStringLiteral("engine"), QStringLiteral("native"), {QStringLiteral("native"), QStringLiteral("fio")});
    t.engine = engine == QLatin1String("fio") ? Target::Engine::Fio : Target::Engine::Native;
    if (!r.ok()) {
        *error = r.error();
        return t;
    }
    t.temporary = PoolLayout::readTargetField(target, kindId(), &t.temporaryPool, error);
    if (*error)
        return t;
    t.pool
        = t.temporary ? Leftover::prefix() + QStringLiteral("POOL") : target.value(QStringLiteral("pool")).toString();
    if (!isCephName(t.pool))
        return bad(QStringLiteral("pool name \"%1\" is not valid").arg(t.pool));
    if (!isCephName(target.value(QStringLiteral("client")).toString(QStringLiteral("admin"))))
        return bad(QStringLiteral("client name is not valid"));
    const QJsonValue objects = target.value(QStringLiteral("objects"));
    if (!objects.isUndefined() && !objects.isDouble())
        return bad(QStringLiteral("object count must be a number"));
    t.objects = objects.toInt(kDefaultObjects);
    t.objectSize = target.value(QStringLiteral("objectSize")).toString(defaultObjectSize());
    if (!isSizeText(t.objectSize))
        return bad(QStringLiteral("object size \"%1\" is not a size like 4M").arg(t.objectSize));
    t.connection = CephConnectionSpec::fromJson(target, 30, QStringLiteral("timeout"));
    *error = {};
    return t;
}

QList<TemporaryPoolRequest> RadosKind::temporaryPools(const Plan &plan) const
{
    Error e;
    const Target t = Target::read(plan.target, &e);
    if (e || !t.temporary)
        return {};
    // Overwrites on EC: fio's rados engine and the native engine's writes land at offsets.
    return {{QStringLiteral("pool"), t.temporaryPool, QStringLiteral("rados"), true}};
}

QString RadosKind::methodNote()
{
    return kindText(QT_TRANSLATE_NOOP("cm::RunnerKind",
        "Figures are lower than `rados bench`: its read phase reads back the few objects it has just "
        "written, which sit in the OSDs' caches. This benchmark spreads I/O over a working set "
        "(objects × object size) meant to be larger than the OSDs' caches, and writes every object "
        "of it before reading, so reads come from the disks."));
}

QList<Preset> RadosKind::presets() const
{
    auto steps = [](int r, bool quick) {
        // Whole-object steps carry no bs: it is the target's object size (4M by default).
        QList<PlanStep> s {radosStep(QStringLiteral("write-object-qd16"), QStringLiteral("Whole-object write QD16"),
                               QStringLiteral("write"), {}, 16, r),
            radosStep(QStringLiteral("read-object-qd16"), QStringLiteral("Whole-object read QD16"),
                QStringLiteral("read"), {}, 16, r)};
        if (!quick)
            s << radosStep(QStringLiteral("write-4k-qd16"), QStringLiteral("4k write QD16"), QStringLiteral("write"),
                QStringLiteral("4k"), 16, r);
        s << radosStep(QStringLiteral("read-4k-qd16"), QStringLiteral("4k read QD16"), QStringLiteral("read"),
            QStringLiteral("4k"), 16, r)
          << radosStep(
                 QStringLiteral("stat-qd16"), QStringLiteral("Object stat QD16"), QStringLiteral("stat"), {}, 16, r);
        return s;
    };
    QList<Preset> presets = {
        Preset {QStringLiteral("standard"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "RADOS objects")),
            kindText(QT_TRANSLATE_NOOP("cm::RunnerKind",
                "Whole-object write and read (4M objects by default), 4k write, 4k read and stat, "
                "QD16, 30 s each, over the whole working set.")),
            steps(30, false)},
        Preset {QStringLiteral("quick"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "RADOS objects (quick)")),
            kindText(
                QT_TRANSLATE_NOOP("cm::RunnerKind", "Whole-object write and read, 4k read and stat, QD16, 10 s each.")),
            steps(10, true)}};
    for (Preset &p : presets)
        p.note = methodNote();
    return presets;
}

Error RadosKind::validate(const Plan &plan) const
{
    auto bad = [](const QString &m) { return Error(Error::Code::InvalidInput, m, QStringLiteral("rados")); };
    if (plan.kind != kindId())
        return bad(QStringLiteral("plan kind is %1, not rados").arg(plan.kind));
    Error targetError;
    const Target target = Target::read(plan.target, &targetError);
    if (targetError)
        return targetError;
    const bool fio = target.engine == Target::Engine::Fio;
    if (!fio && (plan.nodes.size() != 1 || !plan.nodes.first().isLocal()))
        return bad(QStringLiteral("the native RADOS engine runs in the app itself: its one node is this machine "
                                  "(local); for other client nodes choose the fio engine"));
    if (plan.nodes.isEmpty())
        return bad(QStringLiteral("no client node"));
    if (fio && !target.connection.monHost.isEmpty() && target.connection.keyringPath.isEmpty())
        return bad(QStringLiteral("fio's rados engine reads a ceph.conf and a keyring on each client node: give "
                                  "their paths there (or none, for /etc/ceph), not a mon address"));
    if (const Error e = checkCephFiles(plan.target, kindId()))
        return e;
    if (plan.steps.isEmpty())
        return bad(QStringLiteral("the plan has no step"));
    for (const PlanStep &s : plan.steps) {
        Error e;
        workload(plan, s, &e);
        if (e)
            return bad(QStringLiteral("step %1: %2").arg(s.id, e.message));
        const int rt = s.params.value(QStringLiteral("runtime")).toInt(0);
        if (rt > 86400)
            return bad(QStringLiteral("step %1: runtime must be 1..86400 s").arg(s.id));
        if (fio && s.params.value(QStringLiteral("op")).toString() == QLatin1String("stat"))
            return bad(
                QStringLiteral("step %1: fio's rados engine has no stat operation (the native engine has)").arg(s.id));
    }
    return scaling::checkClients(plan, kindId());
}

RadosWorkload RadosKind::workload(const Plan &plan, const PlanStep &step, Error *error)
{
    RadosWorkload w;
    auto fail = [&](const QString &m) {
        if (error)
            *error = Error(Error::Code::InvalidInput, m, step.id);
        return w;
    };
    const auto op = RadosWorkload::parseOp(step.params.value(QStringLiteral("op")).toString());
    if (!op)
        return fail(QStringLiteral("op \"%1\" is not valid (write, read or stat)")
                        .arg(step.params.value(QStringLiteral("op")).toString()));
    w.op = *op;
    const QString objectSize = targetObjectSize(plan);
    if (!isSizeText(objectSize))
        return fail(QStringLiteral("object size \"%1\" is not a size like 4M").arg(objectSize));
    w.objectSize = sizeBytes(objectSize);
    w.objects = targetObjects(plan);
    const QString bs = step.params.value(QStringLiteral("bs")).toString(objectSize);
    if (!isSizeText(bs))
        return fail(QStringLiteral("block size \"%1\" is not valid").arg(bs));
    w.blockSize = sizeBytes(bs);
    w.queueDepth = step.params.value(QStringLiteral("iodepth")).toInt(16);
    w.runtimeSec = step.params.value(QStringLiteral("runtime")).toInt(30);
    if (Error e = RadosObjectEngine::validate(w))
        return fail(e.message);
    if (error)
        *error = {};
    return w;
}

CephConnectionSpec RadosKind::connectionSpec(const Plan &plan)
{
    return targetOf(plan).connection;
}

quint64 RadosKind::workingSetBytes(const Plan &plan)
{
    return sizeBytes(targetObjectSize(plan)) * quint64(qMax(0, targetObjects(plan)));
}

QString RadosKind::describeStep(const Plan &plan, const PlanStep &step)
{
    const QJsonObject &p = step.params;
    const QString op = p.value(QStringLiteral("op")).toString();
    const QString objectSize = targetObjectSize(plan);
    QString s = QStringLiteral("[this machine] librados %1").arg(op);
    if (op != QLatin1String("stat"))
        s += QStringLiteral(" bs=%1").arg(p.value(QStringLiteral("bs")).toString(objectSize));
    s += QStringLiteral(" iodepth=%1 runtime=%2s pool=%3 working set %4 objects × %5 = %6, objects %7<token>-N")
             .arg(p.value(QStringLiteral("iodepth")).toInt(16))
             .arg(p.value(QStringLiteral("runtime")).toInt(30))
             .arg(targetOf(plan).pool)
             .arg(targetObjects(plan))
             .arg(objectSize, binarySize(double(workingSetBytes(plan))),
                 QLatin1String(RadosObjectEngine::kObjectPrefix));
    s += op == QLatin1String("write")
        ? QStringLiteral(" (removed after the run)")
        : QStringLiteral(" (objects no earlier step wrote are written first; removed after the run)");
    return s;
}

CrossCheckPools RadosKind::crossCheckPools(const Plan &plan, int stepIndex) const
{
    const bool writes = stepIndex >= 0 && stepIndex < plan.steps.size()
        && plan.steps.at(stepIndex).params.value(QStringLiteral("op")).toString() == QLatin1String("write");
    return {{targetOf(plan).pool}, true, writes}; // one object op is one op in the pool
}

QString RadosKind::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    if (targetOf(plan).engine == Target::Engine::Fio)
        return RadosFioRunner::commandPreview(plan, stepIndex, node);
    return describeStep(plan, plan.steps.at(stepIndex));
}

double RadosKind::estimatedSeconds(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return 0;
    const PlanStep &s = plan.steps.at(stepIndex);
    // Prefill and clean-up at a guessed 300 MB/s and 2000 removes/s.
    const double set = double(workingSetBytes(plan));
    const double removes = targetObjects(plan) / 2000.0;
    const bool reads = s.params.value(QStringLiteral("op")).toString() != QLatin1String("write");
    return s.params.value(QStringLiteral("runtime")).toInt(30) + (reads ? set / 300e6 : 0) + removes + 1;
}

std::unique_ptr<StepRunner> RadosKind::createStepRunner(const Plan &plan, int stepIndex) const
{
    if (targetOf(plan).engine == Target::Engine::Fio)
        return std::make_unique<RadosFioRunner>(plan, stepIndex);
    return std::make_unique<RadosRunner>(plan, stepIndex);
}

std::shared_ptr<RunState> RadosKind::createRunState(const Plan &plan) const
{
    if (targetOf(plan).engine == Target::Engine::Fio)
        return std::make_shared<RadosFioRunState>(plan);
    Error e;
    const RadosWorkload w = plan.steps.isEmpty() ? RadosWorkload() : workload(plan, plan.steps.first(), &e);
    if (e)
        return nullptr;
    return std::make_shared<RadosRunState>(connectionSpec(plan), targetOf(plan).pool, w.objectSize, w.objects);
}

Plan RadosKind::makePlan(const QString &preset, const QJsonObject &target, int runtimeSec, Error *error)
{
    return makePlan(preset, {NodeSpec::parse(QStringLiteral("local"))}, target, runtimeSec, error);
}

Plan RadosKind::makePlan(
    const QString &preset, const QList<NodeSpec> &nodes, const QJsonObject &target, int runtimeSec, Error *error)
{
    Plan plan = planFromPreset(RadosKind(), preset, nodes, target, runtimeSec, error);
    if (plan.steps.isEmpty() || target.value(QStringLiteral("engine")).toString() != QLatin1String("fio"))
        return plan;
    RadosKind().fitSteps(&plan);
    if (error)
        *error = RadosKind().validate(plan);
    return plan;
}

void RadosKind::fitSteps(Plan *plan) const
{
    if (plan->target.value(QStringLiteral("engine")).toString() != QLatin1String("fio"))
        return;
    const QList<PlanStep> all = plan->steps;
    plan->steps.removeIf( // fio's rados engine has no stat
        [](const PlanStep &s) { return s.params.value(QStringLiteral("op")).toString() == QLatin1String("stat"); });
    if (plan->steps.isEmpty()) // keep one, so that validate() says why
        plan->steps = all.mid(0, 1);
}

QList<PreflightCheck> RadosKind::preflight(const Plan &plan) const
{
    const Target t = targetOf(plan);
    if (t.engine != Target::Engine::Fio)
        return {}; // the app's own client, on this machine
    return {preflight::fioEngine(QStringLiteral("rados")),
        preflight::tool(QStringLiteral("rados"), QStringLiteral("ceph-common")),
        preflight::monsReachable(t.connection.confPath, t.connection.monHost)};
}

} // namespace cm
