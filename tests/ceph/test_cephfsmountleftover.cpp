// SPDX-License-Identifier: GPL-3.0-or-later
// A CephFS fio run on a ceph-fuse mount the app made, with the app killed (SIGKILL)
// mid-run: the mount stays on the node, and `clustermark-cli cleanup --node` finds it.
// While a process works in it, the clean-up leaves it (a benchmark may still be
// running); then it undoes it: unmounted, its folder gone. Folders under the same name that are not ours
// (a link, another file system's mount) are neither listed nor touched. This machine is
// the node ("local"); the lab is real, ceph-fuse and fio are real.
#include "cephlabfixture.h"
#include "clirun.h"
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/mount.h>
#include <unistd.h>

class TestCephFsMountLeftover : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;
    cmtest::CephLabFixture m_lab;

    static QStringList cephMounts()
    {
        QStringList out;
        for (const QString &m : cmtest::cephfsBenchMounts())
            if (m.section(QLatin1Char(' '), 2, 2).contains(QLatin1String("ceph")))
                out << m;
        return out;
    }

    static QList<qint64> fioIn(const QString &mount)
    {
        QList<qint64> out;
        for (qint64 pid : cmtest::processesMatching(mount.toUtf8())) {
            QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
            if (comm.open(QIODevice::ReadOnly) && comm.readAll().startsWith("fio"))
                out << pid;
        }
        return out;
    }

    cmtest::CliResult cli(const QStringList &args, int timeoutMs = 120000)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), timeoutMs);
    }

    // Starts `clustermark-cli run` of a long ceph-fuse fio step and kills it once fio runs.
    void runAndKill()
    {
        const cmtest::CliResult plan = cli({QStringLiteral("plan"), QStringLiteral("cephfs"), QStringLiteral("--lab"),
            m_lab.dir(), QStringLiteral("--engine"), QStringLiteral("fio"), QStringLiteral("--node"),
            QStringLiteral("local"), QStringLiteral("--mount"), QStringLiteral("ceph-fuse"),
            QStringLiteral("--mount-consent"), QStringLiteral("--preset"), QStringLiteral("quick"),
            QStringLiteral("--runtime"), QStringLiteral("60"), QStringLiteral("--file-size"), QStringLiteral("32M")});
        QVERIFY2(plan.code == 0, plan.err.constData());
        const QString planFile = m_data.filePath(QStringLiteral("plan.json"));
        QFile f(planFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(plan.out);
        f.close();
        QProcess run;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTERMARK_DATA_DIR"), m_data.path());
        run.setProcessEnvironment(env);
        run.start(qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli"),
            {QStringLiteral("run"), planFile});
        QVERIFY(run.waitForStarted());
        QElapsedTimer clock;
        clock.start();
        while (cmtest::processesMatching("/tmp/clustermark-cephfs-").size() < 2 && clock.elapsed() < 60000)
            QTest::qWait(200); // ceph-fuse and fio, both named by the mount's folder
        QTest::qWait(1500);
        ::kill(run.processId(), SIGKILL);
        QVERIFY(run.waitForFinished(5000));
        QCOMPARE(cephMounts().size(), 1);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        CM_REQUIRE_FIXTURE(!QStandardPaths::findExecutable(QStringLiteral("ceph-fuse")).isEmpty()
                && QFile::exists(QStringLiteral("/dev/fuse")) && geteuid() == 0,
            QStringLiteral("needs root, ceph-fuse and /dev/fuse"));
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        QVERIFY2(
            cmtest::cephfsBenchMounts().isEmpty(), qPrintable(cmtest::cephfsBenchMounts().join(QLatin1Char('\n'))));
    }

    void killedRunLeavesAMountCleanupUndoesIt()
    {
        const QStringList dirsBefore = cmtest::cephfsBenchMountDirs();
        // not ours: a link to a folder with a file, and a tmpfs mounted under our name
        QTemporaryDir elsewhere;
        QFile keep(elsewhere.filePath(QStringLiteral("keep")));
        QVERIFY(keep.open(QIODevice::WriteOnly));
        keep.write("x");
        keep.close();
        const QString link = QStringLiteral("/tmp/clustermark-cephfs-decoyLink%1").arg(getpid());
        QVERIFY(QFile::link(elsewhere.path(), link));
        const QString tmpfs = QStringLiteral("/tmp/clustermark-cephfs-decoyTmpfs%1").arg(getpid());
        QVERIFY(QDir().mkdir(tmpfs));
        QCOMPARE(::mount("tmpfs", tmpfs.toUtf8().constData(), "tmpfs", 0, "size=1m"), 0);

        runAndKill();
        const QString left = cephMounts().value(0).section(QLatin1Char(' '), 1, 1);
        QVERIFY2(!left.isEmpty(), qPrintable(cmtest::cephfsBenchMounts().join(QLatin1Char('\n'))));

        cmtest::CliResult dry = cli({QStringLiteral("cleanup"), QStringLiteral("--node"), QStringLiteral("local"),
            QStringLiteral("--dry-run"), QStringLiteral("--json")});
        QVERIFY2(dry.code == 0, dry.err.constData());
        const QJsonArray found = dry.json().value(QStringLiteral("found")).toArray();
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("mount"));
        QCOMPARE(found.first().toObject().value(QStringLiteral("name")).toString(), left);

        // A process working in the mount (here a shell in it, standing in for a benchmark
        // still running) keeps it: the clean-up says so and leaves it.
        QProcess user;
        user.setWorkingDirectory(left);
        user.start(QStringLiteral("sleep"), {QStringLiteral("60")});
        QVERIFY(user.waitForStarted());
        cmtest::CliResult clean = cli({QStringLiteral("cleanup"), QStringLiteral("--node"), QStringLiteral("local")});
        QCOMPARE(clean.code, 1);
        QVERIFY2(clean.out.contains("a process still works in " + left.toUtf8()), clean.out.constData());
        QCOMPARE(cephMounts().size(), 1);
        user.kill();
        user.waitForFinished();
        QTRY_VERIFY_WITH_TIMEOUT(fioIn(left).isEmpty(), 10000); // the killed app's fio is gone too
        clean = cli({QStringLiteral("cleanup"), QStringLiteral("--node"), QStringLiteral("local")});
        QVERIFY2(clean.code == 0, clean.err.constData() + clean.out);
        QVERIFY2(clean.out.contains("removed mount local:" + left.toUtf8()), clean.out.constData());
        QVERIFY2(cephMounts().isEmpty(), qPrintable(cmtest::cephfsBenchMounts().join(QLatin1Char('\n'))));
        QVERIFY(!QFileInfo::exists(left));

        // the decoys are untouched
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY(QFile::exists(elsewhere.filePath(QStringLiteral("keep"))));
        QCOMPARE(cmtest::cephfsBenchMounts().filter(QStringLiteral("tmpfs")).size(), 1);
        QCOMPARE(::umount(tmpfs.toUtf8().constData()), 0);
        QVERIFY(QDir().rmdir(tmpfs));
        QVERIFY(QFile::remove(link));
        QCOMPARE(cmtest::cephfsBenchMountDirs(), dirsBefore);
    }

    void cleanupTestCase()
    {
        for (const QString &m : cmtest::cephfsBenchMounts()) // a failed check may have left the decoy mounted
            if (m.section(QLatin1Char(' '), 1, 1).contains(QLatin1String("decoyTmpfs")))
                ::umount(m.section(QLatin1Char(' '), 1, 1).toUtf8().constData());
        for (const QString &d : QDir(QStringLiteral("/tmp"))
                                    .entryList({QStringLiteral("clustermark-cephfs-decoy*")},
                                        QDir::Dirs | QDir::System | QDir::NoDotAndDotDot)) {
            const QString path = QStringLiteral("/tmp/") + d;
            if (QFileInfo(path).isSymLink())
                QFile::remove(path);
            else
                QDir().rmdir(path);
        }
        // fio outlives the killed app for at most its bounded runtime; end it for this test
        for (qint64 pid : cmtest::processesMatching("/tmp/clustermark-cephfs-"))
            ::kill(pid, SIGKILL);
        // A failed check leaves the killed run's mount: detach it, or the next test that
        // holds the cephfs-mounts lock starts with a mount that is not its own.
        for (const QString &m : cmtest::cephfsBenchMounts()) {
            const QString path = m.section(QLatin1Char(' '), 1, 1);
            if (m.startsWith(QLatin1String("ceph-fuse ")) && ::umount2(path.toUtf8().constData(), MNT_DETACH) == 0)
                QDir().rmdir(path);
        }
        m_lab.stop();
    }
};

QTEST_GUILESS_MAIN(TestCephFsMountLeftover)
#include "test_cephfsmountleftover.moc"
