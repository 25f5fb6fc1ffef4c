// SPDX-License-Identifier: GPL-3.0-or-later
// clustermark-cli end to end: plan → run → sessions → show, inventory; bad input.
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

class TestCli : public QObject {
    Q_OBJECT

    struct Out {
        int code = -1;
        QByteArray out, err;
        QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
    };

    QTemporaryDir m_data;

    Out cli(const QStringList &args, int timeoutMs = 120000)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTERMARK_DATA_DIR"), m_data.path());
        p.setProcessEnvironment(env);
        p.start(qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli"), args);
        if (!p.waitForFinished(timeoutMs))
            p.kill();
        p.waitForFinished();
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
    }

private Q_SLOTS:
    void planRunShow()
    {
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        QTemporaryDir target;
        Out plan = cli({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--preset"),
            QStringLiteral("quick"), QStringLiteral("--target"), target.path(), QStringLiteral("--size"),
            QStringLiteral("16M"), QStringLiteral("--runtime"), QStringLiteral("1"), QStringLiteral("--session"),
            QStringLiteral("cli test")});
        QCOMPARE(plan.code, 0);
        QJsonObject p = plan.json();
        QCOMPARE(p.value(QStringLiteral("kind")).toString(), QStringLiteral("disk-fio"));
        QCOMPARE(p.value(QStringLiteral("steps")).toArray().size(), 8);
        // keep the run short: the first two steps
        p.insert(QStringLiteral("steps"),
            QJsonArray {
                p.value(QStringLiteral("steps")).toArray().at(0), p.value(QStringLiteral("steps")).toArray().at(1)});
        const QString planFile = m_data.filePath(QStringLiteral("plan.json"));
        QFile f(planFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(p).toJson());
        f.close();

        const QString md = m_data.filePath(QStringLiteral("summary.md"));
        Out run = cli({QStringLiteral("run"), planFile, QStringLiteral("--markdown-out"), md});
        QVERIFY2(run.code == 0, run.err.constData());
        QVERIFY(run.err.contains("[1/2] SEQ1M Q8T1 Read"));
        const QJsonObject r = run.json();
        QCOMPARE(r.value(QStringLiteral("run")).toObject().value(QStringLiteral("status")).toString(),
            QStringLiteral("completed"));
        const qint64 id = qint64(r.value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toDouble());
        QVERIFY(id > 0);
        QFile mdFile(md);
        QVERIFY(mdFile.open(QIODevice::ReadOnly));
        const QByteArray mdText = mdFile.readAll();
        QVERIFY2(mdText.contains("SEQ1M Q8T1 Read"), mdText.constData());
        QVERIFY(mdText.contains("| Test"));

        Out sessions = cli({QStringLiteral("sessions")});
        QCOMPARE(sessions.code, 0);
        const QJsonArray ss = sessions.json().value(QStringLiteral("sessions")).toArray();
        bool found = false;
        for (const auto &s : ss)
            if (s.toObject().value(QStringLiteral("name")).toString() == QLatin1String("cli test"))
                found = s.toObject().value(QStringLiteral("runs")).toArray().size() == 1;
        QVERIFY2(found, sessions.out.constData());

        Out show = cli({QStringLiteral("show"), QString::number(id), QStringLiteral("--json")});
        QCOMPARE(show.code, 0);
        QCOMPARE(show.json().value(QStringLiteral("steps")).toArray().size(), 2);
        Out missing = cli({QStringLiteral("show"), QStringLiteral("99999")});
        QCOMPARE(missing.code, 1);
        QVERIFY(!missing.err.isEmpty());
    }

