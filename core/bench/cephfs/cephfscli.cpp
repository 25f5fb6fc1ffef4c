// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli plan cephfs`: the CephFS kind's command-line options and the plan they make.
#include "bench/cephfs/cephfskind.h"
#include "bench/planbuilder.h"
#include "util/labenv.h"

namespace cm {

const char *CephFsKind::description() const
{
    return QT_TRANSLATE_NOOP("cm::RunnerKind",
        "CephFS: file throughput and small-file metadata rates (ClusterMark's own "
        "client, or fio on a node)");
}

QList<CliOption> CephFsKind::cliOptions() const
{
    const Options d;
    auto option = [](const char *name, const char *value, const char *help, const QString &def = {}) {
        return CliOption {QLatin1String(name), QLatin1String(value), QLatin1String(help), def};
    };
    return {
        option("--lab", "DIR", "the local Ceph lab in DIR (its conf, keyring and file system)"),
        option("--conf", "FILE", "ceph.conf (native: on this machine; fio: on the node)"),
        option("--keyring", "FILE", "the keyring"),
        option("--client", "NAME", "the Ceph client name, without \"client.\"", d.client),
        option("--fs", "NAME", "the file system", QStringLiteral("the default one")),
        option("--dir", "DIR", "each step works in its own folder clustermark-bench-… under DIR", d.dir),
        option("--engine", "native|fio", "the app's own libcephfs client, or fio on a node's CephFS mount", d.engine),
        temporaryPoolOption(QStringLiteral("; added to the file system as a data pool, the steps' folders laid out on "
                                           "it (fio: setfattr on the node)")),
        CliOption {QStringLiteral("--node"), QStringLiteral("local|USER@HOST[:PORT]"),
            QStringLiteral("a node fio runs on; repeat it to load the file system from several clients at once (each "
                           "with its own mount and folder; the run adds their cluster total)"),
            QStringLiteral("local"), true},
        option("--mount-path", "PATH", "fio: an existing CephFS mount on the node"),
        option("--mount", "ceph-fuse|kernel", "fio: a mount the app makes in a temporary folder and undoes"),
        CliOption {QStringLiteral("--mount-consent"), {}, QStringLiteral("agree to the mount --mount makes")},
        option("--preset", "throughput|metadata|quick", "the test table", d.preset),
        option("--bs", "SIZE", "block size of every step"),
        option("--threads", "N", "threads (one file each) of every step"),
        option("--file-size", "SIZE", "each thread's file"),
        option("--files", "N", "files of the metadata steps"),
        option("--runtime", "S", "seconds per step"),
        option("--iodepth", "N", "fio only: I/Os in flight per thread"),
        option("--timeout", "S", "seconds before an operation counts as failed", QString::number(d.timeout)),
    };
}

QString CephFsKind::cliSummary() const
{
    return QStringLiteral("CephFS throughput (sequential and random read and write, one file per thread) and the "
                          "metadata rates of small files (create, stat, delete) with the app's own libcephfs client, "
                          "or throughput with fio on a node's CephFS mount.");
}

Plan CephFsKind::planFromCli(const CliArgs &args, QStringList *notes, Error *error) const
{
    auto fail = [&](const QString &m) {
        *error = Error(Error::Code::InvalidInput, m);
        return Plan {};
    };
    Options o;
    auto text = [&](const char *name, QString *into) { *into = args.value(QLatin1String(name), *into); };
    text("--engine", &o.engine);
    text("--preset", &o.preset);
    text("--conf", &o.conf);
    text("--keyring", &o.keyring);
    text("--client", &o.client);
    text("--fs", &o.fsName);
    text("--dir", &o.dir);
    text("--mount-path", &o.mountPath);
    text("--mount", &o.mount);
    text("--bs", &o.bs);
    text("--file-size", &o.fileSize);
    o.mountConsent = args.flag(QStringLiteral("--mount-consent"));
    QJsonObject withPool;
    if ((*error = readTemporaryPoolOption(args, &withPool)))
        return {};
    o.temporaryPool = withPool.value(QStringLiteral("temporaryPool")).toObject();
    QString err;
    const std::pair<const char *, int *> counts[] = {{"--threads", &o.threads}, {"--files", &o.files},
        {"--runtime", &o.runtime}, {"--iodepth", &o.iodepth}, {"--timeout", &o.timeout}};
    for (const auto &[name, into] : counts)
        if (!args.positive(QLatin1String(name), *into, into, &err))
            return fail(err);
    const QString lab = args.value(QStringLiteral("--lab"));
    if (!lab.isEmpty()) { // the local lab: its files, on this machine
        if (!o.conf.isEmpty())
            return fail(QStringLiteral("give either --lab or --conf"));
        o.conf = lab + QStringLiteral("/ceph.conf");
        o.keyring = lab + QStringLiteral("/keyring");
        if (o.fsName.isEmpty())
            o.fsName = readLabEnv(lab).value(QStringLiteral("CEPHFS_NAME"));
    }
    QStringList nodeSpecs = args.values(QStringLiteral("--node"));
    if (nodeSpecs.isEmpty())
        nodeSpecs << QStringLiteral("local");
    QList<NodeSpec> nodes;
    for (const QString &node : std::as_const(nodeSpecs)) {
        const NodeSpec spec = NodeSpec::parse(node, &err);
        if (spec.host.isEmpty())
            return fail(err);
        if (o.engine == QLatin1String("native") && !spec.isLocal())
            return fail(
                QStringLiteral("the native engine runs in the app itself (this machine); use --engine fio to run on %1")
                    .arg(node));
        nodes << spec;
    }
    Plan plan = makePlan(nodes, o, error);
    for (int i = 0; !*error && i < plan.steps.size(); ++i)
        *notes << commandPreview(plan, i, plan.nodes.first());
    return plan;
}

} // namespace cm

namespace cm {

// Metadata rates of small files: one line style per operation, so one target's three
// operations are told apart in one chart.
QList<MetricSpec> CephFsKind::metrics() const
{
    return operationMetrics(QStringLiteral("meta.create"), QT_TRANSLATE_NOOP("cm::MetricCatalog", "create ops/s"),
               QT_TRANSLATE_NOOP("cm::MetricCatalog", "create p50"),
               QT_TRANSLATE_NOOP("cm::MetricCatalog", "create p99"))
        + operationMetrics(QStringLiteral("meta.stat"), QT_TRANSLATE_NOOP("cm::MetricCatalog", "stat ops/s"),
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "stat p50"), QT_TRANSLATE_NOOP("cm::MetricCatalog", "stat p99"),
            MetricLine::DashDot)
        + operationMetrics(QStringLiteral("meta.delete"), QT_TRANSLATE_NOOP("cm::MetricCatalog", "delete ops/s"),
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "delete p50"), QT_TRANSLATE_NOOP("cm::MetricCatalog", "delete p99"),
            MetricLine::DashDotDot);
}

QList<OperationSpec> CephFsKind::operations() const
{
    return {{QStringLiteral("meta"), QStringLiteral("create"), QStringLiteral("meta.create"),
                QT_TRANSLATE_NOOP("cm::MetricCatalog", "File create")},
        {QStringLiteral("meta"), QStringLiteral("stat"), QStringLiteral("meta.stat"),
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "File stat")},
        {QStringLiteral("meta"), QStringLiteral("delete"), QStringLiteral("meta.delete"),
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "File delete")}};
}

} // namespace cm
