// SPDX-License-Identifier: GPL-3.0-or-later
// Parsers of the inventory (lsblk, ip, /proc files, marked sections) on recorded
// real outputs (tests/data/lsblk, tests/data/ip) and hand-checked older formats.
#include "model/inventory.h"
#include "parse/ipaddrparser.h"
#include "parse/lsblkparser.h"
#include "parse/markedsections.h"
#include "parse/procparser.h"
#include "testutil.h"

#include <QJsonDocument>
#include <QTest>

using namespace cm;

namespace {

QByteArray readData(const QString &rel)
{
    QFile f(cmtest::testData(rel));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(rel));
    return f.readAll();
}

} // namespace

class TestProbeParsers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void lsblkThisMachine()
    {
        const LsblkResult r = parseLsblk(readData(QStringLiteral("lsblk/debian12-vm.json")));
        QVERIFY2(!r.error, qPrintable(r.error.message));
        QVERIFY(r.warnings.isEmpty());
        QCOMPARE(r.devices.size(), 2);
        const BlockDevice &vda = r.devices.at(1);
        QCOMPARE(vda.name, QStringLiteral("vda"));
        QCOMPARE(vda.path, QStringLiteral("/dev/vda"));
        QCOMPARE(vda.type, QStringLiteral("disk"));
        QCOMPARE(vda.sizeBytes, Q_UINT64_C(274877906944));
        QVERIFY(vda.rotational);
        QVERIFY(!vda.readOnly);
        QCOMPARE(vda.mountpoints, QStringList {QStringLiteral("/")});
        QVERIFY(vda.model.isEmpty()); // JSON null
        QVERIFY(r.devices.at(0).mountpoints.isEmpty()); // [null]
    }

    void lsblkLoopWithPartitions()
    {
        const LsblkResult r = parseLsblk(readData(QStringLiteral("lsblk/loop-gpt-mounted-swap.json")));
        QVERIFY(!r.error);
        QCOMPARE(r.devices.size(), 1);
        const BlockDevice &loop = r.devices.first();
        QCOMPARE(loop.type, QStringLiteral("loop"));
        QCOMPARE(loop.sizeBytes, Q_UINT64_C(268435456));
        QCOMPARE(loop.children.size(), 3);
        QCOMPARE(loop.children.at(0).type, QStringLiteral("part"));
        QCOMPARE(loop.children.at(0).mountpoints.size(), 2); // mounted twice (bind)
        QVERIFY(loop.children.at(0).mountpoints.first().endsWith(QLatin1String("/m2")));
        QCOMPARE(loop.children.at(1).mountpoints, QStringList {QStringLiteral("[SWAP]")});
        QCOMPARE(loop.children.at(2).sizeBytes, Q_UINT64_C(94371840));
        quint64 sum = 0;
        for (const BlockDevice &c : loop.children)
            sum += c.sizeBytes;
        QVERIFY(sum < loop.sizeBytes); // GPT headers take the rest
    }

    void lsblkOldStringForm()
    {
        const LsblkResult r = parseLsblk(readData(QStringLiteral("lsblk/util-linux-2.33-strings.json")));
        QVERIFY(!r.error);
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(r.devices.size(), 3);
        const BlockDevice &sda = r.devices.at(0);
        QCOMPARE(sda.sizeBytes, Q_UINT64_C(500107862016));
        QVERIFY(!sda.rotational);
        QCOMPARE(sda.model, QStringLiteral("Samsung SSD 860")); // padding trimmed
        QCOMPARE(sda.ptType, QStringLiteral("gpt"));
        QCOMPARE(sda.children.at(0).mountpoints, QStringList {QStringLiteral("/boot/efi")});
        const BlockDevice &root = sda.children.at(1).children.at(0);
        QCOMPARE(root.type, QStringLiteral("lvm"));
        QCOMPARE(root.path, QStringLiteral("/dev/mapper/pve-root"));
        QCOMPARE(root.mountpoints, QStringList {QStringLiteral("/")});
        QVERIFY(r.devices.at(1).rotational);
        QCOMPARE(r.devices.at(1).children.at(0).fstype, QStringLiteral("ceph_bluestore"));
        QVERIFY(r.devices.at(2).readOnly);
        QCOMPARE(r.devices.at(2).type, QStringLiteral("rom"));
    }

    void lsblkMountpointString()
    {
        const LsblkResult r = parseLsblk(readData(QStringLiteral("lsblk/util-linux-2.36-mountpoint.json")));
        QVERIFY(!r.error);
        QCOMPARE(r.devices.size(), 2);
        QCOMPARE(r.devices.at(0).children.at(0).mountpoints, QStringList {QStringLiteral("/")});
        QCOMPARE(r.devices.at(0).children.at(1).mountpoints, QStringList {QStringLiteral("/srv/data")});
        QVERIFY(r.devices.at(0).mountpoints.isEmpty());
        QVERIFY(!r.devices.at(0).rotational);
        QVERIFY(r.devices.at(1).rotational);
        QCOMPARE(r.devices.at(1).sizeBytes, Q_UINT64_C(8001563222016));
    }

    void lsblkWithoutPathColumn()
    {
        const LsblkResult r
            = parseLsblk(R"({"blockdevices":[{"name":"sdb","type":"disk","size":"100","rota":"1","ro":"0",
            "children":[{"name":"vg-lv","type":"lvm","size":50,"rota":true,"ro":false}]}]})");
        QVERIFY(!r.error);
        QCOMPARE(r.devices.at(0).path, QStringLiteral("/dev/sdb"));
        QCOMPARE(r.devices.at(0).children.at(0).path, QStringLiteral("/dev/mapper/vg-lv"));
        QCOMPARE(r.devices.at(0).sizeBytes, Q_UINT64_C(100));
    }

    void lsblkBadInput_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<bool>("isError");
        QTest::addColumn<int>("warnings");
        QTest::newRow("empty") << QByteArray() << true << 0;
        QTest::newRow("text") << QByteArray("lsblk: unknown column: MOUNTPOINTS") << true << 0;
        QTest::newRow("array") << QByteArray("[1,2]") << true << 0;
        QTest::newRow("no list") << QByteArray(R"({"blockdevices":{}})") << true << 0;
        QTest::newRow("cut") << QByteArray(R"({"blockdevices":[{"name":"sda","size":12)") << true << 0;
        QTest::newRow("bad entries") << QByteArray(R"({"blockdevices":[1,{"name":"x","size":"12G","rota":"maybe"}]})")
                                     << false << 3;
        QTest::newRow("negative") << QByteArray(R"({"blockdevices":[{"name":"x","size":-5}]})") << false << 1;
    }

    void lsblkBadInput()
    {
        QFETCH(QByteArray, input);
        QFETCH(bool, isError);
        QFETCH(int, warnings);
        const LsblkResult r = parseLsblk(input);
        QCOMPARE(bool(r.error), isError);
        if (isError)
            QCOMPARE(r.error.code, Error::Code::ParseError);
        QCOMPARE(r.warnings.size(), warnings);
    }

    void lsblkDeepNestingIsBounded()
    {
        QByteArray deep = R"({"blockdevices":[)";
        for (int i = 0; i < 200; ++i)
            deep += R"({"name":"d","children":[)";
        for (int i = 0; i < 200; ++i)
            deep += "]}";
        deep += "]}";
        const LsblkResult r = parseLsblk(deep);
        QVERIFY(!r.error);
        int depth = 0;
        for (const BlockDevice *d = &r.devices.first(); !d->children.isEmpty(); d = &d->children.first())
            ++depth;
        QVERIFY(depth <= 32);
        QVERIFY(!r.warnings.isEmpty());
    }

    void ipThisMachine()
    {
        const IpAddrResult r = parseIpAddr(readData(QStringLiteral("ip/debian12-vm.json")));
        QVERIFY(!r.error);
        QCOMPARE(r.nics.size(), 4);
        QCOMPARE(r.nics.at(0).name, QStringLiteral("lo"));
        QVERIFY(r.nics.at(0).addresses.contains(QStringLiteral("127.0.0.1/8")));
        QVERIFY(r.nics.at(0).addresses.contains(QStringLiteral("::1/128")));
        const NicInfo &eth0 = r.nics.at(3);
        QCOMPARE(eth0.name, QStringLiteral("eth0"));
        QCOMPARE(eth0.mtu, 1400);
        QCOMPARE(eth0.mac, QStringLiteral("02:fc:00:00:00:01"));
        QCOMPARE(eth0.operState, QStringLiteral("UP"));
        QVERIFY(eth0.addresses.contains(QStringLiteral("192.0.2.2/24")));
        QVERIFY(eth0.addresses.contains(QStringLiteral("fd00::2/64")));
        QCOMPARE(eth0.speedMbps, -1);
        QCOMPARE(r.nics.at(1).operState, QStringLiteral("DOWN"));
        QVERIFY(r.nics.at(1).addresses.isEmpty());
    }

    void ipBridgeAndVeth()
    {
        const IpAddrResult r = parseIpAddr(readData(QStringLiteral("ip/netns-bridge-veth.json")));
        QVERIFY(!r.error);
        QCOMPARE(r.nics.size(), 4);
        QCOMPARE(r.nics.at(1).name, QStringLiteral("br0"));
        QVERIFY(r.nics.at(1).addresses.contains(QStringLiteral("10.77.0.1/24")));
        QCOMPARE(r.nics.at(3).name, QStringLiteral("s1a"));
        QCOMPARE(r.nics.at(3).master, QStringLiteral("br0"));
        QCOMPARE(r.nics.at(3).mtu, 9000);
        QVERIFY(r.nics.at(2).master.isEmpty());
    }

    void ipOldFormat()
    {
        const IpAddrResult r = parseIpAddr(readData(QStringLiteral("ip/iproute2-old-empty-objects.json")));
        QVERIFY(!r.error);
        QVERIFY(r.warnings.isEmpty());
        QCOMPARE(r.nics.size(), 5); // the {} entries are skipped
        QCOMPARE(r.nics.at(2).name, QStringLiteral("eno2"));
        QCOMPARE(r.nics.at(2).mtu, 9000); // given as a string
        QCOMPARE(r.nics.at(2).master, QStringLiteral("bond0"));
        QCOMPARE(r.nics.at(3).master, QStringLiteral("vmbr0"));
        QCOMPARE(r.nics.at(4).addresses.first(), QStringLiteral("192.168.10.11/24"));
    }

    void ipBadInput()
    {
        QVERIFY(parseIpAddr("Option \"-j\" is unknown, try \"ip -help\".").error);
        QVERIFY(parseIpAddr("{}").error);
        const IpAddrResult r
            = parseIpAddr(R"([{"mtu":1500},5,{"ifname":"x","mtu":-3,"addr_info":[7,{"local":"1.2.3.4"}]}])");
        QVERIFY(!r.error);
        QCOMPARE(r.nics.size(), 1);
        QCOMPARE(r.warnings.size(), 1);
        QCOMPARE(r.nics.first().mtu, 0);
        QCOMPARE(r.nics.first().addresses, QStringList {QStringLiteral("1.2.3.4")});
    }

    void cpuinfoAndMeminfo()
    {
        const CpuInfo c = parseCpuinfo(readData(QStringLiteral("probe-tree/proc/cpuinfo")));
        QCOMPARE(c.logicalCpus, 4);
        QCOMPARE(c.model, QStringLiteral("AMD EPYC 7302P 16-Core Processor"));
        const CpuInfo arm = parseCpuinfo("processor\t: 0\nBogoMIPS\t: 108.00\n\nprocessor\t: 1\n\nHardware\t: "
                                         "BCM2835\nModel\t: Raspberry Pi 4 Model B Rev 1.4\n");
        QCOMPARE(arm.logicalCpus, 2);
        QCOMPARE(arm.model, QStringLiteral("BCM2835"));

        const MemInfo m = parseMeminfo(readData(QStringLiteral("probe-tree/proc/meminfo")));
        QVERIFY(m.valid);
        QCOMPARE(m.totalBytes, Q_UINT64_C(131858648) * 1024);
        QCOMPARE(m.availableBytes, Q_UINT64_C(98765432) * 1024);
        const MemInfo old = parseMeminfo("MemTotal: 1000 kB\nMemFree: 100 kB\nBuffers: 20 kB\nCached: 300 kB\n");
        QCOMPARE(old.availableBytes, Q_UINT64_C(420) * 1024);
        QVERIFY(!parseMeminfo("garbage\n: 12\nMemTotal: lots\n").valid);
    }

    void osRelease()
    {
        QCOMPARE(
            parseOsReleasePrettyName("NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n"),
            QStringLiteral("Debian GNU/Linux 12 (bookworm)"));
        QCOMPARE(
            parseOsReleasePrettyName("NAME=Alpine\nVERSION='3.19 \\\"x\\\"'\n"), QStringLiteral("Alpine 3.19 \"x\""));
        QVERIFY(parseOsReleasePrettyName("# nothing\n").isEmpty());
    }

    void markedSections()
    {
        const QByteArray n = "abc123";
        const QByteArray out = "noise\n@@CM:abc123:begin one\nline1\nline2\n\n@@CM:abc123:end one 0\n"
                               "@@CM:abc123:begin empty\n\n@@CM:abc123:end empty 3\n"
                               "@@CM:abc123:begin nolf\nxyz\n@@CM:abc123:end nolf 127\n"
                               "@@CM:other:begin forged\nhi\n@@CM:other:end forged 0\n"
                               "@@CM:abc123:begin cut\npartial";
        const auto s = splitMarkedSections(out, n);
        QCOMPARE(s.value(QStringLiteral("one")).body, QByteArray("line1\nline2\n"));
        QCOMPARE(s.value(QStringLiteral("one")).exitCode, 0);
        QCOMPARE(s.value(QStringLiteral("empty")).body, QByteArray());
        QCOMPARE(s.value(QStringLiteral("empty")).exitCode, 3);
        QCOMPARE(s.value(QStringLiteral("nolf")).body, QByteArray("xyz"));
        QCOMPARE(s.value(QStringLiteral("nolf")).exitCode, 127);
        QVERIFY(!s.contains(QStringLiteral("forged")));
        QCOMPARE(s.value(QStringLiteral("cut")).exitCode, -1);
        QCOMPARE(s.value(QStringLiteral("cut")).body, QByteArray("partial"));
        QVERIFY(splitMarkedSections(out, QByteArray()).isEmpty());
    }

    void inventoryJsonRoundTrip()
    {
        NodeInventory inv;
        inv.hostname = QStringLiteral("n1");
        inv.memTotalBytes = Q_UINT64_C(137438953472);
        inv.cpuCores = 8;
        inv.disks = parseLsblk(readData(QStringLiteral("lsblk/util-linux-2.33-strings.json"))).devices;
        inv.disks[0].writeCache = QStringLiteral("write back");
        inv.disks[0].holders = QStringList {QStringLiteral("dm-0")};
        inv.nics = parseIpAddr(readData(QStringLiteral("ip/iproute2-old-empty-objects.json"))).nics;
        inv.nics[1].speedMbps = 25000;
        inv.warnings << QStringLiteral("w");
        const QByteArray json = QJsonDocument(inv.toJson()).toJson();
        const NodeInventory back = NodeInventory::fromJson(QJsonDocument::fromJson(json).object());
        QVERIFY(back == inv);
        QVERIFY(back.findDevice(QStringLiteral("/dev/mapper/pve-root")));
        QCOMPARE(back.findDevice(QStringLiteral("pve-swap"))->mountpoints, QStringList {QStringLiteral("[SWAP]")});
        QCOMPARE(back.findNic(QStringLiteral("eno1"))->speedMbps, 25000);
        QVERIFY(!back.findDevice(QStringLiteral("sdq")));
        QCOMPARE(NodeInventory::fromJson(QJsonObject()).cpuCores, 0);
    }
};

QTEST_GUILESS_MAIN(TestProbeParsers)
#include "test_probeparsers.moc"
