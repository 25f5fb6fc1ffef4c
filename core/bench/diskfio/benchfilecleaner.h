// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Clean leftovers" on a node: the disk benchmark's files (DiskFioKind::benchFileName,
// "clustermark-bench-<node>.fio.dat") left in a folder by a crash. Only regular files
// directly in that folder whose name starts with "clustermark-bench-" and ends with
// ".fio.dat" are ever listed or removed — never symlinks, folders or anything else.
//
// Threading: blocks the thread that owns the transport (a worker or the CLI).
#include "model/leftover.h"
#include "transport/transport.h"

namespace cm {

class BenchFileCleaner {
public:
    static QString namePattern() { return QStringLiteral("clustermark-bench-*.fio.dat"); }
    static bool matches(const QString &fileName); // a base name

    // dir must be absolute. One round trip; the items' location is the node's name.
    // Errors: InvalidInput (relative dir), PathMissing (no such folder), transport errors.
    static QList<Leftover> scan(Transport &transport, const QString &dir, Error *error);
    // Removes exactly the given files (one round trip), each checked again on the node
    // to still be a regular file of that name.
    static CleanupReport remove(Transport &transport, const QList<Leftover> &files);
};

} // namespace cm
