// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Turns the health timeline's samples (ceph.health, ceph.pgs.*) into bands: spans of
// the run's time axis where the cluster was not HEALTH_OK or recovered, backfilled or
// scrubbed. The live charts shade them, so a dip can be read against its cause.
#include "model/sample.h"

#include <QList>
#include <QString>

namespace cm::ui {

struct HealthBand {
    int id = 0;
    double start = 0;
    double end = 0;
    QString label; // "HEALTH_WARN", "HEALTH_ERR · recovery", "scrub"…
    int severity = 0; // 0 activity (recovery/backfill/scrub), 1 warn, 2 error
};

class HealthBandTracker {
public:
    // Takes the ceph.* samples of one drain; returns the bands opened or extended.
    QList<HealthBand> add(const SampleList &samples);
    const QList<HealthBand> &bands() const { return m_bands; }
    bool isOpen() const { return m_open; } // the last band lasts until now
    static bool isHealthMetric(const QString &metric);

private:
    double m_health = 0, m_recovering = 0, m_backfilling = 0, m_scrubbing = 0;
    QList<HealthBand> m_bands;
    bool m_open = false;
};

} // namespace cm::ui
