// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/rbd/rbdoptions.h"

#include "bench/planbuilder.h"
#include "bench/scaling.h"
#include "model/leftover.h"
#include "model/paramreader.h"

namespace cm {

namespace {

const QString kKind = QStringLiteral("rbd");

Error readTemporaryPool(const QJsonObject &target, RbdTarget *t)
{
    Error e;
    if (!PoolLayout::readTargetField(target, kKind, &t->temporaryPool, &e))
        return e;
    if (!t->dataPool.isEmpty())
        return Error(Error::Code::InvalidInput,
            QStringLiteral("target: a temporary pool and a data pool cannot both be given: the temporary EC pool is "
                           "the data pool"),
            kKind);
    t->temporary = true;
    t->pool = RbdTarget::temporaryPlaceholder(false);
    if (t->temporaryPool.isErasure())
        t->dataPool = RbdTarget::temporaryPlaceholder(true);
    return {};
}

} // namespace

QString RbdTarget::temporaryPlaceholder(bool data)
{
    return Leftover::prefix() + (data ? QStringLiteral("DATA") : QStringLiteral("POOL"));
}

RbdTarget RbdTarget::read(const QJsonObject &target, Error *error)
{
    RbdTarget t;
    ParamReader r(target, QStringLiteral("target"), kKind);
    r.allowOnly(QStringList {QStringLiteral("engine"), QStringLiteral("pool"), QStringLiteral("imageSize"),
                    QStringLiteral("cache"), QStringLiteral("dataPool"), QStringLiteral("temporaryPool")}
        + cephTargetKeys());
    const QString engine = r.choice(QStringLiteral("engine"), QStringLiteral("fio"),
        {QStringLiteral("fio"), QStringLiteral("native"), QStringLiteral("krbd"), QStringLiteral("nbd")});
    t.engine = engine == QLatin1String("native") ? Engine::Native
        : engine == QLatin1String("krbd")        ? Engine::Krbd
        : engine == QLatin1String("nbd")         ? Engine::Nbd
                                                 : Engine::Fio;
    t.pool = r.text(QStringLiteral("pool"), QString(), 256);
    if (r.ok() && !isCephName(t.pool) && !target.contains(QStringLiteral("temporaryPool")))
        r.fail(QStringLiteral("pool name \"%1\" is not valid (letters, digits, '_', '.' and '-')").arg(t.pool));
    t.dataPool = r.text(QStringLiteral("dataPool"), QString(), 256);
    if (r.ok() && !t.dataPool.isEmpty() && !isCephName(t.dataPool))
        r.fail(
            QStringLiteral("data pool name \"%1\" is not valid (letters, digits, '_', '.' and '-')").arg(t.dataPool));
    t.imageSize = r.size(QStringLiteral("imageSize"), t.imageSize, 1 << 20, qint64(1) << 50);
    // "writeback": the cluster's setting everywhere; "": off for the QD1 rows only.
    const QString cache = r.text(QStringLiteral("cache"), {}, 32);
    if (!cache.isEmpty() && cache != QLatin1String("writeback") && cache != QLatin1String("off"))
        r.fail(QStringLiteral("cache \"%1\" is not valid (off, writeback, or empty: off for QD1 steps)").arg(cache));
    t.cache = cache == QLatin1String("off")   ? Cache::Off
        : cache == QLatin1String("writeback") ? Cache::Cluster
                                              : Cache::Default;
    t.connection = readCephConnection(r);
    *error = r.error();
    if (!*error)
        *error = readTemporaryPool(target, &t);
    return t;
}

QJsonObject RbdTarget::toJson() const
{
    QJsonObject o = connection.toJson();
    o.insert(QStringLiteral("client"), clientId());
    o.insert(QStringLiteral("engine"), engineName());
    if (!temporary)
        o.insert(QStringLiteral("pool"), pool);
    o.insert(QStringLiteral("imageSize"), imageSize);
    if (temporary)
        o.insert(QStringLiteral("temporaryPool"), temporaryPool.toJson());
    else if (!dataPool.isEmpty())
        o.insert(QStringLiteral("dataPool"), dataPool);
    if (cache != Cache::Default)
        o.insert(QStringLiteral("cache"), cache == Cache::Off ? QStringLiteral("off") : QStringLiteral("writeback"));
    return o;
}

QString RbdTarget::engineName() const
{
    switch (engine) {
    case Engine::Fio: return QStringLiteral("fio");
    case Engine::Native: return QStringLiteral("native");
    case Engine::Krbd: return QStringLiteral("krbd");
    case Engine::Nbd: return QStringLiteral("nbd");
    }
    return {};
}

QString RbdTarget::clientId() const
{
    const QString prefix = QStringLiteral("client.");
    return connection.clientName.startsWith(prefix) ? connection.clientName.mid(prefix.size()) : connection.clientName;
}

quint64 RbdTarget::imageBytes() const
{
    return quint64(qMax<qint64>(0, sizeTextBytes(imageSize)));
}

bool RbdTarget::cacheOffFor(const RbdStepOptions &step) const
{
    if (kernelClient()) // librbd's cache is not in the kernel's path; fio writes with direct=1
        return true;
    if (!step.cache.isEmpty())
        return step.cache == QLatin1String("off");
    return cache == Cache::Off || (cache == Cache::Default && step.iodepth == 1);
}

RbdStepOptions RbdStepOptions::read(const PlanStep &step, Error *error)
{
    RbdStepOptions o;
    ParamReader r(step.params, QStringLiteral("step %1").arg(step.id), kKind);
    r.allowOnly({QStringLiteral("rw"), QStringLiteral("bs"), QStringLiteral("iodepth"), QStringLiteral("runtime"),
        QStringLiteral("numjobs"), QStringLiteral("cache"),
        scaling::kClientsKey}); // "clients": checked with the plan's nodes
    if (r.integer(QStringLiteral("numjobs"), 1, 1, 256) != 1)
        r.fail(QStringLiteral("\"numjobs\" must be 1: an RBD step runs one job on one image per node"));
    if (!step.params.contains(QStringLiteral("rw")) || !step.params.contains(QStringLiteral("bs")))
        r.fail(QStringLiteral("\"rw\" and \"bs\" are needed"));
    o.rw = r.choice(QStringLiteral("rw"), QStringLiteral("read"),
        {QStringLiteral("read"), QStringLiteral("write"), QStringLiteral("randread"), QStringLiteral("randwrite"),
            QStringLiteral("rw"), QStringLiteral("randrw")});
    o.bs = r.size(QStringLiteral("bs"), QStringLiteral("4k"), 512, qint64(64) << 20);
    o.iodepth = r.integer(QStringLiteral("iodepth"), 1, 1, 1024);
    o.runtimeSec = r.integer(QStringLiteral("runtime"), 30, 1, 86400, QStringLiteral("s"));
    if (step.params.contains(QStringLiteral("cache")))
        o.cache = r.choice(QStringLiteral("cache"), QString(), {QStringLiteral("off"), QStringLiteral("writeback")});
    *error = r.error();
    return o;
}

QJsonObject RbdStepOptions::toJson() const
{
    QJsonObject o {{QStringLiteral("rw"), rw}, {QStringLiteral("bs"), bs}, {QStringLiteral("iodepth"), iodepth},
        {QStringLiteral("runtime"), runtimeSec}};
    if (!cache.isEmpty())
        o.insert(QStringLiteral("cache"), cache);
    return o;
}

bool RbdStepOptions::reads() const
{
    return rw.contains(QLatin1String("read")) || rw.endsWith(QLatin1String("rw"));
}

quint64 RbdStepOptions::blockBytes() const
{
    return quint64(qMax<qint64>(0, sizeTextBytes(bs)));
}

} // namespace cm
