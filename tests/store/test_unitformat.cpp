// SPDX-License-Identifier: GPL-3.0-or-later
// Unit formatting and the Markdown run summary on fixed input.
#include "report/runmarkdown.h"
#include "report/unitformat.h"

#include <QJsonObject>
#include <QJsonArray>
#include <QTest>
#include <QTimeZone>

#include <limits>

using namespace cm;

class TestUnitFormat : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void significant();
    void bytesPerSec();
    void iops();
    void bitRateAndFigures();
    void latency();
    void sizes();
    void markdownPerOsd();
    void markdownTable();
    void markdownInterrupted();
};

void TestUnitFormat::significant()
{
    QCOMPARE(formatSignificant(1.23456), QStringLiteral("1.23"));
    QCOMPARE(formatSignificant(9.996), QStringLiteral("10.0"));
    QCOMPARE(formatSignificant(0.012345), QStringLiteral("0.0123"));
    QCOMPARE(formatSignificant(12345), QStringLiteral("12345"));
    QCOMPARE(formatSignificant(0), QStringLiteral("0"));
    QCOMPARE(formatSignificant(std::numeric_limits<double>::quiet_NaN()), QStringLiteral("–"));
}

void TestUnitFormat::bytesPerSec()
{
    QCOMPARE(formatMBps(1234567890), QStringLiteral("1235"));
    QCOMPARE(formatMBps(98765432), QStringLiteral("98.8"));
    QCOMPARE(formatMBps(512000), QStringLiteral("0.512"));
    QCOMPARE(formatMBps(999.96e6), QStringLiteral("1000"));
    QCOMPARE(formatMBps(12345.4e6), QStringLiteral("12345"));
    QCOMPARE(formatMBps(0), QStringLiteral("0"));
    QCOMPARE(formatMBps(-5), QStringLiteral("–"));
    QCOMPARE(formatBytesPerSec(1.234e9), QStringLiteral("1.23 GB/s"));
    QCOMPARE(formatBytesPerSec(999.6e6), QStringLiteral("1.00 GB/s"));
    QCOMPARE(formatBytesPerSec(512e3), QStringLiteral("512 kB/s"));
    QCOMPARE(formatBytesPerSec(0), QStringLiteral("0 B/s"));
    QCOMPARE(formatBytesPerSec(std::numeric_limits<double>::infinity()), QStringLiteral("–"));
}

// A network's rate in bits; a figure written with the unit the catalogue gives it, the
// same in every view (docs/VISUAL.md).
void TestUnitFormat::bitRateAndFigures()
{
    QCOMPARE(formatBitRate(9.41e9), QStringLiteral("9.41 Gbit/s"));
    QCOMPARE(formatBitRate(941e6), QStringLiteral("941 Mbit/s"));
    QCOMPARE(formatBitRate(850e3), QStringLiteral("850 kbit/s"));
    QCOMPARE(formatBitRate(-1), QStringLiteral("–"));
    // Stored in bytes/s like every rate: 1.176 GB/s is a 9.41 Gbit/s link.
    QCOMPARE(formatFigure(metric::unitOf(metric::NetBw), 9.41e9 / 8), QStringLiteral("9.41 Gbit/s"));
    QCOMPARE(formatFigure(metric::unitOf(QStringLiteral("net.eth0.tx")), 125e6), QStringLiteral("1.00 Gbit/s"));
    QCOMPARE(formatFigure(metric::unitOf(metric::WriteBw), 21.9e6), QStringLiteral("21.9 MB/s"));
    QCOMPARE(formatFigure(metric::unitOf(metric::ReadIops), 12345), QStringLiteral("12.3k IOPS"));
    QCOMPARE(formatFigure(metric::unitOf(metric::ReadLatP99), 2.2e6), QStringLiteral("2.20 ms"));
    QCOMPARE(formatFigure(metric::Unit::Percent, 87.25), QStringLiteral("87.3 %"));
    QCOMPARE(formatColumnFigure(metric::Unit::BitRate, 9.41e9 / 8), QStringLiteral("9410")); // Mbit/s
    QCOMPARE(formatColumnFigure(metric::Unit::BytesPerSec, 1.8e9), QStringLiteral("1800")); // MB/s
}

