// SPDX-License-Identifier: GPL-3.0-or-later
// librados connection: clear errors within the timeout for a missing config, an
// unreachable mon and a mon address where nothing speaks Ceph.
#include "ceph/radosclient.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestRadosClient : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void missingConfigIsAClearError()
    {
        RadosClient c;
        CephConnectionSpec s;
        s.confPath = QStringLiteral("/nonexistent/ceph.conf");
        const Error e = c.connect(s);
        QVERIFY(e);
        QVERIFY2(e.message.contains(QStringLiteral("/nonexistent/ceph.conf")), qPrintable(e.toString()));
        QVERIFY(!c.isConnected());
    }

    void unreachableMonTimesOut_data()
    {
        QTest::addColumn<bool>("silentListener");
        QTest::newRow("closed port") << false;
        QTest::newRow("silent listener") << true;
    }
    void unreachableMonTimesOut()
    {
        QFETCH(bool, silentListener);
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        const quint16 port = server.serverPort();
        if (!silentListener)
            server.close();
        QTemporaryDir dir;
        RadosClient c;
        CephConnectionSpec s;
        s.monHost = QStringLiteral("127.0.0.1:%1").arg(port);
        s.key = QStringLiteral("AQBrB0pnAAAAABAAc2VjcmV0LW5vdC1yZWFsLWtleT09"); // well-formed, not valid
        s.timeoutSec = 2;
        QElapsedTimer clock;
        clock.start();
        const Error e = c.connect(s);
        QVERIFY(e);
        QVERIFY2(clock.elapsed() < 8000, qPrintable(QStringLiteral("took %1 ms").arg(clock.elapsed())));
        QVERIFY2(e.code == Error::Code::Unreachable || e.code == Error::Code::Timeout, qPrintable(e.toString()));
        QVERIFY(!e.message.isEmpty());
    }

    void monCommandWithoutConnectionIsAnError()
    {
        RadosClient c;
        QByteArray out;
        QCOMPARE(
            c.monCommand({{QStringLiteral("prefix"), QStringLiteral("status")}}, &out).code, Error::Code::Internal);
    }

    void specFromPlanJson()
    {
        const QJsonObject target {{QStringLiteral("conf"), QStringLiteral("/etc/pve/ceph.conf")},
            {QStringLiteral("client"), QStringLiteral("admin")}, {QStringLiteral("opTimeout"), 3}};
        CephConnectionSpec s = CephConnectionSpec::fromJson(target, 10, QStringLiteral("opTimeout"));
        QCOMPARE(s.confPath, QStringLiteral("/etc/pve/ceph.conf"));
        QCOMPARE(s.clientName, QStringLiteral("client.admin"));
        QCOMPARE(s.timeoutSec, 3);
        QCOMPARE(CephConnectionSpec::fromJson({{QStringLiteral("client"), QStringLiteral("client.bench")}}).clientName,
            QStringLiteral("client.bench"));
        QCOMPARE(CephConnectionSpec::fromJson({}).clientName, QStringLiteral("client.admin"));
        s.monHost = QStringLiteral("10.0.0.1:6789");
        s.fsid = QStringLiteral("9754ad25-0000-4000-8000-000000000001");
        s.key = QStringLiteral("AQDsecretsecretsecret==");
        const QJsonObject o = s.toJson();
        QVERIFY(!QJsonDocument(o).toJson().contains("AQDsecret"));
        const CephConnectionSpec back = CephConnectionSpec::fromJson(o);
        QCOMPARE(back.monHost, s.monHost);
        QCOMPARE(back.fsid, s.fsid);
        QVERIFY(back.key.isEmpty());
    }

    // A fetched cluster (mons + fsid, no keyring) whose key is neither in memory nor in
    // a keychain: a clear error before any connection attempt.
    void fetchedClusterWithoutKeyIsAClearError()
    {
        CephConnectionSpec s;
        s.monHost = QStringLiteral("127.0.0.1:9");
        s.fsid = QStringLiteral("00000000-0000-4000-8000-00000000beef");
        RadosClient c;
        const Error e = c.connect(s);
        QVERIFY(e);
        QVERIFY2(e.message.contains(QStringLiteral("no key for client.admin")), qPrintable(e.toString()));
        QVERIFY(!c.isConnected());
    }
};

QTEST_GUILESS_MAIN(TestRadosClient)
#include "test_radosclient.moc"
