// SPDX-License-Identifier: GPL-3.0-or-later
// scripts/lab/ceph-lab.sh against Debian's real Ceph daemons: the lab starts, the real
// clients (ceph, rados, rbd, curl S3) work against it, stop ends exactly its daemons and
// removes its folder, and two labs run side by side.
#include "cephlabfixture.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QDir>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

QByteArray randomBytes(int n)
{
    QByteArray b(n, Qt::Uninitialized);
    for (int i = 0; i < n; ++i)
        b[i] = char(QRandomGenerator::global()->bounded(256));
    return b;
}

// curl with AWS SigV4; RGW answers 403 unless the payload hash header is present.
int s3(const cmtest::CephLabFixture &lab, const QString &secret, const QStringList &args, QByteArray *body)
{
    QProcess p;
    p.start(QStringLiteral("curl"),
        QStringList {QStringLiteral("-sS"), QStringLiteral("-o"), QStringLiteral("-"), QStringLiteral("-w"),
            QStringLiteral("\n%{http_code}"), QStringLiteral("--max-time"), QStringLiteral("20"),
            QStringLiteral("--aws-sigv4"), QStringLiteral("aws:amz:us-east-1:s3"), QStringLiteral("--user"),
            lab.s3AccessKey() + QLatin1Char(':') + secret, QStringLiteral("-H"),
            QStringLiteral("x-amz-content-sha256: UNSIGNED-PAYLOAD")}
            + args);
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return -1;
    const QByteArray out = p.readAllStandardOutput();
    const qsizetype nl = out.lastIndexOf('\n');
    if (body)
        *body = out.left(nl);
    return out.mid(nl + 1).toInt();
}

QJsonObject cephStatus(const cmtest::CephLabFixture &lab)
{
    QByteArray out;
    if (lab.client(QStringLiteral("ceph"), {QStringLiteral("-s"), QStringLiteral("-f"), QStringLiteral("json")}, &out)
        != 0)
        return {};
    return QJsonDocument::fromJson(out).object();
}

} // namespace

