// SPDX-License-Identifier: GPL-3.0-or-later
// Server-side encryption on the lab's RGW (rgw_crypt_require_ssl = false, lab only):
// SSE-C objects read back equal what was written, are stored as other bytes in RADOS,
// and a GET without the key is refused as RGW says; a gateway that accepts SSE-S3
// without encrypting (RGW before 17.2 stores such objects in plain text) is caught by
// the run's check; and an SSE-C on/off comparison through the CLI is two runs and one
// compare that names the difference.
#include "bench/s3/s3runstate.h"
#include "cephlabfixture.h"
#include "clirun.h"
#include "s3/s3client.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestS3Encryption : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    QTemporaryDir m_data;

    S3Config config(S3Config::Encryption e) const
    {
        S3Config c;
        c.endpoint = m_lab.rgwEndpoint();
        c.accessKey = m_lab.s3AccessKey().toUtf8();
        c.secretKey = m_lab.s3SecretKey().toUtf8();
        c.encryption = e;
        if (e == S3Config::Encryption::SseC)
            for (int i = 0; i < 32; ++i)
                c.customerKey += char(QRandomGenerator::global()->bounded(256));
        return c;
    }

    cmtest::CliResult cli(const QStringList &args)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), 180000);
    }

    // A PUT and a GET step of 64 KiB objects, 1 s each, with `encryption`.
    cmtest::CliResult run(const QString &encryption)
    {
        const cmtest::CliResult plan = cli({QStringLiteral("plan"), QStringLiteral("s3"), QStringLiteral("--lab"),
            m_lab.dir(), QStringLiteral("--encryption"), encryption, QStringLiteral("--runtime"), QStringLiteral("1"),
            QStringLiteral("--sizes"), QStringLiteral("64k"), QStringLiteral("--objects"), QStringLiteral("32"),
            QStringLiteral("--concurrency"), QStringLiteral("4")});
        if (plan.code != 0)
            return plan;
        QJsonObject p = plan.json();
        QJsonArray steps;
        for (const QJsonValue &s : p.value(QStringLiteral("steps")).toArray())
            if (s[QStringLiteral("params")][QStringLiteral("op")].toString() == QLatin1String("put")
                || s[QStringLiteral("params")][QStringLiteral("op")].toString() == QLatin1String("get"))
                steps << s;
        p.insert(QStringLiteral("steps"), steps);
        const QString file = m_data.filePath(encryption + QStringLiteral(".json"));
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(QJsonDocument(p).toJson());
        f.close();
        return cli({QStringLiteral("run"), file});
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
    }
    void cleanupTestCase() { m_lab.stop(); }

    void customerKeyRoundTrip()
    {
        S3Client client(config(S3Config::Encryption::SseC));
        QVERIFY(!client.configError());
        const QString bucket = S3Client::newBucketName(QStringLiteral("ssec"));
        QVERIFY(!client.createBucket(bucket));
        const QByteArray data = QByteArray("plain text the gateway must not keep ").repeated(100);
        S3HttpResponse answer;
        const Error put = client.putObject(bucket, QStringLiteral("obj"), data, &answer);
        QVERIFY2(!put, qPrintable(put.toString()));
        QVERIFY(client.answerSaysEncrypted(answer));
        QByteArray back;
        QVERIFY(!client.getObject(bucket, QStringLiteral("obj"), &back));
        QCOMPARE(back, data);
        qint64 size = 0;
        QVERIFY(!client.headObject(bucket, QStringLiteral("obj"), &size));
        QCOMPARE(size, data.size());
        // Without the key: refused, with RGW's own words.
        S3Client plain(config(S3Config::Encryption::None));
        const Error refused = plain.getObject(bucket, QStringLiteral("obj"), &back);
        QVERIFY(refused);
        QVERIFY2(refused.toString().contains(QStringLiteral("400")), qPrintable(refused.toString()));
        QVERIFY2(refused.toString().contains(QStringLiteral("Customer provided keys")), qPrintable(refused.toString()));
        // With another key: refused too.
        S3Client other(config(S3Config::Encryption::SseC));
        QVERIFY(other.getObject(bucket, QStringLiteral("obj"), &back));
        // What RADOS holds is not the plain text.
        QByteArray listing;
        QCOMPARE(
            m_lab.client(QStringLiteral("rados"),
                {QStringLiteral("-p"), QStringLiteral("default.rgw.buckets.data"), QStringLiteral("ls")}, &listing),
            0);
        QString object;
        for (const QByteArray &line : listing.split('\n'))
            if (line.endsWith("_obj"))
                object = QString::fromUtf8(line);
        QVERIFY2(!object.isEmpty(), listing.constData());
        const QString raw = m_data.filePath(QStringLiteral("raw"));
        QCOMPARE(
            m_lab.client(QStringLiteral("rados"),
                {QStringLiteral("-p"), QStringLiteral("default.rgw.buckets.data"), QStringLiteral("get"), object, raw}),
            0);
        QFile f(raw);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray stored = f.readAll();
        QCOMPARE(stored.size(), data.size());
        QVERIFY(stored != data);
        QVERIFY(!stored.contains("plain text"));
        QVERIFY(!client.emptyBucket(bucket));
        QVERIFY(!client.deleteBucket(bucket));
    }

    // The run's check: SSE-C passes; SSE-S3 passes only where the gateway says it encrypted.
    void runCheckCatchesAGatewayThatDoesNotEncrypt()
    {
        S3Client c(config(S3Config::Encryption::SseC));
        const QString bucket = S3Client::newBucketName(QStringLiteral("check"));
        QVERIFY(!c.createBucket(bucket));
        const Error ok = S3RunState::checkEncryption(c, bucket);
        QVERIFY2(!ok, qPrintable(ok.toString()));

        S3Client s3(config(S3Config::Encryption::SseS3));
        S3HttpResponse answer;
        QVERIFY(!s3.putObject(bucket, QStringLiteral("probe"), "x", &answer));
        QVERIFY(!s3.deleteObject(bucket, QStringLiteral("probe")));
        const Error check = S3RunState::checkEncryption(s3, bucket);
        if (s3.answerSaysEncrypted(answer)) {
            QVERIFY2(!check, qPrintable(check.toString()));
        } else { // Pacific 16.2: accepted, stored in plain text
            QVERIFY(check);
            QVERIFY2(check.message.contains(QStringLiteral("does not say it encrypted")), qPrintable(check.message));
        }
        QVERIFY(!c.emptyBucket(bucket));
        QVERIFY(!c.deleteBucket(bucket));
    }

    void onOffComparedThroughTheCli()
    {
        const cmtest::CliResult on = run(QStringLiteral("sse-c"));
        QVERIFY2(on.code == 0, on.err.constData());
        const cmtest::CliResult off = run(QStringLiteral("none"));
        QVERIFY2(off.code == 0, off.err.constData());
        const auto id = [](const cmtest::CliResult &r) {
            return QString::number(
                r.json().value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toInteger());
        };
        const cmtest::CliResult shown = cli({QStringLiteral("show"), id(on), QStringLiteral("--json")});
        const QJsonArray steps = shown.json().value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 2);
        for (const QJsonValue &s : steps) {
            QCOMPARE(s[QStringLiteral("status")].toString(), QStringLiteral("completed"));
            QCOMPARE(
                s[QStringLiteral("environment")][QStringLiteral("encryption")].toString(), QStringLiteral("SSE-C"));
        }
        const cmtest::CliResult cmp = cli({QStringLiteral("compare"), id(on), id(off), QStringLiteral("--no-redact")});
        QCOMPARE(cmp.code, 0);
        QVERIFY2(cmp.out.contains("server-side encryption: SSE-C → none"), cmp.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestS3Encryption)
#include "test_s3encryption.moc"
