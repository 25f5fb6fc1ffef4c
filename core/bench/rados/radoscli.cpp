// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli plan rados`: the RADOS kind's command-line options and the plan they make.
#include "bench/planbuilder.h"
#include "bench/rados/radoskind.h"

#include <QJsonObject>

#include <algorithm>

namespace cm {

namespace {
// The lab's OSDs cache 128 MiB each: 256 × 4 MiB = 1 GiB is well past that and quick to fill.
constexpr int kLabObjects = 256;
} // namespace

const char *RadosKind::description() const
{
    return QT_TRANSLATE_NOOP("cm::RunnerKind",
        "RADOS objects: write, read and stat through the app's own librados client, or fio's "
        "rados engine on client nodes");
}

QList<CliOption> RadosKind::cliOptions() const
{
    return {
        {QStringLiteral("--pool"), QStringLiteral("POOL"),
            QStringLiteral("the objects are written there, then removed (or --temporary-pool)")},
        temporaryPoolOption(QString()),
        {QStringLiteral("--engine"), QStringLiteral("native|fio"),
            QStringLiteral("the app's own librados client on this machine, or fio's rados engine on the --node "
                           "clients (no stat step)"),
            QStringLiteral("native")},
        {QStringLiteral("--node"), QStringLiteral("local|USER@HOST[:PORT]"),
            QStringLiteral("with --engine fio: a client node; repeat it to load the cluster from several clients at "
                           "once (each with its own objects; the run adds their cluster total)"),
            QStringLiteral("local"), true},
        {QStringLiteral("--preset"), QStringLiteral("quick|standard"), QStringLiteral("the test table"),
            QStringLiteral("standard")},
        {QStringLiteral("--conf"), QStringLiteral("FILE"),
            QStringLiteral("ceph.conf on this machine (with --engine fio: a path on the nodes)")},
        {QStringLiteral("--keyring"), QStringLiteral("FILE"),
            QStringLiteral("the keyring on this machine (with --engine fio: a path on the nodes)")},
        {QStringLiteral("--client"), QStringLiteral("NAME"),
            QStringLiteral("the Ceph client name, without \"client.\""), QStringLiteral("admin")},
        {QStringLiteral("--lab"), QStringLiteral("DIR"), QStringLiteral("the local Ceph lab in DIR")},
        {QStringLiteral("--object-size"), QStringLiteral("SIZE"), QStringLiteral("each object's size"),
            defaultObjectSize()},
        {QStringLiteral("--objects"), QStringLiteral("N"),
            QStringLiteral("the working set, which should exceed the OSDs' caches (256 with --lab)"),
            QString::number(kDefaultObjects)},
        {QStringLiteral("--runtime"), QStringLiteral("S"), QStringLiteral("seconds per step; 0 keeps the preset's"),
            QStringLiteral("0")},
        {QStringLiteral("--timeout"), QStringLiteral("S"),
            QStringLiteral("seconds before an operation counts as failed"), QStringLiteral("30")},
    };
}

QString RadosKind::cliSummary() const
{
    return QStringLiteral("Object write, read and stat with the app's own librados client over a working set of "
                          "objects, or write and read with fio's rados engine from several client nodes at once; "
                          "read and stat steps write the set first; every object is removed after.");
}

Plan RadosKind::planFromCli(const CliArgs &args, QStringList *notes, Error *error) const
{
    auto fail = [&](const QString &m) {
        *error = Error(Error::Code::InvalidInput, m);
        return Plan {};
    };
    const QString lab = args.value(QStringLiteral("--lab"));
    QString err;
    int runtime = 0;
    int timeout = 0;
    int objects = 0;
    if (!args.integer(QStringLiteral("--runtime"), 0, 0, 86400, &runtime, &err)
        || !args.positive(QStringLiteral("--timeout"), 30, &timeout, &err)
        || !args.positive(QStringLiteral("--objects"), lab.isEmpty() ? kDefaultObjects : kLabObjects, &objects, &err))
        return fail(err);
    const QString pool = args.value(QStringLiteral("--pool"));
    if (pool.isEmpty() == !args.has(QStringLiteral("--temporary-pool")))
        return fail(QStringLiteral("give --pool (the objects are written there, then removed) or --temporary-pool"));
    QString conf = args.value(QStringLiteral("--conf"));
    QString keyring = args.value(QStringLiteral("--keyring"));
    const QString client = args.value(QStringLiteral("--client"), QStringLiteral("admin"));
    if (!lab.isEmpty()) { // the local lab: its files, on this machine
        if (!conf.isEmpty())
            return fail(QStringLiteral("give either --lab or --conf"));
        conf = lab + QStringLiteral("/ceph.conf");
        keyring = lab + QStringLiteral("/keyring");
    }
    const QString engine = args.value(QStringLiteral("--engine"), QStringLiteral("native"));
    QList<NodeSpec> nodes;
    for (const QString &n : args.values(QStringLiteral("--node"))) {
        const NodeSpec spec = NodeSpec::parse(n, &err);
        if (spec.host.isEmpty())
            return fail(err);
        nodes << spec;
    }
    if (!nodes.isEmpty() && engine != QLatin1String("fio"))
        return fail(QStringLiteral("--node needs --engine fio (the native engine runs on this machine)"));
    if (!lab.isEmpty() && std::any_of(nodes.cbegin(), nodes.cend(), [](const NodeSpec &n) { return !n.isLocal(); }))
        return fail(QStringLiteral("--lab is the lab on this machine: its conf and keyring are local paths; "
                                   "for other clients give --conf and --keyring as paths on them"));
    if (nodes.isEmpty())
        nodes << NodeSpec::parse(QStringLiteral("local"));
    QJsonObject target {{QStringLiteral("pool"), pool}, {QStringLiteral("engine"), engine},
        {QStringLiteral("objectSize"), args.value(QStringLiteral("--object-size"), defaultObjectSize())},
        {QStringLiteral("objects"), objects}, {QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring},
        {QStringLiteral("client"), client}, {QStringLiteral("timeout"), timeout}};
    if ((*error = readTemporaryPoolOption(args, &target)))
        return {};
    Plan plan
        = makePlan(args.value(QStringLiteral("--preset"), QStringLiteral("standard")), nodes, target, runtime, error);
    if (*error)
        return plan;
    const bool localClient = std::any_of(nodes.cbegin(), nodes.cend(), [](const NodeSpec &n) { return n.isLocal(); });
    if (!conf.isEmpty() && localClient) // poll the cluster's health during the run
        plan.ceph = {{QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring},
            {QStringLiteral("client"), QStringLiteral("client.") + client}};
    *notes << commandPreview(plan, 0, plan.nodes.first());
    if (engine != QLatin1String("fio"))
        *notes << methodNote();
    return plan;
}

} // namespace cm
