// SPDX-License-Identifier: GPL-3.0-or-later
// SigV4 signing against AWS's published vectors (tests/data/s3/: the SigV4 test suite
// and the S3 API reference examples), plus the URL/header layout S3Client builds for
// path-style and virtual-host style requests.
#include "s3/s3client.h"
#include "s3/sigv4signer.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

using namespace cm;

namespace {

struct Vector {
    QByteArray name;
    SigV4Input in;
    QByteArray authorization, signature, signedHeaders, creqSha;
};

struct VectorFile {
    QByteArray access, secret, region, service, date;
    QList<Vector> cases;
};

bool load(const QString &path, VectorFile *f, QString *why)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *why = QStringLiteral("cannot read ") + path;
        return false;
    }
    QByteArray body;
    bool hasBody = false;
    auto close = [&] {
        if (f->cases.isEmpty())
            return;
        f->cases.last().in.payloadHash = SigV4Signer::sha256Hex(hasBody ? body : QByteArray());
        body.clear();
        hasBody = false;
    };
    for (QByteArray line : file.readAll().split('\n')) {
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        if (line.startsWith('[')) {
            close();
            f->cases.append(Vector {});
            f->cases.last().name = line.mid(1, line.size() - 2);
            continue;
        }
        const qsizetype sp = line.indexOf(' ');
        const QByteArray key = line.left(sp), value = line.mid(sp + 1);
        if (f->cases.isEmpty()) {
            if (key == "access-key")
                f->access = value;
            else if (key == "secret-key")
                f->secret = value;
            else if (key == "region")
                f->region = value;
            else if (key == "service")
                f->service = value;
            else if (key == "date")
                f->date = value;
            continue;
        }
        Vector &v = f->cases.last();
        if (key == "method")
            v.in.method = value;
        else if (key == "path")
            v.in.path = value;
        else if (key == "query") {
            const qsizetype tab = value.indexOf('\t');
            v.in.query.append({value.left(tab), tab < 0 ? QByteArray() : value.mid(tab + 1)});
        } else if (key == "header") {
            const qsizetype colon = value.indexOf(':');
            v.in.headers.append({value.left(colon), value.mid(colon + 1)});
        } else if (key == "body") {
            body = value;
            hasBody = true;
        } else if (key == "authorization")
            v.authorization = value;
        else if (key == "signature")
            v.signature = value;
        else if (key == "signed-headers")
            v.signedHeaders = value;
        else if (key == "creq-sha256")
            v.creqSha = value;
        else {
            *why = QStringLiteral("unknown line: ") + QString::fromUtf8(line);
            return false;
        }
    }
    close();
    return true;
}

} // namespace

