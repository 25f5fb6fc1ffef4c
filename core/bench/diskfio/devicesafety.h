// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Raw-device and file-target safety rules (docs/ARCHITECTURE.md §8), checked on the node itself
// before any fio write. A device is refused when it (or any child: partition, LVM/dm
// volume) is mounted, has a partition table, carries a filesystem / LVM2 / Ceph
// BlueStore / swap signature, is a Ceph OSD, is in use as swap, has holders, is
// opened exclusively, is read-only, or is (or holds) the root filesystem. Otherwise
// the user must type the device path (typedConfirmationMatches).
// All checks run as ONE command on the node; the path is passed as an argument,
// never interpolated into the script. Blocks the calling worker thread.
#include "model/error.h"
#include "transport/transport.h"

#include <QJsonObject>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace cm {

struct DeviceSafetyReport {
    bool allowed = false;
    QStringList reasons; // why it is refused: one English sentence each, naming
        // the device and the evidence; empty when allowed
    QStringList warnings; // checks that could not run (not reasons to refuse)
    QString resolvedPath; // symlinks resolved on the node ("/dev/disk/by-id/…" → "/dev/sdb")
    quint64 sizeBytes = 0;

    QJsonObject toJson() const;
};

DeviceSafetyReport checkDeviceForWrite(Transport &t, const QString &devicePath);

// The user's typed confirmation: the exact device path, surrounding spaces ignored.
bool typedConfirmationMatches(const QString &typed, const QString &devicePath);

// For file targets: `dir` must be an absolute path to an existing directory that
// accepts a new file. Never creates it (fio would silently create missing parents).
// PathMissing when it is missing, not a directory or not writable.
Error checkFileTarget(Transport &t, const QString &dir);

// The one command checkDeviceForWrite runs, and the pure evaluation of its output
// (exposed for previews and tests).
Command deviceSafetyCommand(const QString &devicePath, const QByteArray &nonce);
DeviceSafetyReport evaluateDeviceSafety(const QByteArray &output, const QByteArray &nonce, const QString &devicePath);

// A device-mapper volume made by ceph-volume ("ceph--<vg>-osd--block--<id>",
// or an LVM uuid with that LV name).
bool isCephDmVolume(const QString &dmName, const QString &dmUuid = {});

} // namespace cm

Q_DECLARE_METATYPE(cm::DeviceSafetyReport)
