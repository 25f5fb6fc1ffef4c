// SPDX-License-Identifier: GPL-3.0-or-later
// clustermark-cli lab start -> ceph inventory --lab -> lab stop, on a real lab (2 OSDs),
// plus the clear errors of bad arguments.
#include "cephlabfixture.h"
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestCliCeph : public QObject {
    Q_OBJECT

    struct Result {
        int code;
        QByteArray out, err;
    };
    static Result cli(const QStringList &args, int timeoutMs = 120000)
    {
        QProcess p;
        p.start(qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli"), args);
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished();
            return {-1, {}, "timed out"};
        }
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
    }

private Q_SLOTS:
    void labInventoryStop()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QTemporaryDir tmp;
        const QString dir = tmp.filePath(QStringLiteral("lab"));
        Result r = cli({"lab", "start", dir, "--osds", "2"});
        if (r.code != 0)
            cli({"lab", "stop", dir});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains("CEPH_CONF=" + dir.toUtf8() + "/ceph.conf"), r.out.constData());

        r = cli({"ceph", "inventory", "--lab", dir, "--json"}, 30000);
        const Result stop = cli({"lab", "stop", dir});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject inv = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(inv.value(QStringLiteral("osds")).toArray().size(), 2);
        QCOMPARE(inv.value(QStringLiteral("hosts")).toObject().value(QStringLiteral("lab")).toArray().size(), 2);
        QCOMPARE(inv.value(QStringLiteral("filesystems")).toArray().size(), 1);
        QCOMPARE(inv.value(QStringLiteral("rgwDaemons")).toArray().size(), 1);
        QVERIFY(inv.value(QStringLiteral("versions"))
                    .toObject()
                    .value(QStringLiteral("osd"))
                    .toArray()
                    .at(0)
                    .toString()
                    .contains(QStringLiteral("16.2")));

        QVERIFY2(stop.code == 0, stop.err.constData());
        QVERIFY(!QFile::exists(dir));
        // Its daemons are gone: the inventory now fails with a message.
        r = cli({"ceph", "inventory", "--lab", dir, "--json"}, 30000);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("no started lab"), r.err.constData());
    }

    void badArguments()
    {
        Result r = cli({"ceph", "inventory", "--conf", "/nonexistent/ceph.conf", "--json"}, 30000);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("cannot read /nonexistent/ceph.conf"), r.err.constData());
        r = cli({"ceph", "inventory", "--timeout", "x"}, 30000);
        QCOMPARE(r.code, 2);
        r = cli({"ceph", "frobnicate"}, 30000);
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("usage"));
        r = cli({"lab", "stop"}, 30000);
        QCOMPARE(r.code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliCeph)
#include "test_cli_ceph.moc"
