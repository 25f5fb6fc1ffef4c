// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli plan rados`: the RADOS kind's command-line options and the plan they make.
#include "bench/rados/radoskind.h"

#include <QJsonObject>

namespace cm {

namespace {
// The lab's OSDs cache 128 MiB each: 256 × 4 MiB = 1 GiB is well past that and quick to fill.
constexpr int kLabObjects = 256;
} // namespace

const char *RadosKind::description() const
{
    return QT_TRANSLATE_NOOP(
        "cm::RunnerKind", "RADOS objects: write, read and stat through the app's own librados client");
}

QList<CliOption> RadosKind::cliOptions() const
{
    return {
        {QStringLiteral("--pool"), QStringLiteral("POOL"),
            QStringLiteral("required: the objects are written there, then removed")},
        {QStringLiteral("--preset"), QStringLiteral("quick|standard"), QStringLiteral("the test table"),
            QStringLiteral("standard")},
        {QStringLiteral("--conf"), QStringLiteral("FILE"), QStringLiteral("ceph.conf on this machine")},
        {QStringLiteral("--keyring"), QStringLiteral("FILE"), QStringLiteral("the keyring on this machine")},
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
                          "objects; read and stat steps write the set first; every object is removed after.");
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
    if (pool.isEmpty())
        return fail(QStringLiteral("--pool is required (the objects are written there, then removed)"));
    QString conf = args.value(QStringLiteral("--conf"));
    QString keyring = args.value(QStringLiteral("--keyring"));
    const QString client = args.value(QStringLiteral("--client"), QStringLiteral("admin"));
    if (!lab.isEmpty()) { // the local lab: its files, on this machine
        if (!conf.isEmpty())
            return fail(QStringLiteral("give either --lab or --conf"));
        conf = lab + QStringLiteral("/ceph.conf");
        keyring = lab + QStringLiteral("/keyring");
    }
    const QJsonObject target {{QStringLiteral("pool"), pool},
        {QStringLiteral("objectSize"), args.value(QStringLiteral("--object-size"), defaultObjectSize())},
        {QStringLiteral("objects"), objects}, {QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring},
        {QStringLiteral("client"), client}, {QStringLiteral("timeout"), timeout}};
    Plan plan = makePlan(args.value(QStringLiteral("--preset"), QStringLiteral("standard")), target, runtime, error);
    if (*error)
        return plan;
    if (!conf.isEmpty()) // poll the cluster's health during the run
        plan.ceph = {{QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring},
            {QStringLiteral("client"), QStringLiteral("client.") + client}};
    *notes << commandPreview(plan, 0, plan.nodes.first()) << methodNote();
    return plan;
}

} // namespace cm
