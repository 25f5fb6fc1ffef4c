// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/runpools.h"

#include "ceph/benchpool.h"
#include "ceph/temporarypool.h"

namespace cm {

Error RunPools::create(const CephConnectionSpec &spec, const QList<TemporaryPoolRequest> &requests,
    const CancelToken &cancel, const Log &log)
{
    if (requests.isEmpty())
        return {};
    if (Error e = m_client.connect(spec)) {
        e.message = QStringLiteral("temporary pools are made from this machine, which cannot reach the cluster: %1")
                        .arg(e.message);
        return e;
    }
    for (const TemporaryPoolRequest &r : requests) { // every layout fits before any pool is made
        Error e;
        const TemporaryPool::Capacity cap
            = TemporaryPool::capacity(m_client, r.layout.failureDomain, r.layout.deviceClass, &e);
        if (e || (e = TemporaryPool::checkFits(r.layout, cap)))
            return e;
    }
    for (const TemporaryPoolRequest &r : requests) {
        const QString name = BenchPool::randomName(QLatin1String(BenchPool::kPrefix));
        if (log)
            log(QStringLiteral("creating the temporary pool %1 (%2, for %3)").arg(name, r.layout.describe(), r.field));
        if (const Error e = TemporaryPool::create(m_client, name, r, cancel)) {
            remove(log);
            return e;
        }
        m_made.append({r, name});
        m_summary.append(QJsonObject {{QStringLiteral("field"), r.field}, {QStringLiteral("pool"), name},
            {QStringLiteral("layout"), r.layout.toJson()}, {QStringLiteral("describe"), r.layout.describe()}});
    }
    return {};
}

QJsonObject RunPools::applyTo(QJsonObject target) const
{
    target.remove(QStringLiteral("temporaryPool"));
    for (const Made &m : m_made)
        target.insert(m.request.field, m.name);
    return target;
}

QJsonArray RunPools::toJson() const
{
    return m_summary;
}

QList<Leftover> RunPools::remove(const Log &log)
{
    QList<Leftover> left;
    while (!m_made.isEmpty()) {
        const Made m = m_made.takeLast();
        if (const Error e = TemporaryPool::remove(m_client, m.name)) {
            left << Leftover::make(Leftover::Kind::Pool, QString(), m.name);
            if (log)
                log(e.message);
        } else if (log) {
            log(QStringLiteral("removed the temporary pool %1").arg(m.name));
        }
    }
    return left;
}

} // namespace cm
