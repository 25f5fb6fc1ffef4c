// SPDX-License-Identifier: GPL-3.0-or-later
// The device type from name, model, vendor, transport and the rotational flag. The
// rows are what sysfs and lsblk report on real machines: this VM's virtio disk (vendor
// 0x1af4, rotational 1), QEMU's emulated SATA disk, VMware and Hyper-V SCSI disks, and
// real SATA/NVMe drives; a flag of 1 alone never makes an HDD.
#include "model/deviceclass.h"

#include <QTest>

using namespace cm;

Q_DECLARE_METATYPE(cm::DeviceClass)

class TestDeviceClass : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void classify_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("vendor");
        QTest::addColumn<QString>("transport");
        QTest::addColumn<int>("rotational");
        QTest::addColumn<DeviceClass>("expected");
        QTest::newRow("virtio-blk, flag 1") << "vda"
                                            << ""
                                            << "0x1af4"
                                            << "" << 1 << DeviceClass::Virtual;
        QTest::newRow("virtio vendor only") << "sdz"
                                            << ""
                                            << "0x1af4"
                                            << "" << 1 << DeviceClass::Virtual;
        QTest::newRow("xen") << "xvda"
                             << ""
                             << ""
                             << "" << 0 << DeviceClass::Virtual;
        QTest::newRow("qemu sata") << "sda"
                                   << "QEMU HARDDISK"
                                   << "ATA"
                                   << "sata" << 1 << DeviceClass::Virtual;
        QTest::newRow("vmware scsi") << "sdb"
                                     << "Virtual disk"
                                     << "VMware"
                                     << "spi" << 1 << DeviceClass::Virtual;
        QTest::newRow("hyper-v") << "sdc"
                                 << "Virtual Disk"
                                 << "Msft"
                                 << "" << 1 << DeviceClass::Virtual;
        QTest::newRow("virtualbox") << "sda"
                                    << "VBOX HARDDISK"
                                    << "ATA"
                                    << "sata" << 1 << DeviceClass::Virtual;
        QTest::newRow("qemu nvme") << "nvme0n1"
                                   << "QEMU NVMe Ctrl"
                                   << ""
                                   << "nvme" << 0 << DeviceClass::Virtual;
        QTest::newRow("sata hdd") << "sda"
                                  << "ST4000VN008-2DR166"
                                  << "ATA"
                                  << "sata" << 1 << DeviceClass::Hdd;
        QTest::newRow("sata ssd") << "sdb"
                                  << "Samsung SSD 870 EVO 1TB"
                                  << "ATA"
                                  << "sata" << 0 << DeviceClass::Ssd;
        QTest::newRow("sas hdd") << "sdc"
                                 << "HUH721212AL5200"
                                 << "HGST"
                                 << "sas" << 1 << DeviceClass::Hdd;
        QTest::newRow("usb stick") << "sdd"
                                   << "Cruzer Blade"
                                   << "SanDisk"
                                   << "usb" << 1 << DeviceClass::Hdd;
        QTest::newRow("nvme") << "nvme0n1"
                              << "Samsung SSD 980 PRO 1TB"
                              << ""
                              << "nvme" << 0 << DeviceClass::Nvme;
        QTest::newRow("sd, no transport") << "sda"
                                          << "WDC WD40EFRX-68N"
                                          << ""
                                          << "" << 1 << DeviceClass::Hdd;
        QTest::newRow("zram") << "zram0"
                              << ""
                              << ""
                              << "" << 0 << DeviceClass::Memory;
        QTest::newRow("loop") << "loop3"
                              << ""
                              << ""
                              << "" << 0 << DeviceClass::File;
        QTest::newRow("krbd") << "rbd0"
                              << ""
                              << ""
                              << "" << 0 << DeviceClass::Network;
        QTest::newRow("nbd") << "nbd0"
                             << ""
                             << ""
                             << "" << 0 << DeviceClass::Network;
        QTest::newRow("lvm") << "dm-0"
                             << ""
                             << ""
                             << "" << 1 << DeviceClass::Composite;
        QTest::newRow("md") << "md127"
                            << ""
                            << ""
                            << "" << 0 << DeviceClass::Composite;
        QTest::newRow("flag only") << "sdx"
                                   << ""
                                   << ""
                                   << "" << 1 << DeviceClass::Unknown;
        QTest::newRow("nothing") << ""
                                 << ""
                                 << ""
                                 << "" << -1 << DeviceClass::Unknown;
    }

    void classify()
    {
        QFETCH(QString, name);
        QFETCH(QString, model);
        QFETCH(QString, vendor);
        QFETCH(QString, transport);
        QFETCH(int, rotational);
        QFETCH(DeviceClass, expected);
        const DeviceClass got = classifyDevice({name, model, vendor, transport, rotational});
        QCOMPARE(deviceClassId(got), deviceClassId(expected));
    }

    void idsRoundTripAndTextIsSaid()
    {
        for (DeviceClass c :
            {DeviceClass::Unknown, DeviceClass::Hdd, DeviceClass::Ssd, DeviceClass::Nvme, DeviceClass::Virtual,
                DeviceClass::File, DeviceClass::Memory, DeviceClass::Network, DeviceClass::Composite}) {
            QCOMPARE(deviceClassFromId(deviceClassId(c)), c);
            QVERIFY(!DeviceClassText::label(c).isEmpty());
        }
        QCOMPARE(deviceClassFromId(QStringLiteral("garbage")), DeviceClass::Unknown);
        QVERIFY(!DeviceClassText::explanation(DeviceClass::Virtual).isEmpty());
        QVERIFY(!DeviceClassText::explanation(DeviceClass::Unknown).isEmpty());
    }
};

QTEST_APPLESS_MAIN(TestDeviceClass)
#include "test_deviceclass.moc"