class TestSigV4 : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void vectors_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("sigv4-testsuite") << QStringLiteral("s3/sigv4-testsuite.txt");
        QTest::newRow("s3-examples") << QStringLiteral("s3/s3-examples.txt");
    }

    void vectors()
    {
        QFETCH(QString, file);
        VectorFile f;
        QString why;
        QVERIFY2(load(cmtest::testData(file), &f, &why), qPrintable(why));
        QVERIFY(f.cases.size() >= 4);
        const SigV4Signer signer(f.access, f.secret, f.region, f.service);
        for (const Vector &v : std::as_const(f.cases)) {
            const QByteArray creq = SigV4Signer::canonicalRequest(v.in);
            if (!v.creqSha.isEmpty())
                QVERIFY2(SigV4Signer::sha256Hex(creq) == v.creqSha, (v.name + "\n" + creq).constData());
            if (!v.signedHeaders.isEmpty())
                QCOMPARE(SigV4Signer::signedHeaders(v.in), v.signedHeaders);
            if (!v.signature.isEmpty())
                QVERIFY2(signer.signature(v.in, f.date) == v.signature, (v.name + "\n" + creq).constData());
            if (!v.authorization.isEmpty())
                QVERIFY2(signer.authorization(v.in, f.date) == v.authorization, (v.name + "\n" + creq).constData());
            QVERIFY(!v.signature.isEmpty() || !v.authorization.isEmpty());
        }
        qInfo("%s: %d vectors", qPrintable(file), int(f.cases.size()));
    }

    // A changed secret, region or date gives another signature (the check can fail).
    void signatureDependsOnEveryInput()
    {
        SigV4Input in {
            "GET", "/", {}, {{"host", "h"}, {"x-amz-date", "20150830T123600Z"}}, SigV4Signer::emptyPayloadHash()};
        const QByteArray a = SigV4Signer("A", "s1", "us-east-1").signature(in, "20150830T123600Z");
        QVERIFY(a != SigV4Signer("A", "s2", "us-east-1").signature(in, "20150830T123600Z"));
        QVERIFY(a != SigV4Signer("A", "s1", "eu-west-1").signature(in, "20150830T123600Z"));
        QVERIFY(a != SigV4Signer("A", "s1", "us-east-1").signature(in, "20150831T123600Z"));
        in.payloadHash = "UNSIGNED-PAYLOAD";
        QVERIFY(a != SigV4Signer("A", "s1", "us-east-1").signature(in, "20150830T123600Z"));
    }

    // The presigned-URL example of the Amazon S3 API Reference, "Authenticating Requests:
    // Using Query Parameters (AWS Signature Version 4)": GET /test.txt on examplebucket,
    // valid 86400 s from 20130524T000000Z.
    void presignedQueryMatchesTheReferenceExample()
    {
        const SigV4Signer s("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "us-east-1");
        const QByteArray q
            = s.presignedQuery("GET", "examplebucket.s3.amazonaws.com", "/test.txt", "20130524T000000Z", 86400);
        QCOMPARE(q,
            QByteArray("X-Amz-Algorithm=AWS4-HMAC-SHA256"
                       "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"
                       "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-Signature="
                       "aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404&X-Amz-SignedHeaders=host"));
    }

    void encoding()
    {
        QCOMPARE(SigV4Signer::uriEncode("a b/c~", false), QByteArray("a%20b/c~"));
        QCOMPARE(SigV4Signer::uriEncode("a b/c", true), QByteArray("a%20b%2Fc"));
        QCOMPARE(SigV4Signer::uriEncode("\xe1\x88\xb4+=", true), QByteArray("%E1%88%B4%2B%3D"));
        QCOMPARE(SigV4Signer::canonicalQuery({{"uploads", {}}}), QByteArray("uploads="));
        QCOMPARE(SigV4Signer::canonicalQuery({{"b", "2"}, {"a", "x y"}, {"a", "1"}}), QByteArray("a=1&a=x%20y&b=2"));
    }

    void pathAndVirtualHostStyle()
    {
        S3Config c;
        c.endpoint = QStringLiteral("http://127.0.0.1:8080");
        c.accessKey = "AK";
        c.secretKey = "SK";
        S3Client path(c);
        QVERIFY(!path.configError());
        const S3HttpRequest a = path.build(
            "GET", QStringLiteral("clustermark-bench-x"), QStringLiteral("dir/my key"), {{"partNumber", "1"}});
        QCOMPARE(a.url, QByteArray("http://127.0.0.1:8080/clustermark-bench-x/dir/my%20key?partNumber=1"));
        QVERIFY(a.headers.contains("host: 127.0.0.1:8080"));
        QVERIFY(a.headers.contains("x-amz-content-sha256: UNSIGNED-PAYLOAD"));
        QVERIFY(a.headers.last().startsWith("Authorization: AWS4-HMAC-SHA256 Credential=AK/"));
        QVERIFY(a.headers.last().contains(
            "/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, "));

        c.endpoint = QStringLiteral("https://s3.example.net");
        c.virtualHostStyle = true;
        c.signPayload = true;
        c.region = QStringLiteral("eu-central-1");
        S3Client vhost(c);
        QVERIFY(!vhost.configError());
        const S3HttpRequest b = vhost.build(
            "PUT", QStringLiteral("clustermark-bench-x"), QStringLiteral("k"), {}, {}, QByteArray("hello world"), 6, 5);
        QCOMPARE(b.url, QByteArray("https://clustermark-bench-x.s3.example.net/k"));
        QVERIFY(b.headers.contains("host: clustermark-bench-x.s3.example.net"));
        QVERIFY(b.headers.contains("x-amz-content-sha256: " + SigV4Signer::sha256Hex("world")));
        QVERIFY(b.headers.last().contains("/eu-central-1/s3/aws4_request"));
        QCOMPARE(b.sendLength(), 5);
    }

    void badConfigIsAClearError()
    {
        S3Config c;
        c.endpoint = QStringLiteral("ftp://x");
        c.accessKey = "a";
        c.secretKey = "b";
        QCOMPARE(S3Client(c).configError().code, Error::Code::InvalidInput);
        c.endpoint = QStringLiteral("http://x:1");
        c.secretKey.clear();
        S3Client noKey(c);
        QCOMPARE(noKey.configError().code, Error::Code::InvalidInput);
        QByteArray data;
        QCOMPARE(noKey.getObject(QStringLiteral("clustermark-bench-a"), QStringLiteral("k"), &data).code,
            Error::Code::InvalidInput);
        QVERIFY(S3Client::isAppBucket(S3Client::newBucketName(QStringLiteral("Get Test!"))));
        QVERIFY(!S3Client::isAppBucket(QStringLiteral("clustermark-bench-UPPER")));
        QVERIFY(!S3Client::isAppBucket(QStringLiteral("photos")));
    }
};

QTEST_GUILESS_MAIN(TestSigV4)
#include "test_sigv4.moc"
