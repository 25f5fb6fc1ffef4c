// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A temporary benchmark pool of a layout the user chose (model/poollayout.h): its own
// CRUSH rule (replicated) or erasure-code profile (EC), both named as the pool, the pool,
// autoscaling off, its application, size/min_size or EC overwrites, and a wait until its
// PGs are active. Before anything is made the cluster is checked to hold the layout (k+m
// or size up OSDs of the device class in distinct failure domains). remove() takes away
// the pool, its rule and its profile, and never a name without BenchPool::kPrefix.
// Mon commands only, on the thread that owns the RadosClient.
#include "ceph/radosclient.h"
#include "model/error.h"
#include "model/poollayout.h"
#include "util/canceltoken.h"

namespace cm {

class TemporaryPool {
public:
    // The up OSDs of `deviceClass` (any when empty) and how many distinct buckets of
    // type `failureDomain` hold them, from `osd tree`; `root` gets the CRUSH root that
    // holds the most of them.
    struct Capacity {
        int osds = 0;
        int domains = 0;
        QString root;
    };
    static Capacity capacity(
        RadosClient &client, const QString &failureDomain, const QString &deviceClass, Error *error);
    // The error when the cluster cannot place the layout; empty when it can.
    static Error checkFits(const PoolLayout &layout, const Capacity &capacity);

    // Creates pool `name` (which must carry the prefix); on failure removes what it made.
    static Error create(RadosClient &client, const QString &name, const TemporaryPoolRequest &request,
        const CancelToken &cancel, int activeTimeoutSec = 180);
    static Error remove(RadosClient &client, const QString &name);
    // The CRUSH rule and erasure-code profile named `name` (absent ones are no error).
    static Error removePlacement(RadosClient &client, const QString &name);
    // Rules and profiles with the prefix that no pool uses (a run killed between making
    // one and its pool): removed; returns their names. For the cleanup, never during a run.
    static QStringList sweepOrphanPlacements(RadosClient &client);

private:
    static Error makePlacement(RadosClient &client, const QString &name, const PoolLayout &layout, const QString &root);
    static Error configure(RadosClient &client, const QString &name, const TemporaryPoolRequest &request);
    static Error waitActive(RadosClient &client, const QString &name, const CancelToken &cancel, int timeoutSec);
    // CephFS: the pool as a data pool of the file system, and off every one that has it.
    static Error addToFileSystem(RadosClient &client, const QString &name, const QString &fileSystem);
    static Error detachFromFileSystems(RadosClient &client, const QString &name);
};

} // namespace cm
