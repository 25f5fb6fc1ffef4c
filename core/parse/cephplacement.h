// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a temporary pool's layout needs from the cluster (ceph/temporarypool.h), read
// from mon and mgr replies. Pure: bytes in, values out; an Error for a reply that is not
// the expected JSON shape.
#include "model/error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace cm {

// From {"prefix":"osd tree"}: the up OSDs of `deviceClass` (any when empty), how many
// distinct buckets of type `failureDomain` ("osd", "host", "rack"…) hold one, and the
// CRUSH root that holds the most of them.
struct CephPlacementCapacity {
    int osds = 0;
    int domains = 0;
    QString root;
};
Error parseCephPlacementCapacity(
    const QByteArray &json, const QString &failureDomain, const QString &deviceClass, CephPlacementCapacity *out);

// From {"prefix":"pg ls-by-pool"} (an object with "pg_stats", or the bare array of older
// mgrs): how many PGs the pool has and how many are active; `example` gets one state of
// a PG that is not.
struct CephPgActivity {
    int total = 0;
    int active = 0;
    QString example;
};
Error parseCephPgActivity(const QByteArray &json, CephPgActivity *out);

// From {"prefix":"fs ls"}: each file system's name and its data pools, in the
// cluster's order.
struct CephFsPools {
    QString name;
    QStringList dataPools;
};
Error parseCephFsPools(const QByteArray &json, QList<CephFsPools> *out);

} // namespace cm
