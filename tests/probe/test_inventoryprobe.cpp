// SPDX-License-Identifier: GPL-3.0-or-later
// probeNode on this machine through the real LocalTransport, and on a recorded
// /proc + /sys tree (NodeSpec::procRoot / sysRoot).
#include "probe/inventoryprobe.h"
#include "transport/localtransport.h"
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QMap>
#include <QSet>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace cm;

namespace {

quint64 meminfoKb(const QByteArray &key)
{
    QFile f(QStringLiteral("/proc/meminfo"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(key + ':'))
            return line.mid(key.size() + 1).trimmed().split(' ').first().toULongLong();
    return 0;
}

// Each device of /sys/block with its size in sectors.
QMap<QString, QByteArray> blockSizes()
{
    QMap<QString, QByteArray> sizes;
    const QStringList names = QDir(QStringLiteral("/sys/block")).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        QFile sz(QStringLiteral("/sys/block/%1/size").arg(name));
        if (sz.open(QIODevice::ReadOnly))
            sizes.insert(name, sz.readAll().trimmed());
    }
    return sizes;
}

} // namespace

class TestInventoryProbe : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void thisMachine()
    {
        LocalTransport t;
        Error err;
        QElapsedTimer timer;
        const auto netNames = [] {
            const QStringList l
                = QDir(QStringLiteral("/sys/class/net")).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
            return QSet<QString>(l.begin(), l.end());
        };
        // Other tests running at the same time create and remove interfaces (network
        // namespace fixtures): the probe is checked against the names seen before and after.
        const QSet<QString> netBefore = netNames();
        const QMap<QString, QByteArray> blockBefore = blockSizes();
        timer.start();
        const NodeInventory inv = probeNode(t, &err);
        const QSet<QString> netAfter = netNames();
        qInfo() << "probe took" << timer.elapsed() << "ms; warnings:" << inv.warnings;
        QVERIFY2(!err, qPrintable(err.toString()));
        QCOMPARE(inv.hostname, QSysInfo::machineHostName());
        QCOMPARE(inv.kernel, QSysInfo::kernelVersion());
        QVERIFY(!inv.os.isEmpty());
        QVERIFY(inv.cpuCores >= 1);
        QCOMPARE(inv.cpuCores, QThread::idealThreadCount());
        QCOMPARE(inv.memTotalBytes, meminfoKb("MemTotal") * 1024);
        QVERIFY(inv.memAvailableBytes > 0 && inv.memAvailableBytes <= inv.memTotalBytes);
        QVERIFY(!inv.disks.isEmpty());

        // Every device of /sys/block that lsblk lists is there, with its sysfs facts. Other
        // tests attach and detach loop devices meanwhile: only devices whose size was the
        // same before and after the probe are compared.
        const QMap<QString, QByteArray> blockAfter = blockSizes();
        QVERIFY(!blockAfter.isEmpty());
        for (auto it = blockAfter.cbegin(); it != blockAfter.cend(); ++it) {
            const QString &name = it.key();
            if (name.startsWith(QLatin1String("ram")) || blockBefore.value(name) != it.value())
                continue;
            const BlockDevice *d = inv.findDevice(name);
            QVERIFY2(d, qPrintable(name));
            QFile wc(QStringLiteral("/sys/block/%1/queue/write_cache").arg(name));
            if (wc.open(QIODevice::ReadOnly))
                QCOMPARE(d->writeCache, QString::fromUtf8(wc.readAll()).trimmed());
            QCOMPARE(d->sizeBytes, it.value().toULongLong() * 512);
        }

        const NicInfo *lo = inv.findNic(QStringLiteral("lo"));
        QVERIFY(lo);
        QVERIFY(lo->addresses.contains(QStringLiteral("127.0.0.1/8")));
        QCOMPARE(lo->mtu, QFile::exists(QStringLiteral("/sys/class/net/lo/mtu")) ? 65536 : lo->mtu);
        QSet<QString> probed;
        for (const NicInfo &n : inv.nics)
            probed << n.name;
        QCOMPARE(probed.size(), inv.nics.size()); // no interface twice
        for (const QString &n : netBefore &netAfter) // there all along: must be listed
            QVERIFY2(probed.contains(n), qPrintable(n));
        for (const QString &n : std::as_const(probed)) // nothing that never existed
            QVERIFY2(netBefore.contains(n) || netAfter.contains(n), qPrintable(n));
    }

    void recordedTree()
    {
        NodeSpec spec = NodeSpec::parse(QStringLiteral("local"));
        spec.procRoot = cmtest::testData(QStringLiteral("probe-tree/proc"));
        spec.sysRoot = cmtest::testData(QStringLiteral("probe-tree/sys"));
        LocalTransport t(spec);
        Error err;
        const NodeInventory inv = probeNode(t, &err);
        QVERIFY2(!err, qPrintable(err.toString()));
        QCOMPARE(inv.hostname, QStringLiteral("pve-node3"));
        QCOMPARE(inv.kernel, QStringLiteral("6.8.12-4-pve"));
        QCOMPARE(inv.cpuCores, 4);
        QCOMPARE(inv.cpuModel, QStringLiteral("AMD EPYC 7302P 16-Core Processor"));
        QCOMPARE(inv.memTotalBytes, Q_UINT64_C(131858648) * 1024);
        QCOMPARE(inv.memAvailableBytes, Q_UINT64_C(98765432) * 1024);

        const BlockDevice *sdz = inv.findDevice(QStringLiteral("sdz"));
        QVERIFY(sdz);
        QCOMPARE(sdz->path, QStringLiteral("/dev/sdz"));
        QCOMPARE(sdz->sizeBytes, Q_UINT64_C(7814037168) * 512);
        QVERIFY(sdz->rotational);
        QCOMPARE(sdz->writeCache, QStringLiteral("write through"));
        QCOMPARE(sdz->holders, QStringList {QStringLiteral("dm-9")});
        QCOMPARE(sdz->children.size(), 1);
        QCOMPARE(sdz->children.first().name, QStringLiteral("sdz1"));
        QCOMPARE(sdz->children.first().type, QStringLiteral("part"));
        QCOMPARE(sdz->children.first().sizeBytes, Q_UINT64_C(2048) * 512);
        const BlockDevice *dm = inv.findDevice(QStringLiteral("dm-9"));
        QVERIFY(dm);
        QCOMPARE(dm->writeCache, QStringLiteral("write back"));

        const NicInfo *ens = inv.findNic(QStringLiteral("ens18"));
        QVERIFY(ens);
        QCOMPARE(ens->speedMbps, 10000);
        QCOMPARE(ens->mtu, 9000);
        QCOMPARE(ens->master, QStringLiteral("bond0"));
        QCOMPARE(ens->operState, QStringLiteral("UP"));
        QCOMPARE(inv.findNic(QStringLiteral("bond0"))->speedMbps, 20000);
    }

    void missingFilesAreWarnings()
    {
        QTemporaryDir empty;
        NodeSpec spec = NodeSpec::parse(QStringLiteral("local"));
        spec.procRoot = empty.path() + QStringLiteral("/proc");
        spec.sysRoot = empty.path() + QStringLiteral("/sys");
        LocalTransport t(spec);
        Error err;
        const NodeInventory inv = probeNode(t, &err);
        QVERIFY(!err);
        QCOMPARE(inv.hostname, QSysInfo::machineHostName()); // uname fallback
        QVERIFY(inv.cpuCores >= 1); // nproc fallback
        QCOMPARE(inv.memTotalBytes, Q_UINT64_C(0));
        QVERIFY(inv.warnings.join(QLatin1Char('\n')).contains(QLatin1String("meminfo")));
        QVERIFY(inv.warnings.join(QLatin1Char('\n')).contains(QLatin1String("cpuinfo")));
        QVERIFY(!inv.disks.isEmpty()); // lsblk still works
    }

    void hostileRootsStayLiteral()
    {
        QTemporaryDir dir;
        const QString marker = dir.path() + QStringLiteral("/pwned");
        NodeSpec spec = NodeSpec::parse(QStringLiteral("local"));
        spec.procRoot = QStringLiteral("/proc\"; touch %1; echo \"").arg(marker);
        spec.sysRoot = QStringLiteral("$(touch %1)").arg(marker);
        LocalTransport t(spec);
        Error err;
        const NodeInventory inv = probeNode(t, &err);
        QVERIFY(!err);
        QVERIFY(!QFile::exists(marker));
        QVERIFY(!inv.warnings.isEmpty());
    }

    void scriptFailureIsAnError()
    {
        // The probe's output parser on a truncated run: everything becomes a warning.
        const NodeInventory inv = inventoryFromProbeOutput("garbage", "nonce", QStringLiteral("n"));
        QVERIFY(inv.disks.isEmpty());
        QVERIFY(inv.warnings.size() >= 4);
    }
};

QTEST_GUILESS_MAIN(TestInventoryProbe)
#include "test_inventoryprobe.moc"
