// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The start barrier of one step run on several nodes at once (docs/ARCHITECTURE.md §4):
// each node's runner does its set-up (test file, image, prefill), then waits here; the
// gate opens when every node has arrived or has left (a node that failed before
// measuring leaves when its runner returns), so every client starts measuring at the
// same moment and no failed client holds the others. A cancel opens it too.
//
// Opening the gate is not yet starting: launching a command costs a node a fork here
// and an SSH channel there (tens to hundreds of ms, different per node). So the gate
// names a moment kStartMarginMs after it opens, and every client waits on the node
// until that moment (fiostep: a shell sleeps to it, then execs fio). That assumes the
// nodes' clocks agree (NTP); the spread actually reached is measured from fio's own
// reports either way (stats/clustertotal.h).
#include "util/canceltoken.h"

#include <QDateTime>

#include <condition_variable>
#include <functional>
#include <mutex>

namespace cm {

class StartGate {
public:
    static constexpr qint64 kStartMarginMs = 400;

    // onOpen runs once, on the thread of the last to arrive, before any participant
    // goes on (the step cross-check reads Ceph's counters there).
    explicit StartGate(int participants, std::function<void()> onOpen = {})
        : m_waitingFor(participants)
        , m_onOpen(std::move(onOpen))
    { }

    // Blocks until every participant arrived or left, or `cancel` fires (polled every
    // 50 ms). Returns when to start measuring (ms since the epoch), the same for every
    // participant, or -1 when cancelled. Call at most once per participant.
    qint64 arrive(const CancelToken &cancel)
    {
        std::unique_lock lock(m_mutex);
        depart();
        while (m_waitingFor > 0) {
            if (cancel.isCancelled())
                return -1;
            m_cv.wait_for(lock, std::chrono::milliseconds(50));
        }
        return cancel.isCancelled() ? -1 : m_startAtMs;
    }
    // A participant that will never arrive (its runner returned without measuring).
    void leave()
    {
        std::lock_guard lock(m_mutex);
        depart();
    }

private:
    void depart()
    {
        if (--m_waitingFor == 0) {
            if (m_onOpen)
                m_onOpen();
            m_startAtMs = QDateTime::currentMSecsSinceEpoch() + kStartMarginMs;
        }
        m_cv.notify_all();
    }

    std::mutex m_mutex;
    std::condition_variable m_cv;
    int m_waitingFor;
    std::function<void()> m_onOpen;
    qint64 m_startAtMs = 0;
};

} // namespace cm
