// SPDX-License-Identifier: GPL-3.0-or-later
// TLS of the S3 engine against a real TLS server (openssl s_server -www, which answers
// "GET /" with a status page): a certificate the system does not trust is refused with
// a clear error, accepted with the given CA file, and accepted with verification
// explicitly switched off; a certificate for another name is refused too.
#include "s3/s3client.h"
#include "testutil.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestS3Tls : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    QProcess m_server;
    quint16 m_port = 0;

    S3HttpResponse get(const QString &host, const QString &ca, bool skip)
    {
        S3Config c;
        c.endpoint = QStringLiteral("https://%1:%2").arg(host).arg(m_port);
        c.accessKey = "AK";
        c.secretKey = "SK";
        c.caFile = ca;
        c.skipTlsVerify = skip;
        c.maxConnections = 1;
        S3Client s3(c);
        return s3.execute(s3.build("GET", QString(), QString()));
    }

private Q_SLOTS:
    void initTestCase()
    {
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("openssl")).isEmpty(), "openssl not installed");
        QVERIFY(m_tmp.isValid());
        // self-signed, valid for 127.0.0.1 only
        QProcess gen;
        gen.setWorkingDirectory(m_tmp.path());
        gen.start(QStringLiteral("openssl"),
            {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("ec"),
                QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                QStringLiteral("-keyout"), QStringLiteral("key.pem"), QStringLiteral("-out"),
                QStringLiteral("cert.pem"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                QStringLiteral("/CN=clustermark-test"), QStringLiteral("-addext"),
                QStringLiteral("subjectAltName=IP:127.0.0.1")});
        QVERIFY(gen.waitForFinished(30000));
        QVERIFY2(gen.exitCode() == 0, gen.readAllStandardError().constData());
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        m_port = probe.serverPort();
        probe.close();
        m_server.setWorkingDirectory(m_tmp.path());
        m_server.start(QStringLiteral("openssl"),
            {QStringLiteral("s_server"), QStringLiteral("-accept"), QStringLiteral("127.0.0.1:%1").arg(m_port),
                QStringLiteral("-cert"), QStringLiteral("cert.pem"), QStringLiteral("-key"), QStringLiteral("key.pem"),
                QStringLiteral("-www"), QStringLiteral("-quiet")});
        QVERIFY(m_server.waitForStarted(5000));
        QTRY_VERIFY_WITH_TIMEOUT(([this] {
            QTcpSocket s;
            s.connectToHost(QHostAddress::LocalHost, m_port);
            return s.waitForConnected(200);
        }()),
            10000);
    }

    void untrustedIsRefused()
    {
        const S3HttpResponse r = get(QStringLiteral("127.0.0.1"), QString(), false);
        QVERIFY(!r.ok());
        const Error e = S3Client::errorFor(r, QStringLiteral("GET /"));
        QCOMPARE(e.code, Error::Code::CommandFailed);
        QVERIFY2(e.message.startsWith(QLatin1String("TLS failed")), qPrintable(e.message));
        QVERIFY2(e.message.contains(QLatin1String("certificate")), qPrintable(e.message));
    }

    void givenCaIsTrusted()
    {
        const S3HttpResponse r = get(QStringLiteral("127.0.0.1"), m_tmp.filePath(QStringLiteral("cert.pem")), false);
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(r.status, 200);
        QVERIFY(r.body.contains("s_server"));
    }

    void otherNameIsRefusedEvenWithTheCa()
    {
        const S3HttpResponse r = get(QStringLiteral("localhost"), m_tmp.filePath(QStringLiteral("cert.pem")), false);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.message.startsWith(QLatin1String("TLS failed")), qPrintable(r.error.message));
    }

    void skipVerificationAcceptsAnything()
    {
        QCOMPARE(get(QStringLiteral("127.0.0.1"), QString(), true).status, 200);
        QCOMPARE(get(QStringLiteral("localhost"), QString(), true).status, 200);
    }

    void badCaFileIsAnError()
    {
        const S3HttpResponse r = get(QStringLiteral("127.0.0.1"), m_tmp.filePath(QStringLiteral("missing.pem")), false);
        QVERIFY(!r.ok());
        QVERIFY(r.error.isError());
    }

    void cleanupTestCase()
    {
        if (m_server.state() != QProcess::NotRunning) {
            m_server.kill();
            m_server.waitForFinished(5000);
        }
    }
};

QTEST_GUILESS_MAIN(TestS3Tls)
#include "test_s3tls.moc"
