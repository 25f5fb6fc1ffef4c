// SPDX-License-Identifier: GPL-3.0-or-later
#include "fiodata.h"
#include "model/metric.h"
#include "parse/fiointervals.h"
#include "parse/fiostreamsplitter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace cm;

namespace {

QList<FioReport> reportsOf(const QString &file)
{
    FioStreamSplitter s;
    QList<FioReport> out;
    const QList<QByteArray> docs = s.feed(cmtest::readData(file));
    s.finish();
    for (const QByteArray &d : docs) {
        Error err;
        out << FioReport::parse(d, &err);
        if (err)
            qWarning() << err.toString();
    }
    return out;
}

bool near(double a, double b, double rel)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b)) + 1e-9;
}

} // namespace

class TestFioIntervals : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Intervals of a json+ stream add up to the final document, and the differenced
    // bins add up to the final bins.
    void jsonPlusIntervalsSumToTheFinalFigures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("randrw") << "fio/fio3.33-stream-jsonplus-randrw.txt";
        QTest::newRow("sigterm") << "fio/fio3.33-stream-jsonplus-sigterm.txt";
    }
    void jsonPlusIntervalsSumToTheFinalFigures()
    {
        QFETCH(QString, file);
        const QList<FioReport> reports = reportsOf(file);
        QVERIFY(reports.size() >= 3);
        FioIntervalTracker t;
        std::array<QList<FioInterval>, kFioDirCount> per;
        for (const FioReport &r : reports) {
            for (const FioInterval &iv : t.add(r))
                per[size_t(iv.dir)] << iv;
        }
        QVERIFY2(t.takeWarnings().isEmpty(), "no warnings on a clean stream");
        QCOMPARE(t.reportCount(), reports.size());
        const auto sum = t.summary();
        QVERIFY(sum.has_value());
        int activeDirs = 0;
        for (int d = 0; d < kFioDirCount; ++d) {
            const FioDirStats fin = reports.last().aggregate(FioDir(d));
            if (!fin.active()) {
                QVERIFY(per[size_t(d)].isEmpty());
                continue;
            }
            ++activeDirs;
            QCOMPARE(per[size_t(d)].size(), reports.size());
            quint64 bytes = 0, ios = 0;
            double dur = 0, prevEnd = 0;
            long double latSum = 0;
            quint64 latN = 0;
            LatencyBins bins;
            for (const FioInterval &iv : per[size_t(d)]) {
                QVERIFY(iv.latencyFromBins);
                QVERIFY(iv.durationSec > 0);
                QCOMPARE(iv.startSec, prevEnd);
                prevEnd = iv.endSec;
                QVERIFY(near(iv.iops * iv.durationSec, double(iv.ios), 1e-12));
                QVERIFY(near(iv.bwBytesPerSec * iv.durationSec, double(iv.ioBytes), 1e-12));
                // status reports are a few in-flight I/Os apart; the sums below are exact
                QVERIFY(std::abs(double(binsCount(iv.bins)) - double(iv.ios)) <= 64);
                QVERIFY(iv.latP50Ns > 0 && iv.latP50Ns <= iv.latP99Ns && iv.latP99Ns <= iv.latP999Ns);
                bytes += iv.ioBytes;
                ios += iv.ios;
                dur += iv.durationSec;
                latSum += static_cast<long double>(iv.latMeanNs) * iv.latSamples;
                latN += iv.latSamples;
                mergeBins(bins, iv.bins);
            }
            QCOMPARE(bytes, fin.ioBytes);
            QCOMPARE(ios, fin.totalIos);
            QVERIFY(near(dur, fin.runtimeMs / 1000.0, 1e-12));
            QCOMPARE(bins, fin.bins);
            // the interval means, weighted by their samples, give back fio's overall mean
            QCOMPARE(latN, fin.clat.n);
            QVERIFY2(near(double(latSum / latN), fin.clat.meanNs, 1e-9),
                qPrintable(QStringLiteral("%1 vs %2").arg(double(latSum / latN)).arg(fin.clat.meanNs)));
            // summary: the full histogram of the run
            const LatencyHistogram &h = sum->histogram[size_t(d)];
            QCOMPARE(h.count(), fin.totalIos);
            for (double q : {kP50, kP99, kP999})
                QVERIFY(near(h.percentile(q), fin.percentile(q), 0.01));
            // the step-so-far percentiles of the last interval are the whole step's: what
            // the live card shows at the end agrees with the results
            const FioInterval &last = per[size_t(d)].last();
            QCOMPARE(last.stepLatP50Ns, binsPercentile(fin.bins, kP50));
            QCOMPARE(last.stepLatP99Ns, binsPercentile(fin.bins, kP99));
            QVERIFY(near(last.stepLatP50Ns, h.percentile(kP50), 0.01));
            // and they are percentiles of everything so far, not of one interval
            const FioInterval &first = per[size_t(d)].first();
            QCOMPARE(first.stepLatP50Ns, binsPercentile(first.bins, kP50));
        }
        QVERIFY(activeDirs >= 1);
    }

    // One interval from fio's start to its final document: the differenced bins are
    // the document's own, so the percentiles must equal fio's own figures exactly.
    void oneIntervalMatchesFioExactly_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("stream final") << "fio/fio3.33-stream-jsonplus-randrw.txt";
        QTest::newRow("sigterm final") << "fio/fio3.33-stream-jsonplus-sigterm.txt";
        QTest::newRow("json+ final") << "fio/fio3.33-jsonplus-randread.json";
    }
    void oneIntervalMatchesFioExactly()
    {
        QFETCH(QString, file);
        FioStreamSplitter split;
        const QByteArray doc = split.feed(cmtest::readData(file)).last();
        const QJsonObject job = QJsonDocument::fromJson(doc).object()[QStringLiteral("jobs")].toArray()[0].toObject();
        FioIntervalTracker t;
        const QList<FioInterval> ivs = t.add(FioReport::parse(doc));
        QVERIFY(!ivs.isEmpty());
        for (const FioInterval &iv : ivs) {
            const QJsonObject d = job[fioDirName(iv.dir)].toObject();
            const QJsonObject clat = d[QStringLiteral("clat_ns")].toObject();
            const QJsonObject pct = clat[QStringLiteral("percentile")].toObject();
            QVERIFY(iv.latencyFromBins);
            QCOMPARE(iv.latP50Ns, pct[QStringLiteral("50.000000")].toDouble());
            QCOMPARE(iv.latP99Ns, pct[QStringLiteral("99.000000")].toDouble());
            QCOMPARE(iv.latP999Ns, pct[QStringLiteral("99.900000")].toDouble());
            QVERIFY(near(iv.latMeanNs, clat[QStringLiteral("mean")].toDouble(), 1e-9));
            QCOMPARE(iv.ioBytes, quint64(d[QStringLiteral("io_bytes")].toDouble()));
            QCOMPARE(iv.durationSec, d[QStringLiteral("runtime")].toDouble() / 1000.0);
            QVERIFY(near(iv.bwBytesPerSec, d[QStringLiteral("bw_bytes")].toDouble(), 1e-6));
            QVERIFY(near(iv.iops, d[QStringLiteral("iops")].toDouble(), 1e-6));
        }
    }

    // A status report's counters are a few I/Os apart, so there the interval figures
    // agree with fio's within a bucket.
    void firstStatusIntervalIsCloseToFio()
    {
        FioStreamSplitter split;
        const QByteArray doc
            = split.feed(cmtest::readData(QStringLiteral("fio/fio3.33-stream-jsonplus-randrw.txt"))).first();
        const QJsonObject job = QJsonDocument::fromJson(doc).object()[QStringLiteral("jobs")].toArray()[0].toObject();
        FioIntervalTracker t;
        const QList<FioInterval> ivs = t.add(FioReport::parse(doc));
        QCOMPARE(ivs.size(), 2);
        for (const FioInterval &iv : ivs) {
            const QJsonObject pct = job[fioDirName(iv.dir)]
                                        .toObject()[QStringLiteral("clat_ns")]
                                        .toObject()[QStringLiteral("percentile")]
                                        .toObject();
            QVERIFY(near(iv.latP50Ns, pct[QStringLiteral("50.000000")].toDouble(), 0.02));
            QVERIFY(near(iv.latP99Ns, pct[QStringLiteral("99.000000")].toDouble(), 0.02));
        }
    }

    void plainJsonFallsBackToCumulativePercentiles()
    {
        const QList<FioReport> reports = reportsOf(QStringLiteral("fio/fio3.33-stream-json-randrw-2jobs.txt"));
        QCOMPARE(reports.size(), 4);
        FioIntervalTracker t;
        quint64 bytes = 0;
        int n = 0;
        for (const FioReport &r : reports) {
            for (const FioInterval &iv : t.add(r)) {
                QVERIFY(!iv.latencyFromBins);
                QVERIFY(iv.bins.isEmpty());
                QVERIFY(iv.latP50Ns > 0 && iv.latP99Ns >= iv.latP50Ns);
                QVERIFY(iv.latMeanNs > 0);
                if (iv.dir == FioDir::Write)
                    bytes += iv.ioBytes;
                ++n;
            }
        }
        QCOMPARE(n, 8);
        QCOMPARE(bytes, reports.last().aggregate(FioDir::Write).ioBytes);
    }

    void resetsAndZeroLengthIntervals()
    {
        const QList<FioReport> reports = reportsOf(QStringLiteral("fio/fio3.33-stream-jsonplus-randrw.txt"));
        FioIntervalTracker t;
        QCOMPARE(t.add(reports[1]).size(), 2);
        QCOMPARE(t.add(reports[1]).size(), 0); // same report again: zero-length, skipped
        QVERIFY(t.takeWarnings().isEmpty());
        QCOMPARE(t.add(reports[0]).size(), 0); // counters went backwards
        const QStringList w = t.takeWarnings();
        QCOMPARE(w.size(), 2);
        QVERIFY(w.first().contains(QLatin1String("went backwards")));
        // re-baselined at reports[0]: the next one differences against it
        const QList<FioInterval> ivs = t.add(reports[1]);
        QCOMPARE(ivs.size(), 2);
        QCOMPARE(ivs.first().ioBytes,
            reports[1].aggregate(ivs.first().dir).ioBytes - reports[0].aggregate(ivs.first().dir).ioBytes);

        FioIntervalTracker empty;
        QVERIFY(!empty.summary().has_value());
        QVERIFY(empty.add(FioReport()).isEmpty());
        QCOMPARE(empty.takeWarnings().size(), 1);
    }

    // Two stonewalled jobs: all-jobs intervals still add up per direction, and the
    // per-job scope keeps each job's intervals on its own clock.
    void stonewalledJobs()
    {
        const QList<FioReport> reports = reportsOf(QStringLiteral("fio/fio3.33-stream-jsonplus-stonewall.txt"));
        QVERIFY(reports.size() >= 3);
        const FioReport &fin = reports.last();
        QCOMPARE(fin.jobs.size(), 2);

        FioIntervalTracker all;
        std::array<quint64, kFioDirCount> ios {};
        std::array<double, kFioDirCount> dur {};
        for (const FioReport &r : reports) {
            for (const FioInterval &iv : all.add(r)) {
                QCOMPARE(iv.job, -1);
                ios[size_t(iv.dir)] += iv.ios;
                dur[size_t(iv.dir)] += iv.durationSec;
            }
        }
        QVERIFY(all.takeWarnings().isEmpty());
        for (FioDir d : {FioDir::Read, FioDir::Write}) {
            QCOMPARE(ios[size_t(d)], fin.aggregate(d).totalIos);
            QVERIFY(near(dur[size_t(d)], fin.aggregate(d).runtimeMs / 1000.0, 1e-12));
        }

        FioIntervalTracker per(FioIntervalScope::PerJob);
        QMap<QString, quint64> jobIos;
        QMap<QString, double> jobClock;
        for (const FioReport &r : reports) {
            for (const FioInterval &iv : per.add(r)) {
                QVERIFY(iv.job >= 0);
                QCOMPARE(iv.jobName, fin.jobs[iv.job].name);
                QCOMPARE(iv.dir, iv.jobName == QLatin1String("rd") ? FioDir::Read : FioDir::Write);
                QCOMPARE(iv.startSec, jobClock.value(iv.jobName)); // each job's own clock from 0
                jobClock[iv.jobName] = iv.endSec;
                jobIos[iv.jobName] += iv.ios;
                QVERIFY(iv.latencyFromBins);
            }
        }
        QCOMPARE(jobIos.value(QStringLiteral("rd")), fin.jobs[0].dir(FioDir::Read).totalIos);
        QCOMPARE(jobIos.value(QStringLiteral("wr")), fin.jobs[1].dir(FioDir::Write).totalIos);
        QVERIFY(near(jobClock.value(QStringLiteral("wr")), fin.jobs[1].dir(FioDir::Write).runtimeMs / 1000.0, 1e-12));

        // a report with another job list re-baselines
        FioReport other = fin;
        other.jobs.removeLast();
        QVERIFY(per.add(other).isEmpty());
        QVERIFY(per.takeWarnings().join(QLatin1Char('|')).contains(QLatin1String("job list changed")));
    }

    void samplesCarryTheMetricNames()
    {
        const QList<FioReport> reports = reportsOf(QStringLiteral("fio/fio3.33-stream-jsonplus-randrw.txt"));
        FioIntervalTracker t;
        SampleList samples;
        for (const FioInterval &iv : t.add(reports.first()))
            samples += iv.toSamples(3, QStringLiteral("node1:/srv/cm.file"), 1.5);
        QCOMPARE(samples.size(), 16); // 6 per direction, and the step-so-far p50 and p99
        QStringList names;
        for (const Sample &s : samples) {
            QCOMPARE(s.step, 3);
            QCOMPARE(s.t, 1.5);
            QCOMPARE(s.target, QStringLiteral("node1:/srv/cm.file"));
            QVERIFY(s.value > 0);
            names << s.metric;
        }
        for (const QString &m : {metric::ReadBw, metric::ReadIops, metric::ReadLatP50, metric::ReadLatP99,
                 metric::ReadLatP999, metric::ReadLatMean, metric::WriteBw, metric::WriteIops, metric::WriteLatP50,
                 metric::WriteLatP99, metric::WriteLatP999, metric::WriteLatMean, metric::stepSoFar(metric::ReadLatP50),
                 metric::stepSoFar(metric::WriteLatP99)})
            QVERIFY2(names.contains(m), qPrintable(m));
        FioInterval trim;
        trim.dir = FioDir::Trim;
        QVERIFY(trim.toSamples(0, QString(), 0).isEmpty());
        FioInterval idle;
        idle.dir = FioDir::Write;
        QCOMPARE(idle.toSamples(0, QString(), 0).size(), 2); // bw and iops of 0, no latency
    }
};

QTEST_GUILESS_MAIN(TestFioIntervals)
#include "test_fiointervals.moc"
