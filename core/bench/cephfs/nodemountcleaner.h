// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Clean leftovers" on a node: the CephFS benchmark's own mounts (CephFsFioRunner makes
// them at /tmp/clustermark-cephfs-XXXXXX with mktemp) that a lost node, a dropped
// connection or a killed app could not undo. Only folders directly in /tmp with exactly
// that name are listed: a CephFS mount there (ceph-fuse or the kernel client), or the
// empty folder an unmount left. Never a link, never another file system's mount, never
// a mount a process still works in (a benchmark still running), and a folder is removed
// with rmdir only (never its contents).
//
// Threading: blocks the thread that owns the transport (a worker or the CLI).
#include "model/leftover.h"
#include "transport/transport.h"

namespace cm {

class NodeMountCleaner {
public:
    static QString folderPattern() { return QStringLiteral("/tmp/clustermark-cephfs-*"); }
    static bool matches(const QString &path); // /tmp/clustermark-cephfs-<letters and digits>

    // The sh script that unmounts "$1" (a mount the app made) and checks /proc/mounts
    // afterwards; exits 0 when it is no longer mounted.
    static const char *unmountScript();

    // Two round trips (the folders in /tmp, then /proc/mounts); the items' location is
    // the node's name.
    static QList<Leftover> scan(Transport &transport, Error *error);
    // Unmounts (when still a CephFS mount) and removes exactly the given folders.
    static CleanupReport remove(Transport &transport, const QList<Leftover> &mounts);
};

} // namespace cm
