// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/radosobjectset.h"

#include "ceph/radosobjectengine.h"

#include <QRandomGenerator>

namespace cm {

RadosObjectSet::RadosObjectSet(QString pool, quint64 objectSize, int objects)
    : m_pool(std::move(pool))
    , m_prefix(newPrefix())
    , m_objectSize(objectSize)
    , m_objects(qMax(0, objects))
    , m_touched(size_t(m_objects), 0)
    , m_whole(size_t(m_objects), 0)
{ }

QString RadosObjectSet::newPrefix()
{
    return QLatin1String(RadosObjectEngine::kObjectPrefix)
        + QString::number(QRandomGenerator::global()->generate64() & 0xffffffffffffull, 16)
              .rightJustified(12, QLatin1Char('0'))
        + QLatin1Char('-');
}

void RadosObjectSet::flags(std::vector<char> *touched, std::vector<char> *whole) const
{
    std::lock_guard lock(m_mutex);
    *touched = m_touched;
    *whole = m_whole;
}

void RadosObjectSet::merge(const std::vector<char> &touched, const std::vector<char> &whole)
{
    std::lock_guard lock(m_mutex);
    for (size_t i = 0; i < m_touched.size() && i < touched.size(); ++i)
        m_touched[i] = char(m_touched[i] | touched[i]);
    for (size_t i = 0; i < m_whole.size() && i < whole.size(); ++i)
        m_whole[i] = char(m_whole[i] | whole[i]);
}

void RadosObjectSet::forget(const std::vector<char> &gone)
{
    std::lock_guard lock(m_mutex);
    for (size_t i = 0; i < m_touched.size() && i < gone.size(); ++i)
        if (gone[i])
            m_touched[i] = m_whole[i] = 0;
}

quint64 RadosObjectSet::touchedCount() const
{
    std::lock_guard lock(m_mutex);
    quint64 n = 0;
    for (char c : m_touched)
        n += c ? 1 : 0;
    return n;
}

} // namespace cm
