// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What kind of device a disk is, from more than the kernel's rotational flag: that flag
// is 1 for many virtual disks (virtio-blk, some hypervisors' SCSI disks), which then
// passed for spinning disks while doing tens of thousands of IOPS. The name, model,
// vendor and transport decide first; the flag only for a real SATA/SAS/USB/SCSI disk.
// "Unknown" is said when nothing settles it.
#include <QCoreApplication>
#include <QString>

namespace cm {

enum class DeviceClass { Unknown, Hdd, Ssd, Nvme, Virtual, File, Memory, Network, Composite };

struct DeviceFacts {
    QString name; // kernel name: "sda", "vdb", "nvme0n1", "loop3", "dm-0"
    QString model; // sysfs device/model or lsblk MODEL
    QString vendor; // sysfs device/vendor or lsblk VENDOR
    QString transport; // lsblk TRAN: "sata", "sas", "nvme", "usb", "virtio", "iscsi", ""
    int rotational = -1; // the kernel's flag: 1, 0, or -1 when not known
};

DeviceClass classifyDevice(const DeviceFacts &facts);

// Stable id for saved results and exports: "hdd", "ssd", "nvme", "virtual", "file",
// "memory", "network", "composite", "unknown".
QString deviceClassId(DeviceClass c);
DeviceClass deviceClassFromId(const QString &id);

// Plain words for a user, translated.
struct DeviceClassText {
    Q_DECLARE_TR_FUNCTIONS(cm::DeviceClassText)
public:
    static QString label(DeviceClass c); // "HDD", "SSD", "NVMe", "virtual disk", …
    static QString explanation(DeviceClass c); // one sentence on what it means for figures
};

} // namespace cm
