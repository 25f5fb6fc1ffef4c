// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/usagestrip.h"

#include "model/metric.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cm {

namespace {

using Resource = UsageStripRow::Resource;
constexpr int kMaxRows = 2048;

// "net.<iface>.tx" → iface (an interface name may hold dots: eth0.100)
QString middle(const QString &m, QLatin1String prefix, QLatin1String suffix)
{
    if (!m.startsWith(prefix) || !m.endsWith(suffix) || m.size() <= prefix.size() + suffix.size())
        return {};
    return m.mid(prefix.size(), m.size() - prefix.size() - suffix.size());
}

QString key(Resource r, const QString &node, const QString &part, int direction = 0)
{
    return QString::number(int(r)) + QLatin1Char('\n') + node + QLatin1Char('\n') + part + QLatin1Char('\n')
        + QString::number(direction);
}

std::optional<Resource> resourceOf(BottleneckFinding::Kind k)
{
    using K = BottleneckFinding::Kind;
    switch (k) {
    case K::ClientCpu:
    case K::NodeCpu: return Resource::Cpu;
    case K::ClientCore:
    case K::NodeCore: return Resource::Core;
    case K::Nic: return Resource::Nic;
    case K::Disk: return Resource::Disk;
    case K::Osd: return Resource::Osd;
    case K::LatencyBound:
    case K::Nothing: break;
    }
    return std::nullopt;
}

// Whether any of a NIC's rows moved a byte.
template <typename Rows> bool carriedAny(const Rows &rows)
{
    for (const auto *r : rows)
        for (double v : r->sum)
            if (v > 0)
                return true;
    return false;
}

int osdNumber(const QString &target)
{
    bool ok = false;
    const int id = target.mid(4).toInt(&ok);
    return ok ? id : std::numeric_limits<int>::max();
}

} // namespace

int UsageStrip::rowOf(const BottleneckFinding &f) const
{
    const auto r = resourceOf(f.kind);
    for (int i = 0; r && i < rows.size(); ++i) {
        const UsageStripRow &row = rows.at(i);
        if (row.resource == *r && row.node == f.node && (*r == Resource::Osd || row.part == f.part))
            return i;
    }
    return -1;
}

void UsageStripBuilder::add(const SampleList &samples)
{
    for (const Sample &s : samples)
        add(s);
}

void UsageStripBuilder::add(const Sample &s)
{
    const QString &m = s.metric;
    if (!std::isfinite(s.value) || !std::isfinite(s.t) || s.t < 0 || s.value < 0)
        return;
    int row = -1;
    if (m == metric::CpuBusy)
        row = rowFor(Resource::Cpu, s.target, {});
    else if (m == metric::CpuBusiestCore)
        row = rowFor(Resource::Core, s.target, {});
    else if (m == metric::MemUsed)
        row = rowFor(Resource::Memory, s.target, {});
    else if (m == metric::OsdCommitLat && s.target.startsWith(QLatin1String("osd.")))
        row = rowFor(Resource::Osd, s.target, {});
    else if (const QString disk = middle(m, QLatin1String("disk."), QLatin1String(".util")); !disk.isEmpty())
        row = rowFor(Resource::Disk, s.target, disk);
    else if (QString speed = middle(m, QLatin1String("net."), QLatin1String(".speed"));
             !speed.isEmpty() || !(speed = middle(m, QLatin1String("net."), QLatin1String(".shaped"))).isEmpty()) {
        const QString k = s.target + QLatin1Char('\n') + speed;
        if (s.value > 0 && (!m_speeds.contains(k) || s.value < m_speeds.value(k)) && m_speeds.size() < kMaxRows)
            m_speeds.insert(k, s.value); // several sources: the lowest is what the link carries
        return;
    } else if (const QString tx = middle(m, QLatin1String("net."), QLatin1String(".tx")); !tx.isEmpty()) {
        row = rowFor(Resource::Nic, s.target, tx, 1);
    } else if (const QString rx = middle(m, QLatin1String("net."), QLatin1String(".rx")); !rx.isEmpty()) {
        row = rowFor(Resource::Nic, s.target, rx, 2);
    }
    if (row < 0)
        return;
    addValue(m_rows[row], s.t, s.value);
    // Ceph's latency is polled every 2 s and describes both seconds: no striped row.
    if (m_rows.at(row).resource == Resource::Osd && s.t >= 2)
        addValue(m_rows[row], s.t - 1, s.value);
}

int UsageStripBuilder::rowFor(Resource r, const QString &node, const QString &part, int direction)
{
    const QString k = key(r, node, part, direction);
    if (const auto it = m_index.constFind(k); it != m_index.cend())
        return *it;
    if (m_rows.size() >= kMaxRows)
        return -1;
    Row row {r, node, part, QList<double>(m_columns, 0.0), QList<int>(m_columns, 0), direction};
    m_rows << row;
    m_index.insert(k, int(m_rows.size() - 1));
    return int(m_rows.size() - 1);
}

// A monitor sample at t describes the second before t.
void UsageStripBuilder::addValue(Row &row, double t, double value)
{
    const qint64 second = qint64(std::ceil(t)) - 1;
    if (second < 0 || second > 30LL * 24 * 3600)
        return;
    while (second / qint64(m_bucket) >= kMaxColumns)
        mergeBuckets();
    const int c = int(second / qint64(m_bucket));
    if (c >= m_columns) {
        m_columns = c + 1;
        for (Row &r : m_rows) {
            r.sum.resize(m_columns, 0.0);
            r.count.resize(m_columns, 0);
        }
    }
    row.sum[c] += value;
    row.count[c] += 1;
}

