// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/clustertotal.h"

#include <QJsonArray>

#include <algorithm>

namespace cm {

namespace {

const char *const kDirs[] = {"read", "write", "trim"};

LatencyBins binsFromJson(const QJsonObject &o)
{
    LatencyBins bins;
    for (auto it = o.begin(); it != o.end(); ++it) {
        bool ok = false;
        const quint64 ns = it.key().toULongLong(&ok);
        const double count = it.value().toDouble(-1);
        if (ok && count > 0 && count < 1e18)
            bins[ns] += quint64(count);
    }
    return bins;
}

void add(IoDirFigures &into, const IoDirFigures &from, bool first)
{
    const double ops = into.totalIos + from.totalIos;
    into.latMeanNs = ops > 0 ? (into.latMeanNs * into.totalIos + from.latMeanNs * from.totalIos) / ops : 0;
    into.latMinNs = first ? from.latMinNs : std::min(into.latMinNs, from.latMinNs);
    into.latMaxNs = std::max(into.latMaxNs, from.latMaxNs);
    into.bw += from.bw;
    into.iops += from.iops;
    into.ioBytes += from.ioBytes;
    into.totalIos = ops;
    into.runtimeMs = std::max(into.runtimeMs, from.runtimeMs);
    mergeBins(into.histogram, from.histogram);
}

// Offsets of the counted clients' "start_ms" from the earliest; empty unless all have one.
QMap<QString, double> startOffsets(const QList<ClientStepResult> &clients, const QStringList &counted)
{
    QMap<QString, double> starts;
    for (const ClientStepResult &c : clients) {
        const QJsonValue v = c.summary.value(QStringLiteral("start_ms"));
        if (counted.contains(c.client) && v.isDouble() && v.toDouble() > 0)
            starts.insert(c.client, v.toDouble());
    }
    if (starts.size() != counted.size() || starts.isEmpty())
        return {};
    const double first = *std::min_element(starts.cbegin(), starts.cend());
    for (double &t : starts)
        t -= first;
    return starts;
}

} // namespace

std::optional<IoDirFigures> IoDirFigures::fromJson(const QJsonValue &v)
{
    const QJsonObject o = v.toObject();
    if (!o.value(QStringLiteral("iops")).isDouble() || !o.value(QStringLiteral("bw")).isDouble())
        return std::nullopt;
    IoDirFigures f;
    f.bw = o.value(QStringLiteral("bw")).toDouble();
    f.iops = o.value(QStringLiteral("iops")).toDouble();
    f.ioBytes = o.value(QStringLiteral("io_bytes")).toDouble();
    f.totalIos = o.value(QStringLiteral("total_ios")).toDouble();
    f.runtimeMs = o.value(QStringLiteral("runtime_ms")).toDouble();
    f.latMeanNs = o.value(QStringLiteral("lat_mean_ns")).toDouble();
    f.latMinNs = o.value(QStringLiteral("lat_min_ns")).toDouble();
    f.latMaxNs = o.value(QStringLiteral("lat_max_ns")).toDouble();
    f.histogram = binsFromJson(o.value(QStringLiteral("histogram")).toObject());
    return f;
}

QJsonObject IoDirFigures::toJson() const
{
    QJsonObject o {{QStringLiteral("bw"), bw}, {QStringLiteral("iops"), iops}, {QStringLiteral("io_bytes"), ioBytes},
        {QStringLiteral("total_ios"), totalIos}, {QStringLiteral("runtime_ms"), runtimeMs},
        {QStringLiteral("lat_mean_ns"), latMeanNs}, {QStringLiteral("lat_min_ns"), latMinNs},
        {QStringLiteral("lat_max_ns"), latMaxNs}};
    if (histogram.isEmpty())
        return o;
    o.insert(QStringLiteral("lat_p50_ns"), binsPercentile(histogram, 50));
    o.insert(QStringLiteral("lat_p99_ns"), binsPercentile(histogram, 99));
    o.insert(QStringLiteral("lat_p999_ns"), binsPercentile(histogram, 99.9));
    QJsonObject bins;
    for (auto it = histogram.cbegin(); it != histogram.cend(); ++it)
        bins.insert(QString::number(it.key()), double(it.value()));
    o.insert(QStringLiteral("histogram"), bins);
    return o;
}

ClusterTotal sumClients(const QList<ClientStepResult> &clients)
{
    ClusterTotal total;
    for (const ClientStepResult &c : clients) {
        QMap<QString, IoDirFigures> dirs;
        for (const char *d : kDirs)
            if (const auto f = IoDirFigures::fromJson(c.summary.value(QLatin1String(d))))
                dirs.insert(QLatin1String(d), *f);
        if (!c.completed || dirs.isEmpty()) {
            total.notCounted << c.client;
            continue;
        }
        total.counted << c.client;
        for (auto it = dirs.cbegin(); it != dirs.cend(); ++it) {
            // A direction this client did not run, or ran without a histogram, leaves
            // the merged percentiles incomplete.
            if (it->histogram.isEmpty() && it->totalIos > 0)
                total.latencyMerged = false;
            const bool first = !total.dirs.contains(it.key());
            add(total.dirs[it.key()], *it, first);
        }
    }
    if (!total.latencyMerged)
        for (IoDirFigures &f : total.dirs)
            f.histogram.clear();
    total.startOffsetsMs = startOffsets(clients, total.counted);
    return total;
}

double ClusterTotal::startSpreadMs() const
{
    return startOffsetsMs.isEmpty() ? 0 : *std::max_element(startOffsetsMs.cbegin(), startOffsetsMs.cend());
}

QJsonObject ClusterTotal::toSummary() const
{
    QJsonObject o;
    if (!startOffsetsMs.isEmpty()) {
        QJsonObject offsets;
        for (auto it = startOffsetsMs.cbegin(); it != startOffsetsMs.cend(); ++it)
            offsets.insert(it.key(), *it);
        o.insert(QStringLiteral("start_offsets_ms"), offsets);
        o.insert(QStringLiteral("start_spread_ms"), startSpreadMs());
    }
    for (auto it = dirs.cbegin(); it != dirs.cend(); ++it)
        o.insert(it.key(), it->toJson());
    o.insert(QStringLiteral("clients"), int(counted.size() + notCounted.size()));
    o.insert(QStringLiteral("counted_clients"), QJsonArray::fromStringList(counted));
    o.insert(QStringLiteral("not_counted"), QJsonArray::fromStringList(notCounted));
    o.insert(QStringLiteral("latency_merged"), latencyMerged);
    return o;
}

} // namespace cm
