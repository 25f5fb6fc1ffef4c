// SPDX-License-Identifier: GPL-3.0-or-later
// The Ceph inventory of a real lab cluster (scripts/lab/ceph-lab.sh, 3 OSDs) read
// through librados: OSDs, pools, CephFS, RGW, versions; a health check appearing; a
// wrong key refused within the timeout.
#include "ceph/cephinventoryprobe.h"
#include "ceph/radosclient.h"
#include "cephlabfixture.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QTest>
#include <QThread>

#include <csignal>

using namespace cm;

class TestCephInventory : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(3), qPrintable(m_lab.whyNot()));
        qInfo("lab started in %lld ms", m_lab.startMs());
    }

    void inventoryOfTheLab()
    {
        RadosClient c;
        CephConnectionSpec s;
        s.confPath = m_lab.confPath();
        s.keyringPath = m_lab.keyringPath();
        s.timeoutSec = 5;
        QVERIFY2(!c.connect(s), "connect failed");
        QElapsedTimer t;
        t.start();
        Error e;
        CephInventory inv = probeCephInventory(c, &e);
        qInfo("probe took %lld ms", t.elapsed());
        // radosgw shows in the service map a moment after it answers HTTP
        for (int i = 0; i < 40 && !e && inv.rgwDaemons.isEmpty(); ++i) {
            QTest::qWait(250);
            inv = probeCephInventory(c, &e);
        }
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY2(inv.warnings.isEmpty(), qPrintable(inv.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(inv.fsid, m_lab.fsid());
        QVERIFY2(inv.healthStatus == QLatin1String("HEALTH_OK") || inv.healthStatus == QLatin1String("HEALTH_WARN"),
            qPrintable(inv.healthStatus));
        QCOMPARE(inv.hosts.keys(), QStringList {"lab"});
        QCOMPARE(inv.hosts.value(QStringLiteral("lab")), (QList<int> {0, 1, 2}));
        QCOMPARE(inv.osds.size(), 3);
        for (const CephOsd &o : inv.osds) {
            QVERIFY2(o.up && o.in, qPrintable(o.name));
            QCOMPARE(o.host, QStringLiteral("lab"));
            QVERIFY(o.kb > 0);
            QVERIFY(o.crushWeight > 0);
        }
        QVERIFY(inv.pools.size() >= 2);
        for (const CephPool &p : inv.pools)
            QCOMPARE(p.size, m_lab.poolSize());
        QCOMPARE(inv.filesystems.size(), 1);
        const CephFilesystem &fs = inv.filesystems.at(0);
        QCOMPARE(fs.name, m_lab.cephfsName());
        QVERIFY(inv.pool(fs.metadataPool));
        QCOMPARE(fs.dataPools.size(), 1);
        QVERIFY(inv.pool(fs.dataPools.at(0)));
        QCOMPARE(inv.pool(fs.metadataPool)->applications, QStringList {"cephfs"});
        QCOMPARE(fs.mdsActive, 1);
        QCOMPARE(inv.rgwDaemons.size(), 1);
        QCOMPARE(QStringLiteral("http://") + inv.rgwDaemons.at(0).endpoint, m_lab.rgwEndpoint());
        for (const char *type : {"mon", "mgr", "osd", "mds", "rgw"}) {
            const QStringList v = inv.versions.value(QLatin1String(type));
            QVERIFY2(v.size() == 1 && v.at(0).contains(QStringLiteral("16.2")), type);
        }
        QCOMPARE(suggestedNodes(inv).size(), 1);

        // A pool without application and holding an object raises POOL_APP_NOT_ENABLED.
        QVERIFY(!inv.hasCheck(QStringLiteral("POOL_APP_NOT_ENABLED")));
        QCOMPARE(m_lab.client(QStringLiteral("ceph"), {"osd", "pool", "create", "noapp", "8"}), 0);
        QFile obj(m_lab.dir() + QStringLiteral("/obj"));
        QVERIFY(obj.open(QIODevice::WriteOnly) && obj.write("x") == 1);
        obj.close();
        QCOMPARE(m_lab.client(QStringLiteral("rados"), {"-p", "noapp", "put", "o1", obj.fileName()}), 0);
        CephInventory after;
        t.restart();
        while (t.elapsed() < 15000) {
            after = probeCephInventory(c, &e);
            QVERIFY2(!e, qPrintable(e.toString()));
            if (after.hasCheck(QStringLiteral("POOL_APP_NOT_ENABLED")))
                break;
            QThread::msleep(300);
        }
        qInfo("health check seen after %lld ms", t.elapsed());
        QVERIFY2(
            after.hasCheck(QStringLiteral("POOL_APP_NOT_ENABLED")), QJsonDocument(after.toJson()).toJson().constData());
        QCOMPARE(after.healthStatus, QStringLiteral("HEALTH_WARN"));
        QVERIFY(after.pool(QStringLiteral("noapp")));
        QVERIFY(after.pool(QStringLiteral("noapp"))->applications.isEmpty());
    }

    // After inventoryOfTheLab: an erasure-coded pool with its profile's k and m, then
    // an OSD stopped by its pid file shows down (and, with noout, still in).
    void erasurePoolAndDownOsd()
    {
        RadosClient c;
        CephConnectionSpec s;
        s.confPath = m_lab.confPath();
        s.keyringPath = m_lab.keyringPath();
        s.timeoutSec = 5;
        QVERIFY(!c.connect(s));
        QCOMPARE(m_lab.client(QStringLiteral("ceph"),
                     {"osd", "erasure-code-profile", "set", "ec21", "k=2", "m=1", "crush-failure-domain=osd"}),
            0);
        QCOMPARE(
            m_lab.client(QStringLiteral("ceph"), {"osd", "pool", "create", "ecpool", "8", "8", "erasure", "ec21"}), 0);
        QCOMPARE(m_lab.client(QStringLiteral("ceph"), {"osd", "set", "noout"}), 0);
        Error e;
        CephInventory inv = probeCephInventory(c, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        const CephPool *ec = inv.pool(QStringLiteral("ecpool"));
        QVERIFY(ec);
        QVERIFY(ec->isErasure());
        QCOMPARE(ec->erasureCodeProfile, QStringLiteral("ec21"));
        QCOMPARE(ec->k, 2);
        QCOMPARE(ec->m, 1);
        QCOMPARE(ec->size, 3);

        QFile pidFile(m_lab.dir() + QStringLiteral("/run/osd.2.pid"));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const pid_t pid = pid_t(pidFile.readAll().trimmed().toInt());
        QVERIFY(pid > 0 && cmtest::processAlive(pid));
        QCOMPARE(::kill(pid, SIGTERM), 0);
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 15000) {
            inv = probeCephInventory(c, &e);
            QVERIFY2(!e, qPrintable(e.toString()));
            if (inv.osd(2) && !inv.osd(2)->up)
                break;
            QThread::msleep(200);
        }
        qInfo("osd.2 seen down after %lld ms", t.elapsed());
        QVERIFY(inv.osd(2) && !inv.osd(2)->up);
        QVERIFY(inv.osd(2)->in);
        QVERIFY(inv.osd(0)->up && inv.osd(1)->up);
        QVERIFY(inv.hasCheck(QStringLiteral("OSDMAP_FLAGS")));
    }

    void wrongKeyIsRefused()
    {
        RadosClient c;
        CephConnectionSpec s;
        s.confPath = m_lab.confPath();
        s.keyringPath = QStringLiteral("/nonexistent-keyring");
        s.key = QStringLiteral("AQBrB0pnAAAAABAAc2VjcmV0LW5vdC1yZWFsLWtleT09"); // well-formed, wrong
        s.timeoutSec = 5;
        QElapsedTimer t;
        t.start();
        const Error e = c.connect(s);
        qInfo("wrong key: %s after %lld ms", qPrintable(e.toString()), t.elapsed());
        QVERIFY(e);
        QVERIFY2(t.elapsed() < 8000, qPrintable(QString::number(t.elapsed())));
        QVERIFY2(e.code == Error::Code::AuthDenied, qPrintable(e.toString()));
        QVERIFY(!c.isConnected());
        Error pe;
        QVERIFY(probeCephInventory(c, &pe).fsid.isEmpty());
        QVERIFY(pe);
    }

    void missingKeyringSaysSo()
    {
        RadosClient c;
        CephConnectionSpec s;
        s.monHost = QStringLiteral("v2:") + m_lab.monAddr(); // the lab speaks msgr v2 only
        s.keyringPath = QStringLiteral("/nonexistent/keyring");
        s.timeoutSec = 5;
        const Error e = c.connect(s);
        // librados reports a missing key as ENOENT (with a conf) or EACCES: never "unreachable"
        QVERIFY2(e.code == Error::Code::PathMissing || e.code == Error::Code::AuthDenied, qPrintable(e.toString()));
        QVERIFY(!c.isConnected());
    }

private:
    cmtest::CephLabFixture m_lab;
};

QTEST_GUILESS_MAIN(TestCephInventory)
#include "test_cephinventory.moc"
