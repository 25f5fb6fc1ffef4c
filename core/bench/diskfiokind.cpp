#include "bench/diskfiokind.h"

#include "bench/diskfiorunner.h"
#include "bench/planbuilder.h"
#include "transport/shellquote.h"

#include <QJsonArray>

namespace cm {

namespace {

PlanStep fioStep(const QString &id, const QString &title, const QString &rw, const QString &bs, int iodepth,
                 int numjobs, int runtime, bool sync = false, bool fsync = false)
{
    QJsonObject p{{QStringLiteral("rw"), rw},
                  {QStringLiteral("bs"), bs},
                  {QStringLiteral("iodepth"), iodepth},
                  {QStringLiteral("numjobs"), numjobs},
                  {QStringLiteral("runtime"), runtime}};
    if (sync) p.insert(QStringLiteral("sync"), 1);
    if (fsync) p.insert(QStringLiteral("fsync"), 1);
    return PlanStep{id, title, p};
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
    const int q = 5;    // CrystalDiskMark's default test time
    const int s = 30;
    return {
        Preset{QStringLiteral("quick"), QStringLiteral("Quick (CrystalDiskMark-style)"),
               QStringLiteral("SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1; read and write; 5 s each"),
               {fioStep(QStringLiteral("seq1m-q8t1-read"), QStringLiteral("SEQ1M Q8T1 Read"), QStringLiteral("read"), QStringLiteral("1M"), 8, 1, q),
                fioStep(QStringLiteral("seq1m-q8t1-write"), QStringLiteral("SEQ1M Q8T1 Write"), QStringLiteral("write"), QStringLiteral("1M"), 8, 1, q),
                fioStep(QStringLiteral("seq1m-q1t1-read"), QStringLiteral("SEQ1M Q1T1 Read"), QStringLiteral("read"), QStringLiteral("1M"), 1, 1, q),
                fioStep(QStringLiteral("seq1m-q1t1-write"), QStringLiteral("SEQ1M Q1T1 Write"), QStringLiteral("write"), QStringLiteral("1M"), 1, 1, q),
                fioStep(QStringLiteral("rnd4k-q32t1-read"), QStringLiteral("RND4K Q32T1 Read"), QStringLiteral("randread"), QStringLiteral("4k"), 32, 1, q),
                fioStep(QStringLiteral("rnd4k-q32t1-write"), QStringLiteral("RND4K Q32T1 Write"), QStringLiteral("randwrite"), QStringLiteral("4k"), 32, 1, q),
                fioStep(QStringLiteral("rnd4k-q1t1-read"), QStringLiteral("RND4K Q1T1 Read"), QStringLiteral("randread"), QStringLiteral("4k"), 1, 1, q),
                fioStep(QStringLiteral("rnd4k-q1t1-write"), QStringLiteral("RND4K Q1T1 Write"), QStringLiteral("randwrite"), QStringLiteral("4k"), 1, 1, q)}},
        Preset{QStringLiteral("standard"), QStringLiteral("Standard suite (7 tests)"),
               QStringLiteral("Linear read/write 4M QD32, peak random read/write 4k QD128, "
                              "single-thread read latency, journal write latency (sync and fsync), "
                              "single-thread random write latency"),
               {fioStep(QStringLiteral("linear-read"), QStringLiteral("Linear read 4M QD32"), QStringLiteral("read"), QStringLiteral("4M"), 32, 1, s),
                fioStep(QStringLiteral("linear-write"), QStringLiteral("Linear write 4M QD32"), QStringLiteral("write"), QStringLiteral("4M"), 32, 1, s),
                fioStep(QStringLiteral("peak-randread"), QStringLiteral("Peak random read 4k QD128"), QStringLiteral("randread"), QStringLiteral("4k"), 128, 1, s),
                fioStep(QStringLiteral("peak-randwrite"), QStringLiteral("Peak random write 4k QD128"), QStringLiteral("randwrite"), QStringLiteral("4k"), 128, 1, s),
                fioStep(QStringLiteral("lat-randread"), QStringLiteral("Single-thread read latency 4k QD1"), QStringLiteral("randread"), QStringLiteral("4k"), 1, 1, s, true),
                fioStep(QStringLiteral("journal-write-sync"), QStringLiteral("Journal write latency 4k QD1 sync"), QStringLiteral("write"), QStringLiteral("4k"), 1, 1, s, true),
                fioStep(QStringLiteral("journal-write-fsync"), QStringLiteral("Journal write latency 4k QD1 fsync"), QStringLiteral("write"), QStringLiteral("4k"), 1, 1, s, false, true),
                fioStep(QStringLiteral("lat-randwrite"), QStringLiteral("Single-thread random write latency 4k QD1"), QStringLiteral("randwrite"), QStringLiteral("4k"), 1, 1, s, true)}},
    };
}

QString DiskFioKind::benchFileName(const QString &nodeName)
{
    QString safe;
    for (const QChar c : nodeName)
        safe += (c.isLetterOrNumber() && c.unicode() < 128) || c == QLatin1Char('-') || c == QLatin1Char('.') ? c : QLatin1Char('_');
    return QStringLiteral("clustermark-bench-%1.fio.dat").arg(safe.isEmpty() ? QStringLiteral("node") : safe.left(64));
}

QString DiskFioKind::targetPath(const Plan &plan, const QString &nodeName)
{
    const QString type = plan.target.value(QStringLiteral("type")).toString(QStringLiteral("file"));
    if (type == QLatin1String("device"))
        return plan.target.value(QStringLiteral("path")).toString();
    QString dir = plan.target.value(QStringLiteral("dir")).toString();
    while (dir.size() > 1 && dir.endsWith(QLatin1Char('/')))
        dir.chop(1);
    return dir + QLatin1Char('/') + benchFileName(nodeName);
}

bool DiskFioKind::stepWrites(const PlanStep &step)
{
    const QString rw = step.params.value(QStringLiteral("rw")).toString();
    return rw.contains(QLatin1String("write")) || rw == QLatin1String("rw") || rw == QLatin1String("randrw")
        || rw == QLatin1String("trim") || rw == QLatin1String("randtrim");
}

Error DiskFioKind::validate(const Plan &plan) const
{
    auto bad = [](const QString &m) { return Error(Error::Code::InvalidInput, m, QStringLiteral("disk-fio")); };
    if (plan.kind != kindId())
        return bad(QStringLiteral("plan kind is %1, not disk-fio").arg(plan.kind));
    if (plan.nodes.isEmpty())
        return bad(QStringLiteral("no node to run on"));
    const QString type = plan.target.value(QStringLiteral("type")).toString(QStringLiteral("file"));
    if (type == QLatin1String("file")) {
        const QString dir = plan.target.value(QStringLiteral("dir")).toString();
        if (!dir.startsWith(QLatin1Char('/')))
            return bad(QStringLiteral("the target folder must be an absolute path: \"%1\"").arg(dir));
        const QString size = plan.target.value(QStringLiteral("size")).toString(QStringLiteral("1G"));
        if (!isSizeText(size))
            return bad(QStringLiteral("file size \"%1\" is not a size like 512M or 4G").arg(size));
    } else if (type == QLatin1String("device")) {
        const QString path = plan.target.value(QStringLiteral("path")).toString();
        if (!path.startsWith(QLatin1String("/dev/")))
            return bad(QStringLiteral("a device target must be a path under /dev: \"%1\"").arg(path));
        if (isDestructive(plan) && plan.target.value(QStringLiteral("confirm")).toString().trimmed() != path)
            return bad(QStringLiteral("writing to %1 destroys its data: type the device path to confirm").arg(path));
    } else {
        return bad(QStringLiteral("unknown target type \"%1\" (file or device)").arg(type));
    }
    for (const PlanStep &s : plan.steps) {
        const QJsonObject &p = s.params;
        if (!kRwModes.contains(p.value(QStringLiteral("rw")).toString()))
            return bad(QStringLiteral("step %1: rw must be one of %2").arg(s.id, kRwModes.join(QStringLiteral(", "))));
        if (!isSizeText(p.value(QStringLiteral("bs")).toString()))
            return bad(QStringLiteral("step %1: block size \"%2\" is not valid").arg(s.id, p.value(QStringLiteral("bs")).toString()));
        const int qd = p.value(QStringLiteral("iodepth")).toInt(1);
        const int jobs = p.value(QStringLiteral("numjobs")).toInt(1);
        const int rt = p.value(QStringLiteral("runtime")).toInt(0);
        if (qd < 1 || qd > 4096) return bad(QStringLiteral("step %1: queue depth must be 1..4096").arg(s.id));
        if (jobs < 1 || jobs > 256) return bad(QStringLiteral("step %1: jobs must be 1..256").arg(s.id));
        if (rt < 1 || rt > 86400) return bad(QStringLiteral("step %1: runtime must be 1..86400 s").arg(s.id));
        if (p.contains(QStringLiteral("size")) && !isSizeText(p.value(QStringLiteral("size")).toString()))
            return bad(QStringLiteral("step %1: size is not valid").arg(s.id));
    }
    return {};
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

QStringList DiskFioKind::fioArgs(const Plan &plan, const PlanStep &step, const QString &nodeName)
{
    const QJsonObject &p = step.params;
    const bool device = plan.target.value(QStringLiteral("type")).toString() == QLatin1String("device");
    QStringList a{QStringLiteral("fio"),
                  QStringLiteral("--output-format=json+"),
                  QStringLiteral("--status-interval=1"),
                  QStringLiteral("--eta=never"),
                  QStringLiteral("--name=") + step.id,
                  QStringLiteral("--filename=") + fioEscapeFilename(targetPath(plan, nodeName)),
                  QStringLiteral("--ioengine=") + p.value(QStringLiteral("ioengine")).toString(QStringLiteral("libaio")),
                  QStringLiteral("--direct=1"),
                  QStringLiteral("--rw=") + p.value(QStringLiteral("rw")).toString(),
                  QStringLiteral("--bs=") + p.value(QStringLiteral("bs")).toString(),
                  QStringLiteral("--iodepth=%1").arg(p.value(QStringLiteral("iodepth")).toInt(1)),
                  QStringLiteral("--numjobs=%1").arg(p.value(QStringLiteral("numjobs")).toInt(1)),
                  QStringLiteral("--group_reporting=1"),
                  QStringLiteral("--time_based=1"),
                  QStringLiteral("--runtime=%1").arg(p.value(QStringLiteral("runtime")).toInt(5)),
                  QStringLiteral("--randrepeat=0"),
                  QStringLiteral("--norandommap=1")};
    if (!device)
        a << QStringLiteral("--size=")
                + p.value(QStringLiteral("size")).toString(plan.target.value(QStringLiteral("size")).toString(QStringLiteral("1G")));
    else if (p.contains(QStringLiteral("size")))
        a << QStringLiteral("--size=") + p.value(QStringLiteral("size")).toString();
    if (p.value(QStringLiteral("sync")).toInt() == 1)
        a << QStringLiteral("--sync=1");
    if (p.value(QStringLiteral("fsync")).toInt() == 1)
        a << QStringLiteral("--fsync=1");
    return a;
}

QString DiskFioKind::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    const QString where = node.isLocal() ? QStringLiteral("local") : node.toSpecString();
    return QStringLiteral("[%1] ").arg(where) + shellJoin(fioArgs(plan, plan.steps.at(stepIndex), node.displayName()));
}

double DiskFioKind::estimatedSeconds(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return 0;
    // runtime plus fio start-up and the file layout on the first step
    return plan.steps.at(stepIndex).params.value(QStringLiteral("runtime")).toInt(5) + 1.5;
}

std::unique_ptr<StepRunner> DiskFioKind::createStepRunner(const Plan &plan, int stepIndex) const
{

    return std::make_unique<DiskFioRunner>(plan, stepIndex);
}

Plan DiskFioKind::makePlan(const QString &preset, const QList<NodeSpec> &nodes, const QJsonObject &target,
                           int runtimeSec, Error *error)
{
    return planFromPreset(DiskFioKind(), preset, nodes, target, runtimeSec, error);
}

} // namespace cm