class TestCephLab : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(QFile::exists(cmtest::CephLabFixture::script()), qPrintable(cmtest::CephLabFixture::script()));
    }

    void stopWithoutStartIsNoOp()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QProcess p;
        p.start(QStringLiteral("bash"),
            {cmtest::CephLabFixture::script(), QStringLiteral("stop"), tmp.filePath(QStringLiteral("never"))});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 0);
        // A folder that is not a lab is left alone, files included.
        QFile f(tmp.filePath(QStringLiteral("keep.txt")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("mine");
        f.close();
        p.start(QStringLiteral("bash"), {cmtest::CephLabFixture::script(), QStringLiteral("stop"), tmp.path()});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(QFile::exists(f.fileName()));
    }

    // --addr must be an IPv4 address this host has: anything else is refused before a
    // daemon starts, and the folder stays empty.
    void addressIsChecked()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        for (const QString &addr : {QStringLiteral("10.255.255.254"), QStringLiteral("1.2.3"),
                 QStringLiteral("127.0.0.1;reboot"), QStringLiteral("300.1.1.1")}) {
            QProcess p;
            p.start(QStringLiteral("bash"),
                {cmtest::CephLabFixture::script(), QStringLiteral("start"), tmp.filePath(QStringLiteral("lab")),
                    QStringLiteral("--addr"), addr});
            QVERIFY(p.waitForFinished(20000));
            QCOMPARE(p.exitCode(), 2);
            QVERIFY2(p.readAllStandardError().contains("--addr"), qPrintable(addr));
            QVERIFY(QDir(tmp.filePath(QStringLiteral("lab"))).isEmpty());
        }
    }

    // A start that cannot finish in time fails with a message and leaves no daemon.
    void startTimeoutLeavesNothing()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString dir = tmp.filePath(QStringLiteral("lab"));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CEPH_LAB_TIMEOUT"), QStringLiteral("1"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("bash"),
            {cmtest::CephLabFixture::script(), QStringLiteral("start"), dir, QStringLiteral("--osds"),
                QStringLiteral("1")});
        QVERIFY(p.waitForFinished(60000));
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitCode() != 0, err.constData());
        QVERIFY2(err.contains("start failed"), err.constData());
        QVERIFY(p.readAllStandardOutput().isEmpty()); // no KEY=VALUE lines
        QVERIFY2(cmtest::processesMatching(dir.toUtf8()).isEmpty(), "a failed start left a daemon running");
        QVERIFY(QFile::exists(dir + QStringLiteral("/log"))); // kept for a look
        p.start(QStringLiteral("bash"), {cmtest::CephLabFixture::script(), QStringLiteral("stop"), dir});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(!QFile::exists(dir));
    }

    void startUseStop()
    {
        cmtest::CephLabFixture lab;
        QVERIFY2(lab.start(3), qPrintable(lab.whyNot()));
        qInfo("lab with 3 OSDs usable after %lld ms", static_cast<long long>(lab.startMs()));
        const QString dir = lab.dir();
        QVERIFY(!cmtest::processesMatching(dir.toUtf8()).isEmpty());

        // The printed values.
        QCOMPARE(lab.osds(), 3);
        QCOMPARE(lab.poolSize(), 1);
        QVERIFY(lab.confPath().startsWith(dir));
        QVERIFY(lab.keyringPath().startsWith(dir));
        QVERIFY(QRegularExpression(QStringLiteral("^127\\.0\\.0\\.1:\\d+$")).match(lab.monAddr()).hasMatch());
        const QRegularExpressionMatch rgw
            = QRegularExpression(QStringLiteral("^http://127\\.0\\.0\\.1:(\\d+)$")).match(lab.rgwEndpoint());
        QVERIFY2(rgw.hasMatch(), qPrintable(lab.rgwEndpoint()));
        QVERIFY(rgw.captured(1).toInt() < 32768 && lab.monAddr().section(QLatin1Char(':'), 1).toInt() < 32768);
        QVERIFY(!lab.s3AccessKey().isEmpty() && !lab.s3SecretKey().isEmpty());

        checkHealthy(lab, 3);
        {
            QProcess st;
            st.start(QStringLiteral("bash"), {cmtest::CephLabFixture::script(), QStringLiteral("status"), dir});
            QVERIFY(st.waitForFinished(10000));
            const QByteArray out = st.readAllStandardOutput();
            QCOMPARE(st.exitCode(), 0);
            QVERIFY2(
                out.contains("DAEMON_OSD_2=running") && out.contains("DAEMON_CLIENT_RGW_LAB=running"), out.constData());
        }

        // RADOS: an object round trip in a pool of our own.
        QVERIFY(lab.createPool(QStringLiteral("cmtest")));
        QTemporaryDir tmp;
        const QByteArray payload = randomBytes(300000);
        const QString in = tmp.filePath(QStringLiteral("in")), back = tmp.filePath(QStringLiteral("back"));
        {
            QFile f(in);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(payload);
        }
        QByteArray err;
        QCOMPARE(lab.client(QStringLiteral("rados"),
                     {QStringLiteral("-p"), QStringLiteral("cmtest"), QStringLiteral("put"), QStringLiteral("obj"), in},
                     nullptr, &err),
            0);
        QCOMPARE(
            lab.client(QStringLiteral("rados"),
                {QStringLiteral("-p"), QStringLiteral("cmtest"), QStringLiteral("get"), QStringLiteral("obj"), back},
                nullptr, &err),
            0);
        {
            QFile f(back);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY(f.readAll() == payload);
        }

        // RBD: an image created and removed.
        QVERIFY(lab.createPool(QStringLiteral("rbd"), QStringLiteral("rbd")));
        QByteArray out;
        QCOMPARE(lab.client(QStringLiteral("rbd"),
                     {QStringLiteral("create"), QStringLiteral("rbd/cmimg"), QStringLiteral("--size"),
                         QStringLiteral("64M")},
                     nullptr, &err),
            0);
        QCOMPARE(lab.client(QStringLiteral("rbd"), {QStringLiteral("ls"), QStringLiteral("rbd")}, &out), 0);
        QVERIFY2(out.split('\n').contains("cmimg"), out.constData());
        QCOMPARE(
            lab.client(QStringLiteral("rbd"), {QStringLiteral("rm"), QStringLiteral("rbd/cmimg")}, nullptr, &err), 0);
        QCOMPARE(lab.client(QStringLiteral("rbd"), {QStringLiteral("ls"), QStringLiteral("rbd")}, &out), 0);
        QVERIFY(!out.split('\n').contains("cmimg"));

        // CephFS.
        QCOMPARE(lab.client(QStringLiteral("ceph"),
                     {QStringLiteral("fs"), QStringLiteral("ls"), QStringLiteral("-f"), QStringLiteral("json")}, &out),
            0);
        const QJsonArray fss = QJsonDocument::fromJson(out).array();
        QCOMPARE(fss.size(), 1);
        QCOMPARE(fss.at(0).toObject().value(QStringLiteral("name")).toString(), lab.cephfsName());

        // S3 through radosgw: bucket, object PUT/GET, and a wrong secret refused.
        const QString bucket = lab.rgwEndpoint() + QStringLiteral("/cmbucket");
        QByteArray body;
        QCOMPARE(s3(lab, lab.s3SecretKey(), {QStringLiteral("-X"), QStringLiteral("PUT"), bucket}, &body), 200);
        const QByteArray s3payload = randomBytes(65536);
        {
            QFile f(in);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(s3payload);
        }
        QCOMPARE(s3(lab, lab.s3SecretKey(), {QStringLiteral("-T"), in, bucket + QStringLiteral("/obj")}, &body), 200);
        QCOMPARE(s3(lab, lab.s3SecretKey(), {bucket + QStringLiteral("/obj")}, &body), 200);
        QVERIFY(body == s3payload);
        QCOMPARE(s3(lab, QStringLiteral("wrong") + lab.s3SecretKey(), {bucket + QStringLiteral("/obj")}, &body), 403);

        // A decoy the stop must spare: not a Ceph daemon, though its command line names
        // the lab's ceph.conf and a pid file in the lab points at it.
        QProcess decoy;
        decoy.start(QStringLiteral("/usr/bin/python3"),
            {QStringLiteral("-c"), QStringLiteral("import time; time.sleep(120)"), lab.confPath()});
        QVERIFY(decoy.waitForStarted());
        {
            QFile f(dir + QStringLiteral("/run/osd.7.pid"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::number(decoy.processId()) + '\n');
        }

        QElapsedTimer t;
        t.start();
        QVERIFY(lab.stop());
        qInfo("stopped in %lld ms", static_cast<long long>(t.elapsed()));
        QVERIFY2(cmtest::processAlive(decoy.processId()), "stop ended a process that is not a daemon of the lab");
        decoy.kill();
        QVERIFY(decoy.waitForFinished());
        QVERIFY2(cmtest::processesMatching(dir.toUtf8()).isEmpty(), "a daemon of the lab is still running");
        QVERIFY(!QFile::exists(dir));

        // Stopping twice is harmless.
        QVERIFY(lab.stop());
    }

    void twoLabsSideBySide()
    {
        cmtest::CephLabFixture a, b;
        QVERIFY2(a.start(1), qPrintable(a.whyNot()));
        QVERIFY2(b.start(1), qPrintable(b.whyNot()));
        qInfo("second lab (1 OSD) usable after %lld ms", static_cast<long long>(b.startMs()));
        QVERIFY(a.fsid() != b.fsid());
        QVERIFY(a.monAddr() != b.monAddr());
        QVERIFY(a.rgwEndpoint() != b.rgwEndpoint());
        checkHealthy(a, 1);
        checkHealthy(b, 1);
        QCOMPARE(cephStatus(a).value(QStringLiteral("fsid")).toString(), a.fsid());
        QCOMPARE(cephStatus(b).value(QStringLiteral("fsid")).toString(), b.fsid());

        // Stopping one leaves the other untouched.
        const QList<qint64> aPids = cmtest::processesMatching(a.dir().toUtf8());
        QVERIFY(aPids.size() >= 5);
        QVERIFY(b.stop());
        QVERIFY(cmtest::processesMatching(b.dir().toUtf8()).isEmpty());
        for (qint64 pid : aPids)
            QVERIFY2(cmtest::processAlive(pid), "stopping one lab ended a daemon of the other");
        checkHealthy(a, 1);
        QVERIFY(a.stop());
        QVERIFY(cmtest::processesMatching(a.dir().toUtf8()).isEmpty());
        QVERIFY(!QFile::exists(a.dir()) && !QFile::exists(b.dir()));
    }

private:
    void checkHealthy(const cmtest::CephLabFixture &lab, int osds)
    {
        const QJsonObject st = cephStatus(lab);
        QVERIFY2(!st.isEmpty(), "ceph -s -f json failed");
        const QString health = st.value(QStringLiteral("health")).toObject().value(QStringLiteral("status")).toString();
        QVERIFY2(health == QLatin1String("HEALTH_OK") || health == QLatin1String("HEALTH_WARN"),
            QJsonDocument(st.value(QStringLiteral("health")).toObject()).toJson().constData());
        const QJsonObject osdmap = st.value(QStringLiteral("osdmap")).toObject();
        QCOMPARE(osdmap.value(QStringLiteral("num_osds")).toInt(), osds);
        QCOMPARE(osdmap.value(QStringLiteral("num_up_osds")).toInt(), osds);
        QCOMPARE(osdmap.value(QStringLiteral("num_in_osds")).toInt(), osds);
    }
};

QTEST_GUILESS_MAIN(TestCephLab)
#include "test_cephlab.moc"
