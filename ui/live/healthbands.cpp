// SPDX-License-Identifier: GPL-3.0-or-later
#include "live/healthbands.h"

#include "model/metric.h"

#include <QCoreApplication>
#include <QMap>

namespace cm::ui {

bool HealthBandTracker::isHealthMetric(const QString &m)
{
    return metric::isCephHealth(m);
}

QList<HealthBand> HealthBandTracker::add(const SampleList &samples)
{
    // One poll = the samples sharing a time; evaluate each poll in order.
    QMap<double, QList<const Sample *>> polls;
    for (const Sample &s : samples)
        if (isHealthMetric(s.metric))
            polls[s.t].append(&s);
    QList<HealthBand> changed;
    for (auto it = polls.cbegin(); it != polls.cend(); ++it) {
        for (const Sample *s : it.value()) {
            if (s->metric == metric::CephHealth)
                m_health = s->value;
            else if (s->metric == metric::CephPgsRecovering)
                m_recovering = s->value;
            else if (s->metric == metric::CephPgsBackfilling)
                m_backfilling = s->value;
            else if (s->metric == metric::CephPgsScrubbing)
                m_scrubbing = s->value;
        }
        QStringList parts;
        int severity = 0;
        if (m_health >= 2.5) {
            parts << QCoreApplication::translate("HealthBands", "health unknown");
        } else if (m_health >= 1.5) {
            parts << QStringLiteral("HEALTH_ERR");
            severity = 2;
        } else if (m_health >= 0.5) {
            parts << QStringLiteral("HEALTH_WARN");
            severity = 1;
        }
        if (m_recovering > 0)
            parts << QCoreApplication::translate("HealthBands", "recovery");
        if (m_backfilling > 0)
            parts << QCoreApplication::translate("HealthBands", "backfill");
        if (m_scrubbing > 0)
            parts << QCoreApplication::translate("HealthBands", "scrub");
        const QString label = parts.join(QStringLiteral(" · "));
        const double t = it.key();
        if (m_open && (label.isEmpty() || label != m_bands.last().label)) {
            m_bands.last().end = t; // the condition lasted until this poll
            changed.append(m_bands.last());
            m_open = false;
        }
        if (!label.isEmpty()) {
            if (!m_open) {
                m_bands.append(HealthBand {int(m_bands.size()), t, t, label, severity});
                m_open = true;
            } else {
                m_bands.last().end = t;
            }
            changed.append(m_bands.last());
        }
    }
    return changed;
}

} // namespace cm::ui
