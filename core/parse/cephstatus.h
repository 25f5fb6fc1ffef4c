// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `ceph status -f json` (mon command "status") → what the health timeline needs: the
// health status, its checks, and how many PGs recover, backfill or scrub. Pure.
#include "model/error.h"

#include <QByteArray>
#include <QStringList>

namespace cm {

struct CephHealthSnapshot {
    enum class Health { Ok = 0, Warn = 1, Err = 2, Unknown = 3 };
    Health health = Health::Unknown;
    QStringList checks; // "PG_DEGRADED: Degraded data redundancy: …"
    int pgsTotal = 0;
    int pgsRecovering = 0; // recovering or recovery_wait
    int pgsBackfilling = 0; // backfilling or backfill_wait
    int pgsScrubbing = 0; // scrubbing (deep or not)
    int pgsDegraded = 0;

    static QString healthName(Health h);
};

CephHealthSnapshot parseCephHealthSnapshot(
    const QByteArray &json, Error *error = nullptr, QStringList *warnings = nullptr);

} // namespace cm
