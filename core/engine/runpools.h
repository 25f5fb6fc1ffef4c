// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A run's temporary pools (RunnerKind::temporaryPools, docs/ARCHITECTURE.md §4): made on
// the run thread with its own librados handle before the first step, named
// "clustermark-bench-…", written into the plan's target, and removed after the last
// step, also after a cancel or a failed step. A pool that cannot be removed is a
// leftover of the run, which `clustermark-cli cleanup` finds by its prefix.
#include "ceph/cephconnectionspec.h"
#include "ceph/radosclient.h"
#include "model/leftover.h"
#include "model/poollayout.h"
#include "util/canceltoken.h"

#include <QJsonArray>
#include <QJsonObject>

#include <functional>

namespace cm {

class RunPools {
public:
    using Log = std::function<void(const QString &)>;

    // Creates every pool; on an error the ones made are removed again.
    Error create(const CephConnectionSpec &spec, const QList<TemporaryPoolRequest> &requests, const CancelToken &cancel,
        const Log &log);
    // `target` with each request's field set to its pool's name.
    QJsonObject applyTo(QJsonObject target) const;
    // The run summary's "temporary_pools": [{field, pool, layout, describe}].
    QJsonArray toJson() const;
    // Removes the pools (in reverse order), returns what is left.
    QList<Leftover> remove(const Log &log);
    bool isEmpty() const { return m_made.isEmpty(); }

private:
    struct Made {
        TemporaryPoolRequest request;
        QString name;
    };
    RadosClient m_client;
    QList<Made> m_made;
    QJsonArray m_summary; // kept after the removal
};

} // namespace cm
