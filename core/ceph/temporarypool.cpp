// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/temporarypool.h"

#include "ceph/benchpool.h"
#include "parse/cephplacement.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>

#include <thread>

Q_LOGGING_CATEGORY(lcTempPool, "clustermark.core.ceph.temppool", QtInfoMsg)

namespace cm {

namespace {

QJsonObject poolSet(const QString &pool, const QString &var, const QString &val)
{
    return {{QStringLiteral("prefix"), QStringLiteral("osd pool set")}, {QStringLiteral("pool"), pool},
        {QStringLiteral("var"), var}, {QStringLiteral("val"), val}};
}

Error named(Error e, const QString &what)
{
    e.message = QStringLiteral("%1: %2").arg(what, e.message);
    return e;
}

} // namespace

TemporaryPool::Capacity TemporaryPool::capacity(
    RadosClient &client, const QString &failureDomain, const QString &deviceClass, Error *error)
{
    QByteArray out;
    CephPlacementCapacity parsed;
    Error e = client.monCommand(
        {{QStringLiteral("prefix"), QStringLiteral("osd tree")}, {QStringLiteral("format"), QStringLiteral("json")}},
        &out);
    if (!e)
        e = parseCephPlacementCapacity(out, failureDomain, deviceClass, &parsed);
    if (error)
        *error = e;
    return Capacity {parsed.osds, parsed.domains, parsed.root};
}

Error TemporaryPool::checkFits(const PoolLayout &layout, const Capacity &capacity)
{
    const int need = layout.osdsNeeded();
    if (capacity.domains >= need && !capacity.root.isEmpty())
        return {};
    const QString cls
        = layout.deviceClass.isEmpty() ? QString() : QStringLiteral(" of class %1").arg(layout.deviceClass);
    return Error(Error::Code::InvalidInput,
        QStringLiteral("the cluster cannot hold the pool %1: it needs %2 up OSDs%3 in distinct failure domains "
                       "(%4), and the cluster has %5 such OSDs in %6 %4 bucket(s)%7")
            .arg(layout.describe())
            .arg(need)
            .arg(cls, layout.failureDomain)
            .arg(capacity.osds)
            .arg(capacity.domains)
            .arg(layout.failureDomain == QLatin1String("osd")
                    ? QString()
                    : QStringLiteral("; a smaller cluster can use the failure domain osd")));
}

Error TemporaryPool::create(RadosClient &client, const QString &name, const TemporaryPoolRequest &request,
    const CancelToken &cancel, int activeTimeoutSec)
{
    if (!name.startsWith(QLatin1String(BenchPool::kPrefix)))
        return Error(Error::Code::Internal,
            QStringLiteral("benchmark pools are named %1…").arg(QLatin1String(BenchPool::kPrefix)), name);
    const PoolLayout &layout = request.layout;
    Error e;
    const Capacity cap = capacity(client, layout.failureDomain, layout.deviceClass, &e);
    if (e)
        return named(e, QStringLiteral("cannot read the cluster's OSD tree"));
    if (Error fits = checkFits(layout, cap))
        return fits;
    e = makePlacement(client, name, layout, cap.root);
    if (!e) {
        const int pgNum = layout.pgNum > 0 ? layout.pgNum : BenchPool::pgNumFor(cap.osds);
        QJsonObject create {{QStringLiteral("prefix"), QStringLiteral("osd pool create")},
            {QStringLiteral("pool"), name}, {QStringLiteral("pg_num"), pgNum}, {QStringLiteral("pgp_num"), pgNum}};
        if (layout.isErasure()) {
            create.insert(QStringLiteral("pool_type"), QStringLiteral("erasure"));
            create.insert(QStringLiteral("erasure_code_profile"), name);
        } else {
            create.insert(QStringLiteral("pool_type"), QStringLiteral("replicated"));
            create.insert(QStringLiteral("rule"), name);
        }
        e = client.monCommand(create, nullptr);
        if (e)
            e = named(e, QStringLiteral("cannot create the temporary pool %1").arg(name));
        else
            qCInfo(lcTempPool) << "created pool" << name << layout.describe() << "pg_num" << pgNum;
    }
    if (!e)
        e = configure(client, name, request);
    if (!e)
        e = waitActive(client, name, cancel, activeTimeoutSec);
    if (!e && request.fileSystemDataPool)
        e = addToFileSystem(client, name, request.fileSystem);
    if (!e)
        return {};
    if (const Error removed = remove(client, name))
        e.message += QStringLiteral("; ") + removed.message;
    return e;
}

Error TemporaryPool::makePlacement(
    RadosClient &client, const QString &name, const PoolLayout &layout, const QString &root)
{
    if (layout.isErasure()) {
        QJsonArray profile {QStringLiteral("k=%1").arg(layout.k), QStringLiteral("m=%1").arg(layout.m),
            QStringLiteral("plugin=") + layout.plugin, QStringLiteral("crush-failure-domain=") + layout.failureDomain,
            QStringLiteral("crush-root=") + root};
        if (!layout.deviceClass.isEmpty())
            profile.append(QStringLiteral("crush-device-class=") + layout.deviceClass);
        const Error e = client.monCommand({{QStringLiteral("prefix"), QStringLiteral("osd erasure-code-profile set")},
                                              {QStringLiteral("name"), name}, {QStringLiteral("profile"), profile}},
            nullptr);
        return e ? named(e, QStringLiteral("cannot create the erasure-code profile %1").arg(name)) : Error();
    }
    QJsonObject rule {{QStringLiteral("prefix"), QStringLiteral("osd crush rule create-replicated")},
        {QStringLiteral("name"), name}, {QStringLiteral("root"), root}, {QStringLiteral("type"), layout.failureDomain}};
    if (!layout.deviceClass.isEmpty())
        rule.insert(QStringLiteral("class"), layout.deviceClass);
    const Error e = client.monCommand(rule, nullptr);
    return e ? named(e, QStringLiteral("cannot create the CRUSH rule %1").arg(name)) : Error();
}

Error TemporaryPool::configure(RadosClient &client, const QString &name, const TemporaryPoolRequest &request)
{
    // Autoscaling would split or merge PGs under the benchmark; older mons may not know it.
    if (const Error e
        = client.monCommand(poolSet(name, QStringLiteral("pg_autoscale_mode"), QStringLiteral("off")), nullptr))
        qCInfo(lcTempPool) << "pg_autoscale_mode off:" << e.message;
    const Error app = client.monCommand(
        {{QStringLiteral("prefix"), QStringLiteral("osd pool application enable")}, {QStringLiteral("pool"), name},
            {QStringLiteral("app"), request.application}, {QStringLiteral("yes_i_really_mean_it"), true}},
        nullptr);
    if (app)
        return named(app, QStringLiteral("cannot tag the temporary pool %1 for %2").arg(name, request.application));
    const PoolLayout &layout = request.layout;
    if (layout.isErasure()) {
        if (!request.ecOverwrites)
            return {};
        const Error e
            = client.monCommand(poolSet(name, QStringLiteral("allow_ec_overwrites"), QStringLiteral("true")), nullptr);
        return e ? named(e, QStringLiteral("cannot allow EC overwrites on %1 (they need BlueStore OSDs)").arg(name))
                 : Error();
    }
    QJsonObject size = poolSet(name, QStringLiteral("size"), QString::number(layout.size));
    if (layout.size == 1)
        size.insert(QStringLiteral("yes_i_really_mean_it"), true);
    if (Error e = client.monCommand(size, nullptr)) {
        if (layout.size == 1 && e.detail.contains(QLatin1String("size as 1")))
            e.detail += QStringLiteral(" (set mon_allow_pool_size_one = true to allow it)");
        return named(e, QStringLiteral("cannot set size %1 on %2").arg(layout.size).arg(name));
    }
    const Error e
        = client.monCommand(poolSet(name, QStringLiteral("min_size"), QString::number(layout.minSize)), nullptr);
    return e ? named(e, QStringLiteral("cannot set min_size %1 on %2").arg(layout.minSize).arg(name)) : Error();
}

// Until every PG has peered: I/O to a PG that is still creating waits, and would be
// measured as latency.
Error TemporaryPool::waitActive(RadosClient &client, const QString &name, const CancelToken &cancel, int timeoutSec)
{
    QElapsedTimer clock;
    clock.start();
    CephPgActivity last;
    while (!cancel.isCancelled()) {
        QByteArray out;
        CephPgActivity a;
        if (!client.mgrCommand(
                {{QStringLiteral("prefix"), QStringLiteral("pg ls-by-pool")}, {QStringLiteral("poolstr"), name},
                    {QStringLiteral("format"), QStringLiteral("json")}},
                &out)
            && !parseCephPgActivity(out, &a)) {
            last = a;
            if (a.total > 0 && a.active == a.total)
                return {};
        }
        if (clock.elapsed() > timeoutSec * 1000LL)
            return Error(Error::Code::Timeout,
                QStringLiteral("the temporary pool %1 did not become active within %2 s: %3 of %4 PGs active "
                               "(one is %5); the cluster may lack OSDs for its layout")
                    .arg(name)
                    .arg(timeoutSec)
                    .arg(last.active)
                    .arg(last.total)
                    .arg(last.example.isEmpty() ? QStringLiteral("not listed yet") : last.example),
                name);
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    return Error(Error::Code::Cancelled, QStringLiteral("cancelled while the temporary pool %1 was created").arg(name));
}

Error TemporaryPool::addToFileSystem(RadosClient &client, const QString &name, const QString &fileSystem)
{
    QString fs = fileSystem;
    if (fs.isEmpty()) {
        QByteArray out;
        QList<CephFsPools> list;
        Error e = client.monCommand(
            {{QStringLiteral("prefix"), QStringLiteral("fs ls")}, {QStringLiteral("format"), QStringLiteral("json")}},
            &out);
        if (!e)
            e = parseCephFsPools(out, &list);
        if (e || list.isEmpty())
            return e ? named(e, QStringLiteral("cannot list the file systems"))
                     : Error(Error::Code::InvalidInput, QStringLiteral("the cluster has no CephFS file system"));
        fs = list.first().name;
    }
    const Error e = client.monCommand({{QStringLiteral("prefix"), QStringLiteral("fs add_data_pool")},
                                          {QStringLiteral("fs_name"), fs}, {QStringLiteral("pool"), name}},
        nullptr);
    return e ? named(e, QStringLiteral("cannot add %1 to the file system %2 as a data pool").arg(name, fs)) : Error();
}

Error TemporaryPool::detachFromFileSystems(RadosClient &client, const QString &name)
{
    QByteArray out;
    QList<CephFsPools> list;
    if (client.monCommand(
            {{QStringLiteral("prefix"), QStringLiteral("fs ls")}, {QStringLiteral("format"), QStringLiteral("json")}},
            &out)
        || parseCephFsPools(out, &list))
        return {}; // no file system answers: none holds the pool
    for (const CephFsPools &fs : std::as_const(list))
        if (fs.dataPools.contains(name))
            if (const Error e
                = client.monCommand({{QStringLiteral("prefix"), QStringLiteral("fs rm_data_pool")},
                                        {QStringLiteral("fs_name"), fs.name}, {QStringLiteral("pool"), name}},
                    nullptr))
                return named(e, QStringLiteral("cannot take %1 off the file system %2").arg(name, fs.name));
    return {};
}

Error TemporaryPool::remove(RadosClient &client, const QString &name)
{
    if (!name.startsWith(QLatin1String(BenchPool::kPrefix)))
        return Error(Error::Code::Unsafe,
            QStringLiteral("refusing to remove pool %1: the app did not create it").arg(name), name);
    Error e = detachFromFileSystems(client, name);
    if (!e && BenchPool::exists(client, name))
        e = BenchPool::remove(client, name);
    return e ? e : removePlacement(client, name); // the rule and profile stay with a pool that uses them
}

Error TemporaryPool::removePlacement(RadosClient &client, const QString &name)
{
    if (!name.startsWith(QLatin1String(BenchPool::kPrefix)))
        return Error(Error::Code::Unsafe,
            QStringLiteral("refusing to remove rule or profile %1: the app did not create it").arg(name), name);
    Error e;
    // The pool's own rule (replicated, or the one an EC pool made), then its profile;
    // ENOENT is success for both.
    if (const Error r = client.monCommand(
            {{QStringLiteral("prefix"), QStringLiteral("osd crush rule rm")}, {QStringLiteral("name"), name}}, nullptr))
        e = named(r, QStringLiteral("the CRUSH rule %1 is left").arg(name));
    if (const Error p = client.monCommand(
            {{QStringLiteral("prefix"), QStringLiteral("osd erasure-code-profile rm")}, {QStringLiteral("name"), name}},
            nullptr);
        p && !e)
        e = named(p, QStringLiteral("the erasure-code profile %1 is left").arg(name));
    return e;
}

QStringList TemporaryPool::sweepOrphanPlacements(RadosClient &client)
{
    auto names = [&](const char *prefix) {
        QByteArray out;
        QStringList list;
        if (client.monCommand(
                {{QStringLiteral("prefix"), QLatin1String(prefix)}, {QStringLiteral("format"), QStringLiteral("json")}},
                &out))
            return list;
        for (const QJsonValue &v : QJsonDocument::fromJson(out).array())
            if (v.toString().startsWith(QLatin1String(BenchPool::kPrefix)))
                list << v.toString();
        return list;
    };
    QStringList removed;
    QStringList candidates = names("osd crush rule ls") + names("osd erasure-code-profile ls");
    candidates.removeDuplicates();
    for (const QString &name : std::as_const(candidates))
        if (!BenchPool::exists(client, name) && !removePlacement(client, name))
            removed << name;
    return removed;
}

} // namespace cm
