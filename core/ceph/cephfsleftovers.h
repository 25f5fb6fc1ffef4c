// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Clean leftovers" on a CephFS (docs/ARCHITECTURE.md §8): the folders "clustermark-bench-…" that
// the cephfs kind's steps (native and fio) left at the root of the file system after a
// crash. Only folders at the root, only with exactly the prefix; remove() re-checks
// each item and deletes nothing else. Steps that worked under another `dir` leave
// their folders there: scan that folder with `root`.
//
// Threading: blocks the calling thread (a worker or the CLI); calls are bounded by the
// mount's op timeouts.
#include "model/leftover.h"

namespace cm {

class CephFsMount;

class CephFsLeftovers {
public:
    // fsName: the file system's name for the items' location ("" = the default fs).
    static QList<Leftover> scan(
        const CephFsMount &mount, const QString &fsName, Error *error, const QString &root = QStringLiteral("/"));
    static CleanupReport remove(const CephFsMount &mount, const QList<Leftover> &items);
};

} // namespace cm
