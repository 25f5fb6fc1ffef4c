// SPDX-License-Identifier: GPL-3.0-or-later
// The native libcephfs engine against the real lab (1 OSD, its CephFS): throughput and
// metadata figures checked against what a second, independent libcephfs client sees in
// the file system while the job runs (file sizes, file counts); the step's folder is
// gone afterwards; a wrong key and an unreachable mon give clear errors in time.
#include "ceph/cephfsengine.h"
#include "ceph/cephfsmount.h"
#include "cephlabfixture.h"
#include "model/metric.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <cmath>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <cephfs/libcephfs.h>

using namespace cm;

class TestCephFsEngine : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    CephFsMount m_observer; // the test's own client: sees the fs as any other client would

    bool startLab()
    {
        if (m_lab.isRunning())
            return true;
        if (!m_lab.start(1)) {
            qWarning("%s", qPrintable(m_lab.whyNot()));
            return false;
        }
        const Error e = m_observer.mount(spec(), m_lab.cephfsName());
        if (e)
            qWarning("%s", qPrintable(e.toString()));
        return !e;
    }

    CephConnectionSpec spec() const
    {
        CephConnectionSpec s;
        s.confPath = m_lab.confPath();
        s.keyringPath = m_lab.keyringPath();
        s.timeoutSec = 10;
        return s;
    }

    // Entries at the fs root that carry the engine's prefix.
    QStringList leftovers() const
    {
        Error e;
        const QStringList all = m_observer.list(QStringLiteral("/"), &e);
        return e ? QStringList {e.message}
                 : all.filter(QRegularExpression(QStringLiteral("^") + QLatin1String(CephFsEngine::kFolderPrefix)));
    }

    // Sum of the file sizes and count of regular files under `dir`, seen by the observer.
    void scan(const QString &dir, double *bytes, int *files) const
    {
        Error e;
        for (const QString &name : m_observer.list(dir, &e)) {
            const QString p = dir + QLatin1Char('/') + name;
            struct ceph_statx sx = {};
            const int r
                = ceph_statx(m_observer.handle(), p.toUtf8().constData(), &sx, CEPH_STATX_SIZE | CEPH_STATX_MODE, 0);
            if (r != 0)
                continue;
            if (S_ISDIR(sx.stx_mode)) {
                scan(p, bytes, files);
            } else {
                *bytes += double(sx.stx_size);
                ++*files;
            }
        }
    }

    QString runningFolder() const
    {
        const QStringList l = leftovers();
        return l.size() == 1 ? QStringLiteral("/") + l.first() : QString();
    }

