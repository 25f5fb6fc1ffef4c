// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/livetotal.h"

#include "model/metric.h"
#include "stats/clustertotal.h"

#include <algorithm>

namespace cm {

LiveTotal::LiveTotal(int step, const QStringList &clients)
    : m_step(step)
    , m_running(clients.cbegin(), clients.cend())
{ }

SampleList LiveTotal::add(const ClientInterval &interval)
{
    std::lock_guard lock(m_mutex);
    const int d = interval.read ? 0 : 1;
    const int index = m_next[d][interval.client]++;
    if (index < m_emitted[d])
        return {}; // too late: that second was already counted without it
    m_slots[d][index].byClient.insert(interval.client, interval);
    return flushComplete(interval.read);
}

SampleList LiveTotal::clientEnded(const QString &client)
{
    std::lock_guard lock(m_mutex);
    m_running.remove(client);
    return flushComplete(true) + flushComplete(false);
}

SampleList LiveTotal::flushComplete(bool read)
{
    const int d = read ? 0 : 1;
    SampleList out;
    while (!m_slots[d].isEmpty() && m_slots[d].firstKey() == m_emitted[d]) {
        const Slot &slot = m_slots[d].first();
        bool complete = true;
        for (const QString &c : std::as_const(m_running))
            complete = complete && slot.byClient.contains(c);
        if (!complete)
            break;
        out += totalOf(slot, read);
        m_slots[d].erase(m_slots[d].begin());
        ++m_emitted[d];
    }
    return out;
}

SampleList LiveTotal::totalOf(const Slot &slot, bool read)
{
    double t = 0, bw = 0, iops = 0, meanSum = 0;
    quint64 meanWeight = 0;
    LatencyBins merged;
    bool allBinned = true;
    for (const ClientInterval &c : slot.byClient) {
        t = std::max(t, c.t);
        bw += c.bwBytesPerSec;
        iops += c.iops;
        meanSum += c.latMeanNs * double(c.latSamples);
        meanWeight += c.latSamples;
        allBinned = allBinned && (!c.bins.isEmpty() || c.ios == 0);
        mergeBins(merged, c.bins);
    }
    SampleList out;
    auto add = [&](const QString &metric, double v) { out << Sample {m_step, clusterTotalNode(), metric, t, v}; };
    add(read ? metric::ReadBw : metric::WriteBw, bw);
    add(read ? metric::ReadIops : metric::WriteIops, iops);
    if (read || m_next[0].isEmpty()) // once per interval, also for write-only steps
        add(metric::TotalClients, double(slot.byClient.size()));
    if (meanWeight > 0)
        add(read ? metric::ReadLatMean : metric::WriteLatMean, meanSum / double(meanWeight));
    if (allBinned && !merged.isEmpty()) {
        add(read ? metric::ReadLatP50 : metric::WriteLatP50, binsPercentile(merged, 50));
        add(read ? metric::ReadLatP99 : metric::WriteLatP99, binsPercentile(merged, 99));
        add(read ? metric::ReadLatP999 : metric::WriteLatP999, binsPercentile(merged, 99.9));
    }
    // The step so far over all clients: only while every interval had bins (else the
    // merged figure would leave some I/Os out).
    const int d = read ? 0 : 1;
    m_soFarComplete[d] = m_soFarComplete[d] && (allBinned || merged.isEmpty());
    mergeBins(m_soFar[d], merged);
    if (m_soFarComplete[d] && !m_soFar[d].isEmpty()) {
        add(metric::stepSoFar(read ? metric::ReadLatP50 : metric::WriteLatP50), binsPercentile(m_soFar[d], 50));
        add(metric::stepSoFar(read ? metric::ReadLatP99 : metric::WriteLatP99), binsPercentile(m_soFar[d], 99));
    }
    return out;
}

} // namespace cm
