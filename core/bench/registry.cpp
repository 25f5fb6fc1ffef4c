// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/registry.h"

#include "bench/cephfs/cephfskind.h"
#include "bench/diskfio/diskfiokind.h"
#include "bench/netiperf/netiperfkind.h"
#include "bench/osdlatency/osdlatencykind.h"
#include "bench/rados/radoskind.h"
#include "bench/rbd/rbdkind.h"
#include "bench/s3/s3kind.h"

namespace cm {

Registry &Registry::instance()
{
    static Registry r;
    return r;
}

void Registry::add(std::shared_ptr<RunnerKind> kind)
{
    for (const auto &k : std::as_const(m_kinds))
        if (k->id() == kind->id())
            return;
    MetricCatalog::instance().add(kind->metrics());
    MetricCatalog::instance().addOperations(kind->operations());
    m_kinds.append(std::move(kind));
}

std::shared_ptr<RunnerKind> Registry::kind(const QString &id) const
{
    for (const auto &k : m_kinds)
        if (k->id() == id)
            return k;
    return nullptr;
}

std::shared_ptr<RunnerKind> Registry::kindByName(const QString &name) const
{
    for (const auto &k : m_kinds)
        if (k->id() == name || k->aliases().contains(name))
            return k;
    return nullptr;
}

QStringList Registry::ids() const
{
    QStringList out;
    for (const auto &k : m_kinds)
        out << k->id();
    return out;
}

void registerBuiltinKinds()
{
    static const bool once = [] {
        Registry::instance().add(std::make_shared<DiskFioKind>());
        Registry::instance().add(std::make_shared<RbdKind>());
        Registry::instance().add(std::make_shared<OsdLatencyKind>());
        Registry::instance().add(std::make_shared<RadosKind>());
        Registry::instance().add(std::make_shared<NetIperfKind>());
        Registry::instance().add(std::make_shared<S3Kind>());
        Registry::instance().add(std::make_shared<CephFsKind>());
        return true;
    }();
    Q_UNUSED(once);
}

const MetricCatalog &metricCatalog()
{
    registerBuiltinKinds();
    return MetricCatalog::instance();
}

} // namespace cm