    // The library's own log lines only with --verbose; --quiet: errors only, the run's
    // JSON still on stdout.
    void logLinesAndQuiet()
    {
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        const QString file = cmtest::testData(QStringLiteral("cephbench/osd-bench-16.2.15-osd0.json"));
        Out plain = cli({QStringLiteral("import-result"), file});
        QCOMPARE(plain.code, 0);
        QVERIFY2(!plain.err.contains("clustermark."), plain.err.constData());
        QVERIFY(plain.out.contains("imported")); // the command's own line, on stdout
        Out verbose = cli({QStringLiteral("--verbose"), QStringLiteral("import-result"), file});
        QCOMPARE(verbose.code, 0);
        QVERIFY2(verbose.err.contains("clustermark.core."), verbose.err.constData());

        QTemporaryDir target;
        Out plan = cli({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--preset"),
            QStringLiteral("quick"), QStringLiteral("--target"), target.path(), QStringLiteral("--size"),
            QStringLiteral("16M"), QStringLiteral("--runtime"), QStringLiteral("1")});
        QCOMPARE(plan.code, 0);
        QJsonObject p = plan.json();
        p.insert(QStringLiteral("steps"), QJsonArray {p.value(QStringLiteral("steps")).toArray().at(0)});
        const QString planFile = m_data.filePath(QStringLiteral("quiet.json"));
        QFile f(planFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(p).toJson());
        f.close();
        Out quiet = cli({QStringLiteral("run"), planFile, QStringLiteral("--quiet")});
        QCOMPARE(quiet.code, 0);
        QVERIFY2(quiet.err.isEmpty(), quiet.err.constData());
        QCOMPARE(quiet.json().value(QStringLiteral("run")).toObject().value(QStringLiteral("status")).toString(),
            QStringLiteral("completed"));
        Out failing = cli({QStringLiteral("--quiet"), QStringLiteral("show"), QStringLiteral("99999")});
        QCOMPARE(failing.code, 1);
        QVERIFY(!failing.err.isEmpty()); // errors still say why
    }

    void badInputGivesClearErrors()
    {
        Out a = cli({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--runtime"), QStringLiteral("x"),
            QStringLiteral("--target"), QStringLiteral("/tmp")});
        QCOMPARE(a.code, 2);
        QVERIFY(a.err.contains("--runtime"));
        Out b = cli(
            {QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--target"), QStringLiteral("relative")});
        QCOMPARE(b.code, 2);
        QVERIFY(b.err.contains("absolute"));
        Out c = cli({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--node"), QStringLiteral("a b"),
            QStringLiteral("--target"), QStringLiteral("/tmp")});
        QCOMPARE(c.code, 2);
        const QString garbage = m_data.filePath(QStringLiteral("garbage.json"));
        QFile g(garbage);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write("{\"format\": \"clustermark-plan\", \"version\": 1, ");
        g.close();
        Out d = cli({QStringLiteral("run"), garbage});
        QCOMPARE(d.code, 2);
        QVERIFY2(d.err.contains("not valid JSON"), d.err.constData());
        Out r = cli({QStringLiteral("plan"), QStringLiteral("rbd"), QStringLiteral("--pool"), QStringLiteral("a;b")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("pool name"));
        Out rbd = cli({QStringLiteral("plan"), QStringLiteral("rbd"), QStringLiteral("--lab"),
            QStringLiteral("/tmp/lab"), QStringLiteral("--runtime"), QStringLiteral("5")});
        QCOMPARE(rbd.code, 0);
        QCOMPARE(rbd.json().value(QStringLiteral("kind")).toString(), QStringLiteral("rbd"));
        QCOMPARE(rbd.json().value(QStringLiteral("ceph")).toObject().value(QStringLiteral("conf")).toString(),
            QStringLiteral("/tmp/lab/ceph.conf"));
        Out e = cli({QStringLiteral("frobnicate")});
        QCOMPARE(e.code, 2);
    }

    void inventory()
    {
        Out local = cli({QStringLiteral("inventory"), QStringLiteral("local"), QStringLiteral("--json")});
        QCOMPARE(local.code, 0);
        QCOMPARE(local.json().value(QStringLiteral("hostname")).toString(), QSysInfo::machineHostName());
        QVERIFY(!local.json().value(QStringLiteral("disks")).toArray().isEmpty());
        const QString tree = cmtest::testData(QStringLiteral("probe-tree"));
        Out recorded = cli({QStringLiteral("inventory"), QStringLiteral("local"), QStringLiteral("--procfs"),
            tree + QStringLiteral("/proc"), QStringLiteral("--sysfs"), tree + QStringLiteral("/sys"),
            QStringLiteral("--json")});
        QCOMPARE(recorded.code, 0);
        QVERIFY(recorded.json().value(QStringLiteral("cpuModel")).toString().contains(QStringLiteral("EPYC")));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
