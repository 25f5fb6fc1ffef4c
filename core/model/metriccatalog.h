// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The metric catalogue (docs/ARCHITECTURE.md §5): what each metric name means, which
// chart draws it, with which label and line. The figures every kind shares (read and
// write bandwidth, IOPS, latency; CPU) are built in; a kind adds its own through
// RunnerKind::metrics() and RunnerKind::operations(). Live charts, exported charts,
// Results and compare read it instead of testing metric names.
#include "model/metric.h"

#include <QHash>
#include <QList>
#include <QString>

#include <utility>

namespace cm {

enum class MetricChart { None, Throughput, Ops, Latency, Cpu };
enum class MetricLine { Solid, Dash, Dot, DashDot, DashDotDot };

struct MetricSpec {
    MetricSpec(QString name_, metric::Unit unit_, MetricChart chart_, const char *label_,
        MetricLine line_ = MetricLine::Solid, QString direction_ = {})
        : name(std::move(name_))
        , unit(unit_)
        , chart(chart_)
        , label(label_)
        , line(line_)
        , direction(std::move(direction_))
    { }
    QString name; // "read.lat.p99"
    metric::Unit unit;
    MetricChart chart;
    const char *label; // legend text, translated in the context kMetricTextContext
    MetricLine line;
    QString direction; // "read", "write", or the kind's own word ("net"): one legend entry each
};

// A figure group in a step's summary that is an operation of its own rather than a
// read or write (CephFS create/stat/delete, S3 HEAD/DELETE/LIST): its rate, count and
// latency percentiles are at summary[group][name].
struct OperationSpec {
    QString group; // "meta"
    QString name; // "create"
    QString key; // "meta.create": its figures' keys start with it
    const char *label = ""; // "File create", translated in kMetricTextContext
};

inline constexpr char kMetricTextContext[] = "cm::MetricCatalog";

class MetricCatalog {
public:
    static MetricCatalog &instance();
    // A name already known keeps its first spec.
    void add(const QList<MetricSpec> &specs);
    void addOperations(const QList<OperationSpec> &ops);
    const MetricSpec *find(const QString &name) const;
    // The metrics in the order they were added (built-in first).
    const QList<MetricSpec> &metrics() const { return m_specs; }
    const QList<OperationSpec> &operations() const { return m_ops; }
    // Whether a summary figure key ("meta.create.iops") belongs to an operation.
    bool isOperationKey(const QString &figureKey) const;

private:
    MetricCatalog();
    QList<MetricSpec> m_specs;
    QHash<QString, qsizetype> m_index;
    QList<OperationSpec> m_ops;
};

// The five figures of one operation or direction, as kinds declare them:
// PREFIX.iops, PREFIX.lat.p50/.p99/.p99.9/.mean.
QList<MetricSpec> operationMetrics(const QString &prefix, const char *opsLabel, const char *p50Label,
    const char *p99Label, MetricLine line = MetricLine::Solid);

} // namespace cm
