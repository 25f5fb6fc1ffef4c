// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The health timeline (docs/ARCHITECTURE.md §2): while a run goes on and a Ceph cluster is
// connected, polls `status` every 2 s on its own thread and librados handle, and
// emits samples for target "ceph": ceph.health (0 OK, 1 WARN, 2 ERR) and the number
// of PGs recovering, backfilling and scrubbing. The charts mark where these leave 0.
#include "ceph/cephconnectionspec.h"
#include "model/error.h"
#include "model/sample.h"
#include "util/canceltoken.h"

#include <functional>
#include <thread>

namespace cm {

class HealthPoller {
public:
    using Clock = std::function<double()>;
    using Sink = std::function<void(const SampleList &)>;
    using Log = std::function<void(const QString &)>;

    HealthPoller(CephConnectionSpec spec, Clock now, Sink sink, Log log = {}, int intervalMs = 2000);
    ~HealthPoller(); // stops and joins (within one mon op timeout at worst)
    void start();

    static inline const QString Target = QStringLiteral("ceph");

private:
    void loop();

    CephConnectionSpec m_spec;
    Clock m_now;
    Sink m_sink;
    Log m_log;
    int m_intervalMs;
    CancelToken m_stop;
    std::thread m_thread;
};

} // namespace cm
