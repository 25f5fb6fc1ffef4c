// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/stepcrosscheck.h"

#include <QElapsedTimer>
#include <QThread>

namespace cm {

StepCrossCheck::StepCrossCheck(CephPoller &poller, CrossCheckPools spec, CancelToken cancel)
    : m_poller(poller)
    , m_spec(std::move(spec))
    , m_cancel(std::move(cancel))
{ }

CephPoller::PoolReading StepCrossCheck::read()
{
    auto f = m_poller.poolCounters(m_spec.pools);
    return f.get(); // the poller answers every request, also when it stops
}

void StepCrossCheck::prepare()
{
    std::lock_guard lock(m_mutex);
    m_before = read().counts;
}

void StepCrossCheck::begin()
{
    std::lock_guard lock(m_mutex);
    if (m_begun)
        return;
    m_begun = true;
    CephPoller::PoolReading r = read();
    if (!r.error && m_spec.measuresWrites && r.counts.writeBytes != m_before.writeBytes) {
        // The set-up wrote: wait until Ceph has counted all of it.
        QElapsedTimer quiet, total;
        quiet.start();
        total.start();
        while (!m_cancel.isCancelled() && quiet.elapsed() < kStartQuietMs && total.elapsed() < 2 * kStartQuietMs) {
            QThread::msleep(kPollMs);
            const CephPoller::PoolReading now = read();
            if (now.error)
                break;
            if (!(now.counts == r.counts)) {
                r.counts = now.counts;
                quiet.restart();
            }
        }
    }
    m_start = r.counts;
    m_pools = r.pools;
    m_startError = r.error;
}

bool StepCrossCheck::caughtUp(const IoCounts &delta, const IoCounts &client) const
{
    constexpr double kNear = 0.995;
    return delta.readBytes >= kNear * client.readBytes && delta.writeBytes >= kNear * client.writeBytes;
}

std::optional<CrossCheck> StepCrossCheck::finish(const IoCounts &client, QString *why)
{
    std::lock_guard lock(m_mutex);
    if (!m_begun) {
        *why = QStringLiteral("no cross-check: the step never started measuring");
        return std::nullopt;
    }
    if (client.readBytes <= 0 && client.writeBytes <= 0)
        return std::nullopt; // nothing moved bytes (a stat step, or every client failed)
    if (m_startError) {
        *why = QStringLiteral("no cross-check: %1").arg(m_startError.message);
        return std::nullopt;
    }
    QElapsedTimer total, quiet;
    total.start();
    quiet.start();
    IoCounts last;
    QStringList pools = m_pools;
    bool first = true;
    bool settled = false;
    while (!m_cancel.isCancelled()) {
        const CephPoller::PoolReading r = read();
        if (r.error) {
            *why = QStringLiteral("no cross-check: %1").arg(r.error.message);
            return std::nullopt;
        }
        const IoCounts &now = r.counts;
        pools = r.pools;
        if (first || !(now == last))
            quiet.restart();
        first = false;
        last = now;
        if (caughtUp(now - m_start, client)) {
            QThread::msleep(kPollMs); // one more read, for a count that overshoots
            const CephPoller::PoolReading after = read();
            if (!after.error)
                last = after.counts;
            settled = true;
            break;
        }
        if (quiet.elapsed() >= kQuietMs) {
            settled = true; // still, and short of the clients' count
            break;
        }
        if (total.elapsed() >= kMaxWaitMs)
            break;
        QThread::msleep(kPollMs);
    }
    if (m_cancel.isCancelled()) {
        *why = QStringLiteral("no cross-check: cancelled");
        return std::nullopt;
    }
    if (pools.isEmpty()) {
        *why = QStringLiteral("no cross-check: no pool found for %1").arg(m_spec.pools.join(QLatin1Char(' ')));
        return std::nullopt;
    }
    CrossCheckPools named = m_spec;
    named.pools = pools;
    return judgeCrossCheck(named, client, last - m_start, settled);
}

} // namespace cm
