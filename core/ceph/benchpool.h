// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A temporary benchmark pool of size 1 (min_size 1): every object lives on exactly one
// OSD, which is what the per-OSD latency benchmark needs. Created only with the user's
// consent (the plan says so), always under a "clustermark-bench-…" name, and removed
// afterwards; remove() never touches a pool whose name lacks that prefix. Mon commands
// only, on the thread that owns the RadosClient.
#include "ceph/radosclient.h"
#include "model/error.h"

#include <QString>

namespace cm {

class BenchPool {
public:
    static constexpr const char *kPrefix = "clustermark-bench-";

    // prefix + 8 random [a-z0-9].
    static QString randomName(const QString &prefix);
    // pg_num for a cluster of `osds` OSDs: enough PGs that every OSD is primary of some
    // (8 per OSD, at least 32, a power of two, at most 4096).
    static int pgNumFor(int osds);

    // Creates a replicated pool, autoscaling off, application "rados", then size 1 and
    // min_size 1. When the mons refuse size 1 the pool is removed again and the error
    // says how to allow it (mon_allow_pool_size_one).
    static Error createSizeOne(RadosClient &client, const QString &name, int pgNum);
    // Removes a pool this app created. A refusal (mon_allow_pool_delete off) gives an
    // error that says so and that the pool is left with its name.
    static Error remove(RadosClient &client, const QString &name);
    // Asks the mons; false also when they cannot be asked.
    static bool exists(RadosClient &client, const QString &name);
};

} // namespace cm
