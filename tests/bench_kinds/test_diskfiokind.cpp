// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/diskfio/diskfiokind.h"
#include "bench/registry.h"

#include <QTest>

using namespace cm;

namespace {
QJsonObject fileTarget(const QString &dir = QStringLiteral("/tmp"))
{
    return {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), dir},
        {QStringLiteral("size"), QStringLiteral("64M")}};
}
QList<NodeSpec> local()
{
    return {NodeSpec::parse(QStringLiteral("local"))};
}
} // namespace

class TestDiskFioKind : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void registered()
    {
        registerBuiltinKinds();
        QVERIFY(Registry::instance().kind(QStringLiteral("disk-fio")));
    }
    void presetsFollowTheMethodology()
    {
        DiskFioKind k;
        const auto presets = k.presets();
        QCOMPARE(presets.size(), 2);
        QCOMPARE(presets.at(0).id, QStringLiteral("quick"));
        QCOMPARE(presets.at(0).steps.size(), 8); // 4 CrystalDiskMark tests × read/write
        const auto &std = presets.at(1).steps;
        QCOMPARE(std.size(), 8); // 7 tests, journal latency as sync and fsync
        QCOMPARE(std.at(0).params.value(QStringLiteral("bs")).toString(), QStringLiteral("4M"));
        QCOMPARE(std.at(0).params.value(QStringLiteral("iodepth")).toInt(), 32);
        QCOMPARE(std.at(2).params.value(QStringLiteral("iodepth")).toInt(), 128);
        QCOMPARE(std.at(6).params.value(QStringLiteral("fsync")).toInt(), 1);
    }
    void fioArgumentsAreComplete()
    {
        Error e;
        const Plan p = DiskFioKind::makePlan(
            QStringLiteral("quick"), local(), fileTarget(QStringLiteral("/srv/my disk:1")), 3, &e);
        QVERIFY(!e);
        Error oe;
        const DiskFioStepOptions o = DiskFioStepOptions::read(p.steps.at(4), &oe);
        QVERIFY(!oe);
        const QStringList a
            = DiskFioKind::fioArgs(p, o, p.steps.at(4).id, DiskFioKind::targetPath(p, QStringLiteral("pve 1")));
        QCOMPARE(a.first(), QStringLiteral("fio"));
        QVERIFY(a.contains(QStringLiteral("--output-format=json+")));
        QVERIFY(a.contains(QStringLiteral("--status-interval=1")));
        QVERIFY(a.contains(QStringLiteral("--direct=1")));
        QVERIFY(a.contains(QStringLiteral("--rw=randread")));
        QVERIFY(a.contains(QStringLiteral("--iodepth=32")));
        QVERIFY(a.contains(QStringLiteral("--runtime=3")));
        QVERIFY(a.contains(QStringLiteral("--size=64M")));
        // fio splits file names on ':'; the colon is escaped for fio
        QVERIFY(a.contains(QStringLiteral("--filename=/srv/my disk\\:1/clustermark-bench-pve_1-XXXXXXXXXX.fio.dat")));
        QVERIFY(a.contains(QStringLiteral("--ioengine=libaio")));
        // and the whole argument is one shell word in the preview
        const QString preview = DiskFioKind().commandPreview(p, 4, p.nodes.first());
        QVERIFY(preview.contains(
            QStringLiteral("'--filename=/srv/my disk\\:1/clustermark-bench-local-XXXXXXXXXX.fio.dat'")));
    }
    void validationRefusesBadPlans()
    {
        DiskFioKind k;
        Error e;
        Plan p = DiskFioKind::makePlan(
            QStringLiteral("quick"), local(), fileTarget(QStringLiteral("relative/dir")), 0, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        DiskFioKind::makePlan(QStringLiteral("nope"), local(), fileTarget(), 0, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        p = DiskFioKind::makePlan(QStringLiteral("quick"), local(), fileTarget(), 0, &e);
        QVERIFY(!e);
        p.steps[0].params.insert(QStringLiteral("iodepth"), 0);
        QCOMPARE(k.validate(p).code, Error::Code::InvalidInput);
        p = DiskFioKind::makePlan(QStringLiteral("quick"), local(), fileTarget(), 0, &e);
        p.steps[0].params.insert(QStringLiteral("bs"), QStringLiteral("4k; rm -rf /"));
        QCOMPARE(k.validate(p).code, Error::Code::InvalidInput);
    }
    void stepValuesAreCheckedAgainstWhatFioIsGiven_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("message");
        // an engine that loads a library of the plan's choosing
        QTest::newRow("external engine") << "ioengine" << QJsonValue(QStringLiteral("external:/tmp/evil.so"))
                                         << "\"ioengine\" must be one of";
        QTest::newRow("unknown engine") << "ioengine" << QJsonValue(QStringLiteral("rbd"))
                                        << "\"ioengine\" must be one of";
        QTest::newRow("unknown option") << "exec_prerun" << QJsonValue(QStringLiteral("touch /tmp/x"))
                                        << "unknown parameter \"exec_prerun\"";
        QTest::newRow("bs zero") << "bs" << QJsonValue(QStringLiteral("0")) << "\"bs\" must be a size";
        QTest::newRow("bs huge") << "bs" << QJsonValue(QStringLiteral("99999999999999999999T"))
                                 << "\"bs\" must be a size";
        QTest::newRow("bs above 1G") << "bs" << QJsonValue(QStringLiteral("2G")) << "from 1 to 1G";
        QTest::newRow("runtime fraction")
            << "runtime" << QJsonValue(1.7) << "whole number from 1 to 86400 (s), not 1.7";
        QTest::newRow("runtime text") << "runtime" << QJsonValue(QStringLiteral("5")) << "whole number";
        QTest::newRow("iodepth fraction") << "iodepth" << QJsonValue(2.5) << "\"iodepth\" must be a whole number";
        QTest::newRow("sync text") << "sync" << QJsonValue(QStringLiteral("yes")) << "\"sync\" must be true or false";
        QTest::newRow("size below bs") << "size" << QJsonValue(QStringLiteral("512")) << "smaller than one block";
    }
    void stepValuesAreCheckedAgainstWhatFioIsGiven()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, message);
        Error e;
        Plan p = DiskFioKind::makePlan(QStringLiteral("quick"), local(), fileTarget(), 0, &e);
        QVERIFY(!e);
        p.steps[0].params.insert(key, value);
        const Error v = DiskFioKind().validate(p);
        QCOMPARE(v.code, Error::Code::InvalidInput);
        QVERIFY2(v.message.contains(message), qPrintable(v.message));
        QVERIFY2(v.message.startsWith(QStringLiteral("step seq1m-q8t1-read: ")), qPrintable(v.message));
        // and nothing of it reaches a command line: the preview says what is wrong
        QVERIFY(!DiskFioKind().commandPreview(p, 0, p.nodes.first()).contains(QStringLiteral("fio ")));
    }
    void supportedEnginesAndDirectReachFio()
    {
        Error e;
        Plan p = DiskFioKind::makePlan(QStringLiteral("quick"), local(), fileTarget(), 0, &e);
        p.steps[0].params.insert(QStringLiteral("ioengine"), QStringLiteral("psync"));
        p.steps[0].params.insert(QStringLiteral("direct"), 0);
        p.steps[0].params.insert(QStringLiteral("fsync"), 8);
        QVERIFY(!DiskFioKind().validate(p));
        const DiskFioStepOptions o = DiskFioStepOptions::read(p.steps[0], &e);
        QVERIFY(!e);
        const QStringList a = DiskFioKind::fioArgs(p, o, p.steps[0].id, QStringLiteral("/tmp/f"));
        QVERIFY(a.contains(QStringLiteral("--ioengine=psync")));
        QVERIFY(a.contains(QStringLiteral("--direct=0")));
        QVERIFY(a.contains(QStringLiteral("--fsync=8")));
        for (const QString &engine : DiskFioKind::supportedEngines())
            QVERIFY2(!engine.contains(QLatin1Char(':')) && engine != QLatin1String("external"), qPrintable(engine));
    }
    void targetKeysAreChecked()
    {
        Error e;
        Plan p = DiskFioKind::makePlan(QStringLiteral("quick"), local(), fileTarget(), 0, &e);
        p.target.insert(QStringLiteral("dir"), QStringLiteral("/srv/../etc"));
        QCOMPARE(DiskFioKind().validate(p).code, Error::Code::InvalidInput);
        p.target = fileTarget();
        p.target.insert(QStringLiteral("size"), QStringLiteral("0"));
        QCOMPARE(DiskFioKind().validate(p).code, Error::Code::InvalidInput);
        p.target = fileTarget();
        p.target.insert(QStringLiteral("filename"), QStringLiteral("/etc/passwd"));
        QVERIFY(DiskFioKind().validate(p).message.contains(QStringLiteral("unknown parameter \"filename\"")));
    }
    void deviceWritesNeedTypedConfirmation()
    {
        DiskFioKind k;
        const QJsonObject dev {
            {QStringLiteral("type"), QStringLiteral("device")}, {QStringLiteral("path"), QStringLiteral("/dev/loop7")}};
        Error e;
        Plan p = DiskFioKind::makePlan(QStringLiteral("quick"), local(), dev, 0, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY(e.message.contains(QStringLiteral("type the device path")));
        QVERIFY(k.isDestructive(p));
        QJsonObject confirmed = dev;
        confirmed.insert(QStringLiteral("confirm"), QStringLiteral("/dev/loop7"));
        p = DiskFioKind::makePlan(QStringLiteral("quick"), local(), confirmed, 0, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        // a read-only plan on a device needs no confirmation and is not destructive
        Plan ro = p;
        ro.target = dev;
        ro.steps = {p.steps.at(0)};
        QVERIFY(!k.isDestructive(ro));
        QVERIFY(!k.validate(ro));
    }
};

QTEST_GUILESS_MAIN(TestDiskFioKind)
#include "test_diskfiokind.moc"
