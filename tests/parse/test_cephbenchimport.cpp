// SPDX-License-Identifier: GPL-3.0-or-later
// rados bench and rbd bench output imported (tests/data/cephbench, recorded on the lab):
// the figures are those the tools printed, read here from the text itself; rados
// bench's "MB/s" taken as the MiB/s they are; the repeated header, the timestamped
// latency line, a second with no finished op and a summary-only file; rbd bench's
// units that change with the rate and an older release's bare numbers; and a cut file
// refused with its last line.
#include "model/metric.h"
#include "parse/resultdecoder.h"
#include "testutil.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

using namespace cm;

namespace {

DecodedResult decoded(const QByteArray &bytes, Error *e)
{
    return decodeResult(bytes, DecodeOptions {QStringLiteral("pve1")}, e);
}

// The number after `key:` in the text (rados bench's summary lines).
double printed(const QByteArray &text, const QString &key)
{
    const QRegularExpressionMatch m
        = QRegularExpression(QRegularExpression::escape(key) + QStringLiteral(":\\s+([0-9.]+)"))
              .match(QString::fromUtf8(text));
    return m.hasMatch() ? m.captured(1).toDouble() : -1;
}

int count(const DecodedStep &s, const QString &metric)
{
    return int(std::count_if(s.samples.begin(), s.samples.end(), [&](const Sample &x) { return x.metric == metric; }));
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestCephBenchImport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void radosBench_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("dir");
        QTest::addColumn<int>("seconds"); // per-second lines after second 0
        QTest::newRow("write 4M") << "rados-16.2.15-write-4m.txt"
                                  << "write" << 5;
        QTest::newRow("seq 4M") << "rados-16.2.15-seq-4m.txt"
                                << "read" << 3;
        QTest::newRow("rand 4M") << "rados-16.2.15-rand-4m.txt"
                                 << "read" << 3;
        QTest::newRow("write 4k, 1 in flight") << "rados-16.2.15-write-4k-t1.txt"
                                               << "write" << 3;
        // 22 s: the header again at 20 s, after a timestamped "min lat: … avg lat:" line
        QTest::newRow("write 64k, 22 s") << "rados-16.2.15-write-64k-22s.txt"
                                         << "write" << 21;
    }
    void radosBench()
    {
        QFETCH(QString, file);
        QFETCH(QString, dir);
        QFETCH(int, seconds);
        const QByteArray text = cmtest::readTestData(QStringLiteral("cephbench/") + file);
        QCOMPARE(detectResultFormat(text), QStringLiteral("rados bench"));
        Error e;
        const DecodedResult r = decoded(text, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(r.tool, QStringLiteral("rados bench"));
        QCOMPARE(r.steps.size(), 1);
        const DecodedStep &s = r.steps.first();
        QCOMPARE(s.node, QStringLiteral("pve1"));
        const QJsonObject d = s.summary.value(dir).toObject();
        QVERIFY(near(
            d.value(QStringLiteral("bw")).toDouble(), printed(text, QStringLiteral("Bandwidth (MB/sec)")) * 1048576));
        QCOMPARE(d.value(QStringLiteral("iops")).toDouble(), printed(text, QStringLiteral("Average IOPS")));
        QVERIFY(near(d.value(QStringLiteral("lat_mean_ns")).toDouble(),
            printed(text, QStringLiteral("Average Latency(s)")) * 1e9));
        QVERIFY(near(
            d.value(QStringLiteral("runtime_ms")).toDouble(), printed(text, QStringLiteral("Total time run")) * 1000));
        QCOMPARE(count(s, dir == QLatin1String("write") ? metric::WriteBw : metric::ReadBw), seconds);
        QVERIFY(r.warnings.isEmpty());
    }

    void radosBenchQuirks()
    {
        QByteArray text = cmtest::readTestData(QStringLiteral("cephbench/rados-16.2.15-write-4m.txt"));
        // A second in which no op finished prints "-" for its last latency.
        text.replace("    3      16       820       804   1071.67      1160    0.041405   0.0590799",
            "    3      16       820       514    685.25         0           -   0.0610412");
        Error e;
        DecodedResult r = decoded(text, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(count(r.steps.first(), metric::WriteBw), 5);
        // Only the trailing summary: a result, and the import says there is no series.
        const QByteArray summary = text.mid(text.indexOf("Total time run"));
        r = decoded(summary, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(r.steps.first().samples.size(), 0);
        QCOMPARE(r.warnings.size(), 1);
        // Cut before the summary: refused, with the last line read.
        const QByteArray cut = text.left(text.indexOf("Total time run"));
        r = decoded(cut, &e);
        QVERIFY(e);
        QVERIFY2(e.message.contains(QStringLiteral("cut short")) && e.message.contains(QStringLiteral("line 10")),
            qPrintable(e.message));
    }

    void rbdBench_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("dir");
        QTest::addColumn<int>("seconds");
        QTest::newRow("randwrite 4k") << "rbd-16.2.15-randwrite-4k.txt"
                                      << "write" << 2;
        QTest::newRow("read 64k, under a second") << "rbd-16.2.15-read-64k.txt"
                                                  << "read" << 0;
        QTest::newRow("bench-write, deprecated") << "rbd-16.2.15-bench-write-deprecated.txt"
                                                 << "write" << 0;
    }
    void rbdBench()
    {
        QFETCH(QString, file);
        QFETCH(QString, dir);
        QFETCH(int, seconds);
        const QByteArray text = cmtest::readTestData(QStringLiteral("cephbench/") + file);
        QCOMPARE(detectResultFormat(text), QStringLiteral("rbd bench"));
        Error e;
        const DecodedResult r = decoded(text, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        const DecodedStep &s = r.steps.first();
        const QJsonObject d = s.summary.value(dir).toObject();
        const double iops = printed(text, QStringLiteral("ops/sec"));
        const double size = QRegularExpression(QStringLiteral("io_size (\\d+)"))
                                .match(QString::fromUtf8(text))
                                .captured(1)
                                .toDouble();
        QCOMPARE(d.value(QStringLiteral("iops")).toDouble(), iops);
        QVERIFY(near(d.value(QStringLiteral("bw")).toDouble(), iops * size));
        QCOMPARE(d.value(QStringLiteral("total_ios")).toDouble(), printed(text, QStringLiteral("ops")));
        QCOMPARE(count(s, dir == QLatin1String("write") ? metric::WriteIops : metric::ReadIops), seconds);
    }

    void rbdBenchReadWrite()
    {
        const QByteArray text = cmtest::readTestData(QStringLiteral("cephbench/rbd-16.2.15-randrw-70.txt"));
        Error e;
        const DecodedResult r = decoded(text, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        const DecodedStep &s = r.steps.first();
        QCOMPARE(s.summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("iops")).toDouble(),
            printed(text, QStringLiteral("read_ops/sec")));
        QCOMPARE(s.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("iops")).toDouble(),
            printed(text, QStringLiteral("write_ops/sec")));
        QCOMPARE(s.step.params.value(QStringLiteral("rwmixread")).toInt(), 70);
        QCOMPARE(r.warnings.size(), 1); // the per-second lines mix both: no series
    }

    // Derived, not recorded: the unit of BYTES/SEC changing with the rate, and the bare
    // numbers of releases before Luminous (`rbd bench-write`, "bench-write  io_size …").
    void rbdBenchUnitsAndTheOldFormat_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<double>("iops");
        QTest::newRow("units change") << QByteArray(
            "bench  type write io_size 4096 io_threads 1 bytes 8388608 pattern random\n"
            "  SEC       OPS   OPS/SEC   BYTES/SEC\n"
            "    1       300    299.70   1.2 MiB/s\n"
            "    2       510    212.01   848 KiB/s\n"
            "    3       760    250.50  1002 KiB/s\n"
            "elapsed: 3   ops: 2048   ops/sec: 252.10   bytes/sec: 1008 KiB/s\n")
                                      << 252.10;
        QTest::newRow("before luminous") << QByteArray(
            "bench-write  io_size 4096 io_threads 16 bytes 1073741824 pattern sequential\n"
            "  SEC       OPS   OPS/SEC   BYTES/SEC\n"
            "    1     23456  23470.21  96134012.73\n"
            "    2     47012  23511.07  96301363.14\n"
            "elapsed:     2  ops:    49152  ops/sec: 23487.30  bytes/sec: 96204001.91\n")
                                         << 23487.30;
    }
    void rbdBenchUnitsAndTheOldFormat()
    {
        QFETCH(QByteArray, text);
        QFETCH(double, iops);
        Error e;
        const DecodedResult r = decoded(text, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        const DecodedStep &s = r.steps.first();
        QCOMPARE(s.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("iops")).toDouble(), iops);
        QVERIFY(count(s, metric::WriteIops) >= 2);
    }

    void rbdBenchCut()
    {
        const QByteArray text = cmtest::readTestData(QStringLiteral("cephbench/rbd-16.2.15-randwrite-4k.txt"));
        Error e;
        decoded(text.left(text.indexOf("elapsed:")), &e);
        QVERIFY(e);
        QVERIFY2(e.message.contains(QStringLiteral("cut short")) && e.message.contains(QStringLiteral("elapsed")),
            qPrintable(e.message));
    }

    // One OSD, pretty and compact; the figures are the file's own.
    void osdBenchOne_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("pretty") << "cephbench/osd-bench-16.2.15-osd0.json";
        QTest::newRow("compact") << "cephbench/osd-bench-16.2.15-osd1-compact.json";
    }
    void osdBenchOne()
    {
        QFETCH(QString, file);
        const QByteArray text = cmtest::readTestData(file);
        QVERIFY(!text.isEmpty());
        Error e;
        const DecodedResult r = decoded(text, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(r.tool, QStringLiteral("ceph tell osd bench"));
        QCOMPARE(r.steps.size(), 1);
        const QJsonObject o = QJsonDocument::fromJson(text).object();
        const QJsonObject w = r.steps.first().summary.value(QStringLiteral("write")).toObject();
        QCOMPARE(w.value(QStringLiteral("bw")).toDouble(), o.value(QStringLiteral("bytes_per_sec")).toDouble());
        QCOMPARE(w.value(QStringLiteral("iops")).toDouble(), o.value(QStringLiteral("iops")).toDouble());
        QCOMPARE(w.value(QStringLiteral("total_ios")).toDouble(), 256.0); // 1 GiB in 4 MiB writes
        QCOMPARE(r.steps.first().node, QStringLiteral("pve1")); // the file names no OSD
        QVERIFY(
            r.steps.first().summary.value(QStringLiteral("measures")).toString().contains(QStringLiteral("no client")));
    }

    // `ceph tell 'osd.*' bench 12288000 4096`: one step per OSD, named after it.
    void osdBenchAll()
    {
        const QByteArray text = cmtest::readTestData(QStringLiteral("cephbench/osd-bench-16.2.15-all-4k.txt"));
        Error e;
        const DecodedResult r = decoded(text, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(r.nodes, (QStringList {QStringLiteral("osd.0"), QStringLiteral("osd.1"), QStringLiteral("osd.2")}));
        QCOMPARE(r.steps.size(), 3);
        for (const DecodedStep &s : r.steps) {
            QCOMPARE(s.step.id, QStringLiteral("osd-bench-4096"));
            const QJsonObject w = s.summary.value(QStringLiteral("write")).toObject();
            QCOMPARE(w.value(QStringLiteral("io_bytes")).toDouble(), 12288000.0);
            QCOMPARE(w.value(QStringLiteral("total_ios")).toDouble(), 3000.0);
            QVERIFY(w.value(QStringLiteral("iops")).toDouble() > 0);
        }
        const QRegularExpressionMatch m
            = QRegularExpression(QStringLiteral("osd\\.1: \\{[^}]*\"iops\": ([0-9.]+)")).match(QString::fromUtf8(text));
        QVERIFY(m.hasMatch());
        QVERIFY(near(r.steps.at(1).summary[QStringLiteral("write")][QStringLiteral("iops")].toDouble(),
            m.captured(1).toDouble()));
    }

    void osdBenchCutOrDamaged()
    {
        Error e;
        decoded(cmtest::readTestData(QStringLiteral("cephbench/osd-bench-16.2.15-cut.txt")), &e);
        QVERIFY(e);
        QVERIFY2(e.message.contains(QStringLiteral("line 1")) && e.message.contains(QStringLiteral("cut short")),
            qPrintable(e.message));
        decoded(
            "{\"bytes_written\": 1024, \"blocksize\": 0, \"elapsed_sec\": 1, \"bytes_per_sec\": 1, \"iops\": 1}", &e);
        QVERIFY2(e.message.contains(QStringLiteral("lacks a figure")), qPrintable(e.message));
        const QByteArray all = cmtest::readTestData(QStringLiteral("cephbench/osd-bench-16.2.15-all-4k.txt"));
        decoded(all.left(all.lastIndexOf("\"iops\"")), &e); // the third block cut
        QVERIFY(e);
        QVERIFY2(e.message.contains(QStringLiteral("line 15")), qPrintable(e.message));
    }
};

QTEST_GUILESS_MAIN(TestCephBenchImport)
#include "test_cephbenchimport.moc"
