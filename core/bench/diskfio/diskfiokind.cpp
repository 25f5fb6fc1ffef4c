// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/diskfio/diskfiokind.h"

#include "bench/diskfio/diskfiorunner.h"
#include "bench/planbuilder.h"
#include "bench/scaling.h"
#include "model/fioengines.h"
#include "model/paramreader.h"
#include "transport/shellquote.h"

#include <QJsonArray>

namespace cm {

namespace {

PlanStep fioStep(const QString &id, const QString &title, const QString &rw, const QString &bs, int iodepth,
    int numjobs, int runtime, bool sync = false, bool fsync = false)
{
    QJsonObject p {{QStringLiteral("rw"), rw}, {QStringLiteral("bs"), bs}, {QStringLiteral("iodepth"), iodepth},
        {QStringLiteral("numjobs"), numjobs}, {QStringLiteral("runtime"), runtime}};
    if (sync)
        p.insert(QStringLiteral("sync"), 1);
    if (fsync)
        p.insert(QStringLiteral("fsync"), 1);
    return PlanStep {id, title, p};
}

const QStringList kRwModes = {QStringLiteral("read"), QStringLiteral("write"), QStringLiteral("randread"),
    QStringLiteral("randwrite"), QStringLiteral("rw"), QStringLiteral("randrw")};

// fio splits --filename on ':'; a literal colon must be escaped for fio (not the shell).
QString fioEscapeFilename(const QString &path)
{
    QString p = path;
    p.replace(QLatin1String("\\"), QLatin1String("\\\\"));
    p.replace(QLatin1Char(':'), QLatin1String("\\:"));
    return p;
}

} // namespace

QList<Preset> DiskFioKind::presets() const
{
    const int q = 5; // CrystalDiskMark's default test time
    const int s = 30;
    return {
        Preset {QStringLiteral("quick"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "Quick (CrystalDiskMark-style)")),
            kindText(QT_TRANSLATE_NOOP(
                "cm::RunnerKind", "SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1; read and write; 5 s each")),
            {fioStep(QStringLiteral("seq1m-q8t1-read"), QStringLiteral("SEQ1M Q8T1 Read"), QStringLiteral("read"),
                 QStringLiteral("1M"), 8, 1, q),
                fioStep(QStringLiteral("seq1m-q8t1-write"), QStringLiteral("SEQ1M Q8T1 Write"), QStringLiteral("write"),
                    QStringLiteral("1M"), 8, 1, q),
                fioStep(QStringLiteral("seq1m-q1t1-read"), QStringLiteral("SEQ1M Q1T1 Read"), QStringLiteral("read"),
                    QStringLiteral("1M"), 1, 1, q),
                fioStep(QStringLiteral("seq1m-q1t1-write"), QStringLiteral("SEQ1M Q1T1 Write"), QStringLiteral("write"),
                    QStringLiteral("1M"), 1, 1, q),
                fioStep(QStringLiteral("rnd4k-q32t1-read"), QStringLiteral("RND4K Q32T1 Read"),
                    QStringLiteral("randread"), QStringLiteral("4k"), 32, 1, q),
                fioStep(QStringLiteral("rnd4k-q32t1-write"), QStringLiteral("RND4K Q32T1 Write"),
                    QStringLiteral("randwrite"), QStringLiteral("4k"), 32, 1, q),
                fioStep(QStringLiteral("rnd4k-q1t1-read"), QStringLiteral("RND4K Q1T1 Read"),
                    QStringLiteral("randread"), QStringLiteral("4k"), 1, 1, q),
                fioStep(QStringLiteral("rnd4k-q1t1-write"), QStringLiteral("RND4K Q1T1 Write"),
                    QStringLiteral("randwrite"), QStringLiteral("4k"), 1, 1, q)}},
        Preset {QStringLiteral("standard"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "Standard suite")),
            kindText(QT_TRANSLATE_NOOP("cm::RunnerKind",
                "Linear read/write 4M QD32, peak random read/write 4k QD128, "
                "single-thread read latency, journal write latency (sync and fsync), "
                "single-thread random write latency")),
            {fioStep(QStringLiteral("linear-read"), QStringLiteral("Linear read 4M QD32"), QStringLiteral("read"),
                 QStringLiteral("4M"), 32, 1, s),
                fioStep(QStringLiteral("linear-write"), QStringLiteral("Linear write 4M QD32"), QStringLiteral("write"),
                    QStringLiteral("4M"), 32, 1, s),
                fioStep(QStringLiteral("peak-randread"), QStringLiteral("Peak random read 4k QD128"),
                    QStringLiteral("randread"), QStringLiteral("4k"), 128, 1, s),
                fioStep(QStringLiteral("peak-randwrite"), QStringLiteral("Peak random write 4k QD128"),
                    QStringLiteral("randwrite"), QStringLiteral("4k"), 128, 1, s),
                fioStep(QStringLiteral("lat-randread"), QStringLiteral("Single-thread read latency 4k QD1"),
                    QStringLiteral("randread"), QStringLiteral("4k"), 1, 1, s, true),
                fioStep(QStringLiteral("journal-write-sync"), QStringLiteral("Journal write latency 4k QD1 sync"),
                    QStringLiteral("write"), QStringLiteral("4k"), 1, 1, s, true),
                fioStep(QStringLiteral("journal-write-fsync"), QStringLiteral("Journal write latency 4k QD1 fsync"),
                    QStringLiteral("write"), QStringLiteral("4k"), 1, 1, s, false, true),
                fioStep(QStringLiteral("lat-randwrite"), QStringLiteral("Single-thread random write latency 4k QD1"),
                    QStringLiteral("randwrite"), QStringLiteral("4k"), 1, 1, s, true)}},
    };
}

