// SPDX-License-Identifier: GPL-3.0-or-later
// The S3 XML parsers on real radosgw bodies (tests/data/s3/rgw-*.xml) and on broken input.
#include "parse/s3xml.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

using namespace cm;

namespace {

QByteArray data(const char *name)
{
    QFile f(cmtest::testData(QStringLiteral("s3/") + QLatin1String(name)));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestS3Xml : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void errors_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("nosuchkey") << "rgw-error-nosuchkey.xml"
                                   << "NoSuchKey"
                                   << "";
        QTest::newRow("nosuchbucket") << "rgw-error-nosuchbucket.xml"
                                      << "NoSuchBucket"
                                      << "";
        QTest::newRow("signature") << "rgw-error-signature.xml"
                                   << "SignatureDoesNotMatch"
                                   << "";
        QTest::newRow("notempty") << "rgw-error-bucketnotempty.xml"
                                  << "BucketNotEmpty"
                                  << "";
        QTest::newRow("inprogress") << "rgw-error-complete-inprogress.xml"
                                    << "InternalError"
                                    << "This multipart completion is already in progress";
    }

    void errors()
    {
        QFETCH(QString, file);
        QFETCH(QString, code);
        QFETCH(QString, message);
        S3ErrorBody b;
        const Error e = parseS3Error(data(file.toLatin1().constData()), &b);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(b.code, code);
        QCOMPARE(b.message, message);
        QVERIFY(b.requestId.startsWith(QLatin1String("tx")));
    }

    void listPages()
    {
        S3ListResult p1, p2, empty, delim;
        QVERIFY(!parseS3ListObjects(data("rgw-list-v2-page1.xml"), &p1));
        QVERIFY(!parseS3ListObjects(data("rgw-list-v2-page2.xml"), &p2));
        QVERIFY(!parseS3ListObjects(data("rgw-list-v2-empty.xml"), &empty));
        QVERIFY(!parseS3ListObjects(data("rgw-list-v2-delimiter.xml"), &delim));
        QCOMPARE(p1.bucket, QStringLiteral("clustermark-bench-rec"));
        QCOMPARE(p1.contents.size(), 2);
        QCOMPARE(p1.contents.at(0).key, QStringLiteral("dir/sub key"));
        QCOMPARE(p1.contents.at(0).size, 1);
        QCOMPARE(p1.contents.at(1).etag, QStringLiteral("\"ab3c103dfee69624c486b74d3c90db65\""));
        QVERIFY(p1.truncated);
        QCOMPARE(p1.nextContinuationToken, QStringLiteral("obj-1"));
        QCOMPARE(p1.keyCount, 2);
        QCOMPARE(p2.contents.at(0).key, QStringLiteral("obj-2"));
        QCOMPARE(p2.nextContinuationToken, QStringLiteral("obj-3"));
        QVERIFY(!empty.truncated);
        QVERIFY(empty.contents.isEmpty());
        QCOMPARE(empty.keyCount, 0);
        QCOMPARE(delim.commonPrefixes, QStringList {QStringLiteral("dir/")});
        QCOMPARE(delim.contents.size(), 6);
        QCOMPARE(delim.contents.at(0).size, 5242880);
    }

    void buckets()
    {
        QList<S3BucketEntry> b;
        QVERIFY(!parseS3ListBuckets(data("rgw-list-buckets.xml"), &b));
        QCOMPARE(b.size(), 1);
        QCOMPARE(b.at(0).name, QStringLiteral("clustermark-bench-rec"));
    }

    void multipart()
    {
        S3InitiateMultipartResult init;
        QVERIFY(!parseS3InitiateMultipart(data("rgw-initiate-multipart.xml"), &init));
        QCOMPARE(init.uploadId, QStringLiteral("2~7-1k7LXFYb2BJrl1bbiWOXrvlX_cy1N"));
        QCOMPARE(init.key, QStringLiteral("mp"));
        S3CompleteMultipartResult done;
        QVERIFY(!parseS3CompleteMultipart(data("rgw-complete-multipart.xml"), &done));
        QCOMPARE(done.key, QStringLiteral("mp"));
        QVERIFY(done.etag.isEmpty()); // radosgw 16.2 leaves it empty
        // An <Error> in a 200 answer to complete is an error with the S3 code.
        const Error e = parseS3CompleteMultipart(data("rgw-error-complete-inprogress.xml"), &done);
        QCOMPARE(e.code, Error::Code::CommandFailed);
        QCOMPARE(e.detail, QStringLiteral("InternalError"));
        QVERIFY(e.message.contains(QLatin1String("already in progress")));
    }