void UsageStripBuilder::mergeBuckets()
{
    const int merged = (m_columns + 1) / 2;
    for (Row &r : m_rows) {
        for (int i = 0; i < merged; ++i) {
            const bool pair = 2 * i + 1 < m_columns;
            r.sum[i] = r.sum.at(2 * i) + (pair ? r.sum.at(2 * i + 1) : 0);
            r.count[i] = r.count.at(2 * i) + (pair ? r.count.at(2 * i + 1) : 0);
        }
        r.sum.resize(merged);
        r.count.resize(merged);
    }
    m_columns = merged;
    m_bucket *= 2;
}

void UsageStripBuilder::mark(const BottleneckFinding &f, double from, double to, bool join)
{
    const auto r = resourceOf(f.kind);
    if (!r || !(to > from))
        return;
    const QString part = *r == Resource::Osd ? QString() : f.part;
    if (join && !m_marks.isEmpty()) {
        Mark &last = m_marks.last();
        if (last.resource == *r && last.node == f.node && last.part == part && from <= last.to + 1.5) {
            last.to = std::max(last.to, to);
            return;
        }
    }
    if (m_marks.size() < 10000)
        m_marks << Mark {*r, f.node, part, from, to};
}

void UsageStripBuilder::addStep(const QString &label, double from, double to)
{
    if (m_steps.size() < 10000)
        m_steps << UsageStripStep {label, from, std::max(from, to)};
}

void UsageStripBuilder::setOsdPlaces(const QList<CephOsdMetadata> &osds)
{
    for (const CephOsdMetadata &o : osds) {
        QStringList where;
        if (!o.node.isEmpty())
            where << o.node;
        else if (!o.hostname.isEmpty())
            where << o.hostname;
        if (!o.devices.isEmpty())
            where << o.devices;
        m_osdPlaces.insert(metric::osdTarget(o.id), where.join(QStringLiteral(", ")));
    }
}

// One row on screen from its parts (a NIC's tx and rx: the larger in each bucket).
UsageStripRow UsageStripBuilder::shownRow(const QList<const Row *> &rows) const
{
    const Row &first = *rows.first();
    UsageStripRow row;
    row.resource = first.resource;
    row.node = first.node;
    row.part = first.resource == Resource::Osd ? m_osdPlaces.value(first.node) : first.part;
    if (first.resource == Resource::Nic)
        row.linkSpeed = m_speeds.value(first.node + QLatin1Char('\n') + first.part);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    row.cells.reserve(m_columns);
    for (int c = 0; c < m_columns; ++c) {
        double v = nan;
        for (const Row *r : rows)
            if (r->count.at(c) > 0)
                v = std::isnan(v) ? r->sum.at(c) / r->count.at(c) : std::max(v, r->sum.at(c) / r->count.at(c));
        if (first.resource == Resource::Nic)
            v = row.linkSpeed > 0 && !std::isnan(v) ? std::min(100.0, 100.0 * v / row.linkSpeed) : nan;
        row.cells << v;
    }
    return row;
}

UsageStrip UsageStripBuilder::strip() const
{
    UsageStrip out;
    out.bucketSeconds = m_bucket;
    out.columns = m_columns;
    QStringList nodes; // in the order they first reported
    for (const Row &r : m_rows)
        if (r.resource != Resource::Osd && !nodes.contains(r.node))
            nodes << r.node;
    QList<const Row *> order;
    for (const Row &r : m_rows)
        order << &r;
    std::stable_sort(order.begin(), order.end(), [&nodes](const Row *a, const Row *b) {
        const bool osdA = a->resource == Resource::Osd, osdB = b->resource == Resource::Osd;
        if (osdA || osdB)
            return osdA != osdB ? osdB : osdNumber(a->node) < osdNumber(b->node);
        if (a->node != b->node)
            return nodes.indexOf(a->node) < nodes.indexOf(b->node);
        if (a->resource != b->resource)
            return a->resource < b->resource;
        return a->part != b->part ? a->part < b->part : a->direction < b->direction;
    });
    // A NIC's tx and rx rows (adjacent after sorting) show as one.
    for (qsizetype i = 0; i < order.size();) {
        QList<const Row *> same {order.at(i)};
        while (++i < order.size() && order.at(i)->resource == Resource::Nic && same.first()->resource == Resource::Nic
            && order.at(i)->node == same.first()->node && order.at(i)->part == same.first()->part)
            same << order.at(i);
        const UsageStripRow row = shownRow(same);
        if (row.resource == Resource::Nic && row.linkSpeed <= 0 && !carriedAny(same))
            continue; // a down or unused interface with no speed: nothing to show
        out.rows << row;
    }
    for (const Mark &m : m_marks) {
        for (int i = 0; i < out.rows.size(); ++i) {
            const UsageStripRow &row = out.rows.at(i);
            if (row.resource == m.resource && row.node == m.node && (m.resource == Resource::Osd || row.part == m.part))
                out.marks << UsageStripMark {i, m.from, m.to};
        }
    }
    out.steps = m_steps;
    return out;
}

} // namespace cm
