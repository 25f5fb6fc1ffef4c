// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The native libcephfs benchmark job (docs/ARCHITECTURE.md §2 "CephFS"). run() works on the calling
// (worker) thread with a mounted CephFsMount: it creates its own folder
// "<dir>/clustermark-bench-<random>", runs the workload there with `threads` worker
// threads (one synchronous op in flight each), hands one set of samples per interval
// to the sink (on the calling thread), then removes the folder with everything in it —
// also after a cancel or an error. It never removes anything it did not create.
//
// Throughput: one file of fileSize per thread, opened O_DIRECT (the client's cache
// neither absorbs writes nor serves reads); reads and random writes first write the
// files whole (prefill, 4 MiB writes, every thread in parallel). Samples read.* or
// write.*; summary {"read"|"write": ioDirSummary}.
// Metadata: thread t works in <folder>/t<t>: creates `files` files (open O_CREAT|O_EXCL,
// write fileSize bytes when > 0, close), stats them through a second, fresh mount (no
// cached capabilities: every stat is a round trip to the MDS; the size is checked),
// then unlinks them. Create always runs (untimed when not in ops); each phase stops at
// the runtime. Samples meta.<op>.iops / meta.<op>.lat.*; summary {"meta":{op:{…}}}.
#include "ceph/cephconnectionspec.h"
#include "ceph/cephfsworkload.h"
#include "model/error.h"
#include "model/sample.h"
#include "util/canceltoken.h"

#include <QJsonObject>

#include <functional>

namespace cm {

class CephFsMount;

class CephFsEngine {
public:
    static constexpr const char *kFolderPrefix = "clustermark-bench-";
    static constexpr quint64 kPrefillBlock = 4ull << 20;

    using SampleSink = std::function<void(const SampleList &)>;

    // `mount` is mounted; spec and fsName mount the second client of the stat phase.
    CephFsEngine(CephFsMount &mount, CephConnectionSpec spec, QString fsName);

    // Blocks for about prefill + runtime (metadata: up to one runtime per phase);
    // returns within ~2 s of cancel. Cancelled runs return Error::Code::Cancelled; the
    // samples and summary then cover the part that ran.
    Error run(
        const QString &dir, const CephFsWorkload &workload, const CancelToken &cancel, const SampleSink &sink = {});

    QJsonObject summary() const { return m_summary; }
    QString folder() const { return m_folder; } // of the last run, inside the fs
    // The step's folder laid out on this data pool (ceph.dir.layout.pool), before any
    // file is made in it; empty: the file system's own layout.
    void setLayoutPool(const QString &pool) { m_layoutPool = pool; }
    bool folderRemoved() const { return m_removed; }
    quint64 entriesRemoved() const { return m_entriesRemoved; }

    static Error validate(const CephFsWorkload &w);

private:
    Error runThroughput(const CephFsWorkload &w, const CancelToken &cancel, const SampleSink &sink);
    Error runMetadata(const CephFsWorkload &w, const CancelToken &cancel, const SampleSink &sink);
    Error prefill(const CephFsWorkload &w, const std::vector<int> &fds, const CancelToken &cancel);
    double elapsed() const; // seconds since run() began

    CephFsMount &m_mount;
    CephConnectionSpec m_spec;
    QString m_fsName;
    QString m_layoutPool;
    QJsonObject m_summary;
    QString m_folder;
    bool m_removed = false;
    quint64 m_entriesRemoved = 0;
    qint64 m_startNs = 0;
};

} // namespace cm
