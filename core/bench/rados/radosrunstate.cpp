// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/rados/radosrunstate.h"

#include "ceph/radosclient.h"
#include "ceph/radosobjectengine.h"

namespace cm {

RadosRunState::RadosRunState(CephConnectionSpec spec, QString pool, quint64 objectSize, int objects)
    : m_spec(std::move(spec))
    , m_set(std::move(pool), objectSize, objects)
{ }

QList<Leftover> RadosRunState::finish(Transport &, const std::function<void(const QString &)> &log)
{
    m_left = m_set.touchedCount();
    if (m_left == 0)
        return {};
    RadosClient client;
    m_error = client.connect(m_spec);
    if (!m_error)
        m_error = RadosObjectEngine::removeSet(client, m_set, &m_removed, &m_left);
    if (log && m_error)
        log(QStringLiteral("RADOS clean-up: removed %1 object(s) %2*, %3 left: %4")
                .arg(m_removed)
                .arg(m_set.prefix())
                .arg(m_left)
                .arg(m_error.toString()));
    else if (log)
        log(QStringLiteral("RADOS clean-up: removed %1 object(s) %2*").arg(m_removed).arg(m_set.prefix()));
    if (!m_error || m_left == 0)
        return {};
    Leftover l = Leftover::make(Leftover::Kind::Object, m_set.pool(), m_set.prefix() + QLatin1Char('*'));
    l.objects = m_left;
    return {l};
}

} // namespace cm
