#include "bench/diskfiokind.h"
#include "bench/registry.h"

#include <QTest>

using namespace cm;

namespace {
QJsonObject fileTarget(const QString &dir = QStringLiteral("/tmp"))
{
    return {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), dir}, {QStringLiteral("size"), QStringLiteral("64M")}};
}
QList<NodeSpec> local() { return {NodeSpec::parse(QStringLiteral("local"))}; }
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
        QCOMPARE(presets.at(0).steps.size(), 8);   // 4 CrystalDiskMark tests × read/write
        const auto &std = presets.at(1).steps;
        QCOMPARE(std.size(), 8);                   // 7 tests, journal latency as sync and fsync
        QCOMPARE(std.at(0).params.value(QStringLiteral("bs")).toString(), QStringLiteral("4M"));
        QCOMPARE(std.at(0).params.value(QStringLiteral("iodepth")).toInt(), 32);
        QCOMPARE(std.at(2).params.value(QStringLiteral("iodepth")).toInt(), 128);
        QCOMPARE(std.at(6).params.value(QStringLiteral("fsync")).toInt(), 1);
    }
    void fioArgumentsAreComplete()
    {
        Error e;
        const Plan p = DiskFioKind::makePlan(QStringLiteral("quick"), local(), fileTarget(QStringLiteral("/srv/my disk:1")), 3, &e);
        QVERIFY(!e);
        const QStringList a = DiskFioKind::fioArgs(p, p.steps.at(4));
        QCOMPARE(a.first(), QStringLiteral("fio"));
        QVERIFY(a.contains(QStringLiteral("--output-format=json+")));
        QVERIFY(a.contains(QStringLiteral("--status-interval=1")));
        QVERIFY(a.contains(QStringLiteral("--direct=1")));
        QVERIFY(a.contains(QStringLiteral("--rw=randread")));
        QVERIFY(a.contains(QStringLiteral("--iodepth=32")));
        QVERIFY(a.contains(QStringLiteral("--runtime=3")));
        QVERIFY(a.contains(QStringLiteral("--size=64M")));
        // fio splits file names on ':'; the colon is escaped for fio
        QVERIFY(a.contains(QStringLiteral("--filename=/srv/my disk\\:1/clustermark-bench.fio.dat")));
        // and the whole argument is one shell word in the preview
        const QString preview = DiskFioKind().commandPreview(p, 4, p.nodes.first());
        QVERIFY(preview.contains(QStringLiteral("'--filename=/srv/my disk\\:1/clustermark-bench.fio.dat'")));
    }
    void validationRefusesBadPlans()
    {
        DiskFioKind k;
        Error e;
        Plan p = DiskFioKind::makePlan(QStringLiteral("quick"), local(), fileTarget(QStringLiteral("relative/dir")), 0, &e);
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
    void deviceWritesNeedTypedConfirmation()
    {
        DiskFioKind k;
        const QJsonObject dev{{QStringLiteral("type"), QStringLiteral("device")}, {QStringLiteral("path"), QStringLiteral("/dev/loop7")}};
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
