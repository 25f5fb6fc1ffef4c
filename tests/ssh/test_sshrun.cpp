// SPDX-License-Identifier: GPL-3.0-or-later
// SshTransport::run against a real OpenSSH server (scripts/fixtures/sshd.sh): quoting,
// streaming, exit status and signal, cancel and timeout (remote group kill), drops.
#include "sshdfixture.h"
#include "testutil.h"
#include "transport/knownhosts.h"
#include "transport/localtransport.h"
#include "transport/sshtransport.h"
#include "transport/transportfactory.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace cm;

namespace {

QString uniqueMarker()
{
    return QStringLiteral("cmtest%1").arg(QRandomGenerator::global()->generate64() % 1000000000ULL);
}

// Child processes of `pid` (direct and indirect).
QList<qint64> descendants(qint64 pid)
{
    QList<qint64> out;
    const auto entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QMap<qint64, qint64> parent;
    for (const QString &e : entries) {
        bool ok = false;
        const qint64 p = e.toLongLong(&ok);
        if (!ok)
            continue;
        QFile f(QStringLiteral("/proc/%1/stat").arg(p));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray s = f.readAll();
        const QList<QByteArray> rest = s.mid(s.lastIndexOf(')') + 2).split(' ');
        parent.insert(p, rest.value(1).toLongLong());
    }
    QList<qint64> frontier {pid};
    while (!frontier.isEmpty()) {
        const qint64 cur = frontier.takeFirst();
        for (auto it = parent.cbegin(); it != parent.cend(); ++it)
            if (it.value() == cur) {
                out << it.key();
                frontier << it.key();
            }
    }
    return out;
}

void killAll(const QList<qint64> &pids)
{
    for (qint64 p : pids)
        ::kill(static_cast<pid_t>(p), SIGKILL);
}

} // namespace

class TestSshRun : public QObject {
    Q_OBJECT

    cmtest::SshdFixture m_sshd;

    Command shell(const QString &script) const
    {
        Command c;
        c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), script};
        return c;
    }