    void multipartUploads()
    {
        S3ListUploadsResult l;
        QVERIFY(!parseS3ListMultipartUploads(data("rgw-list-multipart-uploads.xml"), &l));
        QCOMPARE(l.bucket, QStringLiteral("clustermark-bench-x"));
        QCOMPARE(l.uploads.size(), 2);
        QCOMPARE(l.uploads.at(0).key, QStringLiteral("bigkey"));
        QCOMPARE(l.uploads.at(0).uploadId, QStringLiteral("2~bmM7p8Ddjgo2Vm0U6s9BMiWthivIu-P"));
        QCOMPARE(l.uploads.at(1).key, QStringLiteral("k2"));
        QCOMPARE(l.uploads.at(1).initiated, QStringLiteral("2026-11-30T04:56:43.029Z"));
        QVERIFY(!l.truncated);
        QVERIFY(!parseS3ListMultipartUploads(data("rgw-list-multipart-uploads-truncated.xml"), &l));
        QVERIFY(l.truncated);
        QCOMPARE(l.uploads.size(), 1);
        QCOMPARE(l.nextKeyMarker, QStringLiteral("bigkey"));
        QCOMPARE(l.nextUploadIdMarker, QStringLiteral("2~bmM7p8Ddjgo2Vm0U6s9BMiWthivIu-P"));
        Error e = parseS3ListMultipartUploads(
            "<ListMultipartUploadsResult><Upload><Key>a</Key></Upload></ListMultipartUploadsResult>", &l);
        QVERIFY(e.message.contains(QLatin1String("without <Key> or <UploadId>")));
        e = parseS3ListMultipartUploads(
            "<ListMultipartUploadsResult><IsTruncated>true</IsTruncated></ListMultipartUploadsResult>", &l);
        QVERIFY(e.message.contains(QLatin1String("truncated without")));
    }

    void badInput_data()
    {
        QTest::addColumn<QByteArray>("xml");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("not xml") << QByteArray("<html>oops");
        QTest::newRow("other root") << QByteArray("<Foo/>");
        QTest::newRow("cut") << data("rgw-list-v2-page1.xml").left(300);
        QTest::newRow("bad size") << QByteArray(
            "<ListBucketResult><Contents><Key>a</Key><Size>-3</Size></Contents></ListBucketResult>");
        QTest::newRow("truncated without token")
            << QByteArray("<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>");
        QTest::newRow("deep") << QByteArray(5000, '<');
        QByteArray bomb
            = "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b "
              "\"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
              "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">]>"
              "<ListBucketResult><Name>&d;&d;&d;&d;&d;&d;</Name></ListBucketResult>";
        QTest::newRow("entity expansion") << bomb;
    }

    // Every parser refuses (or survives) bad input with an error, never a crash.
    void badInput()
    {
        QFETCH(QByteArray, xml);
        S3ListResult l;
        QVERIFY(parseS3ListObjects(xml, &l).isError() || xml.contains("ENTITY"));
        S3ErrorBody b;
        QVERIFY(parseS3Error(xml, &b).isError());
        QList<S3BucketEntry> bl;
        QVERIFY(parseS3ListBuckets(xml, &bl).isError());
        S3InitiateMultipartResult i;
        QVERIFY(parseS3InitiateMultipart(xml, &i).isError());
        S3ListUploadsResult u;
        QVERIFY(parseS3ListMultipartUploads(xml, &u).isError() || xml.contains("ENTITY"));
    }

    void escape() { QCOMPARE(xmlEscape(QStringLiteral("\"a&b<c>\"")), QByteArray("&quot;a&amp;b&lt;c&gt;&quot;")); }
};

QTEST_GUILESS_MAIN(TestS3Xml)
#include "test_s3xml.moc"
