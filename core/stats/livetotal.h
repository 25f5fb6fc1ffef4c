// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The live cluster total of one step run from several clients at once: for each
// interval, the sum of the clients' bandwidth and IOPS and the percentiles of their
// merged interval histograms (never averaged percentiles), as samples of the target
// clusterTotalNode(). The clients start together (engine/startgate.h), so their k-th
// intervals cover the same second; interval k is complete when every client still
// running has reported it. A client that ended (done, failed, lost) is not waited for:
// later intervals count the others, and "total.clients" says how many were counted.
// Thread-safe: the clients' worker threads call add() at once.
#include "model/sample.h"
#include "stats/latencyhistogram.h"

#include <QMap>
#include <QSet>
#include <QStringList>

#include <mutex>

namespace cm {

// One client's figures over one interval (fio's differenced status report).
struct ClientInterval {
    QString client; // the client node's display name
    bool read = true; // direction: read or write
    double t = 0; // when it arrived, on the run's time axis
    double bwBytesPerSec = 0;
    double iops = 0;
    quint64 ios = 0;
    double latMeanNs = 0; // weighted by latSamples when merging
    quint64 latSamples = 0;
    LatencyBins bins; // empty: this client gives no percentiles for the interval
};

class LiveTotal {
public:
    LiveTotal(int step, const QStringList &clients);
    // The total's samples of every interval this completes (usually none or one).
    SampleList add(const ClientInterval &interval);
    // The client ended: intervals it did not report are completed without it.
    SampleList clientEnded(const QString &client);

private:
    struct Slot {
        QMap<QString, ClientInterval> byClient;
    };
    SampleList flushComplete(bool read);
    SampleList totalOf(const Slot &slot, bool read);

    std::mutex m_mutex;
    int m_step;
    QSet<QString> m_running;
    QMap<QString, int> m_next[2]; // per direction: client → its next interval index
    QMap<int, Slot> m_slots[2]; // per direction: interval index → reports so far
    int m_emitted[2] = {0, 0}; // per direction: intervals already emitted
    LatencyBins m_soFar[2]; // per direction: every binned interval emitted, merged
    bool m_soFarComplete[2] = {true, true}; // false once an interval had no bins
};

} // namespace cm
