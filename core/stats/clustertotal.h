// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The cluster total of one step run from several client nodes at once
// (docs/ARCHITECTURE.md §6): bandwidth, IOPS, bytes and ops are the sum over the
// clients; latency percentiles come from the clients' merged latency histograms, never
// from averaged percentiles. A client without a histogram leaves the total without
// percentiles (and says so) rather than with invented ones.
#include "stats/latencyhistogram.h"

#include <QJsonObject>
#include <QMap>
#include <QStringList>

#include <optional>

namespace cm {

// The node name of a step's cluster-total record; a plan's node may not be named so
// (Plan::fromJson refuses it).
inline QString clusterTotalNode()
{
    return QStringLiteral("(total)");
}

// One direction's figures of a step summary ("read", "write", "trim"), typed.
struct IoDirFigures {
    double bw = 0; // bytes/s
    double iops = 0;
    double ioBytes = 0;
    double totalIos = 0;
    double runtimeMs = 0;
    double latMeanNs = 0;
    double latMinNs = 0;
    double latMaxNs = 0;
    LatencyBins histogram; // empty: the summary carried none

    // nullopt when `v` is not such an object (no "iops" or "bw" number).
    static std::optional<IoDirFigures> fromJson(const QJsonValue &v);
    // With lat_p50/p99/p999 from the histogram (omitted when there is none).
    QJsonObject toJson() const;
};

struct ClientStepResult {
    QString client; // the node's display name
    bool completed = false; // failed or cancelled clients are not counted
    QJsonObject summary;
};

struct ClusterTotal {
    QMap<QString, IoDirFigures> dirs; // "read", "write", "trim"
    QStringList counted; // clients whose figures are in the total
    QStringList notCounted; // clients that failed, were cancelled or reported nothing
    bool latencyMerged = true; // false: some counted client had no histogram
    // When each counted client began measuring ("start_ms" of its summary, the node's
    // clock), as offsets from the first; spread = the largest. Empty: not known.
    QMap<QString, double> startOffsetsMs;
    double startSpreadMs() const;

    bool isEmpty() const { return dirs.isEmpty(); }
    // The step summary of the total: the same shape as a client's, plus "clients",
    // "counted_clients", "not_counted", "latency_merged", and when known
    // "start_offsets_ms" {client: ms} and "start_spread_ms".
    QJsonObject toSummary() const;
};

ClusterTotal sumClients(const QList<ClientStepResult> &clients);

} // namespace cm
