// SPDX-License-Identifier: GPL-3.0-or-later
// S3 secret keys in a real Secret Service (gnome-keyring in a private D-Bus session, from
// scripts/fixtures/with-keyring.sh): save / load / forget under
// "s3:<endpoint>:<accessKey>", bad input refused; the secret references of an S3 plan
// (keychain, lab:DIR, env:VAR); and end to end on the lab's radosgw: a plan with
// secretRef "keychain" runs with the secret read back from the keychain, and fails
// plainly once it is forgotten.
#include "bench/s3/s3kind.h"
#include "bench/s3/s3runstate.h"
#include "cephlabfixture.h"
#include "s3/s3keychain.h"
#include "s3/s3secretref.h"
#include "secrets/secretstore.h"
#include "testutil.h"

#include <QDirIterator>
#include <QTest>
#include <QUuid>

using namespace cm;

class TestS3Keychain : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;

private Q_SLOTS:
    void initTestCase()
    {
        const bool bus = !qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS");
        QString why = QStringLiteral("no D-Bus session (run under scripts/fixtures/with-keyring.sh)");
        bool usable = false;
        if (bus) {
            const Error e
                = SecretStore::writeBlocking(QStringLiteral("clustermark-probe"), QStringLiteral("probe"), 10000);
            usable = !e;
            if (e)
                why = e.toString();
            SecretStore::removeBlocking(QStringLiteral("clustermark-probe"), 10000);
        }
        CM_REQUIRE_FIXTURE(usable, why);
        QVERIFY2(QDir::homePath().startsWith(QLatin1String("/tmp/")), "HOME must be the launcher's throwaway folder");
    }

    void entryNames()
    {
        QCOMPARE(S3Keychain::entryName(QStringLiteral("http://127.0.0.1:7480"), QStringLiteral("AK1")),
            QStringLiteral("s3:http://127.0.0.1:7480:AK1"));
        // scheme and host case, a trailing slash and the default port's absence are one endpoint
        QCOMPARE(S3Keychain::entryName(QStringLiteral("HTTPS://S3.Example.NET/"), QStringLiteral("AK1")),
            QStringLiteral("s3:https://s3.example.net:AK1"));
        QCOMPARE(S3Keychain::entryName(QStringLiteral("https://user:pw@s3.example.net/"), QStringLiteral("AK1")),
            QStringLiteral("s3:https://s3.example.net:AK1")); // user info is never part of it
        Error e;
        QVERIFY(S3Keychain::entryName(QStringLiteral("ftp://x"), QStringLiteral("AK"), &e).isEmpty());
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY(S3Keychain::entryName(QStringLiteral("http://x"), QString(), &e).isEmpty());
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY(S3Keychain::entryName(QStringLiteral("http://x"), QStringLiteral("a:b"), &e).isEmpty());
        QCOMPARE(e.code, Error::Code::InvalidInput);
    }

    void roundTrip()
    {
        const QString endpoint = QStringLiteral("http://127.0.0.1:7480");
        const QString ak = QStringLiteral("AK") + QUuid::createUuid().toString(QUuid::Id128).left(12).toUpper();
        const QString secret = QStringLiteral("s3cr3t/") + QUuid::createUuid().toString(QUuid::Id128);
        QString got = QStringLiteral("unchanged");
        QVERIFY(!S3Keychain::load(endpoint, ak, &got));
        QVERIFY(got.isEmpty());
        QVERIFY(!S3Keychain::save(endpoint, ak, secret));
        QVERIFY(!S3Keychain::load(endpoint + QLatin1Char('/'), ak, &got));
        QCOMPARE(got, secret);
        QString raw;
        QVERIFY(!SecretStore::readBlocking(S3Keychain::entryName(endpoint, ak), &raw));
        QCOMPARE(raw, secret);
        // another endpoint is another entry
        QVERIFY(!S3Keychain::load(QStringLiteral("http://127.0.0.1:7481"), ak, &got));
        QVERIFY(got.isEmpty());
        // the plan's reference finds it
        QByteArray viaRef;
        QVERIFY(!S3SecretRef::resolve(QStringLiteral("keychain"), endpoint, ak, &viaRef));
        QCOMPARE(viaRef, secret.toUtf8());

        QVERIFY(!S3Keychain::forget(endpoint, ak));
        QVERIFY(!S3Keychain::load(endpoint, ak, &got));
        QVERIFY(got.isEmpty());
        QVERIFY(!S3Keychain::forget(endpoint, ak)); // twice is fine
        const Error e = S3SecretRef::resolve(QStringLiteral("keychain"), endpoint, ak, &viaRef);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY2(e.message.contains(QStringLiteral("no S3 secret key for access key ") + ak), qPrintable(e.toString()));
        QVERIFY(viaRef.isEmpty());
    }

    void badInputIsRefused()
    {
        Error e = S3Keychain::save(QStringLiteral("http://h"), QStringLiteral("AK"), QString());
        QCOMPARE(e.code, Error::Code::InvalidInput);
        e = S3Keychain::save(QStringLiteral("http://h"), QStringLiteral("AK"), QStringLiteral("two\nlines"));
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY(!e.toString().contains(QStringLiteral("two"))); // the error does not quote the secret
        e = S3Keychain::save(QStringLiteral("not a url"), QStringLiteral("AK"), QStringLiteral("x"));
        QCOMPARE(e.code, Error::Code::InvalidInput);
    }

    void secretReferences()
    {
        QVERIFY(!S3SecretRef::check(QStringLiteral("keychain")));
        QVERIFY(!S3SecretRef::check(QStringLiteral("env:CM_S3_SECRET")));
        QVERIFY(!S3SecretRef::check(QStringLiteral("lab:/tmp/lab")));
        for (const QString &bad : {QStringLiteral(""), QStringLiteral("env:"), QStringLiteral("env:1X"),
                 QStringLiteral("lab:"), QStringLiteral("secret:abc"), QStringLiteral("env:A-B")})
            QCOMPARE(S3SecretRef::check(bad).code, Error::Code::InvalidInput);
        QByteArray s;
        qputenv("CM_TEST_S3_REF", "from-env");
        QVERIFY(!S3SecretRef::resolve(
            QStringLiteral("env:CM_TEST_S3_REF"), QStringLiteral("http://h"), QStringLiteral("AK"), &s));
        QCOMPARE(s, QByteArray("from-env"));
        const Error e = S3SecretRef::resolve(
            QStringLiteral("lab:/nonexistent/lab"), QStringLiteral("http://h"), QStringLiteral("AK"), &s);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY2(e.message.contains(QStringLiteral("/nonexistent/lab holds no started lab")), qPrintable(e.toString()));
    }

    // A plan with secretRef "keychain" on the lab's radosgw.
    void keychainPlanRuns()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.isRunning() || m_lab.start(1), qPrintable(m_lab.whyNot()));
        // lab:DIR wants the lab's own access key
        QByteArray s;
        Error e = S3SecretRef::resolve(
            QStringLiteral("lab:") + m_lab.dir(), m_lab.rgwEndpoint(), QStringLiteral("OTHERKEY"), &s);
        QVERIFY2(e.message.contains(QStringLiteral("has access key")), qPrintable(e.toString()));
        QVERIFY(
            !S3SecretRef::resolve(QStringLiteral("lab:") + m_lab.dir(), m_lab.rgwEndpoint(), m_lab.s3AccessKey(), &s));
        QCOMPARE(s, m_lab.s3SecretKey().toUtf8());

        S3Kind::Options o;
        o.endpoint = m_lab.rgwEndpoint();
        o.accessKey = m_lab.s3AccessKey();
        o.secretRef = QStringLiteral("keychain");
        o.op = QStringLiteral("put");
        o.sizes = {4096};
        o.objects = 8;
        o.concurrency = 2;
        o.runtime = 1;
        const Plan plan = S3Kind::makePlan(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(!S3Keychain::save(m_lab.rgwEndpoint(), m_lab.s3AccessKey(), m_lab.s3SecretKey()));
        auto runOnce = [&](Error *err) {
            const auto state = std::dynamic_pointer_cast<S3RunState>(S3Kind().createRunState(plan));
            StepContext ctx;
            ctx.nodeName = QStringLiteral("local");
            ctx.runState = state;
            const StepOutcome out = S3Kind().createStepRunner(plan, 0)->run(ctx);
            *err = out.error;
            state->finish({});
            return out.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("total_ios")).toDouble();
        };
        QVERIFY(runOnce(&e) > 0);
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(!S3Keychain::forget(m_lab.rgwEndpoint(), m_lab.s3AccessKey()));
        runOnce(&e);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY2(e.message.contains(QStringLiteral("in the keychain")), qPrintable(e.toString()));

        // the secret is in no file under HOME (the keyring file is encrypted)
        QDirIterator it(QDir::homePath(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (f.open(QIODevice::ReadOnly))
                QVERIFY2(!f.readAll().contains(m_lab.s3SecretKey().toUtf8()),
                    qPrintable(QStringLiteral("secret found in ") + f.fileName()));
        }
    }

    void cleanupTestCase() { m_lab.stop(); }
};

QTEST_GUILESS_MAIN(TestS3Keychain)
#include "test_s3keychain.moc"
