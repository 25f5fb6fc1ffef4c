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

std::pair<IoCounts, Error> StepCrossCheck::read()
{
    auto f = m_poller.poolCounters(m_spec.pools);
    return f.get(); // the poller answers every request, also when it stops
}

void StepCrossCheck::begin(bool settle)
{
    std::lock_guard lock(m_mutex);
    if (m_begun)
        return;
    m_begun = true;
    auto [counts, error] = read();
    if (settle && !error) {
        // A prefill just written may not be counted yet: wait until the count is still.
        QElapsedTimer quiet, total;
        quiet.start();
        total.start();
        while (!m_cancel.isCancelled() && quiet.elapsed() < kStartQuietMs && total.elapsed() < 2 * kStartQuietMs) {
            QThread::msleep(kPollMs);
            const auto [now, e] = read();
            if (e)
                break;
            if (!(now == counts)) {
                counts = now;
                quiet.restart();
            }
        }
    }
    m_start = counts;
    m_startError = error;
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
    bool first = true;
    bool settled = false;
    while (!m_cancel.isCancelled()) {
        const auto [now, e] = read();
        if (e) {
            *why = QStringLiteral("no cross-check: %1").arg(e.message);
            return std::nullopt;
        }
        if (first || !(now == last))
            quiet.restart();
        first = false;
        last = now;
        if (caughtUp(now - m_start, client)) {
            QThread::msleep(kPollMs); // one more read, for a count that overshoots
            const auto [after, e2] = read();
            if (!e2)
                last = after;
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
    return judgeCrossCheck(m_spec, client, last - m_start, settled);
}

} // namespace cm
