// SPDX-License-Identifier: GPL-3.0-or-later
// "Clean leftovers…" with the lab's S3 gateway (real radosgw, 1 OSD): the dialog lists
// the clustermark-bench-… bucket (with its objects and an unfinished multipart upload)
// next to the Ceph leftovers, never the other bucket, and removes exactly it; with no
// Ceph connection it cleans S3 alone.
#include "cephconnection.h"
#include "cephlabfixture.h"
#include "leftoversdialog.h"
#include "s3/s3client.h"
#include "testutil.h"

#include <QListWidget>
#include <QPushButton>
#include <QTest>

using namespace cm;
using namespace cm::ui;

class TestLeftoversDialogS3 : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    std::unique_ptr<S3Client> m_client;
    S3CleanupTarget m_target;

    QStringList buckets()
    {
        QList<S3BucketEntry> list;
        m_client->listBuckets(&list);
        QStringList names;
        for (const S3BucketEntry &b : std::as_const(list))
            names << b.name;
        return names;
    }

    QString leftoverBucket()
    {
        const QString b = S3Client::newBucketName(QStringLiteral("ui"));
        [&] {
            QVERIFY(!m_client->createBucket(b));
            QVERIFY(!m_client->putObject(b, QStringLiteral("o1"), "one"));
            QVERIFY(m_client->execute(m_client->build("POST", b, QStringLiteral("mp"), {{"uploads", {}}})).ok());
        }();
        return b;
    }

    static QStringList listed(const LeftoversDialog &d)
    {
        QStringList out;
        for (int i = 0; i < d.list()->count(); ++i)
            out << d.list()->item(i)->text();
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        S3Config cfg;
        cfg.endpoint = m_lab.rgwEndpoint();
        cfg.accessKey = m_lab.s3AccessKey().toUtf8();
        cfg.secretKey = m_lab.s3SecretKey().toUtf8();
        m_client = std::make_unique<S3Client>(cfg);
        QVERIFY(m_client->execute(m_client->build("PUT", QStringLiteral("ui-keep-me"), QString())).ok());
        m_target = S3CleanupTarget {m_lab.rgwEndpoint(), m_lab.s3AccessKey(), QStringLiteral("lab:") + m_lab.dir()};
    }

    void cephAndS3Together()
    {
        const QString b = leftoverBucket();
        QCOMPARE(m_lab.client(QStringLiteral("rados"),
                     {QStringLiteral("-p"), QStringLiteral("cephfs_data"), QStringLiteral("put"),
                         QStringLiteral("clustermark-bench-obj"), QStringLiteral("/etc/hostname")}),
            0);
        LeftoversDialog d(CephConnection::forLab(m_lab.dir()).spec, nullptr, {m_target});
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 60000);
        const QString all = listed(d).join(QLatin1Char('|'));
        QVERIFY2(all.contains(QStringLiteral("bucket %1 at %2").arg(b, m_lab.rgwEndpoint())), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("clustermark-bench-obj")), qPrintable(all));
        QVERIFY2(!all.contains(QStringLiteral("ui-keep-me")), qPrintable(all));
        QCOMPARE(d.list()->count(), 2);
        QTest::mouseClick(d.removeButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 60000);
        QVERIFY2(d.statusText().contains(QStringLiteral("Removed 2 item(s)")), qPrintable(d.statusText()));
        QCOMPARE(d.list()->count(), 0);
        QVERIFY(!buckets().contains(b));
        QVERIFY(buckets().contains(QStringLiteral("ui-keep-me")));
    }

    void s3Alone()
    {
        const QString b = leftoverBucket();
        LeftoversDialog d(CephConnectionSpec(), nullptr, {m_target});
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 60000);
        QCOMPARE(listed(d), QStringList {QStringLiteral("bucket %1 at %2").arg(b, m_lab.rgwEndpoint())});
        QTest::mouseClick(d.removeButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 60000);
        QVERIFY2(d.statusText().contains(QStringLiteral("Removed 1 item(s)")), qPrintable(d.statusText()));
        QVERIFY2(d.statusText().contains(QStringLiteral("no clustermark-bench-… pool, image, object or bucket")),
            qPrintable(d.statusText()));
        QVERIFY(!buckets().contains(b));
        // A secret that cannot be resolved: the scan says why.
        LeftoversDialog bad(CephConnectionSpec(), nullptr,
            {S3CleanupTarget {m_lab.rgwEndpoint(), m_lab.s3AccessKey(), QStringLiteral("env:CM_TEST_NOT_SET")}});
        QTRY_VERIFY_WITH_TIMEOUT(!bad.isBusy(), 60000);
        QVERIFY2(bad.statusText().contains(QStringLiteral("CM_TEST_NOT_SET"))
                && bad.statusText().contains(QStringLiteral("not set")),
            qPrintable(bad.statusText()));
    }

    void cleanupTestCase()
    {
        if (m_client)
            m_client->execute(m_client->build("DELETE", QStringLiteral("ui-keep-me"), QString()));
        m_client.reset();
        m_lab.stop();
    }
};

QTEST_MAIN(TestLeftoversDialogS3)
#include "test_leftoversdialog_s3.moc"
