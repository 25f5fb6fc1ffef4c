// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The start barrier of one step run on several nodes at once (docs/ARCHITECTURE.md §4):
// each node's runner does its set-up (test file, image, prefill), then waits here; the
// gate opens when every node has arrived or has left (a node that failed before
// measuring leaves when its runner returns), so every client starts measuring at the
// same moment and no failed client holds the others. A cancel opens it too.
#include "util/canceltoken.h"

#include <condition_variable>
#include <mutex>

namespace cm {

class StartGate {
public:
    explicit StartGate(int participants)
        : m_waitingFor(participants)
    { }

    // Blocks until every participant arrived or left, or `cancel` fires (polled every
    // 50 ms). Returns false when cancelled. Call at most once per participant.
    bool arrive(const CancelToken &cancel)
    {
        std::unique_lock lock(m_mutex);
        --m_waitingFor;
        m_cv.notify_all();
        while (m_waitingFor > 0) {
            if (cancel.isCancelled())
                return false;
            m_cv.wait_for(lock, std::chrono::milliseconds(50));
        }
        return !cancel.isCancelled();
    }
    // A participant that will never arrive (its runner returned without measuring).
    void leave()
    {
        std::lock_guard lock(m_mutex);
        --m_waitingFor;
        m_cv.notify_all();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    int m_waitingFor;
};

} // namespace cm
