// SPDX-License-Identifier: GPL-3.0-or-later
#include "transport/localtransport.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <thread>

#include <unistd.h>

using namespace cm;

class TestLocalTransport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A child token (a node monitor's) stops with its parent (the run's), and alone.
    void childTokenFollowsItsParent()
    {
        const CancelToken run;
        const CancelToken monitor = run.child();
        const CancelToken other = run.child();
        QVERIFY(!monitor.isCancelled());
        other.cancel();
        QVERIFY(other.isCancelled());
        QVERIFY(!run.isCancelled() && !monitor.isCancelled()); // a child's cancel stays its own
        run.cancel();
        QVERIFY(monitor.isCancelled());
        // Through a transport: a command under the child ends when the parent is cancelled.
        const CancelToken parent;
        std::thread canceller([parent] {
            QThread::msleep(300);
            parent.cancel();
        });
        LocalTransport t;
        Command c;
        c.argv = {QStringLiteral("sleep"), QStringLiteral("300")};
        const ExecResult r = t.run(c, {}, parent.child());
        canceller.join();
        QCOMPARE(r.error.code, Error::Code::Cancelled);
    }

    void capturesOutputAndExitCode()
    {
        LocalTransport t;
        const ExecResult r
            = t.capture({QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo out; echo err >&2; exit 3")});
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.stdOut, QByteArray("out\n"));
        QCOMPARE(r.stdErr, QByteArray("err\n"));
        QVERIFY(!r.error);
    }
    void hostileArgumentStaysLiteral()
    {
        QTemporaryDir dir;
        const QString marker = dir.filePath(QStringLiteral("pwned"));
        const QString evil
            = QStringLiteral("x'; touch ") + marker + QStringLiteral("; echo '$(touch ") + marker + QStringLiteral(")");
        LocalTransport t;
        const ExecResult r = t.capture({QStringLiteral("printf"), QStringLiteral("%s"), evil});
        QCOMPARE(QString::fromUtf8(r.stdOut), evil);
        QVERIFY(!QFile::exists(marker));
    }
    void missingToolIsReported()
    {
        LocalTransport t;
        const ExecResult r = t.capture({QStringLiteral("clustermark-no-such-tool")});
        QCOMPARE(r.error.code, Error::Code::ToolMissing);
    }
    void streamsAsItArrives()
    {
        LocalTransport t;
        Command c;
        c.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
            QStringLiteral("echo a; sleep 0.5; echo b >&2; sleep 0.5; echo c")};
        QElapsedTimer clock;
        clock.start();
        QList<qint64> at;
        QByteArray all;
        OutputCallbacks cb;
        cb.onStdout = [&](const QByteArray &d) {
            at << clock.elapsed();
            all += d;
        };
        cb.onStderr = [&](const QByteArray &d) {
            at << clock.elapsed();
            all += d;
        };
        const ExecResult r = t.run(c, cb, CancelToken());
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(all, QByteArray("a\nb\nc\n"));
        QCOMPARE(at.size(), 3);
        QVERIFY2(at[0] < 300, "first chunk must arrive before the command ends");
        QVERIFY(at[1] >= 400 && at[1] < 900);
    }
    void cancelKillsWholeGroupQuickly()
    {
        QTemporaryDir dir;
        const QString pidFile = dir.filePath(QStringLiteral("child.pid"));
        LocalTransport t;
        Command c;
        // A grandchild in the background: must die with the group.
        c.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
            QStringLiteral("sleep 300 & echo $! > '%1'; wait").arg(pidFile)};
        CancelToken cancel;
        std::thread canceller([cancel] {
            QThread::msleep(500);
            cancel.cancel();
        });
        QElapsedTimer clock;
        clock.start();
        const ExecResult r = t.run(c, {}, cancel);
        canceller.join();
        QCOMPARE(r.error.code, Error::Code::Cancelled);
        QVERIFY2(clock.elapsed() < 2500, "cancel must finish within 2 s");
        QFile f(pidFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray pid = f.readAll().trimmed();
        QTRY_VERIFY_WITH_TIMEOUT(!cmtest::processAlive(pid.toLongLong()), 2000);
    }
    // The controller gone (stdin closed) while the command keeps forking processes that
    // leave its group (as fio's jobs do): the watchdog ends every one of them, also those
    // forked while it was listing them.
    void watchdogEndsATreeThatKeepsForking()
    {
        const QByteArray marker = "300." + QByteArray::number(QCoreApplication::applicationPid()) + "17";
        Command c;
        c.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
            QStringLiteral("while :; do setsid sleep %1 & sleep 0.002; done").arg(QString::fromLatin1(marker))};
        c.maxRuntimeSec = 100;
        QVERIFY(c.hasWatchdog());
        QProcess controller;
        // its own group, as the transports give it: the watchdog ends its group
        controller.setChildProcessModifier([] { ::setsid(); });
        controller.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), c.toScript()});
        QVERIFY(controller.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(cmtest::processesMatching("sleep " + marker).size() > 20, 10000);
        controller.closeWriteChannel();
        QVERIFY(controller.waitForFinished(10000));
        QTRY_VERIFY_WITH_TIMEOUT(cmtest::processesMatching(marker).isEmpty(), 5000);
    }
    void cancelOfBoundedCommandIsQuick()
    {
        // The node-side bound (`timeout`) must not delay a cancel.
        LocalTransport t;
        Command c;
        c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("while :; do sleep 1; done")};
        c.maxRuntimeSec = 100;
        CancelToken cancel;
        std::thread canceller([cancel] {
            QThread::msleep(300);
            cancel.cancel();
        });
        QElapsedTimer clock;
        clock.start();
        const ExecResult r = t.run(c, {}, cancel);
        canceller.join();
        QCOMPARE(r.error.code, Error::Code::Cancelled);
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
    }
    void timeoutIsAnError()
    {
        LocalTransport t;
        Command c;
        c.argv = {QStringLiteral("sleep"), QStringLiteral("10")};
        c.timeoutMs = 300;
        const ExecResult r = t.run(c, {}, CancelToken());
        QCOMPARE(r.error.code, Error::Code::Timeout);
    }
    void stdinIsDelivered()
    {
        LocalTransport t;
        Command c;
        c.argv = {QStringLiteral("cat")};
        c.stdinData = QByteArray(200000, 'x');
        const ExecResult r = t.run(c, {}, CancelToken());
        QCOMPARE(r.stdOut.size(), 200000);
    }
};

QTEST_GUILESS_MAIN(TestLocalTransport)
#include "test_localtransport.moc"
