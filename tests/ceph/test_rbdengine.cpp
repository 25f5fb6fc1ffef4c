// SPDX-License-Identifier: GPL-3.0-or-later
// The native librbd engine against a real single-host cluster (1 OSD, size-1 pools):
// throughput figures, samples that add up to the summary, bytes written checked
// against the OSD's own counters, cancel within 2 s, no image left behind, clear errors.
#include "ceph/radosclient.h"
#include "ceph/rbdengine.h"
#include "cephlabfixture.h"
#include "model/metric.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>

using namespace cm;

namespace {

const QString kPool = QStringLiteral("rbd");

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

} // namespace

class TestRbdEngine : public QObject {
    Q_OBJECT
private:
    cmtest::CephLabFixture m_lab;
    RadosClient m_client;

    QStringList images()
    {
        QByteArray out;
        if (m_lab.client(QStringLiteral("rbd"), {QStringLiteral("ls"), QStringLiteral("-p"), kPool}, &out) != 0)
            return {QStringLiteral("<rbd ls failed>")};
        return QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    }

    // Bytes the OSDs were asked to write (all pools; only this test writes).
    double osdWriteBytes() { return m_lab.osdWriteBytes(); }

    struct Result {
        Error error;
        QJsonObject summary;
        SampleList samples;
        QString image;
    };
    Result runOnce(const RbdWorkload &w, const CancelToken &cancel = {}, const QString &pool = kPool)
    {
        RbdEngine engine(m_client);
        Result r;
        r.error = engine.run(pool, w, cancel, [&](const SampleList &s) { r.samples += s; });
        r.summary = engine.summary();
        r.image = engine.imageName();
        return r;
    }

    // Samples and summary agree, the throughput is non-zero and the image is gone.
    void checkDirection(
        const Result &r, const QString &dir, const QString &bwMetric, const QString &iopsMetric, quint64 blockSize)
    {
        const QJsonObject d = r.summary.value(dir).toObject();
        const double ios = d.value(QStringLiteral("total_ios")).toDouble();
        const double bytes = d.value(QStringLiteral("io_bytes")).toDouble();
        QVERIFY2(
            ios > 0 && d.value(QStringLiteral("iops")).toDouble() > 0 && d.value(QStringLiteral("bw")).toDouble() > 0,
            QJsonDocument(r.summary).toJson().constData());
        QCOMPARE(bytes, ios * double(blockSize));
        double maxIos = 0, maxBytes = 0;
        const double sampleIos = integrate(r.samples, iopsMetric, &maxIos);
        const double sampleBytes = integrate(r.samples, bwMetric, &maxBytes);
        QVERIFY2(std::abs(sampleIos - ios) <= maxIos + 1,
            qPrintable(QStringLiteral("samples %1 ios, summary %2").arg(sampleIos).arg(ios)));
        QVERIFY2(std::abs(sampleBytes - bytes) <= maxBytes + 1,
            qPrintable(QStringLiteral("samples %1 bytes, summary %2").arg(sampleBytes).arg(bytes)));
        QVERIFY(d.value(QStringLiteral("lat_p50_ns")).toDouble() > 0);
        QVERIFY(d.value(QStringLiteral("lat_p99_ns")).toDouble() >= d.value(QStringLiteral("lat_p50_ns")).toDouble());
        QVERIFY(!d.value(QStringLiteral("histogram")).toObject().isEmpty());
        qInfo("%s %s: %.0f IOPS, %.1f MiB/s, p50 %.0f us, p99 %.0f us, %d intervals",
            qPrintable(r.summary.value(QStringLiteral("rw")).toString()), qPrintable(dir),
            d.value(QStringLiteral("iops")).toDouble(), d.value(QStringLiteral("bw")).toDouble() / 1048576.0,
            d.value(QStringLiteral("lat_p50_ns")).toDouble() / 1000,
            d.value(QStringLiteral("lat_p99_ns")).toDouble() / 1000,
            r.summary.value(QStringLiteral("intervals")).toInt());
    }

    void checkNoImage(const QString &image)
    {
        const QStringList left = images();
        QVERIFY2(!image.isEmpty() && !left.contains(image), qPrintable(left.join(QLatin1Char(' '))));
        for (const QString &i : left)
            QVERIFY2(!i.startsWith(QLatin1String(RbdEngine::kImagePrefix)), qPrintable(i));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        QVERIFY(m_lab.createPool(kPool, QStringLiteral("rbd"), 16));
        QVERIFY(m_lab.client(QStringLiteral("rbd"), {QStringLiteral("pool"), QStringLiteral("init"), kPool}) == 0);
        CephConnectionSpec spec;
        spec.confPath = m_lab.confPath();
        spec.keyringPath = m_lab.keyringPath();
        const Error e = m_client.connect(spec);
        QVERIFY2(!e, qPrintable(e.toString()));
    }

