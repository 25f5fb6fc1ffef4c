// SPDX-License-Identifier: GPL-3.0-or-later
// S3Client against the lab's real radosgw (scripts/lab/ceph-lab.sh, 1 OSD): buckets,
// PUT/GET round trip, ranged GET, HEAD, ListObjectsV2 pages, multipart, errors by S3
// code, many requests over a bounded pool, cleanup of app buckets only, and a radosgw
// killed mid-run (errors within seconds, not a hang). Figures are checked against what
// the gateway itself reports (radosgw-admin bucket stats).
#include "cephlabfixture.h"
#include "s3/s3client.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

#include <atomic>
#include <csignal>
#include <future>
#include <mutex>

using namespace cm;

namespace {

QByteArray randomBytes(qint64 n)
{
    QByteArray b(n, Qt::Uninitialized);
    auto *p = reinterpret_cast<quint32 *>(b.data());
    QRandomGenerator::global()->fillRange(p, qsizetype(n / 4));
    for (qint64 i = n / 4 * 4; i < n; ++i)
        b[i] = char(i);
    return b;
}

} // namespace

class TestS3Client : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    S3Config m_cfg;
    std::unique_ptr<S3Client> m_s3;
    QString m_bucket;

    QJsonObject bucketStats(const QString &bucket)
    {
        QByteArray out;
        if (m_lab.client(QStringLiteral("radosgw-admin"),
                {QStringLiteral("bucket"), QStringLiteral("stats"), QStringLiteral("--bucket=") + bucket}, &out)
            != 0)
            return {};
        return QJsonDocument::fromJson(out).object();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        m_cfg.endpoint = m_lab.rgwEndpoint();
        m_cfg.accessKey = m_lab.s3AccessKey().toLatin1();
        m_cfg.secretKey = m_lab.s3SecretKey().toLatin1();
        m_cfg.maxConnections = 16;
        m_cfg.stallTimeoutMs = 5000;
        m_s3 = std::make_unique<S3Client>(m_cfg);
        QVERIFY(!m_s3->configError());
        m_bucket = S3Client::newBucketName(QStringLiteral("test"));
        const Error e = m_s3->createBucket(m_bucket);
        QVERIFY2(!e, qPrintable(e.toString()));
    }

    void putGetRoundTrip()
    {
        const QByteArray data = randomBytes(64 * 1024 + 17);
        S3HttpResponse r;
        Error e = m_s3->putObject(m_bucket, QStringLiteral("dir/a key+ü"), data, &r);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.bytesSent, data.size());
        QByteArray back;
        e = m_s3->getObject(m_bucket, QStringLiteral("dir/a key+ü"), &back, -1, -1, &r);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(back.size(), data.size());
        QVERIFY(back == data);
        QVERIFY(r.ttfbNs > 0 && r.ttfbNs <= r.latencyNs);
        // the same object signed with its payload hash
        S3Config signedCfg = m_cfg;
        signedCfg.signPayload = true;
        S3Client signedClient(signedCfg);
        e = signedClient.putObject(m_bucket, QStringLiteral("signed"), data);
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(!signedClient.getObject(m_bucket, QStringLiteral("signed"), &back));
        QVERIFY(back == data);
    }

    void rangedGetAndHead()
    {
        const QByteArray data = randomBytes(1000003);
        QVERIFY(!m_s3->putObject(m_bucket, QStringLiteral("ranged"), data));
        QByteArray part;
        S3HttpResponse r;
        Error e = m_s3->getObject(m_bucket, QStringLiteral("ranged"), &part, 4095, 70001, &r);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(r.status, 206);
        QVERIFY(part == data.mid(4095, 70001));
        e = m_s3->getObject(m_bucket, QStringLiteral("ranged"), &part, 999000, -1); // open-ended tail
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(part == data.mid(999000));
        qint64 size = -1;
        e = m_s3->headObject(m_bucket, QStringLiteral("ranged"), &size);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(size, data.size());
    }

    void listPaginated()
    {
        const QString b = S3Client::newBucketName(QStringLiteral("list"));
        QVERIFY(!m_s3->createBucket(b));
        const int n = 53;
        const QByteArray data("x");
        std::vector<std::future<S3HttpResponse>> fs;
        for (int i = 0; i < n; ++i) {
            auto p = std::make_shared<std::promise<S3HttpResponse>>();
            fs.push_back(p->get_future());
            m_s3->submit(m_s3->build("PUT", b, QStringLiteral("obj-%1").arg(i, 4, 10, QLatin1Char('0')), {}, {}, data),
                [p](S3HttpResponse &&r) { p->set_value(std::move(r)); });
        }
        for (auto &f : fs)
            QVERIFY(f.get().ok());
        QList<S3ObjectEntry> all;
        int pages = 0;
        const Error e = m_s3->listObjects(b, QString(), &all, 10, &pages);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(all.size(), n);
        QCOMPARE(pages, 6);
        QSet<QString> keys;
        for (const auto &o : all)
            keys.insert(o.key);
        QCOMPARE(keys.size(), n);
        // what the gateway counts
        const QJsonObject stats = bucketStats(b);
        QCOMPARE(stats.value(QStringLiteral("usage"))
                     .toObject()
                     .value(QStringLiteral("rgw.main"))
                     .toObject()
                     .value(QStringLiteral("num_objects"))
                     .toInt(),
            n);
        QList<S3ObjectEntry> some;
        QVERIFY(!m_s3->listObjects(b, QStringLiteral("obj-001"), &some));
        QCOMPARE(some.size(), 10);
    }

    void multipartRoundTrip()
    {
        const qint64 part = 5 * 1024 * 1024;
        const QByteArray data = randomBytes(3 * part + 123457);
        QString etag;
        QElapsedTimer t;
        t.start();
        Error e = m_s3->multipartPut(m_bucket, QStringLiteral("multi"), data, part, 3, &etag);
        QVERIFY2(!e, qPrintable(e.toString()));
        qInfo("multipart PUT of %lld bytes in 4 parts: %lld ms", qint64(data.size()), t.elapsed());
        qint64 size = 0;
        S3HttpResponse r;
        QVERIFY(!m_s3->headObject(m_bucket, QStringLiteral("multi"), &size, &r));
        QCOMPARE(size, data.size());
        QVERIFY2(r.header("etag").endsWith("-4\""), r.header("etag").constData()); // a multipart ETag of 4 parts
        QByteArray back;
        QVERIFY(!m_s3->getObject(m_bucket, QStringLiteral("multi"), &back));
        QVERIFY(back == data);
        // a part size under S3's floor is refused before any request
        QCOMPARE(m_s3->multipartPut(m_bucket, QStringLiteral("m2"), data, 1024 * 1024).code, Error::Code::InvalidInput);
        // putAuto picks multipart at the threshold
        QVERIFY(!m_s3->putAuto(m_bucket, QStringLiteral("auto"), data.left(int(part + 1)), part, part));
        QVERIFY(!m_s3->headObject(m_bucket, QStringLiteral("auto"), &size, &r));
        QVERIFY(r.header("etag").endsWith("-2\""));
    }

    void errorsCarryTheS3Code()
    {
        QByteArray out;
        Error e = m_s3->getObject(m_bucket, QStringLiteral("missing"), &out);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QCOMPARE(e.detail, QStringLiteral("NoSuchKey"));
        QVERIFY2(e.message.startsWith(QLatin1String("HTTP 404 NoSuchKey")), qPrintable(e.message));
        qint64 size = 0;
        QCOMPARE(m_s3->headObject(m_bucket, QStringLiteral("missing"), &size).code, Error::Code::PathMissing);
        e = m_s3->getObject(QStringLiteral("clustermark-bench-nothere"), QStringLiteral("k"), &out);
        QCOMPARE(e.detail, QStringLiteral("NoSuchBucket"));

        S3Config bad = m_cfg;
        bad.secretKey = "not-the-secret";
        S3Client wrong(bad);
        e = wrong.getObject(m_bucket, QStringLiteral("ranged"), &out);
        QCOMPARE(e.code, Error::Code::AuthDenied);
        QCOMPARE(e.detail, QStringLiteral("SignatureDoesNotMatch"));
        QVERIFY2(e.message.contains(QLatin1String("secret key")), qPrintable(e.message));
        bad = m_cfg;
        bad.accessKey = "NOSUCHKEY0000000";
        e = S3Client(bad).putObject(m_bucket, QStringLiteral("k"), "x");
        QCOMPARE(e.detail, QStringLiteral("InvalidAccessKeyId"));

        // a port where nothing listens
        bad = m_cfg;
        bad.endpoint = QStringLiteral("http://127.0.0.1:9");
        e = S3Client(bad).getObject(m_bucket, QStringLiteral("k"), &out);
        QCOMPARE(e.code, Error::Code::Unreachable);
        // the app never empties or removes a bucket without its prefix
        QCOMPARE(m_s3->deleteBucket(QStringLiteral("someone-elses")).code, Error::Code::Unsafe);
        QCOMPARE(m_s3->emptyBucket(QStringLiteral("someone-elses")).code, Error::Code::Unsafe);
    }

    // A presigned URL works with no Authorization header (what a load generator sends),
    // and the gateway checks it: one changed signature digit is refused.
    void presignedUrlIsCheckedByTheGateway()
    {
        const QByteArray data = randomBytes(4096);
        QVERIFY(!m_s3->putObject(m_bucket, QStringLiteral("pre signed"), data));
        const QByteArray url = m_s3->presignedUrl("GET", m_bucket, QStringLiteral("pre signed"), 600);
        QVERIFY2(url.contains("X-Amz-Signature="), url.constData());
        S3HttpRequest q;
        q.method = "GET";
        q.url = url;
        S3HttpResponse r = m_s3->execute(q);
        QVERIFY2(r.ok(), qPrintable(S3Client::errorFor(r, m_bucket).toString()));
        QCOMPARE(r.body, data);
        const qsizetype at = url.indexOf("X-Amz-Signature=") + 16;
        q.url = url.left(at) + (url.at(at) == '0' ? '1' : '0') + url.mid(at + 1);
        r = m_s3->execute(q);
        QCOMPARE(S3Client::errorFor(r, m_bucket).code, Error::Code::AuthDenied);
    }

    // 256 GETs submitted at once to a fresh client go through at most 8 connections.
    void manyInFlightOverBoundedPool()
    {
        const QByteArray data = randomBytes(64 * 1024);
        QVERIFY(!m_s3->putObject(m_bucket, QStringLiteral("hot"), data));
        S3Config cfg = m_cfg;
        cfg.maxConnections = 8;
        S3Client client(cfg);
        std::mutex m;
        int ok = 0, fresh = 0, wrongBytes = 0;
        std::promise<void> all;
        const int n = 256;
        std::atomic<int> left {n};
        for (int i = 0; i < n; ++i) {
            S3HttpRequest req = client.build("GET", m_bucket, QStringLiteral("hot"));
            req.keepBody = false;
            client.submit(std::move(req), [&](S3HttpResponse &&r) {
                {
                    std::lock_guard g(m);
                    ok += r.ok();
                    fresh += !r.connectionReused;
                    wrongBytes += r.bytesReceived != data.size();
                }
                if (--left == 0)
                    all.set_value();
            });
        }
        QVERIFY(all.get_future().wait_for(std::chrono::seconds(60)) == std::future_status::ready);
        QCOMPARE(ok, n);
        QCOMPARE(wrongBytes, 0);
        qInfo("256 GETs: %d new connections", fresh);
        QVERIFY2(fresh >= 1 && fresh <= 8, qPrintable(QString::number(fresh)));
    }

    // The same operations through libcurl (the engine https:// uses) on plain http.
    void curlEngineRoundTrip()
    {
        S3Config cfg = m_cfg;
        cfg.plainHttpEngine = false;
        S3Client s3(cfg);
        const QByteArray data = randomBytes(5 * 1024 * 1024 + 4097);
        Error e = s3.putObject(m_bucket, QStringLiteral("curl/obj"), data);
        QVERIFY2(!e, qPrintable(e.toString()));
        QByteArray back;
        QVERIFY(!s3.getObject(m_bucket, QStringLiteral("curl/obj"), &back));
        QVERIFY(back == data);
        QVERIFY(!s3.getObject(m_bucket, QStringLiteral("curl/obj"), &back, 5 * 1024 * 1024, 100));
        QVERIFY(back == data.mid(5 * 1024 * 1024, 100));
        qint64 size = 0;
        QVERIFY(!s3.headObject(m_bucket, QStringLiteral("curl/obj"), &size));
        QCOMPARE(size, data.size());
        QVERIFY(!s3.multipartPut(m_bucket, QStringLiteral("curl/multi"), data + data, S3Client::kMinPartSize, 2));
        QVERIFY(!s3.getObject(m_bucket, QStringLiteral("curl/multi"), &back));
        QVERIFY(back == data + data);
        QList<S3ObjectEntry> list;
        QVERIFY(!s3.listObjects(m_bucket, QStringLiteral("curl/"), &list, 1));
        QCOMPARE(list.size(), 2);
        e = s3.getObject(m_bucket, QStringLiteral("curl/none"), &back);
        QCOMPARE(e.detail, QStringLiteral("NoSuchKey"));
    }

    // Empties and removes every app bucket, and nothing else.
    void cleanupRemovesAppBucketsOnly()
    {
        // a bucket the app did not create, made with curl
        QProcess curl;
        const QString foreign = QStringLiteral("someone-elses-bucket");
        curl.start(QStringLiteral("curl"),
            {QStringLiteral("-sS"), QStringLiteral("-o"), QStringLiteral("/dev/null"), QStringLiteral("-w"),
                QStringLiteral("%{http_code}"), QStringLiteral("-X"), QStringLiteral("PUT"),
                QStringLiteral("--aws-sigv4"), QStringLiteral("aws:amz:us-east-1:s3"), QStringLiteral("--user"),
                m_lab.s3AccessKey() + QLatin1Char(':') + m_lab.s3SecretKey(), QStringLiteral("-H"),
                QStringLiteral("x-amz-content-sha256: UNSIGNED-PAYLOAD"),
                m_lab.rgwEndpoint() + QLatin1Char('/') + foreign});
        QVERIFY(curl.waitForFinished(20000));
        QCOMPARE(curl.readAllStandardOutput(), QByteArray("200"));
        QList<S3BucketEntry> before;
        QVERIFY(!m_s3->listBuckets(&before));
        int apps = 0;
        for (const auto &b : before)
            apps += S3Client::isAppBucket(b.name);
        QVERIFY2(apps >= 2, "the earlier tests' buckets are there");
        QStringList removed;
        const Error e = m_s3->removeAppBuckets(&removed);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(removed.size(), apps);
        QList<S3BucketEntry> after;
        QVERIFY(!m_s3->listBuckets(&after));
        QCOMPARE(after.size(), 1);
        QCOMPARE(after.at(0).name, foreign);
    }

    // radosgw killed while 16 requests are in flight in a loop: every request ends with
    // an error within seconds, new ones fail at once, nothing hangs.
    void killedGatewayGivesErrorsNotAHang()
    {
        const QString b = S3Client::newBucketName(QStringLiteral("kill"));
        QVERIFY(!m_s3->createBucket(b));
        const QByteArray data = randomBytes(64 * 1024);
        QVERIFY(!m_s3->putObject(b, QStringLiteral("o"), data));
        std::atomic<bool> stop {false};
        std::atomic<int> ok {0}, failed {0}, active {0};
        std::mutex m;
        QStringList firstErrors;
        std::function<void()> issue = [&] {
            if (stop)
                return;
            ++active;
            m_s3->submit(m_s3->build("PUT", b, QStringLiteral("o"), {}, {}, data), [&](S3HttpResponse &&r) {
                const Error e = S3Client::errorFor(r, QStringLiteral("PUT"));
                if (e) {
                    ++failed;
                    std::lock_guard g(m);
                    if (firstErrors.size() < 3)
                        firstErrors << e.toString();
                } else {
                    ++ok;
                }
                --active;
                if (!e)
                    issue();
            });
        };
        for (int i = 0; i < 16; ++i)
            issue();
        QTRY_VERIFY_WITH_TIMEOUT(ok.load() > 50, 20000);
        QFile pidFile(m_lab.dir() + QStringLiteral("/run/client.rgw.lab.pid"));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const int pid = pidFile.readAll().trimmed().toInt();
        QVERIFY(pid > 1 && cmtest::processAlive(pid));
        QElapsedTimer t;
        t.start();
        QCOMPARE(::kill(pid, SIGKILL), 0);
        QTRY_VERIFY_WITH_TIMEOUT(active.load() == 0, 10000);
        stop = true;
        qInfo("radosgw killed after %d PUTs: all %d in flight ended with errors in %lld ms; first: %s", ok.load(),
            failed.load(), t.elapsed(), qPrintable(firstErrors.value(0)));
        QVERIFY(failed.load() >= 1);
        QByteArray out;
        t.restart();
        const Error e = m_s3->getObject(b, QStringLiteral("o"), &out);
        QCOMPARE(e.code, Error::Code::Unreachable);
        QVERIFY(t.elapsed() < 3000);
    }

    void cleanupTestCase()
    {
        m_s3.reset();
        m_lab.stop();
    }
};

QTEST_GUILESS_MAIN(TestS3Client)
#include "test_s3client.moc"
