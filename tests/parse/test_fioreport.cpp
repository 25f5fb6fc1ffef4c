// SPDX-License-Identifier: GPL-3.0-or-later
#include "fiodata.h"
#include "parse/fioreport.h"
#include "parse/fiostreamsplitter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace cm;

namespace {

QList<QByteArray> documentsOf(const QByteArray &data)
{
    FioStreamSplitter s;
    QList<QByteArray> docs = s.feed(data);
    s.finish();
    return docs;
}

FioReport parseOk(const QByteArray &doc, QStringList *warnings = nullptr)
{
    Error err;
    FioReport r = FioReport::parse(doc, &err, warnings);
    if (err)
        qWarning() << err.toString();
    return err ? FioReport() : r;
}

bool near(double a, double b, double rel)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b)) + 1e-9;
}

} // namespace

class TestFioReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Every recorded document parses, and its figures agree with each other: bytes =
    // ios x block size (catches KiB/bytes mix-ups), fio's bw and iops = totals over
    // the runtime.
    void everyRecordedOutputParses_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("blockSize");
        const QStringList files = cmtest::fioFiles({QStringLiteral("*.json"), QStringLiteral("*.txt")});
        QVERIFY(files.size() >= 10);
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << f << (f.contains(QLatin1String("2.17")) ? 16384 : 4096);
    }
    void everyRecordedOutputParses()
    {
        QFETCH(QString, file);
        QFETCH(int, blockSize);
        const QList<QByteArray> docs = documentsOf(cmtest::readData(QStringLiteral("fio/") + file));
        QVERIFY(!docs.isEmpty());
        for (const QByteArray &doc : docs) {
            QStringList warnings;
            const FioReport r = parseOk(doc, &warnings);
            QVERIFY(r.isValid());
            QVERIFY(r.fioVersion.startsWith(QLatin1String("fio-")));
            QVERIFY(r.versionMajor >= 2);
            QVERIFY(r.timestampMs > 1'400'000'000'000LL);
            if (r.versionMajor >= 3)
                QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(QLatin1Char('|'))));
            for (const FioJob &j : r.jobs) {
                QVERIFY(!j.name.isEmpty());
                for (const FioDirStats &s : j.dirs) {
                    if (!s.active())
                        continue;
                    // Not exact: fio-3.16 with ramp_time counts a few more bytes than
                    // ios, and status reports read their counters non-atomically (a few
                    // in-flight I/Os apart).
                    const double ios = double(s.ioBytes) / blockSize;
                    QVERIFY2(std::abs(ios - double(s.totalIos)) <= std::max(64.0, 1e-4 * ios),
                        qPrintable(QStringLiteral("%1 bytes, %2 ios").arg(s.ioBytes).arg(s.totalIos)));
                    if (s.runtimeMs > 0) {
                        const double bw = double(s.ioBytes) * 1000.0 / double(s.runtimeMs);
                        QVERIFY2(near(s.bwBytes, bw, r.legacyUnits ? 0.01 : 1e-6),
                            qPrintable(QStringLiteral("%1 vs %2").arg(s.bwBytes).arg(bw)));
                        QVERIFY(near(s.iops, double(s.totalIos) * 1000.0 / double(s.runtimeMs), 1e-5));
                    }
                    if (s.clat.n > 0) {
                        QVERIFY(s.clat.minNs <= s.clat.meanNs && s.clat.meanNs <= s.clat.maxNs);
                    }
                    // json+: the bins hold every I/O, and fio's percentiles are the
                    // bins' percentiles by fio's own rule
                    if (!s.bins.isEmpty()) {
                        QVERIFY(r.jsonPlus);
                        QVERIFY(std::abs(double(binsCount(s.bins)) - double(s.clat.n)) <= 64);
                        QVERIFY(!s.percentiles.isEmpty());
                        for (auto it = s.percentiles.cbegin(); it != s.percentiles.cend(); ++it) {
                            QCOMPARE(binsPercentile(s.bins, it.key(), s.clat.n), it.value());
                            QCOMPARE(s.percentile(it.key()), it.value());
                        }
                        const bool final
                            = (docs.size() == 1 || &doc == &docs.last()) && !file.contains(QLatin1String("cut"));
                        if (final) // the final document's counters agree exactly
                            QCOMPARE(binsCount(s.bins), s.totalIos);
                    }
                }
            }
        }
    }

    void fio333JsonPlusDetails()
    {
        const FioReport r = parseOk(cmtest::readData(QStringLiteral("fio/fio3.33-jsonplus-randread.json")));
        QVERIFY(r.isValid());
        QCOMPARE(r.fioVersion, QStringLiteral("fio-3.33"));
        QCOMPARE(r.versionMajor, 3);
        QCOMPARE(r.versionMinor, 33);
        QVERIFY(r.jsonPlus);
        QVERIFY(!r.legacyUnits);
        QCOMPARE(r.jobs.size(), 1);
        const FioJob &j = r.jobs.first();
        QCOMPARE(j.name, QStringLiteral("randread"));
        QCOMPARE(j.error, 0);
        QVERIFY(j.dir(FioDir::Read).active());
        QVERIFY(!j.dir(FioDir::Write).active());
        QVERIFY(j.dir(FioDir::Write).percentiles.isEmpty());
        QCOMPARE(r.diskUtil.size(), 1);
        QVERIFY(r.diskUtil.first().utilPercent > 0 && r.diskUtil.first().utilPercent <= 100);
        // compare with a plain reading of the same document
        const QJsonObject rd
            = QJsonDocument::fromJson(cmtest::readData(QStringLiteral("fio/fio3.33-jsonplus-randread.json")))
                  .object()[QStringLiteral("jobs")]
                  .toArray()[0]
                  .toObject()[QStringLiteral("read")]
                  .toObject();
        QCOMPARE(j.dir(FioDir::Read).clat.meanNs,
            rd[QStringLiteral("clat_ns")].toObject()[QStringLiteral("mean")].toDouble());
        QCOMPARE(j.dir(FioDir::Read).percentile(99.9),
            rd[QStringLiteral("clat_ns")]
                .toObject()[QStringLiteral("percentile")]
                .toObject()[QStringLiteral("99.900000")]
                .toDouble());
    }

    void aggregateOfTwoJobs()
    {
        const FioReport r = parseOk(cmtest::readData(QStringLiteral("fio/fio3.33-json-randrw-2jobs.json")));
        QCOMPARE(r.jobs.size(), 2);
        for (FioDir d : {FioDir::Read, FioDir::Write}) {
            const FioDirStats a = r.aggregate(d);
            const FioDirStats &j0 = r.jobs[0].dir(d), &j1 = r.jobs[1].dir(d);
            QCOMPARE(a.ioBytes, j0.ioBytes + j1.ioBytes);
            QCOMPARE(a.totalIos, j0.totalIos + j1.totalIos);
            QCOMPARE(a.iops, j0.iops + j1.iops);
            QCOMPARE(a.runtimeMs, std::max(j0.runtimeMs, j1.runtimeMs));
            QCOMPARE(a.clat.n, j0.clat.n + j1.clat.n);
            QVERIFY(near(a.clat.meanNs,
                (j0.clat.meanNs * j0.clat.n + j1.clat.meanNs * j1.clat.n) / (j0.clat.n + j1.clat.n), 1e-12));
            QCOMPARE(a.clat.minNs, std::min(j0.clat.minNs, j1.clat.minNs));
            QCOMPARE(a.clat.maxNs, std::max(j0.clat.maxNs, j1.clat.maxNs));
            QVERIFY(a.clat.stddevNs > 0);
            QVERIFY(a.percentiles.isEmpty()); // plain json, two jobs: cannot merge
        }
        // json+ stream with bins: merged bins hold all I/O
        const QList<QByteArray> docs
            = documentsOf(cmtest::readData(QStringLiteral("fio/fio3.33-stream-jsonplus-randrw.txt")));
        const FioReport last = parseOk(docs.last());
        const FioDirStats a = last.aggregate(FioDir::Write);
        QCOMPARE(binsCount(a.bins), a.totalIos);
        QCOMPARE(a.percentile(99), binsPercentile(a.bins, 99));
    }

    void fio2UnitsAreConverted()
    {
        QStringList warnings;
        const FioReport r = parseOk(cmtest::readData(QStringLiteral("fio/ext-fio-2.17-json-2jobs.json")), &warnings);
        QVERIFY(r.isValid());
        QVERIFY(r.legacyUnits);
        QCOMPARE(r.versionMajor, 2);
        QVERIFY(warnings.join(QLatin1Char('|')).contains(QLatin1String("microseconds")));
        const FioDirStats &rd = r.jobs[0].dir(FioDir::Read);
        QCOMPARE(rd.ioBytes, quint64(1294256) * 1024);
        QCOMPARE(rd.bwBytes, 129386.0 * 1024);
        QCOMPARE(rd.clat.meanNs, 238.357679 * 1000);
        QCOMPARE(rd.clat.n, quint64(80891)); // no "N" before fio 3.3: total_ios
        QCOMPARE(rd.percentile(50), 96.0 * 1000);
        QCOMPARE(rd.percentile(99.99), 5408.0 * 1000);
        QVERIFY(!rd.percentiles.contains(0.0)); // fio 2.x "0.00" padding skipped
        QCOMPARE(r.jobs[1].dir(FioDir::Write).lat.maxNs, 49029.0 * 1000);
    }

    void latPercentilesAndGtodReduce()
    {
        const FioReport a = parseOk(cmtest::readData(QStringLiteral("fio/ext-fio-3.16-json-latpercentiles.json")));
        const FioDirStats &rd = a.jobs[0].dir(FioDir::Read);
        QVERIFY(rd.percentilesOfTotalLatency);
        QCOMPARE(rd.percentile(50), 1417216.0);
        QCOMPARE(a.aggregate(FioDir::Write).percentile(99.9), 2605056.0);
        QCOMPARE(a.diskUtil.first().name, QStringLiteral("nvme0n1"));

        const FioReport b = parseOk(cmtest::readData(QStringLiteral("fio/ext-fio-3.28-json-gtodreduce.json")));
        QVERIFY(b.isValid());
        QVERIFY(b.jobs[0].dir(FioDir::Read).percentiles.isEmpty());
        QCOMPARE(b.jobs[0].dir(FioDir::Read).clat.n, quint64(0));
        QCOMPARE(b.jobs[0].dir(FioDir::Read).percentile(99), 0.0);
        QVERIFY(b.diskUtil.isEmpty());
    }

    void jobErrorIsReported()
    {
        const FioReport r = parseOk(cmtest::readData(QStringLiteral("fio/fio3.33-json-error.json")));
        QVERIFY(r.isValid());
        QVERIFY(r.hasJobErrors());
        QCOMPARE(r.jobs.first().error, 21);
        QVERIFY(!r.jobs.first().errorText.isEmpty());
        QVERIFY(r.firstJobError().contains(QLatin1String("error 21")));
        // fio's own text is on stderr, recorded alongside
        QVERIFY(cmtest::readData(QStringLiteral("fio/fio3.33-json-error.stderr")).contains("err=21"));
    }

    void nanAndMissingKeysAreWarnings()
    {
        QByteArray doc = cmtest::readData(QStringLiteral("fio/fio3.33-jsonplus-randread.json"));
        const FioReport ref = parseOk(doc);
        // fio prints "-nan" for some floats (e.g. stddev of a single sample)
        QVERIFY(doc.contains("\"stddev\" : "));
        doc.replace("\"iops\" : ", "\"iops\" : -nan, \"iops_was\" : ");
        doc.replace("\"bw_agg\" : ", "\"bw_agg\" : nan, \"bw_agg_was\" : ");
        doc.replace("\"usr_cpu\" : ", "\"usr_cpu\" : inf, \"x\" : ");
        doc.replace("\"jobname\" : \"randread\"", "\"jobname\" : \"nan inf -nan\"");
        doc.replace("\"runtime\" : ", "\"runtime_gone\" : ");
        QStringList warnings;
        Error err;
        const FioReport r = FioReport::parse(doc, &err, &warnings);
        QVERIFY2(!err, qPrintable(err.toString()));
        QCOMPARE(r.jobs.first().name, QStringLiteral("nan inf -nan")); // strings untouched
        QCOMPARE(r.jobs.first().dir(FioDir::Read).iops, 0.0);
        QCOMPARE(r.jobs.first().dir(FioDir::Read).runtimeMs, quint64(0));
        QCOMPARE(r.jobs.first().dir(FioDir::Read).ioBytes, ref.jobs.first().dir(FioDir::Read).ioBytes);
        const QString all = warnings.join(QLatin1Char('|'));
        QVERIFY2(all.contains(QLatin1String("non-finite")), qPrintable(all));
        QVERIFY2(all.contains(QLatin1String("jobs[0].read.iops is not a number")), qPrintable(all));
        QVERIFY2(all.contains(QLatin1String("jobs[0].read.runtime missing")), qPrintable(all));
    }

    void badInputsGiveClearErrors_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << QByteArray() << "not valid JSON";
        QTest::newRow("brace") << QByteArray("{") << "not valid JSON";
        QTest::newRow("array") << QByteArray("[1,2]") << "not a JSON object";
        QTest::newRow("object") << QByteArray("{}") << "no \"jobs\"";
        QTest::newRow("jobs not array") << QByteArray("{\"jobs\":5}") << "no \"jobs\"";
        QTest::newRow("no jobs") << QByteArray("{\"fio version\":\"fio-3.33\",\"jobs\":[]}") << "lists no jobs";
        QTest::newRow("jobs not objects") << QByteArray("{\"jobs\":[1,\"x\",null]}") << "lists no jobs";
        QTest::newRow("fio 1") << QByteArray("{\"fio version\":\"fio-1.59\",\"jobs\":[{}]}") << "not supported";
        QTest::newRow("text") << QByteArray("fio: terminating on signal 15\n") << "not valid JSON";
        QTest::newRow("deep") << QByteArray(100000, '[') << "not valid JSON";
    }
    void badInputsGiveClearErrors()
    {
        QFETCH(QByteArray, input);
        QFETCH(QString, message);
        Error err;
        QStringList warnings;
        const FioReport r = FioReport::parse(input, &err, &warnings);
        QVERIFY(!r.isValid());
        QCOMPARE(err.code, Error::Code::ParseError);
        QVERIFY2(err.message.contains(message), qPrintable(err.message));
    }

    void truncatedDocumentsNeverCrash()
    {
        const QByteArray doc = cmtest::readData(QStringLiteral("fio/fio3.33-stream-jsonplus-randrw.txt"));
        for (qsizetype len = 0; len < 30000; len += 997) {
            Error err;
            const FioReport r = FioReport::parse(doc.left(len), &err);
            QVERIFY(err || r.isValid());
        }
    }

    // fio --client mode lists "client_stats" with a summing "All clients" entry, and
    // unified_rw_reporting gives "mixed" (built from a recorded document's job).
    void clientStatsAndMixed()
    {
        QJsonObject root
            = QJsonDocument::fromJson(cmtest::readData(QStringLiteral("fio/fio3.33-jsonplus-randread.json"))).object();
        QJsonObject job = root.take(QStringLiteral("jobs")).toArray().first().toObject();
        job.insert(QStringLiteral("hostname"), QStringLiteral("node1"));
        QJsonObject all = job;
        all.insert(QStringLiteral("jobname"), QStringLiteral("All clients"));
        root.insert(QStringLiteral("client_stats"), QJsonArray({job, all}));
        Error err;
        const FioReport r = FioReport::parse(QJsonDocument(root).toJson(), &err);
        QVERIFY(!err);
        QCOMPARE(r.jobs.size(), 2);
        QCOMPARE(r.jobs[0].hostname, QStringLiteral("node1"));
        QVERIFY(r.jobs[1].allClientsSummary);
        QCOMPARE(r.aggregate(FioDir::Read).totalIos, r.jobs[0].dir(FioDir::Read).totalIos);

        QJsonObject mixedJob = job;
        mixedJob.insert(QStringLiteral("mixed"), mixedJob.take(QStringLiteral("read")));
        mixedJob.remove(QStringLiteral("write"));
        mixedJob.remove(QStringLiteral("trim"));
        QJsonObject root2 = root;
        root2.remove(QStringLiteral("client_stats"));
        root2.insert(QStringLiteral("jobs"), QJsonArray({mixedJob}));
        QStringList warnings;
        const FioReport m = FioReport::parse(QJsonDocument(root2).toJson(), &err, &warnings);
        QVERIFY(!err);
        QCOMPARE(m.jobs[0].dir(FioDir::Read).totalIos, r.jobs[0].dir(FioDir::Read).totalIos);
        QVERIFY(warnings.join(QLatin1Char('|')).contains(QLatin1String("mixed")));
    }

    void oddButValidShapes()
    {
        // wrong types everywhere: warnings, zeros, no crash
        const QByteArray odd = R"({"fio version":"fio-3.33","timestamp_ms":"x","jobs":[
            {"jobname":"a","error":"5","read":{"io_bytes":-5,"total_ios":1e30,"runtime":[],"clat_ns":{"percentile":{"x":1,"50":"y","200":3},"bins":{"10":-1,"abc":2,"99999999999999999999999":1}}}},
            {"jobname":"All clients","write":{"io_kbytes":2,"iops":1,"runtime":1,"total_ios":1}}],
            "disk_util":[5,{"name":"sda","util":"nan"}]})";
        QStringList warnings;
        Error err;
        const FioReport r = FioReport::parse(odd, &err, &warnings);
        QVERIFY2(!err, qPrintable(err.toString()));
        QCOMPARE(r.jobs.size(), 2);
        QCOMPARE(r.jobs[0].error, 5);
        QCOMPARE(r.jobs[0].dir(FioDir::Read).ioBytes, quint64(0));
        QCOMPARE(r.jobs[0].dir(FioDir::Read).totalIos, std::numeric_limits<quint64>::max());
        QCOMPARE(r.jobs[1].dir(FioDir::Write).ioBytes, quint64(2048));
        QVERIFY(!warnings.isEmpty());
        QVERIFY(warnings.size() <= 61);
    }
};

QTEST_GUILESS_MAIN(TestFioReport)
#include "test_fioreport.moc"
