// SPDX-License-Identifier: GPL-3.0-or-later
// The raw-device safety rules (docs/ARCHITECTURE.md §8) against REAL loop devices, filesystems,
// mounts, swap, LVM labels and device-mapper holders. Needs root (CI runs as root).
// Every loop device, mount, swap and dm device is undone by a guard, even on failure.
#include "bench/diskfio/devicesafety.h"
#include "transport/localtransport.h"
#include "transport/shellquote.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <fcntl.h>
#include <unistd.h>

using namespace cm;

namespace {

ExecResult sh(const QString &script)
{
    LocalTransport t;
    return t.capture({QStringLiteral("sh"), QStringLiteral("-c"), script}, 60000);
}

QString q(const QString &s)
{
    return shellQuote(s);
}

// Creates loop devices on sparse files in a temp folder and undoes everything it
// was told about, in reverse order, when it goes out of scope.
class Scratch {
public:
    Scratch()
        : m_dir(QStringLiteral("/tmp/cm-safety-XXXXXX"))
    { }
    ~Scratch()
    {
        for (auto it = m_undo.crbegin(); it != m_undo.crend(); ++it) {
            const ExecResult r = sh(*it);
            if (!r.ok())
                qWarning() << "cleanup:" << *it << r.stdErr;
        }
    }
    Scratch(const Scratch &) = delete;
    Scratch &operator=(const Scratch &) = delete;

    QString dir() const { return m_dir.path(); }
    void undo(const QString &cmd) { m_undo << cmd; }

    // An empty (all zero) sparse loop device; empty string on failure.
    QString loop(qint64 mib = 64)
    {
        const QString img = QStringLiteral("%1/disk%2.img").arg(m_dir.path()).arg(m_undo.size());
        QFile f(img);
        if (!f.open(QIODevice::WriteOnly) || !f.resize(mib * 1024 * 1024))
            return {};
        f.close();
        const ExecResult r = sh(QStringLiteral("losetup --find --show -- %1").arg(q(img)));
        const QString dev = QString::fromUtf8(r.stdOut).trimmed();
        if (!r.ok() || !dev.startsWith(QLatin1String("/dev/loop")))
            return {};
        // Partitions added with partx outlive the detach: drop them first.
        undo(QStringLiteral("partx -d %1 2>/dev/null; losetup -d %1").arg(q(dev)));
        return dev;
    }

    bool run(const QString &script)
    {
        const ExecResult r = sh(script);
        if (!r.ok())
            qWarning() << script << "failed:" << r.exitCode << r.stdErr;
        return r.ok();
    }

    // Partitions show up asynchronously after `partx -a`.
    static bool waitFor(const QString &path)
    {
        QElapsedTimer t;
        t.start();
        while (!QFile::exists(path) && t.elapsed() < 3000)
            QThread::msleep(50);
        return QFile::exists(path);
    }

private:
    QTemporaryDir m_dir;
    QStringList m_undo;
};

bool hasReason(const DeviceSafetyReport &r, const QString &device, const QString &text)
{
    for (const QString &s : r.reasons)
        if (s.contains(device) && s.contains(text, Qt::CaseInsensitive))
            return true;
    return false;
}

QString dump(const DeviceSafetyReport &r)
{
    return QStringLiteral("allowed=%1 reasons=[%2] warnings=[%3]")
        .arg(r.allowed)
        .arg(r.reasons.join(QStringLiteral(" | ")), r.warnings.join(QStringLiteral(" | ")));
}

DeviceSafetyReport check(const QString &dev)
{
    LocalTransport t;
    const DeviceSafetyReport r = checkDeviceForWrite(t, dev);
    qInfo().noquote() << dev << dump(r);
    return r;
}

} // namespace

#define LOOP_OR_FAIL(var, scratch)                                                                                     \
    const QString var = (scratch).loop();                                                                              \
    QVERIFY2(!var.isEmpty(), "could not create a loop device")

