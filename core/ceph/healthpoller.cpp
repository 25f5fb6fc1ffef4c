// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/healthpoller.h"

#include "ceph/radosclient.h"
#include "model/metric.h"
#include "parse/cephstatus.h"

#include <QThread>

namespace cm {

HealthPoller::HealthPoller(CephConnectionSpec spec, Clock now, Sink sink, Log log, int intervalMs)
    : m_spec(std::move(spec))
    , m_now(std::move(now))
    , m_sink(std::move(sink))
    , m_log(std::move(log))
    , m_intervalMs(intervalMs)
{ }

HealthPoller::~HealthPoller()
{
    m_stop.cancel();
    if (m_thread.joinable())
        m_thread.join();
}

void HealthPoller::start()
{
    m_thread = std::thread([this] { loop(); });
}

void HealthPoller::loop()
{
    RadosClient client;
    if (const Error e = client.connect(m_spec)) {
        if (m_log)
            m_log(QStringLiteral("Ceph health is not polled: %1").arg(e.message));
        return;
    }
    CephHealthSnapshot::Health last = CephHealthSnapshot::Health::Unknown;
    while (!m_stop.isCancelled()) {
        QByteArray out;
        const Error e = client.monCommand(
            {{QStringLiteral("prefix"), QStringLiteral("status")}, {QStringLiteral("format"), QStringLiteral("json")}},
            &out);
        const double t = m_now();
        if (e) {
            if (m_log)
                m_log(QStringLiteral("Ceph status failed: %1").arg(e.message));
            m_sink({Sample {-1, Target, metric::CephHealth, t, double(int(CephHealthSnapshot::Health::Unknown))}});
        } else {
            Error pe;
            const CephHealthSnapshot s = parseCephHealthSnapshot(out, &pe);
            if (!pe) {
                m_sink({Sample {-1, Target, metric::CephHealth, t, double(int(s.health))},
                    Sample {-1, Target, metric::CephPgsRecovering, t, double(s.pgsRecovering)},
                    Sample {-1, Target, metric::CephPgsBackfilling, t, double(s.pgsBackfilling)},
                    Sample {-1, Target, metric::CephPgsScrubbing, t, double(s.pgsScrubbing)}});
                if (s.health != last && m_log)
                    m_log(QStringLiteral("Ceph: %1%2")
                              .arg(CephHealthSnapshot::healthName(s.health),
                                  s.checks.isEmpty() ? QString()
                                                     : QStringLiteral(" — ") + s.checks.join(QStringLiteral("; "))));
                last = s.health;
            }
        }
        for (int waited = 0; waited < m_intervalMs && !m_stop.isCancelled(); waited += 50)
            QThread::msleep(50);
    }
}

} // namespace cm
