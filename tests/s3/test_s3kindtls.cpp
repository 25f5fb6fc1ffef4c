// SPDX-License-Identifier: GPL-3.0-or-later
// The "s3" runner kind over https:// to the lab's real radosgw (1 OSD). The lab serves
// http only, so a TLS front (scripts/fixtures/tls-proxy.py, Python's ssl module) with a
// self-signed certificate for 127.0.0.1 sits before it. A run with the certificate as
// caFile is verified; without it the run's first request fails with a clear TLS error;
// with skipTlsVerify it runs and its results say visibly that TLS was not verified.
#include "s3kindtest.h"

#include "bench/registry.h"
#include "testutil.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace cm;
using cmtest::runStep;
using cmtest::StepRun;

class TestS3KindTls : public QObject, public cmtest::S3KindLab {
    Q_OBJECT

    QTemporaryDir m_tmp;
    QProcess m_proxy;
    quint16 m_port = 0;

    QString cert() const { return m_tmp.filePath(QStringLiteral("cert.pem")); }

    Plan tlsPlan(const QString &caFile, bool skipVerify)
    {
        S3Kind::Options o = labOptions();
        o.endpoint = QStringLiteral("https://127.0.0.1:%1").arg(m_port);
        o.caFile = caFile;
        o.skipTlsVerify = skipVerify;
        o.sizes = {64 * 1024};
        o.objects = 32;
        o.concurrency = 8;
        o.runtime = 1;
        Error e;
        const Plan p = S3Kind::makePlan(o, &e); // quick: PUT then GET
        if (e)
            qWarning("%s", qPrintable(e.toString()));
        return p;
    }

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("openssl")).isEmpty(), "openssl not installed");
        CM_REQUIRE_FIXTURE(QFile::exists(QStringLiteral("/usr/bin/python3")), "/usr/bin/python3 missing");
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
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
        const int rgwPort = QUrl(m_lab.rgwEndpoint()).port();
        QVERIFY(rgwPort > 0);
        m_proxy.start(QStringLiteral("/usr/bin/python3"),
            {qEnvironmentVariable("CLUSTERMARK_SCRIPTS") + QStringLiteral("/fixtures/tls-proxy.py"),
                QString::number(m_port), QString::number(rgwPort), cert(), m_tmp.filePath(QStringLiteral("key.pem"))});
        QVERIFY(m_proxy.waitForStarted(5000));
        QVERIFY(m_proxy.waitForReadyRead(10000));
        QVERIFY2(m_proxy.readAllStandardOutput().contains("ready"), m_proxy.readAllStandardError().constData());
    }

    void verifiedWithTheCa()
    {
        const Plan p = tlsPlan(cert(), false);
        QCOMPARE(p.steps.size(), 2);
        const auto state = S3Kind().createRunState(p);
        const StepRun put = runStep(p, 0, state);
        QVERIFY2(!put.out.error, qPrintable(put.out.error.toString()));
        const StepRun get = runStep(p, 1, state);
        QVERIFY2(!get.out.error, qPrintable(get.out.error.toString()));
        QVERIFY(put.dir(QStringLiteral("write")).value(QStringLiteral("total_ios")).toDouble() > 0);
        QVERIFY(get.dir(QStringLiteral("read")).value(QStringLiteral("total_ios")).toDouble() > 0);
        QVERIFY(get.dir(QStringLiteral("read")).value(QStringLiteral("ttfb_p50_ns")).toDouble() > 0);
        for (const StepRun *r : {&put, &get}) {
            QCOMPARE(r->out.summary.value(QStringLiteral("tls")).toBool(), true);
            QCOMPARE(r->out.summary.value(QStringLiteral("tlsVerified")).toBool(), true);
            QCOMPARE(r->out.environment.value(QStringLiteral("s3_http")).toString(), QStringLiteral("libcurl"));
        }
        qInfo("https, verified: PUT 64 KiB ×8 %.0f/s, GET %.0f/s",
            put.dir(QStringLiteral("write")).value(QStringLiteral("iops")).toDouble(),
            get.dir(QStringLiteral("read")).value(QStringLiteral("iops")).toDouble());
        QCOMPARE(cmtest::finishRun(state), QString());
        QCOMPARE(appBuckets(), QStringList());
    }

    void untrustedCertificateIsAClearError()
    {
        const Plan p = tlsPlan(QString(), false);
        const StepRun run = runStep(p, 0, S3Kind().createRunState(p));
        QVERIFY(run.out.error.isError());
        QVERIFY2(run.out.error.message.contains(QStringLiteral("cannot create the run's bucket: TLS failed")),
            qPrintable(run.out.error.toString()));
        QVERIFY2(run.out.error.message.contains(QStringLiteral("certificate")), qPrintable(run.out.error.toString()));
        QCOMPARE(appBuckets(), QStringList());
    }

    void skipVerifyRunsAndSaysSo()
    {
        const Plan p = tlsPlan(QString(), true);
        const auto state = S3Kind().createRunState(p);
        const StepRun put = runStep(p, 0, state);
        QVERIFY2(!put.out.error, qPrintable(put.out.error.toString()));
        QVERIFY(put.dir(QStringLiteral("write")).value(QStringLiteral("total_ios")).toDouble() > 0);
        QCOMPARE(put.out.summary.value(QStringLiteral("tls")).toBool(), true);
        QCOMPARE(put.out.summary.value(QStringLiteral("tlsVerified")).toBool(), false);
        QCOMPARE(put.out.environment.value(QStringLiteral("tlsVerified")).toBool(), false);
        QVERIFY2(put.log.join(QLatin1Char('\n')).contains(QStringLiteral("NOT verified")),
            qPrintable(put.log.join(QLatin1Char('\n'))));
        QCOMPARE(cmtest::finishRun(state), QString());
        QCOMPARE(appBuckets(), QStringList());
    }

    void cleanupTestCase()
    {
        if (m_proxy.state() != QProcess::NotRunning) {
            m_proxy.closeWriteChannel(); // the proxy ends when its stdin closes
            if (!m_proxy.waitForFinished(5000)) {
                m_proxy.kill();
                m_proxy.waitForFinished(5000);
            }
        }
        m_lab.stop();
    }
};

QTEST_GUILESS_MAIN(TestS3KindTls)
#include "test_s3kindtls.moc"
