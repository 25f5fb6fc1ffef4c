// SPDX-License-Identifier: GPL-3.0-or-later
// The disk benchmark on raw block devices (real loop devices, as root): a clean,
// confirmed device is written; a device with a filesystem is refused before fio runs;
// an unconfirmed write plan does not start.
#include "bench/diskfio/diskfiokind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "report/bottleneck.h"
#include "store/sessionstore.h"
#include "testutil.h"
#include "transport/localtransport.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace cm;

class TestEngineDevice : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QStringList m_loops;

    QString sh(const QString &script)
    {
        LocalTransport t;
        const ExecResult r = t.capture({QStringLiteral("sh"), QStringLiteral("-c"), script}, 60000);
        return r.ok() ? QString::fromUtf8(r.stdOut).trimmed() : QString();
    }
    QString newLoop(const QString &name)
    {
        const QString file = m_dir.filePath(name);
        if (sh(QStringLiteral("truncate -s 64M '%1' && echo ok").arg(file)) != QLatin1String("ok"))
            return {};
        const QString dev = sh(QStringLiteral("losetup --find --show '%1'").arg(file));
        if (dev.startsWith(QLatin1String("/dev/loop")))
            m_loops << dev;
        return dev;
    }
    Plan plan(const QString &dev, bool confirm, const QStringList &stepIds, int runtime = 1)
    {
        QJsonObject target {{QStringLiteral("type"), QStringLiteral("device")}, {QStringLiteral("path"), dev}};
        if (confirm)
            target.insert(QStringLiteral("confirm"), dev);
        Plan p;
        p.kind = DiskFioKind::kindId();
        p.name = QStringLiteral("device test");
        p.nodes = {NodeSpec::parse(QStringLiteral("local"))};
        p.target = target;
        const QList<Preset> presets = DiskFioKind().presets();
        for (const PlanStep &s : presets.first().steps)
            if (stepIds.contains(s.id)) {
                PlanStep x = s;
                x.params.insert(QStringLiteral("runtime"), runtime);
                x.params.insert(QStringLiteral("size"), QStringLiteral("32M"));
                p.steps << x;
            }
        return p;
    }

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        CM_REQUIRE_FIXTURE(::geteuid() == 0, QStringLiteral("loop devices need root"));
        CM_REQUIRE_FIXTURE(!newLoop(QStringLiteral("probe.img")).isEmpty(), QStringLiteral("no loop devices here"));
    }
    void cleanupTestCase()
    {
        for (const QString &l : std::as_const(m_loops))
            sh(QStringLiteral("losetup -d '%1'").arg(l));
    }

    void cleanConfirmedDeviceIsWritten()
    {
        const QString dev = newLoop(QStringLiteral("clean.img"));
        QVERIFY(!dev.isEmpty());
        RunEngine engine(m_dir.filePath(QStringLiteral("db.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        QSignalSpy done(&engine, &RunEngine::stepFinished);
        engine.start(plan(dev, true, {QStringLiteral("seq1m-q8t1-write"), QStringLiteral("seq1m-q8t1-read")}));
        QVERIFY(finished.wait(60000));
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(3).value<Error>().toString()));
        QCOMPARE(done.size(), 2);
        // steps keep the preset's order: read, then write
        QVERIFY(done.at(0)
                    .at(3)
                    .toJsonObject()
                    .value(QStringLiteral("read"))
                    .toObject()
                    .value(QStringLiteral("bw"))
                    .toDouble()
            > 0);
        QVERIFY(done.at(1)
                    .at(3)
                    .toJsonObject()
                    .value(QStringLiteral("write"))
                    .toObject()
                    .value(QStringLiteral("bw"))
                    .toDouble()
            > 0);
    }

    // The disk under this test's folder kept busy (1 MiB writes, 8 in flight, O_DIRECT:
    // 100 % utilisation on this VM's virtio disk, where 4k writes leave it 89 % busy and
    // the CPU the limit) is among what limited the step, by its whole-disk name.
    void busyDiskIsNamed()
    {
        const QString source = sh(QStringLiteral("df --output=source '%1' | tail -1").arg(m_dir.path()));
        QString disk = sh(QStringLiteral("lsblk -no PKNAME '%1' 2>/dev/null | head -1").arg(source));
        if (disk.isEmpty())
            disk = source.mid(source.lastIndexOf(QLatin1Char('/')) + 1);
        CM_REQUIRE_FIXTURE(source.startsWith(QLatin1String("/dev/")),
            QStringLiteral("the test folder is not on a block device (%1)").arg(source));
        Plan p = plan(QString(), false, {QStringLiteral("seq1m-q8t1-write")}, 4);
        p.target = {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), m_dir.path()},
            {QStringLiteral("size"), QStringLiteral("256M")}};
        for (PlanStep &st : p.steps)
            st.params.insert(QStringLiteral("size"), QStringLiteral("256M"));
        RunEngine engine(m_dir.filePath(QStringLiteral("busy.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy done(&engine, &RunEngine::stepFinished);
        engine.start(p);
        QVERIFY(finished.wait(60000));
        QCOMPARE(done.size(), 1);
        const auto limit = Bottleneck::fromJson(done.first().at(3).toJsonObject().value(QStringLiteral("bottleneck")));
        QVERIFY(limit);
        QStringList seen;
        bool named = false;
        for (const BottleneckFinding &f : limit->findings) {
            seen << Bottleneck::text(f, false);
            named = named || (f.kind == BottleneckFinding::Kind::Disk && f.part == disk);
        }
        qInfo("%s: findings: %s", qPrintable(disk), qPrintable(seen.join(QStringLiteral("; "))));
        QVERIFY2(named, qPrintable(seen.join(QStringLiteral("; "))));
    }

    void deviceWithFilesystemIsRefused()
    {
        const QString dev = newLoop(QStringLiteral("ext4.img"));
        QVERIFY(!dev.isEmpty());
        QVERIFY(!sh(QStringLiteral("mkfs.ext4 -q -F '%1' && echo ok").arg(dev)).isEmpty());
        const QString before = sh(QStringLiteral("sha256sum '%1'").arg(dev));
        RunEngine engine(m_dir.filePath(QStringLiteral("db.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy failed(&engine, &RunEngine::stepFailed);
        engine.start(plan(dev, true, {QStringLiteral("seq1m-q8t1-write")}));
        QVERIFY(finished.wait(60000));
        QCOMPARE(failed.size(), 1);
        const Error e = failed.first().at(3).value<Error>();
        QCOMPARE(e.code, Error::Code::Unsafe);
        QVERIFY2(e.message.contains(QStringLiteral("ext4")), qPrintable(e.message));
        QCOMPARE(sh(QStringLiteral("sha256sum '%1'").arg(dev)), before); // not one byte written
    }

    void unconfirmedWritePlanDoesNotStart()
    {
        const QString dev = newLoop(QStringLiteral("unconfirmed.img"));
        RunEngine engine(m_dir.filePath(QStringLiteral("db.sqlite")));
        QSignalSpy startFailed(&engine, &RunEngine::startFailed);
        engine.start(plan(dev, false, {QStringLiteral("seq1m-q8t1-write")}));
        QVERIFY(startFailed.wait(10000));
        QCOMPARE(startFailed.first().at(0).value<Error>().code, Error::Code::InvalidInput);
    }
};

QTEST_GUILESS_MAIN(TestEngineDevice)
#include "test_engine_device.moc"