void TestUnitFormat::iops()
{
    QCOMPARE(formatIops(12345), QStringLiteral("12.3k"));
    QCOMPARE(formatIops(950), QStringLiteral("950"));
    QCOMPARE(formatIops(45.67), QStringLiteral("45.7"));
    QCOMPARE(formatIops(999.96), QStringLiteral("1.00k"));
    QCOMPARE(formatIops(1.5e6), QStringLiteral("1.50M"));
    QCOMPARE(formatIops(0), QStringLiteral("0"));
}

void TestUnitFormat::latency()
{
    QCOMPARE(formatLatencyNs(850), QStringLiteral("850 ns"));
    QCOMPARE(formatLatencyNs(85000), QStringLiteral("85.0 µs"));
    QCOMPARE(formatLatencyNs(1234567), QStringLiteral("1.23 ms"));
    QCOMPARE(formatLatencyNs(999400), QStringLiteral("999 µs"));
    QCOMPARE(formatLatencyNs(999600), QStringLiteral("1.00 ms"));
    QCOMPARE(formatLatencyNs(2.5e9), QStringLiteral("2.50 s"));
    QCOMPARE(formatLatencyNs(std::numeric_limits<double>::quiet_NaN()), QStringLiteral("–"));
}

static QJsonObject dir(double bw, double iops, double p50, double p99)
{
    return {{QStringLiteral("bw"), bw}, {QStringLiteral("iops"), iops}, {QStringLiteral("lat_mean_ns"), p50},
        {QStringLiteral("lat_p50_ns"), p50}, {QStringLiteral("lat_p99_ns"), p99},
        {QStringLiteral("lat_p999_ns"), p99 * 2}, {QStringLiteral("io_bytes"), bw * 30},
        {QStringLiteral("runtime_ms"), 30000}};
}

static QList<StepRecord> fixedSteps()
{
    const QJsonObject none = dir(0, 0, 0, 0);
    StepRecord a;
    a.index = 0;
    a.testId = QStringLiteral("seq-read");
    a.title = QStringLiteral("Linear read 4M QD32");
    a.node = QStringLiteral("node1");
    a.status = QStringLiteral("completed");
    a.summary = {{QStringLiteral("read"), dir(1234567890, 294.3, 106954752, 181403648)},
        {QStringLiteral("write"), none}, {QStringLiteral("fio_version"), QStringLiteral("fio-3.33")},
        {QStringLiteral("write_cache"), QStringLiteral("write back")}};
    StepRecord b;
    b.index = 1;
    b.testId = QStringLiteral("rand-mixed");
    b.title = QStringLiteral("Random 4k | mixed");
    b.node = QStringLiteral("node2");
    b.status = QStringLiteral("completed");
    b.summary = {{QStringLiteral("read"), dir(12345678, 3014.1, 84480, 305152)},
        {QStringLiteral("write"), dir(5290000, 1291.5, 1003520, 2539520)},
        {QStringLiteral("fio_version"), QStringLiteral("fio-3.33")},
        {QStringLiteral("write_cache"), QStringLiteral("write back")}};
    StepRecord c;
    c.index = 2;
    c.testId = QStringLiteral("rand-write");
    c.title = QStringLiteral("Random 4k write QD32");
    c.node = QStringLiteral("node1");
    c.status = QStringLiteral("failed");
    c.error = QStringLiteral("fio: No space left on device");
    return {a, b, c};
}

void TestUnitFormat::markdownTable()
{
    RunInfo run;
    run.name = QStringLiteral("Quick disk (local)");
    run.started = QDateTime(QDate(2026, 11, 29), QTime(20, 10, 30), QTimeZone::utc());
    run.status = RunStatus::Completed;
    const QString expected = QStringLiteral(
        "**Quick disk (local)** — 2026-11-29 20:10 UTC — completed\n"
        "\n"
        "| Test | Node | Read MB/s | Read IOPS | Write MB/s | Write IOPS | Lat p50 | Lat p99 |\n"
        "|:--|:--|--:|--:|--:|--:|--:|--:|\n"
        "| Linear read 4M QD32 | node1 | 1235 | 294 | – | – | 107 ms | 181 ms |\n"
        "| Random 4k \\| mixed | node2 | 12.3 | 3.01k | 5.29 | 1.29k | 84.5 µs / 1.00 ms | 305 µs / 2.54 ms |\n"
        "| Random 4k write QD32 (failed) | node1 | – | – | – | – | – | – |\n"
        "\n"
        "Latency: read / write for tests that do both.\n"
        "\n"
        "fio-3.33 · write cache: write back · ClusterMark " CLUSTERMARK_VERSION "\n");
    const QString md = runMarkdown(run, fixedSteps());
    const QStringList got = md.split(QLatin1Char('\n')), want = expected.split(QLatin1Char('\n'));
    for (int i = 0; i < std::min(got.size(), want.size()); ++i)
        QCOMPARE(got[i], want[i]); // line by line: a readable failure
    QCOMPARE(md, expected);
}

