// SPDX-License-Identifier: GPL-3.0-or-later
// The native librados object engine against a real single-host cluster (1 OSD, size-1
// pool): write, read and stat figures, samples that add up to the summary, bytes
// written checked against the pool's own counters (`rados df`), a read of missing
// objects as an error, cancel within 2 s, no object left behind, a stopped OSD as an
// error within the op timeout, a missing pool as a clear error.
#include "ceph/radosclient.h"
#include "ceph/radosobjectengine.h"
#include "ceph/radosobjectset.h"
#include "cephlabfixture.h"
#include "model/metric.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryFile>
#include <QTest>

#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

using namespace cm;

namespace {

const QString kPool = QStringLiteral("bench");

// Σ value × interval length for one metric: the amount (ops or bytes) the samples account for.
double integrate(const SampleList &samples, const QString &metric, double *maxStep = nullptr)
{
    double sum = 0, prevT = 0, maxS = 0;
    for (const Sample &s : samples) {
        if (s.metric != metric)
            continue;
        const double part = s.value * (s.t - prevT);
        sum += part;
        maxS = std::max(maxS, part);
        prevT = s.t;
    }
    if (maxStep)
        *maxStep = maxS;
    return sum;
}

int countMetric(const SampleList &samples, const QString &metric)
{
    int n = 0;
    for (const Sample &s : samples)
        n += s.metric == metric ? 1 : 0;
    return n;
}

} // namespace

class TestRadosEngine : public QObject {
    Q_OBJECT
private:
    cmtest::CephLabFixture m_lab;
    RadosClient m_client;

