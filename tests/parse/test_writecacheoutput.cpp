// SPDX-License-Identifier: GPL-3.0-or-later
// The drive's write cache as hdparm, sdparm and nvme-cli report it. These drives are not
// on this machine (it has virtio and loop devices only), so the outputs are recorded
// ones; the sysfs path of the same knob is tested for real (test_nodeknobs).
#include "parse/writecacheoutput.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

using namespace cm;

namespace {

QByteArray recorded(const QString &name)
{
    QFile f(cmtest::testData(QStringLiteral("writecache/") + name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestWriteCacheOutput : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recordedOutputs()
    {
        QCOMPARE(parseHdparmWriteCache(recorded(QStringLiteral("hdparm-on.txt"))), std::optional<bool>(true));
        QCOMPARE(parseHdparmWriteCache(recorded(QStringLiteral("hdparm-off.txt"))), std::optional<bool>(false));
        QCOMPARE(parseHdparmWriteCache(recorded(QStringLiteral("hdparm-unsupported.txt"))), std::nullopt);
        QCOMPARE(parseSdparmWce(recorded(QStringLiteral("sdparm-on.txt"))), std::optional<bool>(true));
        QCOMPARE(parseSdparmWce(recorded(QStringLiteral("sdparm-off.txt"))), std::optional<bool>(false));
        QCOMPARE(parseNvmeVolatileWriteCache(recorded(QStringLiteral("nvme-on.txt"))), std::optional<bool>(true));
        QCOMPARE(parseNvmeVolatileWriteCache(recorded(QStringLiteral("nvme-off.txt"))), std::optional<bool>(false));
        QCOMPARE(parseNvmeVolatileWriteCache(recorded(QStringLiteral("nvme-unsupported.txt"))), std::nullopt);
    }

    void otherToolsOutputIsNotTaken()
    {
        // One tool's output is not read as another's, and cut or odd values say nothing.
        QCOMPARE(parseSdparmWce(recorded(QStringLiteral("hdparm-on.txt"))), std::nullopt);
        QCOMPARE(parseHdparmWriteCache(recorded(QStringLiteral("sdparm-on.txt"))), std::nullopt);
        QCOMPARE(parseHdparmWriteCache("\n/dev/sda:\n write-caching =  "), std::nullopt);
        QCOMPARE(parseSdparmWce("WCE           7  [cha: y]"), std::nullopt);
        QCOMPARE(parseHdparmWriteCache(QByteArray()), std::nullopt);
        // Bit 0 only: other bits of the feature do not turn the cache on.
        QCOMPARE(parseNvmeVolatileWriteCache("Current value:0x00000006"), std::optional<bool>(false));
    }
};

QTEST_GUILESS_MAIN(TestWriteCacheOutput)
#include "test_writecacheoutput.moc"