class TestDeviceSafety : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        CM_REQUIRE_FIXTURE(::geteuid() == 0, QStringLiteral("root is needed for loop devices"));
        const ExecResult r = sh(QStringLiteral("losetup -f"));
        CM_REQUIRE_FIXTURE(r.ok() && r.stdOut.startsWith("/dev/loop"),
            QStringLiteral("no free loop device (losetup -f: %1)").arg(QString::fromUtf8(r.stdErr)));
    }

    void cleanDeviceIsAllowed()
    {
        Scratch s;
        LOOP_OR_FAIL(dev, s);
        const DeviceSafetyReport r = check(dev);
        QVERIFY2(r.allowed, qPrintable(dump(r)));
        QVERIFY(r.reasons.isEmpty());
        QCOMPARE(r.resolvedPath, dev);
        QCOMPARE(r.sizeBytes, quint64(64) * 1024 * 1024);
        QCOMPARE(r.toJson().value(QLatin1String("sizeBytes")).toDouble(), 64.0 * 1024 * 1024);
        QVERIFY(r.toJson().value(QLatin1String("allowed")).toBool());
        // The write still needs the typed path.
        QVERIFY(typedConfirmationMatches(QStringLiteral("  %1\n").arg(dev), dev));
        QVERIFY(!typedConfirmationMatches(dev + QLatin1Char('1'), dev));
        QVERIFY(!typedConfirmationMatches(dev.chopped(1), dev));
        QVERIFY(!typedConfirmationMatches(dev.toUpper(), dev));
        QVERIFY(!typedConfirmationMatches(QString(), QString()));
    }

    void symlinkIsResolved()
    {
        Scratch s;
        LOOP_OR_FAIL(dev, s);
        const QString link = s.dir() + QStringLiteral("/by-id-link");
        QVERIFY(QFile::link(dev, link));
        const DeviceSafetyReport r = check(link);
        QVERIFY2(r.allowed, qPrintable(dump(r)));
        QCOMPARE(r.resolvedPath, dev);
    }

    void partitionTable()
    {
        for (const QString &label : {QStringLiteral("gpt"), QStringLiteral("dos")}) {
            Scratch s;
            LOOP_OR_FAIL(dev, s);
            QVERIFY(s.run(QStringLiteral("printf 'label: %1\\n,16M,L\\n' | sfdisk -q %2").arg(label, q(dev))));
            const DeviceSafetyReport r = check(dev);
            QVERIFY(!r.allowed);
            QVERIFY2(hasReason(r, dev, QStringLiteral("partition table (%1)").arg(label)), qPrintable(dump(r)));
        }
    }

    void mountedPartition()
    {
        Scratch s;
        LOOP_OR_FAIL(dev, s);
        QVERIFY(s.run(QStringLiteral("printf 'label: gpt\\n,24M,L\\n,\\n' | sfdisk -q %1 && partx -a %1").arg(q(dev))));
        const QString part = dev + QStringLiteral("p1");
        QVERIFY(Scratch::waitFor(part));
        QVERIFY(s.run(QStringLiteral("mkfs.ext4 -q %1").arg(q(part))));
        const QString mnt = s.dir() + QStringLiteral("/mnt");
        QVERIFY(QDir().mkpath(mnt));
        QVERIFY(s.run(QStringLiteral("mount %1 %2").arg(q(part), q(mnt))));
        s.undo(QStringLiteral("umount %1").arg(q(mnt)));
        const DeviceSafetyReport r = check(dev);
        QVERIFY(!r.allowed);
        QVERIFY2(hasReason(r, part, QStringLiteral("a partition on %1) is mounted on %2").arg(dev, mnt)),
            qPrintable(dump(r)));
        QVERIFY2(hasReason(r, dev, QStringLiteral("2 partition(s)")), qPrintable(dump(r)));
        QVERIFY2(hasReason(r, part, QStringLiteral("ext4")), qPrintable(dump(r)));
        // The partition itself is refused too.
        QVERIFY(!check(part).allowed);
    }

    void filesystem()
    {
        Scratch s;
        LOOP_OR_FAIL(dev, s);
        QVERIFY(s.run(QStringLiteral("mkfs.ext4 -q %1").arg(q(dev))));
        const DeviceSafetyReport r = check(dev);
        QVERIFY(!r.allowed);
        QVERIFY2(hasReason(r, dev, QStringLiteral("ext4 signature")), qPrintable(dump(r)));
        QVERIFY(!hasReason(r, dev, QStringLiteral("mounted")));
    }

    void mounted()
    {
        Scratch s;
        LOOP_OR_FAIL(dev, s);
        QVERIFY(s.run(QStringLiteral("mkfs.ext4 -q %1").arg(q(dev))));
        const QString mnt = s.dir() + QStringLiteral("/mnt point"); // a space: escaped by the kernel
        QVERIFY(QDir().mkpath(mnt));
        QVERIFY(s.run(QStringLiteral("mount %1 %2").arg(q(dev), q(mnt))));
        s.undo(QStringLiteral("umount %1").arg(q(mnt)));
        const DeviceSafetyReport r = check(dev);
        QVERIFY(!r.allowed);
        QVERIFY2(hasReason(r, dev, QStringLiteral("is mounted on %1").arg(mnt)), qPrintable(dump(r)));
        QVERIFY2(hasReason(r, dev, QStringLiteral("opened exclusively")), qPrintable(dump(r)));
    }

    void lvmSignature()
    {
        Scratch s;
        LOOP_OR_FAIL(dev, s);
        QVERIFY(s.run(QStringLiteral("pvcreate -q -y -ff %1").arg(q(dev))));
        s.undo(QStringLiteral("pvremove -q -y -ff %1 || true").arg(q(dev)));
        const DeviceSafetyReport r = check(dev);
        QVERIFY(!r.allowed);
        QVERIFY2(hasReason(r, dev, QStringLiteral("LVM2 physical volume")), qPrintable(dump(r)));
        // Leave no PV behind.
        QVERIFY(s.run(QStringLiteral("pvremove -q -y -ff %1").arg(q(dev))));
        QVERIFY(!sh(QStringLiteral("pvs --noheadings -o pv_name 2>/dev/null")).stdOut.contains(dev.toUtf8() + '\n'));
        QVERIFY(check(dev).allowed);
    }

    void bluestoreSignature()
    {
        Scratch s;
        LOOP_OR_FAIL(dev, s);
        QVERIFY(s.run(QStringLiteral("printf 'bluestore block device\\n0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b\\n' | "
                                     "dd of=%1 conv=notrunc status=none")
                          .arg(q(dev))));
        const DeviceSafetyReport r = check(dev);
        QVERIFY(!r.allowed);
        QVERIFY2(
            hasReason(r, dev, QStringLiteral("\"bluestore block device\": it is a Ceph OSD")), qPrintable(dump(r)));
    }

    void swapInUse()
    {
        Scratch s;
        LOOP_OR_FAIL(dev, s);
        QVERIFY(s.run(QStringLiteral("mkswap -q %1 && swapon %1").arg(q(dev))));
        s.undo(QStringLiteral("swapoff %1").arg(q(dev)));
        const DeviceSafetyReport r = check(dev);
        QVERIFY(!r.allowed);
        QVERIFY2(hasReason(r, dev, QStringLiteral("in use as swap")), qPrintable(dump(r)));
        QVERIFY2(hasReason(r, dev, QStringLiteral("swap signature")), qPrintable(dump(r)));
    }

    // Holders: this kernel has neither device-mapper nor md, so no real holder can be
    // made here; exclusiveOpen covers the kernel claim a holder makes, and
    // cephHolderInRealOutput the holder evidence on a real probe output.

    void cephHolderInRealOutput()
    {
        // Without device-mapper in the kernel no real holder can exist here: take the
        // real probe output of a clean loop device and add one holder line, as
        // /sys/class/block/X/holders shows it under a ceph-volume OSD.
        Scratch s;
        LOOP_OR_FAIL(dev, s);
        const QByteArray nonce = "n0nce";
        LocalTransport t;
        const ExecResult r = t.run(deviceSafetyCommand(dev, nonce), {}, CancelToken());
        QVERIFY(r.ok());
        QVERIFY(evaluateDeviceSafety(r.stdOut, nonce, dev).allowed);
        const QByteArray kname = dev.mid(5).toUtf8();
        QByteArray out = r.stdOut;
        const QByteArray tag = "@@CM:" + nonce + ":begin holders " + kname + "\n";
        QVERIFY(out.contains(tag));
        out.replace(tag, tag + "dm-3\tceph--0f1e2d3c-osd--block--11223344\tLVM-AbCdEf");
        const DeviceSafetyReport rep = evaluateDeviceSafety(out, nonce, dev);
        QVERIFY(!rep.allowed);
        QVERIFY2(hasReason(rep, dev, QStringLiteral("is held by dm-3 (ceph--0f1e2d3c-osd--block--11223344)")),
            qPrintable(dump(rep)));
        QVERIFY2(hasReason(rep, dev, QStringLiteral("is a Ceph OSD")), qPrintable(dump(rep)));
        // A cut-short output is refused, never allowed.
        QVERIFY(!evaluateDeviceSafety(r.stdOut.left(r.stdOut.size() / 3), nonce, dev).allowed);
        QVERIFY(!evaluateDeviceSafety(QByteArray(), nonce, dev).allowed);
    }

    void exclusiveOpen()
    {
        Scratch s;
        LOOP_OR_FAIL(dev, s);
        // The same claim a dm/md holder or a running OSD puts on its device.
        const int fd = ::open(dev.toLocal8Bit().constData(), O_RDONLY | O_EXCL | O_CLOEXEC);
        QVERIFY(fd >= 0);
        const DeviceSafetyReport r = check(dev);
        ::close(fd);
        QVERIFY(!r.allowed);
        QVERIFY2(hasReason(r, dev, QStringLiteral("opened exclusively")), qPrintable(dump(r)));
        QVERIFY(check(dev).allowed); // released: allowed again
    }

    void notABlockDevice()
    {
        QTemporaryDir d;
        const QString file = d.path() + QStringLiteral("/file");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x");
        f.close();
        DeviceSafetyReport r = check(file);
        QVERIFY(!r.allowed);
        QVERIFY2(hasReason(r, file, QStringLiteral("not a block device")), qPrintable(dump(r)));
        r = check(d.path());
        QVERIFY(hasReason(r, d.path(), QStringLiteral("a directory")));
        r = check(QStringLiteral("/dev/null"));
        QVERIFY(hasReason(r, QStringLiteral("/dev/null"), QStringLiteral("not a block device")));
        const QString missing = d.path() + QStringLiteral("/nope");
        r = check(missing);
        QVERIFY(!r.allowed);
        QVERIFY2(hasReason(r, missing, QStringLiteral("does not exist")), qPrintable(dump(r)));
        r = check(QStringLiteral("dev/sdb"));
        QVERIFY(!r.allowed && hasReason(r, QStringLiteral("dev/sdb"), QStringLiteral("absolute")));
    }

    void hostilePathStaysLiteral()
    {
        QTemporaryDir d;
        const QString marker = d.path() + QStringLiteral("/pwned");
        for (const QString &p : {QStringLiteral("/dev/null; touch %1").arg(marker),
                 QStringLiteral("/$(touch %1)").arg(marker), QStringLiteral("/dev/x' ; touch '%1").arg(marker)}) {
            const DeviceSafetyReport r = check(p);
            QVERIFY(!r.allowed);
            QVERIFY(hasReason(r, p, QStringLiteral("does not exist")));
        }
        QVERIFY(!QFile::exists(marker));
    }

    void rootDisk()
    {
        QString src = QString::fromUtf8(sh(QStringLiteral("findmnt -n -o SOURCE /")).stdOut).trimmed();
        src = src.section(QLatin1Char('['), 0, 0);
        CM_REQUIRE_FIXTURE(
            src.startsWith(QLatin1String("/dev/")), QStringLiteral("/ is not on a block device here (%1)").arg(src));
        // The root device itself and the disk at the top of its chain.
        const QStringList chain
            = QString::fromUtf8(sh(QStringLiteral("lsblk -n -r -s -o PATH -- %1").arg(q(src))).stdOut)
                  .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QStringList targets {src};
        if (!chain.isEmpty() && chain.last() != src)
            targets << chain.last();
        for (const QString &dev : std::as_const(targets)) {
            const DeviceSafetyReport r = check(dev);
            QVERIFY(!r.allowed);
            QVERIFY2(hasReason(r, dev, QStringLiteral("root filesystem")), qPrintable(dump(r)));
        }
    }

    void cephDmNames()
    {
        QVERIFY(isCephDmVolume(QStringLiteral("ceph--0f1e2d3c--4b5a-osd--block--11223344")));
        QVERIFY(isCephDmVolume(QStringLiteral("vgx-osd--db--1"), QStringLiteral("LVM-abcdef")));
        QVERIFY(!isCephDmVolume(QStringLiteral("pve-root"), QStringLiteral("LVM-abcdef")));
        QVERIFY(!isCephDmVolume(QStringLiteral("cephdata"), QStringLiteral("CRYPT-LUKS2-x")));
    }

    void fileTarget()
    {
        Scratch s;
        LocalTransport t;
        QVERIFY2(!checkFileTarget(t, s.dir()), qPrintable(checkFileTarget(t, s.dir()).toString()));
        QCOMPARE(QDir(s.dir()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).size(), 0);

        const QString missing = s.dir() + QStringLiteral("/a/b");
        Error e = checkFileTarget(t, missing);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY(e.message.contains(missing));
        QVERIFY(!QFile::exists(s.dir() + QStringLiteral("/a"))); // never created

        const QString file = s.dir() + QStringLiteral("/f");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        e = checkFileTarget(t, file);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY(e.message.contains(QLatin1String("not a folder")));

        QCOMPARE(checkFileTarget(t, QStringLiteral("relative/dir")).code, Error::Code::InvalidInput);
        QCOMPARE(checkFileTarget(t, QString()).code, Error::Code::InvalidInput);

        // Read-only: a read-only bind mount (root can write anywhere else).
        const QString ro = s.dir() + QStringLiteral("/ro");
        QVERIFY(QDir().mkpath(ro));
        QVERIFY(s.run(QStringLiteral("mount --bind %1 %1 && mount -o remount,ro,bind %1").arg(q(ro))));
        s.undo(QStringLiteral("umount %1").arg(q(ro)));
        e = checkFileTarget(t, ro);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY(e.message.contains(QLatin1String("not writable")));
    }

    void cleanupTestCase()
    {
        // Nothing left attached to our scratch files.
        const ExecResult r = sh(QStringLiteral("losetup -a"));
        QVERIFY2(!r.stdOut.contains("/tmp/cm-safety-"), r.stdOut.constData());
        QVERIFY(!QString::fromUtf8(sh(QStringLiteral("cat /proc/self/mountinfo")).stdOut)
                     .contains(QLatin1String("/tmp/cm-safety-")));
    }
};

QTEST_GUILESS_MAIN(TestDeviceSafety)
#include "test_devicesafety.moc"