void TestUnitFormat::markdownInterrupted()
{
    RunInfo run;
    run.name = QStringLiteral("Overnight");
    run.started = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5), QTimeZone::utc());
    run.status = RunStatus::Interrupted;
    QList<StepRecord> steps = fixedSteps().mid(0, 1);
    steps[0].iteration = 1; // a repeat: numbered
    const QString md = runMarkdown(run, steps);
    QVERIFY2(md.startsWith(QStringLiteral("**Overnight** — 2026-01-02 03:04 UTC — interrupted")), qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("| Linear read 4M QD32 #2 | node1 | 1235 |")), qPrintable(md));
    QVERIFY(!md.contains(QStringLiteral("Latency: read / write")));
}

void TestUnitFormat::sizes()
{
    QCOMPARE(formatSize(512), QStringLiteral("512 B"));
    QCOMPARE(formatSize(4096), QStringLiteral("4 KiB"));
    QCOMPARE(formatSize(4.0 * 1024 * 1024), QStringLiteral("4 MiB"));
    QCOMPARE(formatSize(2000.0 * 4 * 1024 * 1024), QStringLiteral("7.81 GiB"));
    QCOMPARE(formatSize(-1), QStringLiteral("–"));
}

void TestUnitFormat::markdownPerOsd()
{
    RunInfo run;
    run.name = QStringLiteral("OSDs");
    run.status = RunStatus::Completed;
    StepRecord s;
    s.title = QStringLiteral("4k QD1 write per OSD");
    s.node = QStringLiteral("local");
    s.status = QStringLiteral("completed");
    const auto osd = [](int id, const char *host, bool rot, double ops, double p50, bool outlier) {
        return QJsonObject {{QStringLiteral("id"), id}, {QStringLiteral("host"), QLatin1String(host)},
            {QStringLiteral("deviceClass"), rot ? QStringLiteral("hdd") : QStringLiteral("ssd")},
            {QStringLiteral("rotational"), rot}, {QStringLiteral("ops"), ops}, {QStringLiteral("iops"), ops / 10},
            {QStringLiteral("p50"), p50}, {QStringLiteral("p99"), p50 * 4}, {QStringLiteral("outlier"), outlier},
            {QStringLiteral("outlierReason"), outlier ? QStringLiteral("p50 3.1x the class median") : QString()}};
    };
    QJsonObject failed = osd(7, "pve3", false, 0, 0, false);
    failed.insert(QStringLiteral("error"), QStringLiteral("timed out"));
    s.summary = {{QStringLiteral("mode"), QStringLiteral("sequential")},
        {QStringLiteral("pool"), QStringLiteral("tmp")},
        {QStringLiteral("osds"),
            QJsonArray {osd(0, "pve1", false, 1200, 850000, false), osd(3, "pve2", true, 300, 3100000, true), failed}}};
    const QString md = runMarkdown(run, {s});
    QVERIFY2(md.contains(QStringLiteral("**4k QD1 write per OSD** — per OSD (sequential, pool tmp)")), qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("| osd.0 | pve1 | ssd (flash) | 1200 | 120 | 850 µs | 3.40 ms | – |")),
        qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("| osd.3 | pve2 | hdd (rotational) | 300 | 30.0 | 3.10 ms | 12.4 ms | "
                                        "**slow**: p50 3.1x the class median |")),
        qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("| osd.7 | pve3 | ssd (flash) | 0 | – | – | – | failed: timed out |")),
        qPrintable(md));
}

QTEST_GUILESS_MAIN(TestUnitFormat)
#include "test_unitformat.moc"
