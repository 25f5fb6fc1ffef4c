// SPDX-License-Identifier: GPL-3.0-or-later
// Parsers for the block-device tools the device safety probe runs (lsblk, blkid, od, mountinfo).
#pragma once
// Pure: text in, values out. Each reads one section of the probe's output; lines
// that do not fit are skipped.
#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>

namespace cm {

// One line of `lsblk -n -r -b -o KNAME,MAJ:MIN,TYPE,RO,SIZE,MOUNTPOINT`: the device
// itself first, then its children (partitions, LVM/dm volumes).
struct LsblkTreeEntry {
    QString kname, majmin, type, mountpoint;
    bool readOnly = false;
    quint64 size = 0;
};

// lsblk's \xNN escapes are undone in the name and the mount point.
QList<LsblkTreeEntry> parseLsblkTree(const QByteArray &body);

// `blkid -p -o export`: KEY=value lines, backslashes removed from the value.
QMap<QString, QString> parseBlkidExport(const QByteArray &body);

// `od -An -v -tx1`: the bytes, up to the first token that is not a hex byte (an error
// message, or the end).
QByteArray parseOdHex(const QByteArray &body);

// One mount of /proc/self/mountinfo: device number, mount point, source (octal
// escapes undone).
struct MountinfoRow {
    QString majmin, mountpoint, source;
};

QList<MountinfoRow> parseMountinfo(const QByteArray &body);

} // namespace cm
