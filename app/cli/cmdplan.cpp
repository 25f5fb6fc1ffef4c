#include "clicommon.h"

#include "bench/diskfio/diskfiokind.h"
#include "bench/rbd/rbdkind.h"

namespace cm::cli {

namespace {

struct RepeatOptions {
    int repeat = 1;
    double untilSpreadPct = 0;
    int maxRepeat = 0;   // 0: Plan::defaultMaxRepeat
    int window = 3;
    QString figure;
};
RepeatOptions g_repeat;   // what cmdPlan read; one plan command per process

// Takes the repetition options out of args; prints why and returns false when bad.
bool takeRepeatOptions(QStringList &args, RepeatOptions *o)
{
    auto intOption = [&](const QString &name, int def, int lo, int hi, int *out) {
        const QString text = takeOption(args, name).value(0);
        if (text.isEmpty()) {
            *out = def;
            return true;
        }
        bool ok = false;
        *out = text.toInt(&ok);
        if (ok && *out >= lo && *out <= hi)
            return true;
        printErr(QStringLiteral("plan: %1 needs a whole number from %2 to %3, got \"%4\"").arg(name).arg(lo).arg(hi).arg(text));
        return false;
    };
    if (!intOption(QStringLiteral("--repeat"), 1, 1, 1000, &o->repeat) || !intOption(QStringLiteral("--max-repeat"), 0, 1, 1000, &o->maxRepeat)
        || !intOption(QStringLiteral("--stable-window"), 3, 2, 100, &o->window))
        return false;
    const QString spread = takeOption(args, QStringLiteral("--until-spread")).value(0);
    o->figure = takeOption(args, QStringLiteral("--stable-figure")).value(0);
    if (!spread.isEmpty()) {
        QString t = spread;
        if (t.endsWith(QLatin1Char('%')))
            t.chop(1);
        bool ok = false;
        o->untilSpreadPct = t.toDouble(&ok);
        if (!ok || !(o->untilSpreadPct > 0) || o->untilSpreadPct > 1000) {
            printErr(QStringLiteral("plan: --until-spread needs a percentage above 0 (e.g. 5 or 2.5%), got \"%1\"").arg(spread));
            return false;
        }
    } else if (o->maxRepeat > 0 || !o->figure.isEmpty()) {
        printErr(QStringLiteral("plan: --max-repeat and --stable-figure go with --until-spread PCT"));
        return false;
    }
    if (o->untilSpreadPct > 0 && o->maxRepeat > 0 && o->maxRepeat < qMax(o->repeat, o->window)) {
        printErr(QStringLiteral("plan: --max-repeat %1 is below the %2 iterations that --repeat and --stable-window ask for")
                     .arg(o->maxRepeat)
                     .arg(qMax(o->repeat, o->window)));
        return false;
    }
    return true;
}

// plan rbd --engine fio --node N --pool P [--conf F --keyring F --client admin]
//          [--image-size 1G] [--runtime S] [--cache off] [--lab DIR]
int cmdPlanRbd(QStringList args)
{
    const QString engine = takeOption(args, QStringLiteral("--engine")).value(0, QStringLiteral("fio"));
    const QString preset = takeOption(args, QStringLiteral("--preset")).value(0, QStringLiteral("standard"));
    QString node = takeOption(args, QStringLiteral("--node")).value(0, QStringLiteral("local"));
    const QString pool = takeOption(args, QStringLiteral("--pool")).value(0, QStringLiteral("rbd"));
    QString conf = takeOption(args, QStringLiteral("--conf")).value(0);
    QString keyring = takeOption(args, QStringLiteral("--keyring")).value(0);
    const QString client = takeOption(args, QStringLiteral("--client")).value(0, QStringLiteral("admin"));
    const QString size = takeOption(args, QStringLiteral("--image-size")).value(0, QStringLiteral("1G"));
    const QString lab = takeOption(args, QStringLiteral("--lab")).value(0);
    const QString cache = takeOption(args, QStringLiteral("--cache")).value(0);
    const QString runtimeText = takeOption(args, QStringLiteral("--runtime")).value(0, QStringLiteral("0"));
    bool ok = false;
    const int runtime = runtimeText.toInt(&ok);
    if (!ok || runtime < 0) {
        printErr(QStringLiteral("plan rbd: --runtime needs seconds, got \"%1\"").arg(runtimeText));
        return 2;
    }
    if (!args.isEmpty()) {
        printErr(QStringLiteral("plan rbd: unexpected argument \"%1\"").arg(args.first()));
        return 2;
    }
    if (!lab.isEmpty()) {   // the local lab: its files, on this machine
        conf = lab + QStringLiteral("/ceph.conf");
        keyring = lab + QStringLiteral("/keyring");
        node = QStringLiteral("local");
    }
    QString err;
    const NodeSpec spec = NodeSpec::parse(node, &err);
    if (spec.host.isEmpty()) {
        printErr(QStringLiteral("plan rbd: %1").arg(err));
        return 2;
    }
    QJsonObject target{{QStringLiteral("engine"), engine}, {QStringLiteral("pool"), pool},
                       {QStringLiteral("imageSize"), size}, {QStringLiteral("conf"), conf},
                       {QStringLiteral("keyring"), keyring}, {QStringLiteral("client"), client}};
    if (!cache.isEmpty())
        target.insert(QStringLiteral("cache"), cache);   // validated with the plan
    Error e;
    Plan plan = RbdKind::makePlan(preset, {spec}, target, runtime, &e);
    if (e) {
        printErr(QStringLiteral("plan rbd: %1").arg(e.message));
        return 2;
    }
    if (!conf.isEmpty() && spec.isLocal())   // poll the cluster's health during the run
        plan.ceph = {{QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring},
                     {QStringLiteral("client"), QStringLiteral("client.") + client}};
    printPlan(plan);
    return 0;
}

} // namespace

void printPlan(Plan plan)
{
    plan.repeat = g_repeat.repeat;
    plan.untilSpreadPct = g_repeat.untilSpreadPct;
    plan.stableWindow = g_repeat.window;
    plan.stableFigure = g_repeat.figure;
    plan.maxRepeat = g_repeat.untilSpreadPct > 0
        ? (g_repeat.maxRepeat > 0 ? g_repeat.maxRepeat : Plan::defaultMaxRepeat(g_repeat.repeat, g_repeat.window))
        : 0;
    printJson(QJsonDocument(plan.toJson()));
}

int cmdPlan(const QStringList &argsIn)
{
    QStringList args = argsIn;
    if (args.isEmpty()) {
        printErr(QStringLiteral("plan: which kind? (disk, rbd, osd-latency, rados, s3, cephfs, net)"));
        return 2;
    }
    const QString kind = args.takeFirst();
    if (!takeRepeatOptions(args, &g_repeat))
        return 2;
    if (kind == QLatin1String("rbd"))
        return cmdPlanRbd(args);
    if (kind == QLatin1String("osd-latency"))
        return cmdPlanOsdLatency(args);
    if (kind == QLatin1String("rados"))
        return cmdPlanRados(args);
    if (kind == QLatin1String("s3"))
        return cmdPlanS3(args);
    if (kind == QLatin1String("cephfs"))
        return cmdPlanCephFs(args);
    if (kind == QLatin1String("net"))
        return cmdPlanNet(args);
    if (kind != QLatin1String("disk")) {
        printErr(QStringLiteral("plan: unknown kind \"%1\" (available: disk, rbd, osd-latency, rados, s3, cephfs, net)").arg(kind));
        return 2;
    }
    const QString preset = takeOption(args, QStringLiteral("--preset")).value(0, QStringLiteral("quick"));
    QList<NodeSpec> nodes;
    for (const QString &n : takeOption(args, QStringLiteral("--node"))) {
        QString err;
        NodeSpec spec = NodeSpec::parse(n, &err);
        if (spec.host.isEmpty()) {
            printErr(QStringLiteral("plan: %1").arg(err));
            return 2;
        }
        nodes << spec;
    }
    if (nodes.isEmpty())
        nodes << NodeSpec::parse(QStringLiteral("local"));
    const QString dir = takeOption(args, QStringLiteral("--target")).value(0);
    const QString device = takeOption(args, QStringLiteral("--device")).value(0);
    const QString confirm = takeOption(args, QStringLiteral("--confirm")).value(0);
    const QString size = takeOption(args, QStringLiteral("--size")).value(0, QStringLiteral("1G"));
    bool ok = true;
    const QString runtimeText = takeOption(args, QStringLiteral("--runtime")).value(0, QStringLiteral("0"));
    const int runtime = runtimeText.toInt(&ok);
    if (!ok || runtime < 0) {
        printErr(QStringLiteral("plan: --runtime needs seconds, got \"%1\"").arg(runtimeText));
        return 2;
    }
    const QString session = takeOption(args, QStringLiteral("--session")).value(0);
    const QString name = takeOption(args, QStringLiteral("--name")).value(0);
    if (!args.isEmpty()) {
        printErr(QStringLiteral("plan: unexpected argument \"%1\"").arg(args.first()));
        return 2;
    }
    if (dir.isEmpty() == device.isEmpty()) {
        printErr(QStringLiteral("plan: give either --target DIR (a file in that folder) or --device /dev/X"));
        return 2;
    }
    QJsonObject target = device.isEmpty()
        ? QJsonObject{{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), dir}, {QStringLiteral("size"), size}}
        : QJsonObject{{QStringLiteral("type"), QStringLiteral("device")}, {QStringLiteral("path"), device}, {QStringLiteral("confirm"), confirm}};
    Error e;
    Plan plan = DiskFioKind::makePlan(preset, nodes, target, runtime, &e);
    if (e) {
        printErr(QStringLiteral("plan: %1").arg(e.message));
        return 2;
    }
    plan.session = session;
    if (!name.isEmpty())
        plan.name = name;
    printPlan(plan);
    return 0;
}

} // namespace cm::cli