private Q_SLOTS:
    void initTestCase() { CM_REQUIRE_FIXTURE(m_sshd.start(), m_sshd.whyNot()); }

    void hostileArgumentStaysLiteral()
    {
        QTemporaryDir dir;
        const QString marker = dir.filePath(QStringLiteral("pwned file"));
        const QString evil
            = QStringLiteral("x'; touch '%1'; echo \"$(touch '%1')\" `touch '%1'` ; \n touch %1 $HOME *").arg(marker);
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        const ExecResult r = t.capture({QStringLiteral("printf"), QStringLiteral("%s"), evil});
        QVERIFY2(r.ok(), qPrintable(r.error.toString() + QString::fromUtf8(r.stdErr)));
        QCOMPARE(QString::fromUtf8(r.stdOut), evil);
        QVERIFY(!QFile::exists(marker));

        // A path with spaces as one argument.
        const QString spaced = dir.filePath(QStringLiteral("a b  c"));
        QVERIFY(t.capture({QStringLiteral("touch"), spaced}).ok());
        QVERIFY(QFile::exists(spaced));
    }

    void streamsStdoutAndStderrAsTheyArrive()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        QVERIFY(!t.connect());
        QElapsedTimer clock;
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
        clock.start();
        // Each line carries the node's own clock when it was printed, so a loaded
        // machine's slow `sleep` start-up does not count against the transport.
        const ExecResult r = t.run(shell(QStringLiteral("echo a $(date +%s%N); sleep 0.5; echo b $(date +%s%N) >&2; "
                                                        "sleep 0.5; echo c $(date +%s%N)")),
            cb, CancelToken());
        const qint64 total = clock.elapsed();
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        const QList<QByteArray> lines = all.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QCOMPARE(at.size(), 3);
        QList<qint64> printedMs;
        for (const QByteArray &line : lines)
            printedMs << line.split(' ').value(1).toLongLong() / 1000000;
        QCOMPARE(QByteArray(lines[0].left(2) + lines[1].left(2) + lines[2].left(2)), QByteArray("a b c "));
        qInfo("chunks at %lld, %lld, %lld ms (printed at +%lld, +%lld ms); command done at %lld ms", at[0], at[1],
            at[2], printedMs[1] - printedMs[0], printedMs[2] - printedMs[0], total);
        // The remote shell's start-up (~/.bashrc) comes first; from then on each chunk
        // arrives when it is printed, not at the end.
        QVERIFY(printedMs[2] - printedMs[0] >= 950);
        for (int k = 1; k < 3; ++k) {
            const qint64 lag = (at[k] - at[0]) - (printedMs[k] - printedMs[0]);
            QVERIFY2(lag > -100 && lag < 150, qPrintable(QStringLiteral("chunk %1 lag %2 ms").arg(k).arg(lag)));
        }
        QVERIFY(total - at[2] < 250);
        QVERIFY(r.stdOut.isEmpty() && r.stdErr.isEmpty()); // consumed by the callbacks
    }

    void exitCodeAndCollectedOutput()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        const ExecResult r
            = t.capture({QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo out; echo err >&2; exit 3")});
        QVERIFY2(!r.error, qPrintable(r.error.toString()));
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.stdOut, QByteArray("out\n")); // the PID line is stripped
        QCOMPARE(r.stdErr, QByteArray("err\n"));
        QVERIFY(r.exitSignal.isEmpty());
    }

    void environmentAndNoOutput()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        Command c = shell(QStringLiteral("printf %s \"$CM_VALUE\""));
        c.env.insert(QStringLiteral("CM_VALUE"), QStringLiteral("a b'c"));
        const ExecResult r = t.run(c, {}, CancelToken());
        QCOMPARE(r.stdOut, QByteArray("a b'c"));
        const ExecResult quiet = t.capture({QStringLiteral("true")});
        QVERIFY(quiet.ok());
        QVERIFY(quiet.stdOut.isEmpty());
    }

    void exitSignalIsReported()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        const ExecResult r = t.capture({QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("kill -TERM $$")});
        QVERIFY2(!r.error, qPrintable(r.error.toString()));
        QCOMPARE(r.exitSignal, QStringLiteral("TERM"));
        QCOMPARE(r.exitCode, -1);
    }

    void missingToolIsReported()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        const ExecResult r = t.capture({QStringLiteral("clustermark-no-such-tool"), QStringLiteral("--version")});
        QCOMPARE(r.error.code, Error::Code::ToolMissing);
        QVERIFY(r.error.message.contains(QLatin1String("clustermark-no-such-tool")));
        // Also when a callback consumes stderr.
        OutputCallbacks cb;
        cb.onStderr = [](const QByteArray &) {};
        Command c;
        c.argv = {QStringLiteral("clustermark-no-such-tool")};
        QCOMPARE(t.run(c, cb, CancelToken()).error.code, Error::Code::ToolMissing);
    }

    void cancelKillsRemoteGroupWithin2s()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        QVERIFY(!t.connect());
        const QString marker = uniqueMarker();
        // GNU sleep adds its arguments: "300 0.NNN" is 300 s with a unique command line
        // that only the sleep has (the shell's own says "0.$1").
        const QString digits = marker.mid(6);
        Command c;
        c.argv
            = {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("sleep 300 \"0.$1\" & wait"), marker, digits};
        const QByteArray shellNeedle = marker.toUtf8();
        const QByteArray sleepNeedle = QByteArray("sleep 300 0.") + digits.toUtf8();
        CancelToken cancel;
        int shellsBefore = 0, sleepsBefore = 0;
        QElapsedTimer clock;
        std::thread canceller([&] {
            QThread::msleep(600);
            shellsBefore = static_cast<int>(cmtest::processesMatching(shellNeedle).size());
            sleepsBefore = static_cast<int>(cmtest::processesMatching(sleepNeedle).size());
            clock.start(); // from the cancel itself, not from the scans before it
            cancel.cancel();
        });
        const ExecResult r = t.run(c, {}, cancel);
        const qint64 ms = clock.elapsed();
        canceller.join();
        QCOMPARE(shellsBefore, 1); // both were running before the cancel
        QCOMPARE(sleepsBefore, 1);
        QCOMPARE(r.error.code, Error::Code::Cancelled);
        qInfo("cancel took %lld ms after the request", ms);
        QVERIFY2(ms < 2000, "cancel must return within 2 s");
        QTRY_VERIFY_WITH_TIMEOUT(cmtest::processesMatching(shellNeedle).isEmpty(), 1000);
        QVERIFY(cmtest::processesMatching(sleepNeedle).isEmpty());
        QVERIFY(t.isConnected());
        QCOMPARE(t.capture({QStringLiteral("true")}).exitCode, 0); // session still usable
    }

    void cancelKillsGrandchildren()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        QVERIFY(!t.connect());
        const QString marker = uniqueMarker();
        // The grandchild itself carries the marker in its argv.
        Command c;
        c.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
            QStringLiteral("sh -c 'sleep 300; true' %1 & sleep 300 & wait").arg(marker)};
        CancelToken cancel;
        std::thread canceller([cancel] {
            QThread::msleep(500);
            cancel.cancel();
        });
        const ExecResult r = t.run(c, {}, cancel);
        canceller.join();
        QCOMPARE(r.error.code, Error::Code::Cancelled);
        QTRY_VERIFY_WITH_TIMEOUT(cmtest::processesMatching(marker.toUtf8()).isEmpty(), 1000);
    }

    void termIgnoredThenKilledWithin2s()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        QVERIFY(!t.connect());
        const QString marker = uniqueMarker();
        // Ignores TERM (and so does its child): only the KILL 1.5 s later ends it.
        Command c;
        c.argv = {
            QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("trap '' TERM; sleep 300 & wait; wait"), marker};
        CancelToken cancel;
        QElapsedTimer clock;
        std::thread canceller([&clock, cancel] {
            QThread::msleep(500);
            clock.start(); // a loaded machine may wake this thread late
            cancel.cancel();
        });
        const ExecResult r = t.run(c, {}, cancel);
        const qint64 ms = clock.elapsed();
        canceller.join();
        qInfo("TERM-proof command ended %lld ms after the cancel, signal %s", ms, qPrintable(r.exitSignal));
        QCOMPARE(r.error.code, Error::Code::Cancelled);
        QVERIFY2(ms < 2000, "cancel must return within 2 s");
        QVERIFY(ms >= 1100); // TERM alone did not end it
        QCOMPARE(r.exitSignal, QStringLiteral("KILL"));
        QTRY_VERIFY_WITH_TIMEOUT(cmtest::processesMatching(marker.toUtf8()).isEmpty(), 1000);
    }

    void alreadyCancelledRunsNothing()
    {
        QTemporaryDir dir;
        const QString marker = dir.filePath(QStringLiteral("ran"));
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        CancelToken cancel;
        cancel.cancel();
        Command c;
        c.argv = {QStringLiteral("touch"), marker};
        QCOMPARE(t.run(c, {}, cancel).error.code, Error::Code::Cancelled);
        QVERIFY(!QFile::exists(marker));
    }

    void parallelSessionsOnThreads()
    {
        // One SshTransport per thread, all at once.
        constexpr int N = 4;
        QList<QByteArray> outputs(N);
        QList<Error> errors(N);
        std::vector<std::thread> threads;
        for (int i = 0; i < N; ++i) {
            threads.emplace_back([&, i] {
                SshTransport t(m_sshd.node(), {}, m_sshd.options());
                for (int k = 0; k < 3; ++k) {
                    Command c = shell(QStringLiteral("sleep 0.2; echo %1-%2").arg(i).arg(k));
                    const ExecResult r = t.run(c, {}, CancelToken());
                    if (r.error) {
                        errors[i] = r.error;
                        return;
                    }
                    outputs[i] += r.stdOut;
                }
            });
        }
        for (auto &th : threads)
            th.join();
        for (int i = 0; i < N; ++i) {
            QVERIFY2(!errors[i], qPrintable(errors[i].toString()));
            QCOMPARE(outputs[i], QStringLiteral("%1-0\n%1-1\n%1-2\n").arg(i).toUtf8());
        }
    }

    void timeoutIsAnError()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        QVERIFY(!t.connect()); // the clock times the command, not the handshake
        Command c;
        const QString marker = uniqueMarker();
        c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("sleep 10"), marker};
        c.timeoutMs = 300;
        QElapsedTimer clock;
        clock.start();
        const ExecResult r = t.run(c, {}, CancelToken());
        QCOMPARE(r.error.code, Error::Code::Timeout);
        QVERIFY(clock.elapsed() < 2300);
        QTRY_VERIFY_WITH_TIMEOUT(cmtest::processesMatching(marker.toUtf8()).isEmpty(), 1000);
    }

    void stdinIsDelivered()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        Command c;
        c.argv = {QStringLiteral("sha256sum")};
        QByteArray data(3 * 1024 * 1024, '\0');
        for (qsizetype i = 0; i < data.size(); ++i)
            data[i] = static_cast<char>(i * 131 % 251);
        c.stdinData = data;
        const ExecResult r = t.run(c, {}, CancelToken());
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        const QByteArray expected = QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
        QCOMPARE(r.stdOut.left(64), expected);
    }

    void largeOutputIsComplete()
    {
        // Both streams at once, byte-exact, several times: the end of a command (data,
        // EOF, exit status and close arriving together) must not drop the tail.
        QByteArray out, err;
        for (int i = 1; i <= 2000000; ++i)
            out += QByteArray::number(i) + '\n';
        for (int i = 1; i <= 300000; ++i)
            err += QByteArray::number(i) + '\n';
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        QVERIFY(!t.connect());
        for (int round = 0; round < 3; ++round) {
            QElapsedTimer clock;
            clock.start();
            const ExecResult r
                = t.run(shell(QStringLiteral("seq 1 300000 >&2 & seq 1 2000000; wait")), {}, CancelToken());
            QVERIFY2(r.ok(), qPrintable(r.error.toString()));
            QCOMPARE(r.stdOut.size(), out.size());
            QVERIFY(r.stdOut == out);
            QVERIFY(r.stdErr == err);
            qInfo("%.1f MB stdout + %.1f MB stderr in %lld ms", out.size() / 1e6, err.size() / 1e6, clock.elapsed());
        }
        QElapsedTimer clock;
        clock.start();
        const ExecResult z = t.capture(
            {QStringLiteral("head"), QStringLiteral("-c"), QStringLiteral("50000000"), QStringLiteral("/dev/zero")});
        QVERIFY(z.ok());
        QCOMPARE(z.stdOut.size(), 50000000);
        qInfo("50 MB of stdout in %lld ms", clock.elapsed());
    }

    void manyShortCommands()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        QVERIFY(!t.connect());
        QElapsedTimer clock;
        clock.start();
        // One channel each on one session; the time is mostly the remote shell's start-up.
        for (int i = 0; i < 20; ++i) {
            const ExecResult r = t.capture({QStringLiteral("echo"), QString::number(i)});
            QCOMPARE(r.stdOut, QByteArray::number(i) + '\n');
        }
        qInfo("20 commands in %lld ms (%.1f ms each)", clock.elapsed(), clock.elapsed() / 20.0);
        QVERIFY(clock.elapsed() < 20 * 2000);
    }

    void droppedConnectionIsAnError()
    {
        cmtest::SshdFixture sshd;
        CM_REQUIRE_FIXTURE(sshd.start(), sshd.whyNot());
        SshTransport t(sshd.node(), {}, sshd.options());
        QVERIFY(!t.connect());
        const QString marker = uniqueMarker();
        Command c;
        c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("sleep 30"), marker};
        const qint64 listener = sshd.pid();
        std::thread dropper([listener] {
            QThread::msleep(500);
            // The per-connection sshd processes: children of the listener, not the shell.
            QList<qint64> victims;
            for (qint64 p : descendants(listener)) {
                QFile f(QStringLiteral("/proc/%1/comm").arg(p));
                if (f.open(QIODevice::ReadOnly) && f.readAll().trimmed() == "sshd")
                    victims << p;
            }
            killAll(victims);
        });
        QElapsedTimer clock;
        clock.start();
        const ExecResult r = t.run(c, {}, CancelToken());
        dropper.join();
        qInfo("dropped connection noticed after %lld ms: %s", clock.elapsed(), qPrintable(r.error.toString()));
        QCOMPARE(r.error.code, Error::Code::Unreachable);
        QVERIFY(clock.elapsed() < 3000);
        QVERIFY(!t.isConnected());
        killAll(cmtest::processesMatching(marker.toUtf8()));
        // A later connect() builds a new session.
        const Error e = t.connect();
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(t.capture({QStringLiteral("true")}).exitCode, 0);
    }

    void idleDropReconnects()
    {
        cmtest::SshdFixture sshd;
        CM_REQUIRE_FIXTURE(sshd.start(), sshd.whyNot());
        SshTransport t(sshd.node(), {}, sshd.options());
        QVERIFY(!t.connect());
        QCOMPARE(t.capture({QStringLiteral("echo"), QStringLiteral("1")}).stdOut, QByteArray("1\n"));
        QList<qint64> victims;
        for (qint64 p : descendants(sshd.pid()))
            victims << p;
        QVERIFY(!victims.isEmpty());
        killAll(victims);
        QThread::msleep(200);
        const ExecResult r = t.capture({QStringLiteral("echo"), QStringLiteral("2")});
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(r.stdOut, QByteArray("2\n"));
    }

    void badHostIsRejected()
    {
        NodeSpec n = m_sshd.node();
        n.host = QStringLiteral("-oProxyCommand=touch");
        SshTransport t(n, {}, m_sshd.options());
        QCOMPARE(t.connect().code, Error::Code::InvalidInput);
        n.host = QStringLiteral("root@127.0.0.1");
        SshTransport t2(n, {}, m_sshd.options());
        QCOMPARE(t2.connect().code, Error::Code::InvalidInput);
    }

    void chattyLoginShellIsSkipped()
    {
        // A login that prints before running the command (like an echo in ~/.bashrc).
        cmtest::SshdFixture sshd;
        CM_REQUIRE_FIXTURE(sshd.start(QStringLiteral("127.0.0.1"),
                               QStringLiteral("ForceCommand echo welcome to the node; echo 42 is not a pid line; "
                                              "eval \"$SSH_ORIGINAL_COMMAND\"")),
            sshd.whyNot());
        SshTransport t(sshd.node(), {}, sshd.options());
        const ExecResult r = t.capture({QStringLiteral("printf"), QStringLiteral("%s"), QStringLiteral("only this")});
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(r.stdOut, QByteArray("only this"));
        // And cancel still finds the group.
        const QString marker = uniqueMarker();
        Command c;
        c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("sleep 300 & wait"), marker};
        CancelToken cancel;
        std::thread canceller([cancel] {
            QThread::msleep(500);
            cancel.cancel();
        });
        QCOMPARE(t.run(c, {}, cancel).error.code, Error::Code::Cancelled);
        canceller.join();
        QTRY_VERIFY_WITH_TIMEOUT(cmtest::processesMatching(marker.toUtf8()).isEmpty(), 1000);
    }

    void cleanupTestCase() { m_sshd.stop(); }
};

QTEST_GUILESS_MAIN(TestSshRun)
#include "test_sshrun.moc"
