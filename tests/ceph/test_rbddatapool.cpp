// SPDX-License-Identifier: GPL-3.0-or-later
// RBD with its data on an erasure-coded pool, as Proxmox lays it out, against a
// replicated pool on a 3-OSD lab, through the CLI: each run's steps record the pool
// they wrote to (type, size, EC profile, CRUSH rule) and the cluster's version, and the
// compare of the two runs names the pool's type and profile as differences.
#include "cephlabfixture.h"
#include "clirun.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestRbdDataPool : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    QTemporaryDir m_data;

    cmtest::CliResult cli(const QStringList &args, int timeoutMs = 120000)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), timeoutMs);
    }

    // One 4k QD1 random-write step of the native engine, its data in dataPool (or not).
    qint64 run(const QString &dataPool)
    {
        QStringList args {QStringLiteral("plan"), QStringLiteral("rbd"), QStringLiteral("--engine"),
            QStringLiteral("native"), QStringLiteral("--lab"), m_lab.dir(), QStringLiteral("--pool"),
            QStringLiteral("rbdmeta"), QStringLiteral("--image-size"), QStringLiteral("64M"),
            QStringLiteral("--runtime"), QStringLiteral("2")};
        if (!dataPool.isEmpty())
            args << QStringLiteral("--data-pool") << dataPool;
        const cmtest::CliResult plan = cli(args);
        if (plan.code != 0)
            return 0;
        QJsonObject p = plan.json();
        QJsonArray one;
        for (const QJsonValue &s : p.value(QStringLiteral("steps")).toArray())
            if (s[QStringLiteral("id")].toString() == QLatin1String("randwrite-4k-qd1"))
                one << s;
        p.insert(QStringLiteral("steps"), one);
        const QString file = m_data.filePath(QStringLiteral("plan-%1.json").arg(dataPool));
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly))
            return 0;
        f.write(QJsonDocument(p).toJson());
        f.close();
        const cmtest::CliResult r = cli({QStringLiteral("run"), file});
        if (r.code != 0)
            qWarning("%s", r.err.constData());
        return r.code == 0 ? r.json().value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toInteger()
                           : 0;
    }

    QJsonObject environmentOf(qint64 run)
    {
        const cmtest::CliResult r = cli({QStringLiteral("show"), QString::number(run), QStringLiteral("--json")});
        return r.json().value(QStringLiteral("steps")).toArray().first()[QStringLiteral("environment")].toObject();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(3), qPrintable(m_lab.whyNot()));
        const auto ceph = [this](const QStringList &a) { return m_lab.client(QStringLiteral("ceph"), a); };
        QCOMPARE(ceph({QStringLiteral("osd"), QStringLiteral("erasure-code-profile"), QStringLiteral("set"),
                     QStringLiteral("ec21"), QStringLiteral("k=2"), QStringLiteral("m=1"),
                     QStringLiteral("crush-failure-domain=osd")}),
            0);
        QCOMPARE(
            ceph({QStringLiteral("osd"), QStringLiteral("pool"), QStringLiteral("create"), QStringLiteral("ecdata"),
                QStringLiteral("8"), QStringLiteral("8"), QStringLiteral("erasure"), QStringLiteral("ec21")}),
            0);
        QCOMPARE(ceph({QStringLiteral("osd"), QStringLiteral("pool"), QStringLiteral("set"), QStringLiteral("ecdata"),
                     QStringLiteral("allow_ec_overwrites"), QStringLiteral("true")}),
            0);
        QCOMPARE(ceph({QStringLiteral("osd"), QStringLiteral("pool"), QStringLiteral("application"),
                     QStringLiteral("enable"), QStringLiteral("ecdata"), QStringLiteral("rbd")}),
            0);
        QVERIFY(m_lab.createPool(QStringLiteral("rbdmeta"), QStringLiteral("rbd"), 8));
        QCOMPARE(m_lab.client(QStringLiteral("rbd"),
                     {QStringLiteral("pool"), QStringLiteral("init"), QStringLiteral("rbdmeta")}),
            0);
    }
    void cleanupTestCase() { m_lab.stop(); }

    void erasureAgainstReplicated()
    {
        const qint64 ec = run(QStringLiteral("ecdata"));
        QVERIFY(ec > 0);
        const qint64 replicated = run(QString());
        QVERIFY(replicated > 0);
        const QJsonObject e = environmentOf(ec);
        QCOMPARE(e.value(QStringLiteral("pool")).toString(), QStringLiteral("ecdata"));
        QCOMPARE(e.value(QStringLiteral("pool_type")).toString(), QStringLiteral("erasure"));
        QCOMPARE(e.value(QStringLiteral("pool_size")).toInt(), 3);
        QVERIFY2(e.value(QStringLiteral("ec_profile")).toString().startsWith(QLatin1String("ec21: k=2 m=1")),
            QJsonDocument(e).toJson().constData());
        QVERIFY(e.value(QStringLiteral("ceph_version")).toString().startsWith(QLatin1String("16.2.")));
        QCOMPARE(e.value(QStringLiteral("osd_count")).toString(), QStringLiteral("3 (3 up, 3 in)"));
        const QJsonObject r = environmentOf(replicated);
        QCOMPARE(r.value(QStringLiteral("pool")).toString(), QStringLiteral("rbdmeta"));
        QCOMPARE(r.value(QStringLiteral("pool_type")).toString(), QStringLiteral("replicated"));
        QVERIFY(!r.contains(QStringLiteral("ec_profile")));

        const cmtest::CliResult cmp = cli({QStringLiteral("compare"), QString::number(ec), QString::number(replicated),
            QStringLiteral("--no-redact")});
        QCOMPARE(cmp.code, 0);
        for (const char *said :
            {"pool type: erasure → replicated", "erasure-code profile: ec21: k=2 m=1", "data pool: ecdata → (not set)"})
            QVERIFY2(cmp.out.contains(said), cmp.out.constData());
        // The chart's footer names the version and the pool.
        const QString svg = m_data.filePath(QStringLiteral("ec.svg"));
        const cmtest::CliResult chart = cli({QStringLiteral("export"), QString::number(ec), QStringLiteral("--svg"),
            svg, QStringLiteral("--no-redact")});
        QVERIFY2(chart.code == 0, chart.err.constData());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("Ceph 16.2."));
        QVERIFY(text.contains("pool ecdata (EC k=2 m=1)"));
    }
};

QTEST_GUILESS_MAIN(TestRbdDataPool)
#include "test_rbddatapool.moc"
