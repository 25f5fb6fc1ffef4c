// SPDX-License-Identifier: GPL-3.0-or-later
#include "fiodata.h"
#include "parse/diskstats.h"
#include "parse/meminfo.h"
#include "parse/procstat.h"

#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>

using namespace cm;

class TestProcParsers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void procStatRecorded()
    {
        Error err;
        QStringList w;
        const CpuTimes a = parseProcStat(cmtest::readData(QStringLiteral("proc/stat.1")), &err, &w);
        QVERIFY(!err);
        const CpuTimes b = parseProcStat(cmtest::readData(QStringLiteral("proc/stat.2")), &err, &w);
        QVERIFY(!err);
        QVERIFY(w.isEmpty());
        QCOMPARE(a.fields, 10);
        QCOMPARE(a.cpuCount, 2);
        // an independent reading of the first line
        const QString line
            = QString::fromUtf8(cmtest::readData(QStringLiteral("proc/stat.1"))).section(QLatin1Char('\n'), 0, 0);
        const QStringList f = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        QCOMPARE(a.user, f.at(1).toULongLong());
        QCOMPARE(a.iowait, f.at(5).toULongLong());
        QCOMPARE(a.steal, f.at(8).toULongLong());
        const auto busy = cpuBusyPercent(a, b), io = iowaitPercent(a, b);
        QVERIFY(busy && io);
        QVERIFY(*busy > 0 && *busy <= 100);
        QVERIFY(*io >= 0 && *io + *busy <= 100.0001);
        // the snapshots were taken one second apart
        const auto el = cpuElapsedSec(a, b);
        QVERIFY(el);
        QVERIFY2(*el > 0.8 && *el < 1.5, qPrintable(QString::number(*el)));
        QVERIFY(!cpuBusyPercent(b, a)); // backwards
        // one counter backwards, another far forward (found by fuzz_procstat): no figure
        CpuTimes odd = b;
        odd.user = a.user - 1;
        odd.iowait = b.iowait + 1'000'000;
        QVERIFY(!cpuBusyPercent(a, odd));
        QVERIFY(!iowaitPercent(a, odd));
        QVERIFY(!cpuElapsedSec(a, odd));
        QVERIFY(!cpuBusyPercent(a, a)); // no time
    }

    void procStatOldAndBad()
    {
        Error err;
        QStringList w;
        const CpuTimes old = parseProcStat("cpu  10 0 5 100\ncpu0 10 0 5 100\n", &err, &w);
        QVERIFY(!err);
        QCOMPARE(old.fields, 4);
        QCOMPARE(w.size(), 1);
        for (const QByteArray &bad : {QByteArray(), QByteArray("cpu0 1 2 3 4\n"), QByteArray("cpu 1 2 x 4"),
                 QByteArray("cpu 1 2"), QByteArray("\0\0\0", 3)}) {
            parseProcStat(bad, &err);
            QCOMPARE(err.code, Error::Code::ParseError);
        }
    }

    void diskStatsRecorded()
    {
        Error err;
        QStringList w;
        const QByteArray raw1 = cmtest::readData(QStringLiteral("proc/diskstats.1"));
        const QByteArray raw2 = cmtest::readData(QStringLiteral("proc/diskstats.2"));
        const QList<DiskStat> a = parseDiskStats(raw1, &err, &w);
        QVERIFY(!err);
        const QList<DiskStat> b = parseDiskStats(raw2, &err, &w);
        QVERIFY(w.isEmpty());
        QCOMPARE(a.size(), raw1.count('\n'));
        const QList<DiskRate> rates = diskRates(a, b, 1.0, &w);
        QCOMPARE(rates.size(), a.size());
        // an independent reading of the vda lines
        static const QRegularExpression re(
            QStringLiteral("^\\s*\\d+\\s+\\d+ vda (.*)$"), QRegularExpression::MultilineOption);
        const QStringList f1 = re.match(QString::fromUtf8(raw1)).captured(1).split(QLatin1Char(' '));
        const QStringList f2 = re.match(QString::fromUtf8(raw2)).captured(1).split(QLatin1Char(' '));
        QVERIFY(f1.size() >= 11);
        for (const DiskRate &r : rates) {
            QVERIFY(r.utilPercent >= 0 && r.utilPercent <= 100);
            if (r.name != QLatin1String("vda"))
                continue;
            QCOMPARE(r.writeBytesPerSec, (f2.at(6).toDouble() - f1.at(6).toDouble()) * 512.0);
            QCOMPARE(r.readBytesPerSec, (f2.at(2).toDouble() - f1.at(2).toDouble()) * 512.0);
            QCOMPARE(r.utilPercent, std::min(100.0, (f2.at(9).toDouble() - f1.at(9).toDouble()) / 10.0));
            QVERIFY(r.writeBytesPerSec > 0); // fio was writing
        }
        QVERIFY(diskRates(b, a, 1.0, &w).size() < rates.size()); // backwards: skipped
        QVERIFY(!w.isEmpty());
        QVERIFY(diskRates(a, b, 0.0).isEmpty());
    }

    void diskStatsOtherKernels()
    {
        Error err;
        QStringList w;
        // 14 fields before 4.18, 18 with discards (hand-written in the kernel's format)
        const QList<DiskStat> s = parseDiskStats("   8       0 sda 100 2 800 50 200 3 1600 70 0 90 120\n"
                                                 "   8       1 sda1 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
                                                 "   1       2 short 1 2 3\n"
                                                 "junk line here\n",
            &err, &w);
        QVERIFY(!err);
        QCOMPARE(s.size(), 2);
        QCOMPARE(s[0].fields, 11);
        QCOMPARE(s[0].ioTicksMs, quint64(90));
        QCOMPARE(s[1].discards, quint64(12));
        QCOMPARE(s[1].sectorsDiscarded, quint64(14));
        QCOMPARE(w.size(), 1);
        QVERIFY(w.first().contains(QLatin1String("2 unreadable")));
        parseDiskStats("nothing useful\n", &err);
        QCOMPARE(err.code, Error::Code::ParseError);
        QVERIFY(parseDiskStats(QByteArray(), &err).isEmpty());
        QVERIFY(!err);
    }

    void memInfo()
    {
        Error err;
        QStringList w;
        const QByteArray raw = cmtest::readData(QStringLiteral("proc/meminfo.1"));
        const MemInfo m = parseMemInfo(raw, &err, &w);
        QVERIFY(!err);
        QVERIFY(w.isEmpty());
        static const QRegularExpression total(QStringLiteral("MemTotal:\\s+(\\d+) kB"));
        QCOMPARE(m.totalBytes, total.match(QString::fromUtf8(raw)).captured(1).toULongLong() * 1024);
        QVERIFY(m.availableBytes > 0 && m.availableBytes <= m.totalBytes);
        QVERIFY(!m.availableEstimated);
        const MemInfo old = parseMemInfo(
            "MemTotal: 1000 kB\nMemFree: 100 kB\nBuffers: 10 kB\nCached: 200 kB\nHugePages_Total: 0\n", &err, &w);
        QVERIFY(!err);
        QVERIFY(old.availableEstimated);
        QCOMPARE(old.availableBytes, quint64(310) * 1024);
        parseMemInfo("MemFree: 1 kB\n", &err);
        QCOMPARE(err.code, Error::Code::ParseError);
    }

    void randomBytesNeverCrash()
    {
        QRandomGenerator rng(31337);
        const QByteArray seeds[] = {cmtest::readData(QStringLiteral("proc/stat.1")),
            cmtest::readData(QStringLiteral("proc/diskstats.1")), cmtest::readData(QStringLiteral("proc/meminfo.1"))};
        for (int i = 0; i < 300; ++i) {
            QByteArray b = seeds[i % 3];
            for (int k = 0; k < 10; ++k)
                b[rng.bounded(int(b.size()))] = char(rng.bounded(256));
            Error err;
            QStringList w;
            const CpuTimes c = parseProcStat(b, &err, &w);
            cpuBusyPercent(c, c);
            diskRates(parseDiskStats(b, &err, &w), parseDiskStats(seeds[1], &err, &w), 1.0, &w);
            parseMemInfo(b, &err, &w);
        }
    }
};

QTEST_GUILESS_MAIN(TestProcParsers)
#include "test_procparsers.moc"
