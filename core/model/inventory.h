// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a node has: host facts, block devices (as a tree, like lsblk) and NICs.
// Plain values; filled by probe/inventoryprobe, shown by the CLI and the cluster panel.
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace cm {

struct BlockDevice {
    QString name; // kernel name: "sda", "nvme0n1p2", "dm-0" or a mapper name
    QString path; // "/dev/sda"
    QString type; // disk, part, lvm, crypt, loop, rom, raid1…
    QString model;
    QString vendor;
    QString transport; // lsblk TRAN: "sata", "nvme", "usb", "virtio", … or empty
    QString serial;
    quint64 sizeBytes = 0;
    bool rotational = false;
    bool readOnly = false;
    QString fstype; // as lsblk reports it (may be empty without udev)
    QString ptType; // "gpt", "dos" or empty
    QStringList mountpoints; // "[SWAP]" for active swap
    QStringList holders; // /sys/block/X/holders entries
    QString writeCache; // "write back", "write through" or empty (unknown)
    QList<BlockDevice> children;

    QJsonObject toJson() const;
    static BlockDevice fromJson(const QJsonObject &o);
    // Out of line: a defaulted == cannot recurse through QList<BlockDevice>.
    friend bool operator==(const BlockDevice &a, const BlockDevice &b);
};

struct NicInfo {
    QString name;
    QString mac;
    int mtu = 0;
    QString operState; // "UP", "DOWN", "UNKNOWN"…
    int speedMbps = -1; // -1 = unknown (virtual links, link down)
    QStringList addresses; // "192.0.2.2/24", "fd00::2/64"
    QString master; // bond or bridge this NIC is enslaved to

    QJsonObject toJson() const;
    static NicInfo fromJson(const QJsonObject &o);
    friend bool operator==(const NicInfo &, const NicInfo &) = default;
};

struct NodeInventory {
    QString hostname;
    QString kernel;
    QString os; // PRETTY_NAME of /etc/os-release
    QString cpuModel;
    int cpuCores = 0; // logical CPUs
    quint64 memTotalBytes = 0;
    quint64 memAvailableBytes = 0;
    QList<BlockDevice> disks; // top-level devices; partitions and volumes as children
    QList<NicInfo> nics;
    QStringList warnings; // what could not be read, and why

    QJsonObject toJson() const;
    static NodeInventory fromJson(const QJsonObject &o);
    // Depth-first search of the device tree by name or path; nullptr when absent.
    const BlockDevice *findDevice(const QString &nameOrPath) const;
    const NicInfo *findNic(const QString &name) const;
    friend bool operator==(const NodeInventory &a, const NodeInventory &b);
};

} // namespace cm

Q_DECLARE_METATYPE(cm::NodeInventory)