    void randWrite4k()
    {
        RbdWorkload w;
        w.mode = RbdWorkload::Mode::RandWrite;
        w.blockSize = 4096;
        w.queueDepth = 16;
        w.runtimeSec = 3;
        w.imageSize = 256ull << 20;
        const double before = osdWriteBytes();
        const Result r = runOnce(w);
        const double after = osdWriteBytes();
        QVERIFY2(!r.error, qPrintable(r.error.toString()));
        checkDirection(r, QStringLiteral("write"), metric::WriteBw, metric::WriteIops, 4096);
        QVERIFY(!r.summary.contains(QStringLiteral("read")));
        QVERIFY(r.summary.value(QStringLiteral("intervals")).toInt() >= 3);
        const double written
            = r.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("io_bytes")).toDouble();
        QVERIFY(before >= 0 && after >= 0);
        // Small writes add object-map and header updates on top of the data.
        const double osd = after - before;
        qInfo("4k randwrite: engine %.0f bytes, OSD op_w_in_bytes delta %.0f (%.3f)", written, osd, osd / written);
        QVERIFY2(osd >= written * 0.99 && osd <= written * 1.10 + (4 << 20),
            qPrintable(QStringLiteral("engine %1, OSD %2").arg(written).arg(osd)));
        checkNoImage(r.image);
    }

    void write4M()
    {
        RbdWorkload w;
        w.mode = RbdWorkload::Mode::Write;
        w.blockSize = 4ull << 20;
        w.queueDepth = 16;
        w.runtimeSec = 3;
        w.imageSize = 1ull << 30;
        const double before = osdWriteBytes();
        const Result r = runOnce(w);
        const double after = osdWriteBytes();
        QVERIFY2(!r.error, qPrintable(r.error.toString()));
        checkDirection(r, QStringLiteral("write"), metric::WriteBw, metric::WriteIops, 4ull << 20);
        const double written
            = r.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("io_bytes")).toDouble();
        const double osd = after - before;
        qInfo("4M write: engine %.0f bytes, OSD op_w_in_bytes delta %.0f (%.4f)", written, osd, osd / written);
        QVERIFY2(osd >= written * 0.99 && osd <= written * 1.02 + (4 << 20),
            qPrintable(QStringLiteral("engine %1, OSD %2").arg(written).arg(osd)));
        checkNoImage(r.image);
    }

    void randRead4kAfterPrefill()
    {
        RbdWorkload w;
        w.mode = RbdWorkload::Mode::RandRead;
        w.blockSize = 4096;
        w.queueDepth = 16;
        w.runtimeSec = 3;
        w.imageSize = 256ull << 20;
        const double before = osdWriteBytes();
        const Result r = runOnce(w);
        const double after = osdWriteBytes();
        QVERIFY2(!r.error, qPrintable(r.error.toString()));
        checkDirection(r, QStringLiteral("read"), metric::ReadBw, metric::ReadIops, 4096);
        QVERIFY(!r.summary.contains(QStringLiteral("write")));
        // The prefill wrote the whole image once.
        QVERIFY2(after - before >= double(w.imageSize) * 0.99,
            qPrintable(QStringLiteral("OSD wrote %1 bytes for a %2-byte image").arg(after - before).arg(w.imageSize)));
        QVERIFY(r.summary.value(QStringLiteral("prefill_ms")).toDouble() > 0);
        checkNoImage(r.image);
    }

    // Both directions, with ops reissued by the worker thread instead of the callback,
    // and librbd's cache off (the image is reopened with a config override).
    void randRwFromWorker()
    {
        RbdWorkload w;
        w.mode = RbdWorkload::Mode::RandRW;
        w.readPercent = 70;
        w.issue = RbdWorkload::Issue::FromWorker;
        w.cache = RbdWorkload::Cache::Off;
        w.blockSize = 8192;
        w.queueDepth = 8;
        w.runtimeSec = 2;
        w.imageSize = 64ull << 20;
        const Result r = runOnce(w);
        QVERIFY2(!r.error, qPrintable(r.error.toString()));
        checkDirection(r, QStringLiteral("read"), metric::ReadBw, metric::ReadIops, 8192);
        checkDirection(r, QStringLiteral("write"), metric::WriteBw, metric::WriteIops, 8192);
        const double reads
            = r.summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("total_ios")).toDouble();
        const double writes
            = r.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("total_ios")).toDouble();
        QCOMPARE(r.summary.value(QStringLiteral("cache")).toString(), QStringLiteral("off"));
        const double share = reads / (reads + writes);
        QVERIFY2(share > 0.6 && share < 0.8, qPrintable(QString::number(share)));
        checkNoImage(r.image);
    }

    void cancelMidRun()
    {
        RbdWorkload w;
        w.mode = RbdWorkload::Mode::RandWrite;
        w.queueDepth = 32;
        w.runtimeSec = 60;
        w.imageSize = 256ull << 20;
        CancelToken cancel;
        std::atomic<qint64> cancelledAt {0};
        QElapsedTimer clock;
        clock.start();
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            cancelledAt = clock.nsecsElapsed();
            cancel.cancel();
        });
        const Result r = runOnce(w, cancel);
        const qint64 returnedAt = clock.nsecsElapsed();
        canceller.join();
        const double ms = double(returnedAt - cancelledAt) / 1e6;
        qInfo("returned %.0f ms after cancel", ms);
        QCOMPARE(r.error.code, Error::Code::Cancelled);
        QVERIFY2(ms < 2000, qPrintable(QString::number(ms)));
        QVERIFY(r.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("total_ios")).toDouble() > 0);
        checkNoImage(r.image);
    }

    void missingPoolIsAClearError()
    {
        RbdWorkload w;
        w.runtimeSec = 1;
        const Result r = runOnce(w, {}, QStringLiteral("no-such-pool"));
        QCOMPARE(r.error.code, Error::Code::PathMissing);
        QVERIFY2(r.error.message.contains(QStringLiteral("\"no-such-pool\" does not exist")),
            qPrintable(r.error.toString()));
        QVERIFY(r.image.isEmpty());
    }

    void badWorkloadIsRejected()
    {
        RbdWorkload w;
        w.queueDepth = 0;
        QCOMPARE(runOnce(w).error.code, Error::Code::InvalidInput);
        w.queueDepth = 4;
        w.imageSize = 1024;
        QCOMPARE(runOnce(w).error.code, Error::Code::InvalidInput);
        QVERIFY(images().isEmpty());
    }

    void cleanupTestCase()
    {
        m_client.shutdown();
        m_lab.stop();
    }
};

QTEST_GUILESS_MAIN(TestRbdEngine)
#include "test_rbdengine.moc"