private Q_SLOTS:
    void validation()
    {
        CephFsWorkload w;
        w.blockSize = 8 << 20;
        w.fileSize = 4 << 20;
        QVERIFY(CephFsEngine::validate(w).message.contains(QStringLiteral("smaller than the block size")));
        w = {};
        w.threads = 0;
        QVERIFY(CephFsEngine::validate(w).message.contains(QStringLiteral("threads")));
        w = {};
        w.mode = CephFsWorkload::Mode::Metadata;
        w.fileSize = 0;
        w.ops.clear();
        QVERIFY(CephFsEngine::validate(w).message.contains(QStringLiteral("no metadata op")));
        CephFsMount notMounted;
        CephFsEngine engine(notMounted, {}, {});
        QCOMPARE(engine.run(QStringLiteral("/"), CephFsWorkload(), CancelToken()).code, Error::Code::Internal);
    }

    // Sequential writes without wrapping: what the samples count as written is what the
    // file sizes add up to, as another client sees them after the last op.
    void seqWriteAgreesWithFileSizes()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY(startLab());
        CephFsMount mount;
        QVERIFY2(!mount.mount(spec(), m_lab.cephfsName()), "mount");
        CephFsEngine engine(mount, spec(), m_lab.cephfsName());
        CephFsWorkload w;
        w.mode = CephFsWorkload::Mode::SeqWrite;
        w.blockSize = 1 << 20;
        w.fileSize = 8ull << 30; // sparse: only what is written takes space; never wraps in 3 s
        w.threads = 3;
        w.runtimeSec = 3;
        double sampled = 0, lastT = -1, seenBytes = 0;
        int seenFiles = 0, intervals = 0;
        const Error e = engine.run(QStringLiteral("/"), w, CancelToken(), [&](const SampleList &list) {
            for (const Sample &s : list)
                if (s.metric == metric::WriteBw) {
                    // The first interval began one interval before its sample (the
                    // set-up before it, longer on a loaded machine, is not I/O time).
                    if (lastT < 0)
                        lastT = s.t - w.intervalMs / 1000.0;
                    sampled += s.value * (s.t - lastT);
                    lastT = s.t;
                    ++intervals;
                }
            // Every op of the interval has completed: the fs must show all of it.
            seenBytes = 0;
            seenFiles = 0;
            scan(runningFolder(), &seenBytes, &seenFiles);
        });
        QVERIFY2(!e, qPrintable(e.toString()));
        const QJsonObject sum = engine.summary();
        const QJsonObject wr = sum.value(QStringLiteral("write")).toObject();
        const double ioBytes = wr.value(QStringLiteral("io_bytes")).toDouble();
        qInfo("seq write 1M T3: %.1f MiB/s, %.0f IOPS, p99 %.1f ms; %.0f MiB written, samples %.0f MiB over %d "
              "intervals, "
              "another client saw %d files of %.0f MiB",
            wr.value(QStringLiteral("bw")).toDouble() / 1048576, wr.value(QStringLiteral("iops")).toDouble(),
            wr.value(QStringLiteral("lat_p99_ns")).toDouble() / 1e6, ioBytes / 1048576, sampled / 1048576, intervals,
            seenFiles, seenBytes / 1048576);
        QVERIFY(ioBytes > 0);
        QCOMPARE(double(wr.value(QStringLiteral("total_ios")).toDouble()) * (1 << 20), ioBytes);
        // Rates × interval lengths add up to what was written, to a few per cent.
        QVERIFY2(
            qAbs(sampled - ioBytes) < 0.03 * ioBytes, qPrintable(QStringLiteral("%1 vs %2").arg(sampled).arg(ioBytes)));
        QCOMPARE(seenFiles, 3);
        QCOMPARE(seenBytes, ioBytes);
        QCOMPARE(sum.value(QStringLiteral("file_bytes")).toDouble(), ioBytes);
        QVERIFY(sum.value(QStringLiteral("folder")).toString().startsWith(QStringLiteral("/clustermark-bench-")));
        QVERIFY(engine.folderRemoved());
        QCOMPARE(engine.entriesRemoved(), quint64(4)); // 3 files and the folder
        QVERIFY2(leftovers().isEmpty(), qPrintable(leftovers().join(QLatin1Char(' '))));
    }

    // Random reads over prefilled files: every read returns data, figures are non-zero.
    void randReadAfterPrefill()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY(startLab());
        CephFsMount mount;
        QVERIFY(!mount.mount(spec(), m_lab.cephfsName()));
        CephFsEngine engine(mount, spec(), m_lab.cephfsName());
        CephFsWorkload w;
        w.mode = CephFsWorkload::Mode::RandRead;
        w.blockSize = 4096;
        w.fileSize = 16 << 20;
        w.threads = 4;
        w.runtimeSec = 2;
        int latSamples = 0;
        double p50SoFar = -1; // the step's p50 from all its reads so far, as the live card shows it
        const Error e = engine.run(QStringLiteral("/"), w, CancelToken(), [&](const SampleList &l) {
            for (const Sample &s : l) {
                latSamples += s.metric == metric::ReadLatP99 && s.value > 0;
                if (s.metric == metric::stepSoFar(metric::ReadLatP50))
                    p50SoFar = s.value;
            }
        });
        QVERIFY2(!e, qPrintable(e.toString()));
        const QJsonObject sum = engine.summary();
        const QJsonObject rd = sum.value(QStringLiteral("read")).toObject();
        qInfo("rand read 4k T4 over 4 × 16 MiB: %.0f IOPS, p50 %.0f us, p99 %.0f us; prefill %.0f ms",
            rd.value(QStringLiteral("iops")).toDouble(), rd.value(QStringLiteral("lat_p50_ns")).toDouble() / 1e3,
            rd.value(QStringLiteral("lat_p99_ns")).toDouble() / 1e3,
            sum.value(QStringLiteral("prefill_ms")).toDouble());
        QVERIFY(rd.value(QStringLiteral("iops")).toDouble() > 0);
        QCOMPARE(
            rd.value(QStringLiteral("io_bytes")).toDouble(), rd.value(QStringLiteral("total_ios")).toDouble() * 4096);
        QVERIFY(!sum.contains(QStringLiteral("write")));
        QCOMPARE(sum.value(QStringLiteral("file_bytes")).toDouble(), double(4 * (16 << 20)));
        QVERIFY(latSamples >= 1);
        // The last one covers (nearly) every read of the step: it agrees with the summary.
        const double p50 = rd.value(QStringLiteral("lat_p50_ns")).toDouble();
        QVERIFY2(p50SoFar > 0 && std::abs(p50SoFar - p50) <= 0.1 * p50,
            qPrintable(QStringLiteral("p50 so far %1, summary %2").arg(p50SoFar).arg(p50)));
        QVERIFY(leftovers().isEmpty());
    }

    // Metadata: the files the engine counts as created are the files another client
    // finds; stat and delete count the same files; nothing is left.
    void metadataCountsAgree()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY(startLab());
        CephFsMount mount;
        QVERIFY(!mount.mount(spec(), m_lab.cephfsName()));
        CephFsEngine engine(mount, spec(), m_lab.cephfsName());
        CephFsWorkload w;
        w.mode = CephFsWorkload::Mode::Metadata;
        w.threads = 4;
        w.files = 300;
        w.fileSize = 100;
        w.runtimeSec = 30;
        int seenFiles = -1;
        double seenBytes = 0;
        QMap<QString, int> perMetric;
        const Error e = engine.run(QStringLiteral("/"), w, CancelToken(), [&](const SampleList &l) {
            for (const Sample &s : l)
                ++perMetric[s.metric];
            if (seenFiles < 0 && perMetric.contains(metric::MetaStatIops)) { // create is over
                seenFiles = 0;
                scan(runningFolder(), &seenBytes, &seenFiles);
            }
        });
        QVERIFY2(!e, qPrintable(e.toString()));
        const QJsonObject sum = engine.summary();
        const QJsonObject meta = sum.value(QStringLiteral("meta")).toObject();
        for (const char *op : {"create", "stat", "delete"}) {
            const QJsonObject o = meta.value(QLatin1String(op)).toObject();
            qInfo("%s: %.0f ops/s, p50 %.0f us, p99 %.0f us, %.0f ops", op, o.value(QStringLiteral("iops")).toDouble(),
                o.value(QStringLiteral("lat_p50_ns")).toDouble() / 1e3,
                o.value(QStringLiteral("lat_p99_ns")).toDouble() / 1e3,
                o.value(QStringLiteral("total_ops")).toDouble());
            QVERIFY2(o.value(QStringLiteral("iops")).toDouble() > 0, QJsonDocument(sum).toJson().constData());
            QCOMPARE(o.value(QStringLiteral("total_ops")).toDouble(), 1200.0);
            QVERIFY(perMetric.value(metric::metaIops(QLatin1String(op))) >= 1);
            QVERIFY(perMetric.value(metric::metaLatP99(QLatin1String(op))) >= 1);
            QVERIFY(perMetric.value(metric::stepSoFar(metric::metaLatP99(QLatin1String(op)))) >= 1);
        }
        QCOMPARE(seenFiles, 1200);
        QCOMPARE(seenBytes, 1200.0 * 100);
        QCOMPARE(sum.value(QStringLiteral("files_created")).toDouble(), 1200.0);
        QCOMPARE(sum.value(QStringLiteral("files_deleted")).toDouble(), 1200.0);
        QCOMPARE(sum.value(QStringLiteral("opsPerSecond")).toDouble(),
            meta.value(QStringLiteral("create")).toObject().value(QStringLiteral("iops")).toDouble());
        QCOMPARE(engine.entriesRemoved(), quint64(5)); // only the 4 thread folders and the step's own
        QVERIFY(leftovers().isEmpty());
    }

    void cancelEndsPromptly()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY(startLab());
        CephFsMount mount;
        QVERIFY(!mount.mount(spec(), m_lab.cephfsName()));
        CephFsEngine engine(mount, spec(), m_lab.cephfsName());
        CephFsWorkload w;
        w.mode = CephFsWorkload::Mode::Metadata;
        w.threads = 4;
        w.files = 1000000; // far more than 60 s can create
        w.fileSize = 0;
        w.runtimeSec = 60;
        CancelToken cancel;
        QElapsedTimer clock;
        qint64 cancelledAt = -1;
        const Error e = engine.run(QStringLiteral("/"), w, cancel, [&](const SampleList &) {
            if (cancelledAt < 0) {
                clock.start();
                cancel.cancel();
                cancelledAt = 0;
            }
        });
        const qint64 ms = clock.elapsed();
        // The creates stop within the 2 s of the contract; removing what they made
        // (one unlink round trip per entry) is timed by the engine itself.
        const qint64 cleanupMs = qint64(engine.summary().value(QStringLiteral("cleanup_ms")).toDouble(-1));
        const quint64 removed = engine.entriesRemoved();
        qInfo("cancel during create to return: %lld ms, of which %lld ms removed the folder's %llu entries", ms,
            cleanupMs, static_cast<unsigned long long>(removed));
        QCOMPARE(e.code, Error::Code::Cancelled);
        QVERIFY(removed > 4);
        QVERIFY2(cleanupMs >= 0 && cleanupMs <= ms, qPrintable(QString::number(cleanupMs)));
        QVERIFY2(
            ms - cleanupMs < 2000, qPrintable(QStringLiteral("the creates stopped after %1 ms").arg(ms - cleanupMs)));
        QVERIFY2(cleanupMs < 10 * qint64(removed) + 2000, qPrintable(QString::number(cleanupMs)));
        QVERIFY(leftovers().isEmpty());
    }

    void clearErrors()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY(startLab());
        QTemporaryDir tmp;
        const QString bad = tmp.filePath(QStringLiteral("bad.keyring"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[client.admin]\n\tkey = AQBvbGJnAAAAABAAm1l2y0gYtUaj0pWB3wrWHQ==\n");
        f.close();
        CephConnectionSpec s = spec();
        s.keyringPath = bad;
        s.timeoutSec = 3;
        CephFsMount m;
        QElapsedTimer t;
        t.start();
        Error e = m.mount(s, m_lab.cephfsName());
        qInfo("wrong key: %lld ms: %s", t.elapsed(), qPrintable(e.toString()));
        QCOMPARE(e.code, Error::Code::AuthDenied);
        QVERIFY(t.elapsed() < 3000);

        s = spec();
        s.monHost = QStringLiteral("127.0.0.1:1"); // nothing listens there
        s.timeoutSec = 3;
        t.restart();
        e = m.mount(s, m_lab.cephfsName());
        qInfo("unreachable mon: %lld ms: %s", t.elapsed(), qPrintable(e.toString()));
        QVERIFY2(e.code == Error::Code::Unreachable || e.code == Error::Code::Timeout, qPrintable(e.toString()));
        QVERIFY(t.elapsed() < 8000);

        t.restart();
        e = m.mount(spec(), QStringLiteral("nosuchfs"));
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY2(e.message.contains(QStringLiteral("no file system named nosuchfs")), qPrintable(e.toString()));

        QVERIFY(!m.mount(spec(), m_lab.cephfsName()));
        CephFsEngine engine(m, spec(), m_lab.cephfsName());
        e = engine.run(QStringLiteral("/no/such/folder"), CephFsWorkload(), CancelToken());
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY(e.message.contains(QStringLiteral("does not exist")));
    }

    void cleanupTestCase()
    {
        m_observer.unmount();
        m_lab.stop();
    }
};

QTEST_GUILESS_MAIN(TestCephFsEngine)
#include "test_cephfsengine.moc"