    QStringList benchObjects()
    {
        QByteArray out;
        if (m_lab.client(QStringLiteral("rados"), {QStringLiteral("-p"), kPool, QStringLiteral("ls")}, &out) != 0)
            return {QStringLiteral("<rados ls failed>")};
        QStringList ours;
        for (const QString &o : QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            if (o.startsWith(QLatin1String(RadosObjectEngine::kObjectPrefix)))
                ours << o;
        return ours;
    }

    // The pool's own write counter (`rados df`, from the OSDs' PG stats through the mgr,
    // about once a second): read until it stops moving.
    double poolWriteBytes()
    {
        auto read = [&] {
            QByteArray out;
            if (m_lab.client(QStringLiteral("rados"),
                    {QStringLiteral("df"), QStringLiteral("-p"), kPool, QStringLiteral("-f"), QStringLiteral("json")},
                    &out)
                != 0)
                return -1.0;
            const QJsonArray pools = QJsonDocument::fromJson(out).object().value(QStringLiteral("pools")).toArray();
            return pools.isEmpty() ? -1.0 : pools.first().toObject().value(QStringLiteral("write_bytes")).toDouble(-1);
        };
        QElapsedTimer t;
        t.start();
        double prev = read();
        for (;;) {
            QTest::qWait(1000);
            const double cur = read();
            if ((cur == prev && t.elapsed() >= 2500) || t.elapsed() > 15000)
                return cur;
            prev = cur;
        }
    }

    struct Result {
        Error error;
        QJsonObject summary;
        SampleList samples;
        QString prefix;
    };
    Result runOnce(const RadosWorkload &w, const CancelToken &cancel = {}, const QString &pool = kPool,
        RadosClient *client = nullptr)
    {
        RadosObjectEngine engine(client ? *client : m_client);
        Result r;
        r.error = engine.run(pool, w, cancel, [&](const SampleList &s) { r.samples += s; });
        r.summary = engine.summary();
        r.prefix = engine.objectPrefix();
        return r;
    }

    static RadosWorkload workload(RadosWorkload::Op op, quint64 objectSize, quint64 bs, int objects, int runtime)
    {
        RadosWorkload w;
        w.op = op;
        w.objectSize = objectSize;
        w.blockSize = bs;
        w.objects = objects;
        w.queueDepth = 16;
        w.runtimeSec = runtime;
        return w;
    }

    // Samples and summary agree, the figures are non-zero and every object is gone.
    void checkDirection(
        const Result &r, const QString &dir, const QString &bwMetric, const QString &iopsMetric, quint64 blockSize)
    {
        const QJsonObject d = r.summary.value(dir).toObject();
        const double ios = d.value(QStringLiteral("total_ios")).toDouble();
        const double bytes = d.value(QStringLiteral("io_bytes")).toDouble();
        QVERIFY2(
            ios > 0 && d.value(QStringLiteral("iops")).toDouble() > 0, QJsonDocument(r.summary).toJson().constData());
        QCOMPARE(bytes, ios * double(blockSize));
        double maxIos = 0, maxBytes = 0;
        const double sampleIos = integrate(r.samples, iopsMetric, &maxIos);
        QVERIFY2(std::abs(sampleIos - ios) <= maxIos + 1,
            qPrintable(QStringLiteral("samples %1 ios, summary %2").arg(sampleIos).arg(ios)));
        if (blockSize > 0) {
            const double sampleBytes = integrate(r.samples, bwMetric, &maxBytes);
            QVERIFY2(std::abs(sampleBytes - bytes) <= maxBytes + 1,
                qPrintable(QStringLiteral("samples %1 bytes, summary %2").arg(sampleBytes).arg(bytes)));
            QVERIFY(d.value(QStringLiteral("bw")).toDouble() > 0);
        } else {
            QCOMPARE(countMetric(r.samples, bwMetric), 0);
        }
        QVERIFY(d.value(QStringLiteral("lat_p50_ns")).toDouble() > 0);
        QVERIFY(d.value(QStringLiteral("lat_p99_ns")).toDouble() >= d.value(QStringLiteral("lat_p50_ns")).toDouble());
        QVERIFY(!d.value(QStringLiteral("histogram")).toObject().isEmpty());
        qInfo("%s bs=%.0f %s: %.0f IOPS, %.1f MiB/s, p50 %.0f us, p99 %.0f us, %d intervals, prefill %.0f ms, removed "
              "%.0f in %.0f ms",
            qPrintable(r.summary.value(QStringLiteral("op")).toString()),
            r.summary.value(QStringLiteral("block_size")).toDouble(), qPrintable(dir),
            d.value(QStringLiteral("iops")).toDouble(), d.value(QStringLiteral("bw")).toDouble() / 1048576.0,
            d.value(QStringLiteral("lat_p50_ns")).toDouble() / 1000,
            d.value(QStringLiteral("lat_p99_ns")).toDouble() / 1000,
            r.summary.value(QStringLiteral("intervals")).toInt(),
            r.summary.value(QStringLiteral("prefill_ms")).toDouble(),
            r.summary.value(QStringLiteral("objects_removed")).toDouble(),
            r.summary.value(QStringLiteral("cleanup_ms")).toDouble());
    }

    void checkNothingLeft(const Result &r)
    {
        QVERIFY(r.prefix.startsWith(QLatin1String(RadosObjectEngine::kObjectPrefix)));
        QCOMPARE(r.summary.value(QStringLiteral("objects_left")).toDouble(), 0.0);
        QCOMPARE(r.summary.value(QStringLiteral("objects_removed")).toDouble(),
            r.summary.value(QStringLiteral("objects_written")).toDouble());
        const QStringList left = benchObjects();
        QVERIFY2(left.isEmpty(), qPrintable(left.mid(0, 5).join(QLatin1Char(' '))));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        QVERIFY(m_lab.createPool(kPool, QStringLiteral("rados"), 16));
        CephConnectionSpec spec;
        spec.confPath = m_lab.confPath();
        spec.keyringPath = m_lab.keyringPath();
        const Error e = m_client.connect(spec);
        QVERIFY2(!e, qPrintable(e.toString()));
    }

    // Whole 4 MiB objects written round-robin, then read back at random (after the
    // prefill), then stat; the pool's counter agrees with what the engine says it wrote.
    void writeReadStat4M()
    {
        const int objects = 48; // 192 MiB
        const double before = poolWriteBytes();
        const Result w = runOnce(workload(RadosWorkload::Op::Write, 4 << 20, 4 << 20, objects, 3));
        const double afterWrite = poolWriteBytes();
        QVERIFY2(!w.error, qPrintable(w.error.toString()));
        checkDirection(w, QStringLiteral("write"), metric::WriteBw, metric::WriteIops, 4 << 20);
        QVERIFY(!w.summary.contains(QStringLiteral("read")));
        QVERIFY(w.summary.value(QStringLiteral("intervals")).toInt() >= 3);
        QCOMPARE(w.summary.value(QStringLiteral("objects_written")).toDouble(), double(objects));
        checkNothingLeft(w);
        const double written
            = w.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("io_bytes")).toDouble();
        const double pool = afterWrite - before;
        qInfo("4M write: engine %.0f bytes, rados df write_bytes delta %.0f (%.4f)", written, pool, pool / written);
        QVERIFY(before >= 0 && afterWrite >= 0);
        QVERIFY2(std::abs(pool - written) <= written * 0.10,
            qPrintable(QStringLiteral("engine %1, pool %2").arg(written).arg(pool)));

        const Result r = runOnce(workload(RadosWorkload::Op::Read, 4 << 20, 4 << 20, objects, 3));
        const double afterRead = poolWriteBytes();
        QVERIFY2(!r.error, qPrintable(r.error.toString()));
        checkDirection(r, QStringLiteral("read"), metric::ReadBw, metric::ReadIops, 4 << 20);
        QVERIFY(!r.summary.contains(QStringLiteral("write")));
        QCOMPARE(countMetric(r.samples, metric::WriteBw), 0);
        // The prefill wrote the whole working set once, and only that.
        QCOMPARE(r.summary.value(QStringLiteral("prefill_bytes")).toDouble(), double(objects) * (4 << 20));
        const double prefill = afterRead - afterWrite;
        qInfo("read prefill: %.0f bytes, rados df write_bytes delta %.0f", double(objects) * (4 << 20), prefill);
        QVERIFY2(std::abs(prefill - double(objects) * (4 << 20)) <= double(objects) * (4 << 20) * 0.10,
            qPrintable(QString::number(prefill)));
        checkNothingLeft(r);

        const Result s = runOnce(workload(RadosWorkload::Op::Stat, 4 << 20, 4 << 20, objects, 2));
        QVERIFY2(!s.error, qPrintable(s.error.toString()));
        checkDirection(s, QStringLiteral("read"), metric::ReadBw, metric::ReadIops, 0);
        QCOMPARE(s.summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("bw")).toDouble(), 0.0);
        QVERIFY(countMetric(s.samples, metric::ReadLatP99) >= 2);
        checkNothingLeft(s);
    }

    // 4 KiB ops at random aligned offsets inside 1 MiB objects.
    void smallOpsInsideObjects()
    {
        const Result w = runOnce(workload(RadosWorkload::Op::Write, 1 << 20, 4096, 32, 2));
        QVERIFY2(!w.error, qPrintable(w.error.toString()));
        checkDirection(w, QStringLiteral("write"), metric::WriteBw, metric::WriteIops, 4096);
        QVERIFY(w.summary.value(QStringLiteral("objects_written")).toDouble() > 0);
        checkNothingLeft(w);
        const Result r = runOnce(workload(RadosWorkload::Op::Read, 1 << 20, 4096, 32, 2));
        QVERIFY2(!r.error, qPrintable(r.error.toString()));
        checkDirection(r, QStringLiteral("read"), metric::ReadBw, metric::ReadIops, 4096);
        checkNothingLeft(r);
    }

    // Without the prefill the objects do not exist: an error, and nothing counted.
    void readOfMissingObjectsFails()
    {
        RadosWorkload w = workload(RadosWorkload::Op::Read, 4 << 20, 4 << 20, 16, 2);
        w.prefill = RadosWorkload::Prefill::Never;
        const Result r = runOnce(w);
        QCOMPARE(r.error.code, Error::Code::PathMissing);
        QVERIFY2(r.error.message.contains(QStringLiteral("does not exist")) && r.error.message.contains(r.prefix),
            qPrintable(r.error.toString()));
        QCOMPARE(r.summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("total_ios")).toDouble(), 0.0);
        QCOMPARE(r.summary.value(QStringLiteral("objects_written")).toDouble(), 0.0);
        w.op = RadosWorkload::Op::Stat;
        const Result s = runOnce(w);
        QCOMPARE(s.error.code, Error::Code::PathMissing);
        QCOMPARE(s.summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("total_ios")).toDouble(), 0.0);
        QVERIFY(benchObjects().isEmpty());
    }

    void cancelMidStep()
    {
        CancelToken cancel;
        std::atomic<qint64> cancelledAt {0};
        QElapsedTimer clock;
        clock.start();
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            cancelledAt = clock.nsecsElapsed();
            cancel.cancel();
        });
        const Result r = runOnce(workload(RadosWorkload::Op::Write, 4 << 20, 4 << 20, 64, 60), cancel);
        const qint64 returnedAt = clock.nsecsElapsed();
        canceller.join();
        const double ms = double(returnedAt - cancelledAt) / 1e6;
        qInfo("returned %.0f ms after cancel (clean-up of %.0f objects %.0f ms)", ms,
            r.summary.value(QStringLiteral("objects_removed")).toDouble(),
            r.summary.value(QStringLiteral("cleanup_ms")).toDouble());
        QCOMPARE(r.error.code, Error::Code::Cancelled);
        QVERIFY2(ms < 2000, qPrintable(QString::number(ms)));
        QVERIFY(r.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("total_ios")).toDouble() > 0);
        QVERIFY(r.summary.value(QStringLiteral("objects_removed")).toDouble() > 0);
        checkNothingLeft(r);

        // Cancelled during a read step's prefill.
        CancelToken cancel2;
        std::thread canceller2([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            cancel2.cancel();
        });
        const Result p = runOnce(workload(RadosWorkload::Op::Read, 4 << 20, 4 << 20, 2000, 60), cancel2);
        canceller2.join();
        QCOMPARE(p.error.code, Error::Code::Cancelled);
        QVERIFY(p.summary.value(QStringLiteral("prefill_bytes")).toDouble() < 2000.0 * (4 << 20));
        checkNothingLeft(p);
    }

    void missingPoolIsAClearError()
    {
        const Result r
            = runOnce(workload(RadosWorkload::Op::Write, 4 << 20, 4 << 20, 4, 1), {}, QStringLiteral("no-such-pool"));
        QCOMPARE(r.error.code, Error::Code::PathMissing);
        QVERIFY2(r.error.message.contains(QStringLiteral("pool \"no-such-pool\" does not exist")),
            qPrintable(r.error.toString()));
        QVERIFY(r.prefix.isEmpty());
    }

    void badWorkloadIsRejected()
    {
        Result r = runOnce(workload(RadosWorkload::Op::Write, 4 << 20, 3000, 4, 1));
        QCOMPARE(r.error.code, Error::Code::InvalidInput);
        QVERIFY2(r.error.message.contains(QStringLiteral("does not divide")), qPrintable(r.error.toString()));
        r = runOnce(workload(RadosWorkload::Op::Write, 4 << 20, 4 << 20, 0, 1));
        QCOMPARE(r.error.code, Error::Code::InvalidInput);
        r = runOnce(workload(RadosWorkload::Op::Read, 128 << 20, 4 << 20, 4, 1));
        QCOMPARE(r.error.code, Error::Code::InvalidInput);
        QVERIFY(benchObjects().isEmpty());
    }

    // The steps of one run share a set: the objects stay between steps, a read step
    // writes only what is missing, removeSet() removes them all.
    void sharedSetAcrossSteps()
    {
        RadosObjectSet set(kPool, 4 << 20, 16);
        RadosWorkload w = workload(RadosWorkload::Op::Write, 4 << 20, 4 << 20, 16, 1);
        w.queueDepth = 2;
        RadosObjectEngine engine(m_client);
        QVERIFY(!engine.run(kPool, w, {}, {}, &set));
        const double written = engine.summary().value(QStringLiteral("objects_written")).toDouble();
        QCOMPARE(engine.summary().value(QStringLiteral("objects_removed")).toDouble(), 0.0);
        QCOMPARE(double(benchObjects().size()), written);
        QCOMPARE(double(set.touchedCount()), written);
        QVERIFY(benchObjects().first().startsWith(set.prefix()));

        w.op = RadosWorkload::Op::Read;
        QVERIFY(!engine.run(kPool, w, {}, {}, &set));
        QCOMPARE(engine.summary().value(QStringLiteral("prefill_bytes")).toDouble(), (16 - written) * (4 << 20));
        QVERIFY(engine.summary().value(QStringLiteral("read")).toObject().value(QStringLiteral("total_ios")).toDouble()
            > 0);
        QCOMPARE(benchObjects().size(), 16);
        // another object size is another set
        w.objectSize = 1 << 20;
        w.blockSize = 1 << 20;
        QCOMPARE(engine.run(kPool, w, {}, {}, &set).code, Error::Code::InvalidInput);

        quint64 removed = 0, left = 0;
        const Error e = RadosObjectEngine::removeSet(m_client, set, &removed, &left);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(removed, quint64(16));
        QCOMPARE(left, quint64(0));
        QCOMPARE(set.touchedCount(), quint64(0));
        QVERIFY(benchObjects().isEmpty());
    }

    // Only objects with the prefix go; an object of someone else stays.
    void removeLeftoversTouchesOnlyOurs()
    {
        QTemporaryFile data;
        QVERIFY(data.open());
        data.write(QByteArray(1000, 'x'));
        data.flush();
        const QStringList mine {QStringLiteral("clustermark-bench-rados-0000deadbeef-1"),
            QStringLiteral("clustermark-bench-rados-0000deadbeef-2")};
        for (const QString &o :
            mine + QStringList {QStringLiteral("user-object"), QStringLiteral("clustermark-benchX")})
            QCOMPARE(m_lab.client(QStringLiteral("rados"),
                         {QStringLiteral("-p"), kPool, QStringLiteral("put"), o, data.fileName()}),
                0);
        QCOMPARE(benchObjects().size(), 2);
        quint64 removed = 0;
        const Error e = RadosObjectEngine::removeLeftovers(m_client, kPool, &removed);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(removed, quint64(2));
        QVERIFY(benchObjects().isEmpty());
        QByteArray out;
        QCOMPARE(m_lab.client(QStringLiteral("rados"), {QStringLiteral("-p"), kPool, QStringLiteral("ls")}, &out), 0);
        QVERIFY2(out.contains("user-object\n") && out.contains("clustermark-benchX"), out.constData());
        QCOMPARE(RadosObjectEngine::removeLeftovers(m_client, QStringLiteral("no-such-pool"), &removed).code,
            Error::Code::PathMissing);
    }

    // Last: it leaves the lab without its OSD. The only OSD is killed mid-step; every op
    // then waits for the OSD op timeout (a lone OSD is never marked down).
    void stoppedOsdGivesAnErrorNotAHang()
    {
        QFile pidFile(m_lab.dir() + QStringLiteral("/run/osd.0.pid"));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const pid_t pid = pid_t(pidFile.readAll().trimmed().toInt());
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
        QVERIFY(cmdline.open(QIODevice::ReadOnly));
        const QByteArray cmd = cmdline.readAll();
        QVERIFY2(cmd.contains("ceph-osd") && cmd.contains(m_lab.confPath().toUtf8()), cmd.constData());

        CephConnectionSpec spec;
        spec.confPath = m_lab.confPath();
        spec.keyringPath = m_lab.keyringPath();
        spec.timeoutSec = 3;
        RadosClient client;
        const Error ce = client.connect(spec);
        QVERIFY2(!ce, qPrintable(ce.toString()));

        std::atomic<qint64> killedAt {0};
        QElapsedTimer clock;
        clock.start();
        std::thread killer([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            killedAt = clock.nsecsElapsed();
            ::kill(pid, SIGKILL);
        });
        const Result r = runOnce(workload(RadosWorkload::Op::Write, 1 << 20, 4096, 64, 30), {}, kPool, &client);
        const qint64 returnedAt = clock.nsecsElapsed();
        killer.join();
        const double s = double(returnedAt - killedAt) / 1e9;
        qInfo("returned %.1f s after the OSD was killed (op timeout 3 s): %s; %.0f objects left", s,
            qPrintable(r.error.toString()), r.summary.value(QStringLiteral("objects_left")).toDouble());
        QCOMPARE(r.error.code, Error::Code::Timeout);
        QVERIFY2(r.error.message.contains(QStringLiteral("timed out")), qPrintable(r.error.toString()));
        // One op timeout for the ops in flight, one for the clean-up that stops at its first failure.
        QVERIFY2(s < 2 * spec.timeoutSec + 3, qPrintable(QString::number(s)));
        QVERIFY(r.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("total_ios")).toDouble() > 0);
        QVERIFY(r.summary.value(QStringLiteral("objects_left")).toDouble() > 0);
        QVERIFY(r.error.detail.contains(QStringLiteral("left")));
    }

    void cleanupTestCase()
    {
        m_client.shutdown();
        m_lab.stop();
    }
};

QTEST_GUILESS_MAIN(TestRadosEngine)
#include "test_radosengine.moc"
