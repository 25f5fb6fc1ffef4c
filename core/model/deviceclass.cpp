// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/deviceclass.h"

#include <QRegularExpression>

namespace cm {

namespace {

bool nameStarts(const QString &name, std::initializer_list<const char *> prefixes)
{
    for (const char *p : prefixes)
        if (name.startsWith(QLatin1String(p)))
            return true;
    return false;
}

// Models and vendors hypervisors give their emulated disks.
bool looksVirtual(const DeviceFacts &f)
{
    static const QRegularExpression re(
        QStringLiteral(R"(\b(QEMU|VBOX|VirtualBox|VMware|Virtual disk|Virtual HD|Msft|Xen|KVM|BHYVE|Hyper-?V|)"
                       R"(Parallels|virtio)\b)"),
        QRegularExpression::CaseInsensitiveOption);
    // 0x1af4: the PCI vendor of virtio devices, what sysfs shows as a virtio disk's vendor
    return re.match(f.model).hasMatch() || re.match(f.vendor).hasMatch()
        || f.vendor.trimmed().compare(QLatin1String("0x1af4"), Qt::CaseInsensitive) == 0;
}

} // namespace

DeviceClass classifyDevice(const DeviceFacts &f)
{
    const QString name = f.name.trimmed();
    const QString tran = f.transport.trimmed().toLower();
    if (nameStarts(name, {"nvme"}) || tran == QLatin1String("nvme"))
        return looksVirtual(f) ? DeviceClass::Virtual : DeviceClass::Nvme;
    if (nameStarts(name, {"vd", "xvd"}) || tran == QLatin1String("virtio") || looksVirtual(f))
        return DeviceClass::Virtual;
    if (nameStarts(name, {"loop"}))
        return DeviceClass::File;
    if (nameStarts(name, {"ram", "zram", "pmem", "brd"}))
        return DeviceClass::Memory;
    if (nameStarts(name, {"rbd", "nbd", "drbd"}) || tran == QLatin1String("iscsi") || tran == QLatin1String("fc"))
        return DeviceClass::Network;
    if (nameStarts(name, {"dm-", "md"}))
        return DeviceClass::Composite;
    const bool physicalLink = tran == QLatin1String("sata") || tran == QLatin1String("sas")
        || tran == QLatin1String("ata") || tran == QLatin1String("usb") || tran == QLatin1String("spi")
        || tran == QLatin1String("mmc");
    // Without a transport, a classic sd*/hd* name with a model is still a real disk.
    const bool realName = nameStarts(name, {"sd", "hd", "mmcblk"}) && !f.model.trimmed().isEmpty();
    if ((physicalLink || realName) && f.rotational == 1)
        return DeviceClass::Hdd;
    if ((physicalLink || realName) && f.rotational == 0)
        return DeviceClass::Ssd;
    return DeviceClass::Unknown;
}

QString deviceClassId(DeviceClass c)
{
    switch (c) {
    case DeviceClass::Hdd: return QStringLiteral("hdd");
    case DeviceClass::Ssd: return QStringLiteral("ssd");
    case DeviceClass::Nvme: return QStringLiteral("nvme");
    case DeviceClass::Virtual: return QStringLiteral("virtual");
    case DeviceClass::File: return QStringLiteral("file");
    case DeviceClass::Memory: return QStringLiteral("memory");
    case DeviceClass::Network: return QStringLiteral("network");
    case DeviceClass::Composite: return QStringLiteral("composite");
    case DeviceClass::Unknown: break;
    }
    return QStringLiteral("unknown");
}

DeviceClass deviceClassFromId(const QString &id)
{
    for (DeviceClass c : {DeviceClass::Hdd, DeviceClass::Ssd, DeviceClass::Nvme, DeviceClass::Virtual,
             DeviceClass::File, DeviceClass::Memory, DeviceClass::Network, DeviceClass::Composite})
        if (deviceClassId(c) == id)
            return c;
    return DeviceClass::Unknown;
}

QString DeviceClassText::label(DeviceClass c)
{
    switch (c) {
    case DeviceClass::Hdd: return tr("HDD");
    case DeviceClass::Ssd: return tr("SSD");
    case DeviceClass::Nvme: return tr("NVMe");
    case DeviceClass::Virtual: return tr("virtual disk");
    case DeviceClass::File: return tr("loop device (a file)");
    case DeviceClass::Memory: return tr("memory-backed");
    case DeviceClass::Network: return tr("network block device");
    case DeviceClass::Composite: return tr("LVM / RAID / mapper");
    case DeviceClass::Unknown: break;
    }
    return tr("unknown type");
}

QString DeviceClassText::explanation(DeviceClass c)
{
    switch (c) {
    case DeviceClass::Virtual:
        return tr("An emulated disk: the host's storage and cache decide its speed; its rotational flag says nothing.");
    case DeviceClass::File: return tr("Backed by a file: the file system and page cache under it decide its speed.");
    case DeviceClass::Memory: return tr("Backed by RAM: no storage device is measured.");
    case DeviceClass::Network: return tr("Backed by the network and a remote store.");
    case DeviceClass::Composite: return tr("Built from other devices: the slowest of them decides.");
    case DeviceClass::Unknown: return tr("Neither the name, the model nor the transport tells what it is.");
    default: return {};
    }
}

} // namespace cm
