// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One step's cross-check against Ceph's pool counters (stats/crosscheck.h), read through
// the run's Ceph poller. begin() runs when the step's start gate opens (every client
// has done its set-up), finish() once every client's runner returned.
//
// Ceph's pool counters lag the I/O by the mgr's stats and digest periods (1 s each on
// the lab, 5 s by default), so finish() waits until the count has caught up with what
// the clients counted (within 0.5 %) and then reads once more, or until the count has
// not moved for kQuietMs, at most kMaxWaitMs. When a step that measures writes wrote
// during its set-up (a prefill, fio laying out files), the start count first waits
// until it has not moved for kStartQuietMs, so those writes are not the step's.
#include "ceph/cephpoller.h"
#include "stats/crosscheck.h"
#include "util/canceltoken.h"

#include <mutex>

namespace cm {

class StepCrossCheck {
public:
    static constexpr int kPollMs = 500;
    static constexpr int kQuietMs = 11000; // stats + digest period by default, and a poll
    static constexpr int kMaxWaitMs = 20000;
    static constexpr int kStartQuietMs = 6000;

    StepCrossCheck(CephPoller &poller, CrossCheckPools spec, CancelToken cancel);

    void prepare(); // when the step starts, before its set-up
    void begin(); // when it starts measuring; thread-safe; a second call is ignored
    // The judged result, or nullopt when the counters could not be read (logged).
    std::optional<CrossCheck> finish(const IoCounts &client, QString *why);

private:
    CephPoller::PoolReading read();
    bool caughtUp(const IoCounts &delta, const IoCounts &client) const;

    CephPoller &m_poller;
    CrossCheckPools m_spec;
    CancelToken m_cancel;
    std::mutex m_mutex;
    bool m_begun = false;
    IoCounts m_before; // at prepare()
    IoCounts m_start;
    QStringList m_pools; // as resolved on the cluster
    Error m_startError;
};

} // namespace cm
