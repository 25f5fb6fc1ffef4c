// SPDX-License-Identifier: GPL-3.0-or-later
// RgwUserCreator against the lab's real Ceph (radosgw-admin with the lab's conf and
// keyring): through LocalTransport and through a real sshd on 127.0.0.1. A created
// user's key works against the gateway; creating it again reads the same key with
// `user info`; a display name full of shell characters arrives verbatim; a bad conf,
// an unreadable keyring, a missing radosgw-admin and a bad uid give clear errors.
#include "cephlabfixture.h"
#include "s3/rgwusercreator.h"
#include "s3/s3client.h"
#include "sshdfixture.h"
#include "testutil.h"
#include "transport/localtransport.h"
#include "transport/sshtransport.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace cm;

class TestRgwUser : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    RgwAdminOptions m_opts;

    static QString uniqueUid(const char *tag)
    {
        return QStringLiteral("cm-%1-%2")
            .arg(QLatin1String(tag))
            .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    }

    QByteArray userInfo(const QString &uid)
    {
        QByteArray out;
        m_lab.client(QStringLiteral("radosgw-admin"),
            {QStringLiteral("user"), QStringLiteral("info"), QStringLiteral("--uid=") + uid}, &out);
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        m_opts.confPath = m_lab.confPath();
        m_opts.keyringPath = m_lab.keyringPath();
        m_opts.timeoutMs = 30000;
    }

    void createThenCreateAgainGivesTheSameKey()
    {
        LocalTransport t;
        RgwUserCreator creator(t, m_opts);
        const QString uid = uniqueUid("local");
        RgwUserCredentials first, again;
        Error e = creator.createOrGet(uid, QStringLiteral("Bench O'Brien $(touch /tmp/cm-rgw-pwned) ;\"x\""), &first);
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(!first.existed);
        QCOMPARE(first.uid, uid);
        QCOMPARE(first.accessKey.size(), 20);
        QVERIFY(first.secretKey.size() >= 32);
        // The display name went through the shell as one literal argument.
        QCOMPARE(first.displayName, QStringLiteral("Bench O'Brien $(touch /tmp/cm-rgw-pwned) ;\"x\""));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/cm-rgw-pwned")));
        QVERIFY(userInfo(uid).contains(first.accessKey.toUtf8()));

        e = creator.createOrGet(uid, QString(), &again);
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(again.existed);
        QCOMPARE(again.accessKey, first.accessKey);
        QCOMPARE(again.secretKey, first.secretKey);

        // The key is real: the gateway accepts it (and rejects a wrong secret).
        S3Config cfg;
        cfg.endpoint = m_lab.rgwEndpoint();
        cfg.accessKey = first.accessKey.toUtf8();
        cfg.secretKey = first.secretKey.toUtf8();
        S3Client client(cfg);
        QList<S3BucketEntry> buckets;
        e = client.listBuckets(&buckets);
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(buckets.isEmpty());
        cfg.secretKey = "wrong" + cfg.secretKey;
        S3Client wrong(cfg);
        QCOMPARE(wrong.listBuckets(&buckets).code, Error::Code::AuthDenied);
    }

    void clearErrors()
    {
        LocalTransport t;
        RgwUserCredentials c;
        RgwAdminOptions bad = m_opts;
        bad.confPath = QStringLiteral("/nonexistent/ceph.conf");
        Error e = RgwUserCreator(t, bad).createOrGet(uniqueUid("badconf"), QString(), &c);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY2(e.message.contains(QLatin1String("cannot open the Ceph config /nonexistent/ceph.conf")),
            qPrintable(e.message));

        RgwAdminOptions noTool = m_opts;
        noTool.commandPrefix = {QStringLiteral("env"), QStringLiteral("PATH=/nonexistent")};
        e = RgwUserCreator(t, noTool).createOrGet(uniqueUid("notool"), QString(), &c);
        QCOMPARE(e.code, Error::Code::ToolMissing);
        QVERIFY2(e.message.contains(QLatin1String("radosgw-admin is not installed")), qPrintable(e.message));

        e = RgwUserCreator(t, m_opts).createOrGet(QStringLiteral("bad uid; rm -rf /"), QString(), &c);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY(c.accessKey.isEmpty());
    }

    void unreadableKeyringIsPermissionDenied()
    {
        if (geteuid() != 0 || !QFile::exists(QStringLiteral("/usr/sbin/runuser")))
            QSKIP("needs root and runuser to run radosgw-admin as nobody");
        // nobody can read a copy of the conf, not the lab's keyring (mode 600).
        QTemporaryDir dir;
        QVERIFY(QFile::setPermissions(
            dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther));
        const QString conf = dir.filePath(QStringLiteral("ceph.conf"));
        QVERIFY(QFile::copy(m_lab.confPath(), conf));
        QVERIFY(QFile::setPermissions(conf, QFile::ReadOwner | QFile::ReadOther));
        RgwAdminOptions o = m_opts;
        o.confPath = conf;
        o.commandPrefix
            = {QStringLiteral("runuser"), QStringLiteral("-u"), QStringLiteral("nobody"), QStringLiteral("--")};
        LocalTransport t;
        RgwUserCredentials c;
        const Error e = RgwUserCreator(t, o).createOrGet(uniqueUid("perm"), QString(), &c);
        QCOMPARE(e.code, Error::Code::AuthDenied);
        QVERIFY2(e.message.contains(QLatin1String("permission denied")), qPrintable(e.message));
    }

    void overSsh()
    {
        cmtest::SshdFixture sshd;
        CM_REQUIRE_FIXTURE(sshd.start(), sshd.whyNot());
        SshTransport t(sshd.node(), {}, sshd.options());
        const QString uid = uniqueUid("ssh");
        RgwUserCredentials c, again;
        Error e = RgwUserCreator(t, m_opts).createOrGet(uid, QStringLiteral("over ssh"), &c);
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(!c.existed);
        QVERIFY(userInfo(uid).contains(c.accessKey.toUtf8()));
        e = RgwUserCreator(t, m_opts).createOrGet(uid, QStringLiteral("over ssh"), &again);
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(again.existed);
        QCOMPARE(again.secretKey, c.secretKey);
    }

    void cleanupTestCase() { m_lab.stop(); }
};

QTEST_GUILESS_MAIN(TestRgwUser)
#include "test_rgwuser.moc"