QString DiskFioKind::benchFileTemplate(const QString &nodeName)
{
    QString safe;
    for (const QChar c : nodeName)
        safe += (c.isLetterOrNumber() && c.unicode() < 128) || c == QLatin1Char('-') || c == QLatin1Char('.')
            ? c
            : QLatin1Char('_');
    return QStringLiteral("clustermark-bench-%1-XXXXXXXXXX.fio.dat")
        .arg(safe.isEmpty() ? QStringLiteral("node") : safe.left(64));
}

QStringList DiskFioKind::supportedEngines()
{
    return fioDiskEngines();
}

NodeUse DiskFioKind::nodeUse(const Plan &plan, const QString &node) const
{
    Q_UNUSED(node);
    const bool device = plan.target.value(QStringLiteral("type")).toString() == QLatin1String("device");
    return NodeUse {{plan.target.value(device ? QStringLiteral("path") : QStringLiteral("dir")).toString()}, {}};
}

QString DiskFioKind::targetPath(const Plan &plan, const QString &nodeName)
{
    const QString type = plan.target.value(QStringLiteral("type")).toString(QStringLiteral("file"));
    if (type == QLatin1String("device"))
        return plan.target.value(QStringLiteral("path")).toString();
    QString dir = plan.target.value(QStringLiteral("dir")).toString();
    while (dir.size() > 1 && dir.endsWith(QLatin1Char('/')))
        dir.chop(1);
    return dir + QLatin1Char('/') + benchFileTemplate(nodeName);
}

bool DiskFioKind::stepWrites(const PlanStep &step)
{
    const QString rw = step.params.value(QStringLiteral("rw")).toString();
    return rw.contains(QLatin1String("write")) || rw == QLatin1String("rw") || rw == QLatin1String("randrw")
        || rw == QLatin1String("trim") || rw == QLatin1String("randtrim");
}

DiskFioStepOptions DiskFioStepOptions::read(const PlanStep &step, Error *error)
{
    constexpr qint64 MaxBlock = qint64(1) << 30;
    ParamReader r(step.params, QStringLiteral("step %1").arg(step.id), DiskFioKind::kindId());
    r.allowOnly({QStringLiteral("rw"), QStringLiteral("bs"), QStringLiteral("iodepth"), QStringLiteral("numjobs"),
        QStringLiteral("runtime"), QStringLiteral("size"), QStringLiteral("sync"), QStringLiteral("fsync"),
        QStringLiteral("ioengine"), QStringLiteral("direct"), scaling::kClientsKey});
    DiskFioStepOptions o;
    if (!step.params.contains(QStringLiteral("rw")))
        r.fail(QStringLiteral("\"rw\" is missing (one of %1)").arg(kRwModes.join(QStringLiteral(", "))));
    o.rw = r.choice(QStringLiteral("rw"), QString(), kRwModes);
    if (!step.params.contains(QStringLiteral("bs")))
        r.fail(QStringLiteral("\"bs\" (the block size) is missing"));
    o.bs = r.size(QStringLiteral("bs"), QString(), 1, MaxBlock);
    o.iodepth = r.integer(QStringLiteral("iodepth"), 1, 1, 4096);
    o.numjobs = r.integer(QStringLiteral("numjobs"), 1, 1, 256);
    o.runtimeSec = r.integer(QStringLiteral("runtime"), 5, 1, 86400, QStringLiteral("s"));
    o.size = r.size(QStringLiteral("size"), QString(), 1, qint64(1) << 60);
    o.sync = r.flag(QStringLiteral("sync"));
    o.fsync = r.integer(QStringLiteral("fsync"), 0, 0, 1000000);
    o.ioengine = r.choice(QStringLiteral("ioengine"), QStringLiteral("libaio"), DiskFioKind::supportedEngines());
    o.direct = r.flag(QStringLiteral("direct"), true);
    if (r.ok() && !o.size.isEmpty() && sizeTextBytes(o.size) < sizeTextBytes(o.bs))
        r.fail(QStringLiteral("\"size\" %1 is smaller than one block (%2)").arg(o.size, o.bs));
    if (error)
        *error = r.error();
    return o;
}

