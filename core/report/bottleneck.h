// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What limited a step (docs/ARCHITECTURE.md §4): from what the node monitor and the
// Ceph poller sampled over the step's measured interval (the median of each resource's
// per-second samples), the first of
// - a client's CPU, in total (≥ 85 % busy) or on one core (busiest core ≥ 90 %):
//   named first, because then the figure is the client's and not the cluster's;
// - a NIC at its link speed (tx or rx ≥ 90 % of the speed the node reports);
// - a disk at ≥ 95 % utilisation;
// - another watched node's CPU;
// - an OSD whose commit latency is an outlier (≥ 2× the median of the others, ≥ 1 ms);
// and when nothing is saturated, "latency-bound" for one I/O in flight (QD1), else
// "nothing the app watches was saturated". Every finding is kept as evidence, the
// most saturated first within its rank.
#include "model/sample.h"
#include "parse/cephosdmap.h"
#include "store/sessionstore.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <optional>

namespace cm {

// Means and peaks of the resources watched over one interval; fed every sample.
class UsageWindow {
public:
    // A monitor sample at time t describes the second before t.
    static constexpr double kSampleSeconds = 1.0;

    void add(const Sample &s); // ignored when s.t is before the window's start
    void add(const SampleList &samples);
    void clear() { restart(0); }
    // Empties the window; from now on only samples at or after `from` count (a
    // sample whose second began before the step measured does not describe it).
    // A link's speed is sent when it changes, so it is kept across windows and taken
    // whatever its time.
    void restart(double from);
    bool isEmpty() const { return m_series.isEmpty(); }

    // One resource over the window: its samples (at most kMaxSamples, the newest) and
    // their median without the first and the last (with five or more), which a ramp-up
    // or wind-down second at either end does not move.
    struct Series {
        QList<double> values;
        double last = 0;
        double typical() const;
    };
    static constexpr int kMaxSamples = 3600;
    // target → metric → series
    const QHash<QString, QHash<QString, Series>> &series() const { return m_series; }

private:
    QHash<QString, QHash<QString, Series>> m_series;
    double m_from = 0;
};

struct BottleneckFinding {
    enum class Kind { ClientCpu, ClientCore, Nic, Disk, NodeCpu, NodeCore, Osd, LatencyBound, Nothing };
    Kind kind = Kind::Nothing;
    QString node; // the node, or "osd.N"
    QString part; // the NIC or disk; for an OSD, where Ceph says it lives ("host vm, vda")
    double value = 0; // % busy, bytes/s, or ns
    double limit = 0; // the threshold or the link speed (bytes/s), or the OSDs' median (ns)

    static QString kindId(Kind k); // "client-cpu", "nic", … (JSON)
    static std::optional<Kind> kindOf(const QString &id);
};

class Bottleneck {
    Q_DECLARE_TR_FUNCTIONS(cm::Bottleneck)
public:
    static constexpr double kCpuBusy = 85; // sampled once a second: the gaps between ops read as idle
    static constexpr double kCoreBusy = 90;
    static constexpr double kLinkShare = 0.9;
    static constexpr double kDiskUtil = 95;
    static constexpr double kOsdFactor = 2;
    static constexpr double kOsdFloorNs = 1e6;

    QList<BottleneckFinding> findings; // the first is what limited the step
    bool isEmpty() const { return findings.isEmpty(); }
    const BottleneckFinding &named() const { return findings.first(); }

    // clients: the nodes that ran the step's load; oneInFlight: a QD1 step.
    static Bottleneck find(const UsageWindow &usage, const QStringList &clients, bool oneInFlight);

    QJsonObject toJson() const; // step summary "bottleneck"
    static std::optional<Bottleneck> fromJson(const QJsonValue &v);
    // "limited by this machine's CPU: 97 % busy (a client: the figure is the client's)"
    static QString text(const BottleneckFinding &f, bool translated);
    QString text(bool translated) const { return isEmpty() ? QString() : text(named(), translated); }
};

// Where an OSD lives, for its finding: "host vm, vda", or when its host is one of the
// app's nodes, "node pve2 (host pve2), vdb at 97 % utilisation" from the window's
// disk samples of that node.
QString osdPlace(const CephOsdMetadata &osd, const UsageWindow &usage);

// One line per step and repetition that carries a bottleneck (the cluster total's when
// there is one): "4k QD1 random write: limited by …" (translated for the UI, English for
// the exports).
QStringList bottleneckLines(const QList<StepRecord> &steps, bool translated);

} // namespace cm
