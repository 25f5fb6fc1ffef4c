// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in metrics every kind shares, and the catalogue's lookups.
#include "model/metriccatalog.h"

#include <QtGlobal>

namespace cm {

namespace {

QList<MetricSpec> sharedMetrics()
{
    using metric::Unit;
    const QString r = QStringLiteral("read"), w = QStringLiteral("write");
    return {
        {metric::ReadBw, Unit::BytesPerSec, MetricChart::Throughput, QT_TRANSLATE_NOOP("cm::MetricCatalog", "read"),
            MetricLine::Solid, r},
        // read and write differ by shade (ui/targetcolors.h); a dashed line is a p99
        {metric::WriteBw, Unit::BytesPerSec, MetricChart::Throughput, QT_TRANSLATE_NOOP("cm::MetricCatalog", "write"),
            MetricLine::Solid, w},
        {metric::ReadIops, Unit::OpsPerSec, MetricChart::Ops, QT_TRANSLATE_NOOP("cm::MetricCatalog", "read"),
            MetricLine::Solid, r},
        {metric::WriteIops, Unit::OpsPerSec, MetricChart::Ops, QT_TRANSLATE_NOOP("cm::MetricCatalog", "write"),
            MetricLine::Solid, w},
        {metric::ReadLatP50, Unit::Nanoseconds, MetricChart::Latency,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "read p50"), MetricLine::Solid, r},
        {metric::ReadLatP99, Unit::Nanoseconds, MetricChart::Latency,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "read p99"), MetricLine::Dash, r},
        {metric::WriteLatP50, Unit::Nanoseconds, MetricChart::Latency,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "write p50"), MetricLine::Solid, w},
        {metric::WriteLatP99, Unit::Nanoseconds, MetricChart::Latency,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "write p99"), MetricLine::Dash, w},
        {metric::ReadLatP999, Unit::Nanoseconds, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "read p99.9"), MetricLine::Dot, r},
        {metric::WriteLatP999, Unit::Nanoseconds, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "write p99.9"), MetricLine::Dot, w},
        {metric::ReadLatMean, Unit::Nanoseconds, MetricChart::None, QT_TRANSLATE_NOOP("cm::MetricCatalog", "read mean"),
            MetricLine::Solid, r},
        {metric::WriteLatMean, Unit::Nanoseconds, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "write mean"), MetricLine::Solid, w},
        {metric::CpuBusy, Unit::Percent, MetricChart::Cpu, QT_TRANSLATE_NOOP("cm::MetricCatalog", "CPU")},
        {metric::CpuIowait, Unit::Percent, MetricChart::None, QT_TRANSLATE_NOOP("cm::MetricCatalog", "CPU I/O wait")},
        {metric::CpuBusiestCore, Unit::Percent, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "busiest core")},
        {metric::MemUsed, Unit::Percent, MetricChart::None, QT_TRANSLATE_NOOP("cm::MetricCatalog", "memory used")},
        {metric::TotalClients, Unit::Other, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "clients counted")},
        {metric::OsdCommitLat, Unit::Nanoseconds, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "OSD commit latency")},
        {metric::OsdApplyLat, Unit::Nanoseconds, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "OSD apply latency")},
        {metric::PoolReadBw, Unit::BytesPerSec, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "pool read (Ceph)")},
        {metric::PoolWriteBw, Unit::BytesPerSec, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "pool write (Ceph)")},
        {metric::PoolReadIops, Unit::OpsPerSec, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "pool read ops (Ceph)")},
        {metric::PoolWriteIops, Unit::OpsPerSec, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "pool write ops (Ceph)")},
    };
}

} // namespace

MetricCatalog &MetricCatalog::instance()
{
    static MetricCatalog c;
    return c;
}

MetricCatalog::MetricCatalog()
{
    add(sharedMetrics());
}

void MetricCatalog::add(const QList<MetricSpec> &specs)
{
    for (const MetricSpec &s : specs) {
        if (m_index.contains(s.name))
            continue;
        m_index.insert(s.name, m_specs.size());
        m_specs.append(s);
    }
}

void MetricCatalog::addOperations(const QList<OperationSpec> &ops)
{
    for (const OperationSpec &o : ops) {
        bool known = false;
        for (const OperationSpec &have : std::as_const(m_ops))
            known = known || have.key == o.key;
        if (!known)
            m_ops.append(o);
    }
}

const MetricSpec *MetricCatalog::find(const QString &name) const
{
    const auto it = m_index.constFind(name);
    return it == m_index.constEnd() ? nullptr : &m_specs.at(*it);
}

bool MetricCatalog::isOperationKey(const QString &figureKey) const
{
    for (const OperationSpec &o : m_ops)
        if (figureKey == o.key || figureKey.startsWith(o.key + QLatin1Char('.')))
            return true;
    return false;
}

QList<MetricSpec> operationMetrics(
    const QString &prefix, const char *opsLabel, const char *p50Label, const char *p99Label, MetricLine line)
{
    using metric::Unit;
    const MetricLine p99Line = line == MetricLine::Solid ? MetricLine::Dash : line;
    return {
        {prefix + QStringLiteral(".iops"), Unit::OpsPerSec, MetricChart::Ops, opsLabel, line, prefix},
        {prefix + QStringLiteral(".lat.p50"), Unit::Nanoseconds, MetricChart::Latency, p50Label, line, prefix},
        {prefix + QStringLiteral(".lat.p99"), Unit::Nanoseconds, MetricChart::Latency, p99Label, p99Line, prefix},
        {prefix + QStringLiteral(".lat.p99.9"), Unit::Nanoseconds, MetricChart::None, p99Label, MetricLine::Dot,
            prefix},
        {prefix + QStringLiteral(".lat.mean"), Unit::Nanoseconds, MetricChart::None, p50Label, line, prefix},
    };
}

} // namespace cm
