// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One libcephfs client mount (RAII). Belongs to the thread that mounted it, but its
// file calls are thread-safe (libcephfs serialises them), so the engine's worker threads
// share one mount. Connect and mount are bounded by the spec's timeout
// (client_mount_timeout), and OSD / mon ops by rados_osd_op_timeout /
// rados_mon_op_timeout: an unreachable cluster gives an error, not a hang.
#include "ceph/cephconnectionspec.h"
#include "model/error.h"

#include <QString>
#include <QStringList>

struct ceph_mount_info;

namespace cm {

class CephFsMount {
public:
    CephFsMount() = default;
    ~CephFsMount();
    CephFsMount(const CephFsMount &) = delete;
    CephFsMount &operator=(const CephFsMount &) = delete;

    // fsName empty = the cluster's default file system. Mounts the fs root.
    Error mount(const CephConnectionSpec &spec, const QString &fsName);
    void unmount();
    bool isMounted() const { return m_mount != nullptr; }
    ceph_mount_info *handle() const { return m_mount; }
    QString context() const { return m_context; }

    // Entries of a folder (without . and ..); dirs: only folders.
    QStringList list(const QString &dir, Error *error, bool dirsOnly = false) const;
    bool isDir(const QString &path) const;
    // Removes path and everything below it (files and folders). *removed counts the
    // entries removed. Keeps going past errors; returns the first one.
    Error removeTree(const QString &path, quint64 *removed = nullptr) const;

    // errno (negative or positive) → a cm::Error with a code callers can act on.
    static Error errnoError(int r, const QString &what, const QString &context);

private:
    ceph_mount_info *m_mount = nullptr;
    QString m_context;
};

} // namespace cm
