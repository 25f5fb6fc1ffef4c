// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli plan rbd`: the RBD kind's command-line options and the plan they make.
#include "bench/planbuilder.h"
#include "bench/rbd/rbdkind.h"

#include <QJsonObject>

#include <algorithm>

namespace cm {

const char *RbdKind::description() const
{
    return QT_TRANSLATE_NOOP(
        "cm::RunnerKind", "RBD: fio's rbd engine on a node, one test image per step (Ceph block storage)");
}

QList<CliOption> RbdKind::cliOptions() const
{
    return {
        {QStringLiteral("--engine"), QStringLiteral("fio|native|krbd|nbd"),
            QStringLiteral("fio's rbd engine on the node, the app's own librbd engine (native: node local), or the "
                           "node kernel's client (krbd, or rbd-nbd) with fio's libaio engine on the mapped device "
                           "(root on the node; the kernel needs the rbd or nbd module)"),
            QStringLiteral("fio")},
        {QStringLiteral("--preset"), QStringLiteral("PRESET"), QStringLiteral("the RBD test table"),
            QStringLiteral("standard")},
        {QStringLiteral("--node"), QStringLiteral("local|USER@HOST[:PORT]"),
            QStringLiteral("a client node; repeat it to load the cluster from several clients at once (each with its "
                           "own image; the run adds their cluster total)"),
            QStringLiteral("local"), true},
        {QStringLiteral("--pool"), QStringLiteral("POOL"), QStringLiteral("where the test images are made"),
            QStringLiteral("rbd")},
        {QStringLiteral("--conf"), QStringLiteral("FILE"), QStringLiteral("ceph.conf, a path on the node")},
        {QStringLiteral("--keyring"), QStringLiteral("FILE"), QStringLiteral("the keyring, a path on the node")},
        {QStringLiteral("--client"), QStringLiteral("NAME"),
            QStringLiteral("the Ceph client name, without \"client.\""), QStringLiteral("admin")},
        {QStringLiteral("--lab"), QStringLiteral("DIR"),
            QStringLiteral("the local Ceph lab in DIR (its conf and keyring, node local)")},
        {QStringLiteral("--image-size"), QStringLiteral("SIZE"), QStringLiteral("each step's image"),
            QStringLiteral("1G")},
        {QStringLiteral("--runtime"), QStringLiteral("S"), QStringLiteral("seconds per step; 0 keeps the preset's"),
            QStringLiteral("0")},
        {QStringLiteral("--data-pool"), QStringLiteral("POOL"),
            QStringLiteral("the images' data in this pool (erasure-coded, with allow_ec_overwrites); their headers "
                           "stay in --pool")},
        temporaryPoolOption(QStringLiteral("; on EC the image headers go to a replicated pool made beside it")),
        {QStringLiteral("--cache"), QStringLiteral("off|writeback"),
            QStringLiteral("librbd's client cache: off on every step, or the cluster's setting (writeback by default) "
                           "on every step; without it, off for the QD1 latency steps only")},
    };
}

QString RbdKind::cliSummary() const
{
    return QStringLiteral("The RBD test table with fio's rbd engine on a node, or the app's own librbd engine on "
                          "this machine. Each step makes its own image and removes it.");
}

Plan RbdKind::planFromCli(const CliArgs &args, QStringList *notes, Error *error) const
{
    Q_UNUSED(notes);
    auto fail = [&](const QString &m) {
        *error = Error(Error::Code::InvalidInput, m);
        return Plan {};
    };
    QString err;
    int runtime = 0;
    if (!args.integer(QStringLiteral("--runtime"), 0, 0, 86400, &runtime, &err))
        return fail(err);
    QStringList nodeSpecs = args.values(QStringLiteral("--node"));
    QString conf = args.value(QStringLiteral("--conf"));
    QString keyring = args.value(QStringLiteral("--keyring"));
    const QString client = args.value(QStringLiteral("--client"), QStringLiteral("admin"));
    const QString lab = args.value(QStringLiteral("--lab"));
    if (!lab.isEmpty()) { // the local lab: its files, on this machine
        if (!nodeSpecs.isEmpty() && nodeSpecs != QStringList {QStringLiteral("local")})
            return fail(QStringLiteral("--lab is the lab on this machine: its conf and keyring are local paths; "
                                       "for other clients give --conf and --keyring as paths on them"));
        conf = lab + QStringLiteral("/ceph.conf");
        keyring = lab + QStringLiteral("/keyring");
    }
    if (nodeSpecs.isEmpty())
        nodeSpecs << QStringLiteral("local");
    QList<NodeSpec> nodes;
    for (const QString &n : std::as_const(nodeSpecs)) {
        const NodeSpec spec = NodeSpec::parse(n, &err);
        if (spec.host.isEmpty())
            return fail(err);
        nodes << spec;
    }
    QJsonObject target {{QStringLiteral("engine"), args.value(QStringLiteral("--engine"), QStringLiteral("fio"))},
        {QStringLiteral("pool"), args.value(QStringLiteral("--pool"), QStringLiteral("rbd"))},
        {QStringLiteral("imageSize"), args.value(QStringLiteral("--image-size"), QStringLiteral("1G"))},
        {QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring}, {QStringLiteral("client"), client}};
    if (args.has(QStringLiteral("--cache")))
        target.insert(QStringLiteral("cache"), args.value(QStringLiteral("--cache"))); // validated with the plan
    if (args.has(QStringLiteral("--data-pool")))
        target.insert(QStringLiteral("dataPool"), args.value(QStringLiteral("--data-pool")));
    if (args.has(QStringLiteral("--temporary-pool"))) {
        if (args.has(QStringLiteral("--pool")) || args.has(QStringLiteral("--data-pool")))
            return fail(QStringLiteral("--temporary-pool makes the run's own pools: leave out --pool and --data-pool"));
        if ((*error = readTemporaryPoolOption(args, &target)))
            return {};
    }
    Plan plan
        = makePlan(args.value(QStringLiteral("--preset"), QStringLiteral("standard")), nodes, target, runtime, error);
    const bool localClient = std::any_of(nodes.cbegin(), nodes.cend(), [](const NodeSpec &n) { return n.isLocal(); });
    if (!*error && !conf.isEmpty() && localClient) // the paths hold here too: poll the cluster's health
        plan.ceph = {{QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring},
            {QStringLiteral("client"), QStringLiteral("client.") + client}};
    return plan;
}

} // namespace cm