Error DiskFioKind::validate(const Plan &plan) const
{
    auto bad = [](const QString &m) { return Error(Error::Code::InvalidInput, m, QStringLiteral("disk-fio")); };
    if (plan.kind != kindId())
        return bad(QStringLiteral("plan kind is %1, not disk-fio").arg(plan.kind));
    if (plan.nodes.isEmpty())
        return bad(QStringLiteral("no node to run on"));
    ParamReader target(plan.target, QStringLiteral("target"), kindId());
    target.allowOnly({QStringLiteral("type"), QStringLiteral("dir"), QStringLiteral("size"), QStringLiteral("path"),
        QStringLiteral("confirm")});
    const QString type = target.choice(
        QStringLiteral("type"), QStringLiteral("file"), {QStringLiteral("file"), QStringLiteral("device")});
    if (type == QLatin1String("file")) {
        const QString dir = target.text(QStringLiteral("dir"), QString(), 4096);
        if (target.ok()
            && (!dir.startsWith(QLatin1Char('/')) || dir.split(QLatin1Char('/')).contains(QStringLiteral(".."))))
            return bad(QStringLiteral("the target folder must be an absolute path without \"..\": \"%1\"").arg(dir));
        target.size(QStringLiteral("size"), QStringLiteral("1G"), 4096, qint64(1) << 60);
    } else if (type == QLatin1String("device")) {
        const QString path = target.path(QStringLiteral("path"), true);
        if (target.ok() && !path.startsWith(QLatin1String("/dev/")))
            return bad(QStringLiteral("a device target must be a path under /dev: \"%1\"").arg(path));
        if (target.ok() && isDestructive(plan)
            && plan.target.value(QStringLiteral("confirm")).toString().trimmed() != path)
            return bad(QStringLiteral("writing to %1 destroys its data: type the device path to confirm").arg(path));
    }
    if (!target.ok())
        return target.error();
    for (const PlanStep &s : plan.steps) {
        Error e;
        DiskFioStepOptions::read(s, &e);
        if (e)
            return e;
    }
    return scaling::checkClients(plan, kindId());
}

bool DiskFioKind::isDestructive(const Plan &plan) const
{
    if (plan.target.value(QStringLiteral("type")).toString() != QLatin1String("device"))
        return false;
    for (const PlanStep &s : plan.steps)
        if (stepWrites(s))
            return true;
    return false;
}

QStringList DiskFioKind::fioArgs(
    const Plan &plan, const DiskFioStepOptions &o, const QString &stepId, const QString &filePath)
{
    const bool device = plan.target.value(QStringLiteral("type")).toString() == QLatin1String("device");
    QStringList a {QStringLiteral("fio"), QStringLiteral("--output-format=json+"),
        QStringLiteral("--status-interval=1"), QStringLiteral("--eta=never"), QStringLiteral("--name=") + stepId,
        QStringLiteral("--filename=") + fioEscapeFilename(filePath), QStringLiteral("--ioengine=") + o.ioengine,
        QStringLiteral("--direct=%1").arg(o.direct ? 1 : 0), QStringLiteral("--rw=") + o.rw,
        QStringLiteral("--bs=") + o.bs, QStringLiteral("--iodepth=%1").arg(o.iodepth),
        QStringLiteral("--numjobs=%1").arg(o.numjobs), QStringLiteral("--group_reporting=1"),
        QStringLiteral("--time_based=1"), QStringLiteral("--runtime=%1").arg(o.runtimeSec),
        QStringLiteral("--randrepeat=0"), QStringLiteral("--norandommap=1")};
    if (!device)
        a << QStringLiteral("--size=")
                + (o.size.isEmpty() ? plan.target.value(QStringLiteral("size")).toString(QStringLiteral("1G"))
                                    : o.size);
    else if (!o.size.isEmpty())
        a << QStringLiteral("--size=") + o.size;
    if (o.sync)
        a << QStringLiteral("--sync=1");
    if (o.fsync > 0)
        a << QStringLiteral("--fsync=%1").arg(o.fsync);
    return a;
}

QString DiskFioKind::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    Error e;
    const PlanStep &step = plan.steps.at(stepIndex);
    const DiskFioStepOptions o = DiskFioStepOptions::read(step, &e);
    if (e)
        return e.message;
    const QString where = node.isLocal() ? QStringLiteral("local") : node.toSpecString();
    return QStringLiteral("[%1] ").arg(where)
        + shellJoin(fioArgs(plan, o, step.id, targetPath(plan, node.displayName())));
}

double DiskFioKind::estimatedSeconds(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return 0;
    // runtime plus fio start-up and the file layout
    return DiskFioStepOptions::read(plan.steps.at(stepIndex), nullptr).runtimeSec + 1.5;
}

std::unique_ptr<StepRunner> DiskFioKind::createStepRunner(const Plan &plan, int stepIndex) const
{

    return std::make_unique<DiskFioRunner>(plan, stepIndex);
}

Plan DiskFioKind::makePlan(
    const QString &preset, const QList<NodeSpec> &nodes, const QJsonObject &target, int runtimeSec, Error *error)
{
    return planFromPreset(DiskFioKind(), preset, nodes, target, runtimeSec, error);
}

QList<PreflightCheck> DiskFioKind::preflight(const Plan &) const
{
    return {preflight::tool(QStringLiteral("fio"), QStringLiteral("fio"))};
}

} // namespace cm
