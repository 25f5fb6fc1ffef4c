// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A native librados object benchmark (docs/ARCHITECTURE.md §2 "RADOS"). run() works on the calling
// (worker) thread with a connected RadosClient: over a working set of `objects` objects
// of `objectSize` bytes named "clustermark-bench-rados-<token>-<n>" (token: random per
// run), it keeps queueDepth rados_aio ops in flight for the runtime:
//   write: whole objects round-robin (bs = object size) or bs at random aligned offsets
//          of random objects;
//   read:  bs at random aligned offsets of random objects, after writing every object
//          once (prefill), so no read hits a missing object and the set can exceed the
//          OSDs' caches (`rados bench` reads back the few objects it just wrote);
//   stat:  rados_aio_stat of random objects (after the same prefill).
// One set of samples per interval goes to the sink (on the calling thread). Afterwards —
// also after a cancel or an error — every object the run wrote is removed; the summary
// says how many. It never removes an object it did not write.
#include "ceph/radosworkload.h"
#include "model/error.h"
#include "model/sample.h"
#include "util/canceltoken.h"

#include <QJsonObject>

#include <functional>

namespace cm {

class RadosClient;
class RadosObjectSet;

class RadosObjectEngine {
public:
    // Every object the engine writes starts with this (for cleaning up leftovers).
    static constexpr const char *kObjectPrefix = "clustermark-bench-rados-";
    // The objects of fio's rados engine on client nodes (bench/rados/radosfiorunner.h).
    static constexpr const char *kFioObjectPrefix = "benchmark_data_clustermark-";
    static constexpr int kPrefillDepth = 16;
    static constexpr int kRemoveDepth = 32;

    using SampleSink = std::function<void(const SampleList &)>;

    explicit RadosObjectEngine(RadosClient &client)
        : m_client(client)
    { }

    // Blocks for about prefill + runtime + clean-up; returns within ~2 s of a cancel on
    // a healthy cluster (in-flight ops drain, then the objects are removed). Cancelled
    // runs return Error::Code::Cancelled; the summary then covers the part that ran.
    // With a shared set (the steps of one run), its objects are used and kept: a read
    // step writes only the objects no earlier step wrote whole, and nothing is removed —
    // removeSet() does that once the run is over.
    Error run(const QString &pool, const RadosWorkload &workload, const CancelToken &cancel,
        const SampleSink &sink = {}, RadosObjectSet *shared = nullptr);

    // Removes every object of the set that a step wrote (never cancelled; stops at the
    // first failure, so a dead OSD costs one op timeout). *left: objects it could not remove.
    static Error removeSet(RadosClient &client, RadosObjectSet &set, quint64 *removed, quint64 *left);

    // {"write"|"read": {bw, iops, io_bytes, total_ios, runtime_ms, lat_*_ns, histogram}}
    // (stat: "read" with bw 0) plus op, pool, object_size, objects, working_set_bytes,
    // block_size, queue_depth, object_prefix, prefill_ms, prefill_bytes, intervals,
    // objects_written (by this step), objects_removed, objects_left, cleanup_ms, and
    // shared_set (true: the objects stay for the run's next steps; objects_kept: how many).
    QJsonObject summary() const { return m_summary; }
    QString objectPrefix() const { return m_prefix; } // of the last run, "" before
    quint64 objectsRemoved() const { return m_removed; }
    quint64 objectsLeft() const { return m_left; }

    static Error validate(const RadosWorkload &w);

    // "Clean leftovers": removes every object of the pool's default namespace whose name
    // starts with kObjectPrefix or kFioObjectPrefix (left by a crash or a stopped OSD or
    // a lost client node), nothing else. Lists
    // the whole pool: slow on pools with millions of objects. *removed: how many.
    static Error removeLeftovers(
        RadosClient &client, const QString &pool, quint64 *removed, const CancelToken &cancel = {});

private:
    RadosClient &m_client;
    QJsonObject m_summary;
    QString m_prefix;
    quint64 m_removed = 0;
    quint64 m_left = 0;
};

} // namespace cm
