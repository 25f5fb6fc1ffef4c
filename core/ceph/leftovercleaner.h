// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Clean leftovers" on a Ceph cluster (docs/ARCHITECTURE.md §8): finds and removes what the app's
// benchmarks left after a crash — every name starts with exactly "clustermark-bench-"
// (RbdKind::imagePrefix(), Leftover::prefix()):
//  - pools with the prefix (the per-OSD latency runner's temporary pools), whole;
//  - RBD images with the prefix in every pool with the "rbd" application;
//  - RADOS objects with the prefix in every pool, all namespaces (the per-OSD latency
//    runner may write its objects into an existing pool, often the RBD pool; librbd's
//    and CephFS's own objects are named rbd_…, or by inode number, never with the
//    prefix) — except pools of the "rgw" application, whose metadata objects carry
//    bucket and user names (a bucket named clustermark-bench-… is not a stray object).
// remove() deletes exactly the items it is given, each re-checked for the prefix;
// nothing without the prefix is ever deleted. An image still open by a running
// benchmark (it has watchers) is refused by librbd and reported, not forced.
//
// Threading: blocks the calling thread (a worker or the CLI), which owns the
// RadosClient; every Ceph call is bounded by the client's op timeouts.
#include "ceph/radosclient.h"
#include "model/leftover.h"
#include "util/canceltoken.h"

#include <QStringList>

namespace cm {

struct LeftoverScan {
    QList<Leftover> items; // pools first, then images and objects by pool
    QStringList warnings; // pools that could not be read, listings cut short
    Error error; // not connected, pools not listable, cancelled
};

struct LeftoverScanOptions {
    qint64 maxObjectsPerPool = 2000000; // a pool's object listing stops there (with a warning)
};

class LeftoverCleaner {
public:
    static LeftoverScan scan(
        RadosClient &client, const CancelToken &cancel = {}, const LeftoverScanOptions &options = {});
    // Images and objects first, pools last. A refused pool deletion names
    // mon_allow_pool_delete. Items of kind NodeFile are refused (BenchFileCleaner).
    static CleanupReport remove(RadosClient &client, const QList<Leftover> &items, const CancelToken &cancel = {});

    // The pool names of the cluster, in its order.
    static QStringList listPools(RadosClient &client, Error *error);
};

} // namespace cm
