// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/benchpool.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QRandomGenerator>

Q_LOGGING_CATEGORY(lcBenchPool, "clustermark.core.ceph.pool", QtInfoMsg)

namespace cm {

QString BenchPool::randomName(const QString &prefix)
{
    static const char kChars[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    QString s = prefix;
    for (int i = 0; i < 8; ++i)
        s += QLatin1Char(kChars[QRandomGenerator::global()->bounded(int(sizeof kChars - 1))]);
    return s;
}

int BenchPool::pgNumFor(int osds)
{
    const int want = qBound(32, 8 * qMax(1, osds), 4096);
    int p = 32;
    while (p < want)
        p *= 2;
    return p;
}

Error BenchPool::createSizeOne(RadosClient &client, const QString &name, int pgNum)
{
    if (!name.startsWith(QLatin1String(kPrefix)))
        return Error(
            Error::Code::Internal, QStringLiteral("benchmark pools are named %1…").arg(QLatin1String(kPrefix)), name);
    const QJsonObject create {{QStringLiteral("prefix"), QStringLiteral("osd pool create")},
        {QStringLiteral("pool"), name}, {QStringLiteral("pg_num"), pgNum}, {QStringLiteral("pgp_num"), pgNum},
        {QStringLiteral("pool_type"), QStringLiteral("replicated")}};
    if (Error e = client.monCommand(create, nullptr)) {
        e.message = QStringLiteral("cannot create the temporary pool %1: %2").arg(name, e.message);
        return e;
    }
    qCInfo(lcBenchPool) << "created pool" << name << "pg_num" << pgNum;
    auto set = [&](const QString &var, const QString &val, bool really) {
        QJsonObject c {{QStringLiteral("prefix"), QStringLiteral("osd pool set")}, {QStringLiteral("pool"), name},
            {QStringLiteral("var"), var}, {QStringLiteral("val"), val}};
        if (really)
            c.insert(QStringLiteral("yes_i_really_mean_it"), true);
        return client.monCommand(c, nullptr);
    };
    // Autoscaling would split or merge PGs under the benchmark; older mons may not know it.
    if (const Error e = set(QStringLiteral("pg_autoscale_mode"), QStringLiteral("off"), false))
        qCInfo(lcBenchPool) << "pg_autoscale_mode off:" << e.message;
    const QJsonObject app {{QStringLiteral("prefix"), QStringLiteral("osd pool application enable")},
        {QStringLiteral("pool"), name}, {QStringLiteral("app"), QStringLiteral("rados")},
        {QStringLiteral("yes_i_really_mean_it"), true}};
    if (const Error e = client.monCommand(app, nullptr))
        qCInfo(lcBenchPool) << "application enable:" << e.message;
    Error e = set(QStringLiteral("size"), QStringLiteral("1"), true);
    if (!e)
        e = set(QStringLiteral("min_size"), QStringLiteral("1"), false);
    if (!e)
        return {};
    const Error removed = remove(client, name);
    const bool refused = e.code == Error::Code::AuthDenied || e.detail.contains(QLatin1String("size as 1"))
        || e.detail.contains(QLatin1String("mon_allow_pool_size_one"));
    Error out(e.code == Error::Code::AuthDenied ? Error::Code::CommandFailed : e.code,
        refused ? QStringLiteral("the cluster refused a pool of size 1 (%1): set mon_allow_pool_size_one = true "
                                 "(ceph config set global mon_allow_pool_size_one true), or name an existing pool")
                      .arg(e.detail.isEmpty() ? e.message : e.detail)
                : QStringLiteral("cannot make the temporary pool %1 size 1: %2").arg(name, e.message),
        name, e.detail);
    if (removed)
        out.message += QStringLiteral("; ") + removed.message;
    return out;
}

Error BenchPool::remove(RadosClient &client, const QString &name)
{
    if (!name.startsWith(QLatin1String(kPrefix)))
        return Error(Error::Code::Unsafe,
            QStringLiteral("refusing to remove pool %1: the app did not create it").arg(name), name);
    const QJsonObject del {{QStringLiteral("prefix"), QStringLiteral("osd pool delete")},
        {QStringLiteral("pool"), name}, {QStringLiteral("pool2"), name},
        {QStringLiteral("yes_i_really_really_mean_it"), true}};
    Error e = client.monCommand(del, nullptr);
    if (!e) {
        qCInfo(lcBenchPool) << "removed pool" << name;
        return {};
    }
    if (e.detail.contains(QLatin1String("mon_allow_pool_delete")))
        e.message = QStringLiteral("the temporary pool %1 could not be removed: the mons refuse to delete pools (set "
                                   "mon_allow_pool_delete = true: ceph config set mon mon_allow_pool_delete true); the "
                                   "pool is left with its name %1 — remove it with: ceph osd pool rm %1 %1 "
                                   "--yes-i-really-really-mean-it")
                        .arg(name);
    else
        e.message = QStringLiteral("the temporary pool %1 could not be removed (%2); the pool is left with its name %1")
                        .arg(name, e.message);
    e.code = Error::Code::CommandFailed;
    e.context = name;
    qCWarning(lcBenchPool) << e.message;
    return e;
}

bool BenchPool::exists(RadosClient &client, const QString &name)
{
    // The mons, not the client's cached OSD map (stale right after a removal).
    QByteArray out;
    if (client.monCommand({{QStringLiteral("prefix"), QStringLiteral("osd pool ls")},
                              {QStringLiteral("format"), QStringLiteral("json")}},
            &out))
        return false;
    return QJsonDocument::fromJson(out).array().contains(QJsonValue(name));
}

} // namespace cm
