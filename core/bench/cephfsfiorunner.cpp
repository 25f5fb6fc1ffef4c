#include "bench/cephfsfiorunner.h"

#include "bench/cephfskind.h"

namespace cm {

namespace {

QString targetString(const Plan &plan, const char *key, const QString &def = {})
{
    return plan.target.value(QLatin1String(key)).toString(def);
}

QString fioRw(const QString &workload)
{
    if (workload == QLatin1String("seq-read")) return QStringLiteral("read");
    if (workload == QLatin1String("seq-write")) return QStringLiteral("write");
    if (workload == QLatin1String("rand-read")) return QStringLiteral("randread");
    if (workload == QLatin1String("rand-write")) return QStringLiteral("randwrite");
    return workload;
}

} // namespace

CephFsFioRunner::CephFsFioRunner(Plan plan, int stepIndex) : m_plan(std::move(plan)), m_stepIndex(stepIndex) {}

QStringList CephFsFioRunner::fioArgs(const PlanStep &step, const QString &folder)
{
    const QJsonObject &p = step.params;
    return {QStringLiteral("fio"),
            QStringLiteral("--output-format=json+"),
            QStringLiteral("--status-interval=1"),
            QStringLiteral("--eta=never"),
            QStringLiteral("--name=") + step.id,
            QStringLiteral("--directory=") + folder,
            QStringLiteral("--ioengine=libaio"),
            QStringLiteral("--direct=1"),
            QStringLiteral("--rw=") + fioRw(p.value(QStringLiteral("workload")).toString()),
            QStringLiteral("--bs=") + p.value(QStringLiteral("bs")).toString(QStringLiteral("4M")),
            QStringLiteral("--size=") + p.value(QStringLiteral("fileSize")).toString(QStringLiteral("1G")),
            QStringLiteral("--iodepth=%1").arg(p.value(QStringLiteral("iodepth")).toInt(1)),
            QStringLiteral("--numjobs=%1").arg(p.value(QStringLiteral("threads")).toInt(4)),
            QStringLiteral("--group_reporting=1"),
            QStringLiteral("--time_based=1"),
            QStringLiteral("--runtime=%1").arg(p.value(QStringLiteral("runtime")).toInt(30)),
            QStringLiteral("--randrepeat=0")};
}

QStringList CephFsFioRunner::mountArgs(const Plan &plan, const QString &mountPoint)
{
    const QString conf = targetString(plan, "conf");
    const QString keyring = targetString(plan, "keyring");
    const QString client = targetString(plan, "client", QStringLiteral("admin"));
    const QString fs = targetString(plan, "fsName");
    const QString timeout = QString::number(plan.target.value(QStringLiteral("timeout")).toInt(30));
    if (targetString(plan, "mount") == QLatin1String("kernel")) {
        // mount.ceph fills in the monitors and the secret from the conf and keyring.
        QStringList opts{QStringLiteral("name=") + client};
        if (!conf.isEmpty())
            opts << QStringLiteral("conf=") + conf;
        if (!keyring.isEmpty())
            opts << QStringLiteral("secretfile=") + keyring;
        if (!fs.isEmpty())
            opts << QStringLiteral("mds_namespace=") + fs;
        return {QStringLiteral("mount"), QStringLiteral("-t"), QStringLiteral("ceph"), QStringLiteral(":/"), mountPoint,
                QStringLiteral("-o"), opts.join(QLatin1Char(','))};
    }
    QStringList a{QStringLiteral("ceph-fuse")};
    if (!conf.isEmpty())
        a << QStringLiteral("-c") << conf;
    a << QStringLiteral("--id") << client;
    if (!keyring.isEmpty())
        a << QStringLiteral("-k") << keyring;
    if (!fs.isEmpty())
        a << QStringLiteral("--client_fs") << fs;
    a << QStringLiteral("--client_mount_timeout") << timeout << mountPoint;
    return a;
}

QStringList CephFsFioRunner::unmountArgs(const Plan &plan, const QString &mountPoint)
{
    if (targetString(plan, "mount") == QLatin1String("kernel"))
        return {QStringLiteral("umount"), mountPoint};
    return {QStringLiteral("fusermount"), QStringLiteral("-u"), mountPoint};
}

QString CephFsFioRunner::folderUnder(const Plan &plan, const QString &mountRoot, const QString &folderName)
{
    QString dir = targetString(plan, "dir", QStringLiteral("/"));
    QString root = mountRoot;
    while (root.endsWith(QLatin1Char('/')) && root.size() > 1)
        root.chop(1);
    if (!dir.endsWith(QLatin1Char('/')))
        dir += QLatin1Char('/');
    return (root == QLatin1String("/") ? QString() : root) + dir + folderName;
}

StepOutcome CephFsFioRunner::run(StepContext &ctx)
{
    StepOutcome out;
    out.target = ctx.nodeName + QStringLiteral(":(cephfs)");
    out.error = Error(Error::Code::Internal, QStringLiteral("the fio CephFS runner is not available yet"), out.target);
    return out;
}

} // namespace cm
