// SPDX-License-Identifier: GPL-3.0-or-later
#include "live/columnstore.h"

#include <algorithm>
#include <cmath>

namespace cm::ui {

void ColumnStore::setColumns(int columns)
{
    // one bucket per two pixel columns: each draws as a vertical min–max stroke, and
    // every point costs the chart a stroke computation on each update
    m_columns = std::max(16, columns / 2);
    while (m_buckets.size() > m_columns)
        widen();
}

void ColumnStore::clear()
{
    m_buckets.clear();
    m_origin = 0;
    m_width = 0.05;
    m_received = 0;
    m_last = {};
    m_changes = {};
}

void ColumnStore::touch(qsizetype bucket)
{
    if (m_changes.firstBucket < 0 || bucket < m_changes.firstBucket)
        m_changes.firstBucket = bucket;
}

void ColumnStore::append(const QList<QPointF> &points)
{
    for (const QPointF &p : points) {
        if (!std::isfinite(p.x()))
            continue;
        ++m_received;
        m_last = p;
        if (m_buckets.isEmpty())
            m_origin = p.x();
        // the small epsilon keeps x = k * interval in bucket k despite rounding
        const qint64 index = std::max<qint64>(0, qint64(std::floor((p.x() - m_origin) / m_width + 1e-9)));
        if (m_buckets.isEmpty() || index > m_buckets.last().index) {
            m_buckets.append(Bucket {index, p, p, 1});
            touch(m_buckets.size() - 1);
            if (m_buckets.size() > m_columns)
                widen();
            continue;
        }
        Bucket &b = m_buckets.last();
        ++b.n;
        if (p.y() < b.lo.y())
            b.lo = p;
        else if (p.y() > b.hi.y())
            b.hi = p;
        touch(m_buckets.size() - 1); // its extremes, or the line's last point, moved
    }
}

void ColumnStore::widen()
{
    while (m_buckets.size() > m_columns) {
        m_width *= 2;
        QList<Bucket> merged;
        merged.reserve(m_buckets.size() / 2 + 1);
        for (const Bucket &b : std::as_const(m_buckets)) {
            const qint64 index = b.index / 2;
            if (!merged.isEmpty() && merged.last().index == index) {
                Bucket &m = merged.last();
                if (b.lo.y() < m.lo.y())
                    m.lo = b.lo;
                if (b.hi.y() > m.hi.y())
                    m.hi = b.hi;
                m.n += b.n;
            } else {
                merged.append(Bucket {index, b.lo, b.hi, b.n});
            }
        }
        m_buckets.swap(merged);
    }
    m_changes.rebuilt = true;
}

QList<QPointF> ColumnStore::pointsFrom(qsizetype fromBucket, double yDivisor) const
{
    const double d = yDivisor == 0 ? 1.0 : yDivisor;
    QList<QPointF> out;
    out.reserve(2 * (m_buckets.size() - std::max<qsizetype>(0, fromBucket)));
    for (qsizetype i = std::max<qsizetype>(0, fromBucket); i < m_buckets.size(); ++i) {
        const Bucket &b = m_buckets.at(i);
        const QPointF &first = b.lo.x() <= b.hi.x() ? b.lo : b.hi;
        const QPointF &second = b.lo.x() <= b.hi.x() ? b.hi : b.lo;
        out.append(QPointF(first.x(), first.y() / d));
        if (second != first)
            out.append(QPointF(second.x(), second.y() / d));
    }
    // The line reaches its latest point, not only its last bucket's extremes.
    if (!out.isEmpty() && m_last.x() > out.last().x())
        out.append(QPointF(m_last.x(), m_last.y() / d));
    return out;
}

QList<QPointF> ColumnStore::points(double yDivisor) const
{
    return pointsFrom(0, yDivisor);
}

ColumnStore::Changes ColumnStore::takeChanges()
{
    const Changes c = m_changes;
    m_changes = {};
    return c;
}

} // namespace cm::ui
