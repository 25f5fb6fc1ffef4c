// SPDX-License-Identifier: GPL-3.0-or-later
// Clean leftovers on S3, against the lab's real radosgw (1 OSD): a prefixed bucket
// with objects and an unfinished multipart upload is emptied and removed, a bucket
// without the prefix and its object survive; forged items are refused; the CLI does
// the same with the secret from the environment; secret references resolve or fail
// clearly.
#include "cephlabfixture.h"
#include "clirun.h"
#include "s3/s3client.h"
#include "s3/s3leftovercleaner.h"
#include "testutil.h"

#include <QJsonArray>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestS3Cleanup : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    S3Config m_cfg;
    std::unique_ptr<S3Client> m_client;
    QString m_keep; // a bucket without the prefix

    QStringList bucketNames()
    {
        QList<S3BucketEntry> list;
        const Error e = m_client->listBuckets(&list);
        [&] { QVERIFY2(!e, qPrintable(e.toString())); }();
        QStringList names;
        for (const S3BucketEntry &b : std::as_const(list))
            names << b.name;
        return names;
    }

    // A prefixed bucket with `objects` small objects and one unfinished multipart
    // upload holding one part.
    QString makeLeftover(int objects, qint64 *bytes)
    {
        const QString b = S3Client::newBucketName(QStringLiteral("cleanup"));
        [&] { QVERIFY(!m_client->createBucket(b)); }();
        *bytes = 0;
        for (int i = 0; i < objects; ++i) {
            const QByteArray data(100 + i, 'o');
            *bytes += data.size();
            [&] { QVERIFY(!m_client->putObject(b, QStringLiteral("obj-%1").arg(i), data)); }();
        }
        const S3HttpResponse init
            = m_client->execute(m_client->build("POST", b, QStringLiteral("unfinished"), {{"uploads", {}}}));
        S3InitiateMultipartResult started;
        [&] { QVERIFY2(init.ok() && !parseS3InitiateMultipart(init.body, &started), init.body.constData()); }();
        const S3HttpResponse part = m_client->execute(m_client->build("PUT", b, QStringLiteral("unfinished"),
            {{"partNumber", "1"}, {"uploadId", started.uploadId.toUtf8()}}, {}, QByteArray(4096, 'p')));
        [&] { QVERIFY(part.ok()); }();
        return b;
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
        m_client = std::make_unique<S3Client>(m_cfg);
        QVERIFY(!m_client->configError());
        // Not creatable through createBucket (it refuses names without the prefix).
        m_keep = QStringLiteral("keep-%1").arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
        QVERIFY(m_client->execute(m_client->build("PUT", m_keep, QString())).ok());
        QVERIFY(m_client->execute(m_client->build("PUT", m_keep, QStringLiteral("precious"), {}, {}, "data")).ok());
    }

    void scanAndRemoveExactlyThePrefixedBucket()
    {
        qint64 bytes = 0;
        const QString b = makeLeftover(3, &bytes);
        QList<S3MultipartUploadEntry> uploads;
        QVERIFY(!m_client->listMultipartUploads(b, &uploads));
        QCOMPARE(uploads.size(), 1);
        QCOMPARE(uploads.first().key, QStringLiteral("unfinished"));

        const S3LeftoverScan scan = S3LeftoverCleaner::scan(*m_client);
        QVERIFY2(!scan.error, qPrintable(scan.error.toString()));
        QCOMPARE(scan.items.size(), 1);
        QCOMPARE(scan.items.first().kind, Leftover::Kind::Bucket);
        QCOMPARE(scan.items.first().name, b);
        QCOMPARE(scan.items.first().location, m_lab.rgwEndpoint());
        QCOMPARE(scan.items.first().objects, 3);
        QCOMPARE(scan.items.first().bytes, bytes);

        const CleanupReport rep = S3LeftoverCleaner::remove(*m_client, scan.items);
        QVERIFY2(rep.ok(), rep.ok() ? "" : qPrintable(rep.failed.first().error.toString()));
        QCOMPARE(rep.removed.size(), 1);
        const QStringList left = bucketNames();
        QVERIFY(!left.contains(b));
        QVERIFY(left.contains(m_keep));
        QByteArray data;
        QVERIFY(!m_client->getObject(m_keep, QStringLiteral("precious"), &data));
        QCOMPARE(data, QByteArray("data"));
        QVERIFY(S3LeftoverCleaner::scan(*m_client).items.isEmpty());
    }

    void forgedItemsAreRefused()
    {
        const QList<Leftover> forged {Leftover::make(Leftover::Kind::Bucket, m_lab.rgwEndpoint(), m_keep),
            Leftover::make(
                Leftover::Kind::Bucket, QStringLiteral("http://other:1"), QStringLiteral("clustermark-bench-zzz")),
            Leftover::make(Leftover::Kind::Pool, QString(), QStringLiteral("clustermark-bench-p"))};
        const CleanupReport rep = S3LeftoverCleaner::remove(*m_client, forged);
        QCOMPARE(rep.removed.size(), 0);
        QCOMPARE(rep.failed.size(), 3);
        QCOMPARE(rep.failed.at(0).error.code, Error::Code::Unsafe);
        QCOMPARE(rep.failed.at(1).error.code, Error::Code::InvalidInput);
        QVERIFY(bucketNames().contains(m_keep));
        // The client refuses too, whatever the caller asks.
        QCOMPARE(m_client->abortAllMultipart(m_keep).code, Error::Code::Unsafe);
        QCOMPARE(m_client->emptyBucket(m_keep).code, Error::Code::Unsafe);
    }

    void cliCleansTheEndpoint()
    {
        qint64 bytes = 0;
        const QString b = makeLeftover(2, &bytes);
        QTemporaryDir data;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CM_TEST_S3_SECRET"), m_lab.s3SecretKey());
        const QStringList base {QStringLiteral("cleanup"), QStringLiteral("--s3-endpoint"), m_lab.rgwEndpoint(),
            QStringLiteral("--access-key"), m_lab.s3AccessKey(), QStringLiteral("--json")};
        // A dry run lists, removes nothing.
        cmtest::CliResult r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            base
                + QStringList {QStringLiteral("--secret-ref"), QStringLiteral("env:CM_TEST_S3_SECRET"),
                    QStringLiteral("--dry-run")},
            data.path(), 60000, env);
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("found")).toArray().size(), 1);
        QVERIFY(bucketNames().contains(b));
        r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            base + QStringList {QStringLiteral("--secret-ref"), QStringLiteral("env:CM_TEST_S3_SECRET")}, data.path(),
            60000, env);
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray removed = r.json().value(QStringLiteral("removed")).toArray();
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed.first().toObject().value(QStringLiteral("name")).toString(), b);
        QCOMPARE(removed.first().toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("bucket"));
        const QStringList left = bucketNames();
        QVERIFY(!left.contains(b));
        QVERIFY(left.contains(m_keep));
        // A secret reference that yields nothing: a clear error, exit 1.
        r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            base + QStringList {QStringLiteral("--secret-ref"), QStringLiteral("env:CM_TEST_UNSET_VAR")}, data.path(),
            60000, env);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("CM_TEST_UNSET_VAR") && r.err.contains("is not set"), r.err.constData());
        // --access-key without an endpoint: usage.
        r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("cleanup"), QStringLiteral("--access-key"), QStringLiteral("x")}, data.path(), 60000, env);
        QCOMPARE(r.code, 2);
    }

    void cliLabCleansTheGatewayToo()
    {
        qint64 bytes = 0;
        const QString b = makeLeftover(1, &bytes);
        QTemporaryDir data;
        const cmtest::CliResult r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("cleanup"), QStringLiteral("--lab"), m_lab.dir(), QStringLiteral("--json")}, data.path(),
            60000);
        QVERIFY2(r.code == 0, r.err.constData());
        QStringList removed;
        for (const QJsonValue &v : r.json().value(QStringLiteral("removed")).toArray())
            removed << v.toObject().value(QStringLiteral("name")).toString();
        QCOMPARE(removed, QStringList {b});
        QVERIFY(bucketNames().contains(m_keep));
    }

    void cleanupTestCase()
    {
        if (m_client && !m_keep.isEmpty()) {
            m_client->execute(m_client->build("DELETE", m_keep, QStringLiteral("precious")));
            m_client->execute(m_client->build("DELETE", m_keep, QString()));
        }
        m_client.reset();
        m_lab.stop();
    }
};

QTEST_GUILESS_MAIN(TestS3Cleanup)
#include "test_s3cleanup.moc"
