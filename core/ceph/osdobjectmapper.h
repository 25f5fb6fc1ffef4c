// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Finds object names whose primary OSD is a given OSD, the first step of the per-OSD
// latency benchmark (docs/ARCHITECTURE.md §2): names "clustermark-bench-osdlat-<token>-<n>" are
// tried in order through the mon command {"prefix":"osd map","pool":P,"object":NAME},
// each reply parsed for acting_primary (up_primary when absent). Runs on the thread
// that owns the RadosClient; every command is bounded by its mon op timeout.
#include "ceph/radosclient.h"
#include "model/error.h"
#include "util/canceltoken.h"

#include <QList>
#include <QMap>
#include <QStringList>

namespace cm {

class OsdObjectMapper {
public:
    static constexpr const char *kPrefix = "clustermark-bench-osdlat-";

    // token: part of every name, so runs sharing a pool never share objects (empty = random).
    OsdObjectMapper(RadosClient &client, QString pool, QString token = {});

    // For every OSD in `osds`, `perOsd` names whose primary is that OSD. Tries at most
    // maxTries names in all (0 = defaultMaxTries); when they run out, the error names
    // each OSD that is still short (out, down, primary affinity 0 or tiny CRUSH weight)
    // and the objects found so far stay in objects().
    Error map(const QList<int> &osds, int perOsd, const CancelToken &cancel = {}, int maxTries = 0);

    // 2000, or 50 tries per wanted object when that is more.
    static int defaultMaxTries(int osdCount, int perOsd);

    QMap<int, QStringList> objects() const { return m_objects; } // OSD id -> names
    int tries() const { return m_tries; }
    QString token() const { return m_token; }
    QString pool() const { return m_pool; }
    QString nameAt(int n) const;

private:
    RadosClient &m_client;
    QString m_pool;
    QString m_token;
    QMap<int, QStringList> m_objects;
    int m_tries = 0;
};

} // namespace cm
