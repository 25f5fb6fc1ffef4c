// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli plan osd-latency`: the per-OSD latency kind's command-line options.
#include "bench/osdlatency/osdlatencykind.h"

#include <QJsonArray>
#include <QJsonObject>

namespace cm {

const char *OsdLatencyKind::description() const
{
    return QT_TRANSLATE_NOOP(
        "cm::RunnerKind", "Per-OSD latency: QD1 4k writes to each OSD in turn, to find the slow one (heat map)");
}

QList<CliOption> OsdLatencyKind::cliOptions() const
{
    return {
        {QStringLiteral("--preset"), QStringLiteral("quick|standard"), QStringLiteral("how long per OSD"),
            QStringLiteral("standard")},
        {QStringLiteral("--conf"), QStringLiteral("FILE"), QStringLiteral("ceph.conf on this machine")},
        {QStringLiteral("--keyring"), QStringLiteral("FILE"), QStringLiteral("the keyring on this machine")},
        {QStringLiteral("--client"), QStringLiteral("NAME"),
            QStringLiteral("the Ceph client name, without \"client.\""), QStringLiteral("admin")},
        {QStringLiteral("--lab"), QStringLiteral("DIR"), QStringLiteral("the local Ceph lab in DIR")},
        {QStringLiteral("--pool"), QStringLiteral("POOL"), QStringLiteral("an existing pool to write the objects in")},
        {QStringLiteral("--create-temp-pool"), {},
            QStringLiteral("agree to a temporary pool of size 1, created and removed")},
        {QStringLiteral("--mode"), QStringLiteral("sequential|parallel"),
            QStringLiteral("one OSD at a time, or all at once"), QStringLiteral("sequential")},
        {QStringLiteral("--osds"), QStringLiteral("0,2"), QStringLiteral("only these OSDs"), QStringLiteral("all")},
        {QStringLiteral("--object-size"), QStringLiteral("SIZE"), QStringLiteral("each object's size"),
            QStringLiteral("4M")},
        {QStringLiteral("--runtime"), QStringLiteral("S"), QStringLiteral("seconds per OSD; 0 keeps the preset's"),
            QStringLiteral("0")},
        {QStringLiteral("--op-timeout"), QStringLiteral("S"),
            QStringLiteral("seconds before an OSD counts as stalled")},
    };
}

QString OsdLatencyKind::cliSummary() const
{
    return QStringLiteral("4k QD1 writes timed per OSD (objects whose primary is that OSD) to find the slow one; "
                          "the app is the Ceph client.");
}

namespace {

bool parseOsdIds(const QString &text, QJsonArray *osds, QString *error)
{
    for (const QString &part : text.split(QLatin1Char(','))) {
        QString id = part.trimmed();
        if (id.startsWith(QLatin1String("osd.")))
            id = id.mid(4);
        bool ok = false;
        const int n = id.toInt(&ok);
        if (!ok || n < 0) {
            *error = QStringLiteral("--osds needs OSD ids like 0,2, got \"%1\"").arg(part);
            return false;
        }
        osds->append(n);
    }
    return true;
}

} // namespace

Plan OsdLatencyKind::planFromCli(const CliArgs &args, QStringList *notes, Error *error) const
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
    const QString pool = args.value(QStringLiteral("--pool"));
    const bool tempPool = args.flag(QStringLiteral("--create-temp-pool"));
    QString conf = args.value(QStringLiteral("--conf"));
    QString keyring = args.value(QStringLiteral("--keyring"));
    const QString lab = args.value(QStringLiteral("--lab"));
    const QString client = args.value(QStringLiteral("--client"), QStringLiteral("admin"));
    if (!pool.isEmpty() && tempPool)
        return fail(QStringLiteral("give either --pool P or --create-temp-pool, not both"));
    if (!lab.isEmpty() && !conf.isEmpty())
        return fail(QStringLiteral("give either --lab DIR or --conf F, not both"));
    if (!lab.isEmpty()) { // the local lab: its files, on this machine
        conf = lab + QStringLiteral("/ceph.conf");
        keyring = lab + QStringLiteral("/keyring");
    }
    QJsonArray osds;
    if (args.has(QStringLiteral("--osds")) && !parseOsdIds(args.value(QStringLiteral("--osds")), &osds, &err))
        return fail(err);
    QJsonObject target {{QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring},
        {QStringLiteral("client"), client},
        {QStringLiteral("mode"), args.value(QStringLiteral("--mode"), QStringLiteral("sequential"))},
        {QStringLiteral("objectSize"), args.value(QStringLiteral("--object-size"), QStringLiteral("4M"))},
        {QStringLiteral("poolConsent"), tempPool}};
    if (!pool.isEmpty())
        target.insert(QStringLiteral("pool"), pool);
    if (!osds.isEmpty())
        target.insert(QStringLiteral("osds"), osds);
    if (args.has(QStringLiteral("--op-timeout"))) {
        int timeout = 0;
        if (!args.integer(QStringLiteral("--op-timeout"), 0, -1000000, 1000000, &timeout, &err))
            return fail(err);
        target.insert(QStringLiteral("opTimeout"), timeout); // its range is checked with the plan
    }
    Plan plan = makePlan(args.value(QStringLiteral("--preset"), QStringLiteral("standard")),
        {NodeSpec::parse(QStringLiteral("local"))}, target, runtime, error);
    if (!*error && !conf.isEmpty()) // poll the cluster's health during the run
        plan.ceph = {{QStringLiteral("conf"), conf}, {QStringLiteral("keyring"), keyring},
            {QStringLiteral("client"), QStringLiteral("client.") + client}};
    return plan;
}

} // namespace cm
