// SPDX-License-Identifier: GPL-3.0-or-later
// S3 secrets in the real Secret Service keyring (gnome-keyring under
// scripts/fixtures/with-keyring.sh) with the lab's radosgw: createRgwUserAndStore keeps
// the new user's secret under "s3:<endpoint>:<accessKey>" and returns none;
// S3SecretRef::resolve("keychain") reads it back; `s3 create-user --lab` prints the access
// key and never the secret; `cleanup --s3-endpoint` takes its secret from the keychain.
#include "cephlabfixture.h"
#include "clirun.h"
#include "s3/rgwusercreator.h"
#include "s3/s3client.h"
#include "s3/s3keychain.h"
#include "s3/s3secretref.h"
#include "secrets/secretstore.h"
#include "testutil.h"
#include "transport/localtransport.h"

#include <QDir>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestS3KeychainUser : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    RgwAdminOptions m_opts;

    static QString uniqueUid(const char *tag)
    {
        return QStringLiteral("cm-%1-%2")
            .arg(QLatin1String(tag))
            .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    }

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
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        m_opts.confPath = m_lab.confPath();
        m_opts.keyringPath = m_lab.keyringPath();
    }

    void createAndStore()
    {
        LocalTransport t;
        const QString uid = uniqueUid("kc");
        RgwUserCredentials c;
        Error e = createRgwUserAndStore(t, m_opts, uid, QString(), m_lab.rgwEndpoint(), &c);
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(c.secretKey.isEmpty());
        QVERIFY(!c.accessKey.isEmpty());
        // The stored secret is the user's real one (read independently with user info).
        RgwUserCredentials info;
        QVERIFY(!RgwUserCreator(t, m_opts).createOrGet(uid, QString(), &info));
        QVERIFY(info.existed);
        const QString entry = S3Keychain::entryName(m_lab.rgwEndpoint(), c.accessKey);
        QCOMPARE(entry, QStringLiteral("s3:%1:%2").arg(m_lab.rgwEndpoint(), c.accessKey));
        QString stored;
        QVERIFY(!SecretStore::readBlocking(entry, &stored));
        QCOMPARE(stored, info.secretKey);
        QByteArray resolved;
        e = S3SecretRef::resolve(QStringLiteral("keychain"), m_lab.rgwEndpoint(), c.accessKey, &resolved);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(QString::fromUtf8(resolved), info.secretKey);
        e = S3SecretRef::resolve(
            QStringLiteral("keychain"), m_lab.rgwEndpoint(), QStringLiteral("NOSUCHKEY"), &resolved);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY2(e.message.contains(QLatin1String("NOSUCHKEY")) && e.message.contains(QLatin1String("in the keychain")),
            qPrintable(e.message));
        QVERIFY(!SecretStore::removeBlocking(entry));
    }

    void cliCreateUserNeverPrintsTheSecret()
    {
        QTemporaryDir data;
        const QString uid = uniqueUid("cli");
        const cmtest::CliResult r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("s3"), QStringLiteral("create-user"), QStringLiteral("--lab"), m_lab.dir(),
                QStringLiteral("--uid"), uid, QStringLiteral("--json")},
            data.path(), 60000);
        QVERIFY2(r.code == 0, r.err.constData());
        const QString ak = r.json().value(QStringLiteral("accessKey")).toString();
        QCOMPARE(ak.size(), 20);
        QCOMPARE(r.json().value(QStringLiteral("existed")).toBool(), false);
        QString stored;
        QVERIFY(!SecretStore::readBlocking(S3Keychain::entryName(m_lab.rgwEndpoint(), ak), &stored));
        QVERIFY(stored.size() >= 32);
        QVERIFY(!r.out.contains(stored.toUtf8()));
        QVERIFY(!r.err.contains(stored.toUtf8()));
        // Again: the same user and key, read with user info.
        const cmtest::CliResult again = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("s3"), QStringLiteral("create-user"), QStringLiteral("--lab"), m_lab.dir(),
                QStringLiteral("--uid"), uid},
            data.path(), 60000);
        QVERIFY2(again.code == 0, again.err.constData());
        QVERIFY2(again.out.contains(("existing RGW user " + uid).toUtf8()) && again.out.contains(ak.toUtf8()),
            again.out.constData());
        QVERIFY(!again.out.contains(stored.toUtf8()));
        // A node without --endpoint: usage, nothing created.
        const cmtest::CliResult noEndpoint = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("s3"), QStringLiteral("create-user"), QStringLiteral("local"), QStringLiteral("--uid"),
                uniqueUid("x")},
            data.path(), 60000);
        QCOMPARE(noEndpoint.code, 2);
        QVERIFY(noEndpoint.err.contains("--endpoint"));
    }

    void cleanupReadsTheSecretFromTheKeychain()
    {
        QVERIFY(!SecretStore::writeBlocking(
            S3Keychain::entryName(m_lab.rgwEndpoint(), m_lab.s3AccessKey()), m_lab.s3SecretKey()));
        S3Config cfg;
        cfg.endpoint = m_lab.rgwEndpoint();
        cfg.accessKey = m_lab.s3AccessKey().toUtf8();
        cfg.secretKey = m_lab.s3SecretKey().toUtf8();
        S3Client client(cfg);
        const QString b = S3Client::newBucketName(QStringLiteral("kc"));
        QVERIFY(!client.createBucket(b));
        QVERIFY(!client.putObject(b, QStringLiteral("o"), "x"));
        QTemporaryDir data;
        const cmtest::CliResult r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("cleanup"), QStringLiteral("--s3-endpoint"), m_lab.rgwEndpoint(),
                QStringLiteral("--access-key"), m_lab.s3AccessKey(), QStringLiteral("--json")},
            data.path(), 60000);
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray removed = r.json().value(QStringLiteral("removed")).toArray();
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed.first().toObject().value(QStringLiteral("name")).toString(), b);
    }

    void cleanupTestCase() { m_lab.stop(); }
};

QTEST_GUILESS_MAIN(TestS3KeychainUser)
#include "test_s3keychain_user.moc"
