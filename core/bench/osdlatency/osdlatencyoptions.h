// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The per-OSD latency kind's plan values, typed: Plan.target and each step's params are
// read and checked here once (an unknown key, a bad name, size or number is refused,
// naming the field); the runner, the preview and the ETA read only these structs.
#include "ceph/cephconnectionspec.h"
#include "model/error.h"
#include "model/plan.h"

#include <QList>

namespace cm {

struct OsdLatencyTarget {
    QString pool; // empty: a temporary size-1 pool, only with poolConsent
    bool poolConsent = false;
    bool parallel = false; // "mode": "sequential" | "parallel"
    QList<int> osds; // empty: every OSD that is up and in
    QString objectSize = QStringLiteral("4M");
    // conf and keyring are local paths; timeoutSec is "opTimeout" (1..600 s).
    CephConnectionSpec connection;

    static OsdLatencyTarget read(const QJsonObject &target, Error *error);
    QJsonObject toJson() const;
    bool usesTempPool() const { return pool.isEmpty(); }
    quint64 objectBytes() const;
};

struct OsdLatencyStepOptions {
    static constexpr int kDefaultObjectsPerOsd = 16;
    QString bs = QStringLiteral("4k");
    int runtimeSec = 10; // per OSD
    int objectsPerOsd = kDefaultObjectsPerOsd;

    // `objectBytes`: the target's object size, which the block size must divide.
    static OsdLatencyStepOptions read(const PlanStep &step, quint64 objectBytes, Error *error);
    QJsonObject toJson() const;
    quint64 blockBytes() const;
};

} // namespace cm
