// SshTransport against a real OpenSSH server (scripts/fixtures/sshd.sh) on 127.0.0.1.
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

// `ssh-keygen -lf FILE` → "SHA256:…"
QString keygenFingerprint(const QString &pubFile)
{
    QProcess p;
    p.start(QStringLiteral("ssh-keygen"), {QStringLiteral("-lf"), pubFile});
    p.waitForFinished(10000);
    return QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char(' ')).value(1);
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
    QList<qint64> frontier{pid};
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

class TestSshTransport : public QObject {
    Q_OBJECT

    cmtest::SshdFixture m_sshd;

    Command shell(const QString &script) const
    {
        Command c;
        c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), script};
        return c;
    }

private Q_SLOTS:
    void initTestCase()
    {
        CM_REQUIRE_FIXTURE(m_sshd.start(), m_sshd.whyNot());
    }

    void connectsWithKey()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        QElapsedTimer clock;
        clock.start();
        const Error e = t.connect();
        const qint64 ms = clock.elapsed();
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(t.isConnected());
        qInfo("connect + ed25519 auth: %lld ms", ms);
        const ExecResult r = t.capture({QStringLiteral("id"), QStringLiteral("-un")});
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(QString::fromUtf8(r.stdOut).trimmed(), m_sshd.user());
        QCOMPARE(t.resolvedUser(), m_sshd.user());
        QVERIFY(t.connect().code == Error::Code::None);   // idempotent
    }

    void keyWithPassphrase()
    {
        Credentials c;
        c.keyPassphrase = m_sshd.passphrase();
        SshTransport t(m_sshd.node(m_sshd.passphraseKeyPath()), c, m_sshd.options());
        const Error e = t.connect();
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(t.capture({QStringLiteral("true")}).exitCode, 0);

        SshTransport noPass(m_sshd.node(m_sshd.passphraseKeyPath()), {}, m_sshd.options());
        const Error e2 = noPass.connect();
        QCOMPARE(e2.code, Error::Code::AuthDenied);
        QVERIFY2(e2.message.contains(QLatin1String("passphrase")), qPrintable(e2.message));

        Credentials wrong;
        wrong.keyPassphrase = QStringLiteral("not-the-passphrase");
        SshTransport badPass(m_sshd.node(m_sshd.passphraseKeyPath()), wrong, m_sshd.options());
        QCOMPARE(badPass.connect().code, Error::Code::AuthDenied);
    }

    void wrongKeyIsDenied()
    {
        SshTransport t(m_sshd.node(m_sshd.wrongKeyPath()), {}, m_sshd.options());
        const Error e = t.connect();
        QCOMPARE(e.code, Error::Code::AuthDenied);
        QVERIFY2(e.message.contains(m_sshd.wrongKeyPath()) && e.message.contains(QLatin1String("refused")),
                 qPrintable(e.message));
        QVERIFY(e.message.contains(QLatin1String("publickey")));
        QVERIFY(!t.isConnected());
    }

    void closedPortIsUnreachableQuickly()
    {
        // A port that was just free: bind, read the number, close.
        const int s = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::bind(s, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
        socklen_t len = sizeof a;
        ::getsockname(s, reinterpret_cast<sockaddr *>(&a), &len);
        ::close(s);
        NodeSpec n = m_sshd.node();
        n.port = ntohs(a.sin_port);
        SshTransport t(n, {}, m_sshd.options());
        QElapsedTimer clock;
        clock.start();
        const Error e = t.connect();
        qInfo("refused port reported in %lld ms", clock.elapsed());
        QCOMPARE(e.code, Error::Code::Unreachable);
        QVERIFY(clock.elapsed() < 1000);
    }

    void silentServerTimesOut()
    {
        // Accepts TCP (kernel backlog) but never sends an SSH banner.
        const int s = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::bind(s, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
        QCOMPARE(::listen(s, 4), 0);
        socklen_t len = sizeof a;
        ::getsockname(s, reinterpret_cast<sockaddr *>(&a), &len);
        NodeSpec n = m_sshd.node();
        n.port = ntohs(a.sin_port);
        SshOptions o = m_sshd.options();
        o.connectTimeoutMs = 700;
        SshTransport t(n, {}, o);
        QElapsedTimer clock;
        clock.start();
        const Error e = t.connect();
        const qint64 ms = clock.elapsed();
        ::close(s);
        qInfo("silent server: %s after %lld ms", qPrintable(e.codeName()), ms);
        QCOMPARE(e.code, Error::Code::Timeout);
        QVERIFY(ms >= 600 && ms < 3000);
    }

    void unknownHostKeyNeedsTrust()
    {
        QTemporaryDir dir;
        SshOptions o = m_sshd.options(false);
        o.knownHostsPath = dir.filePath(QStringLiteral("sub/known_hosts"));
        const QString expected = keygenFingerprint(m_sshd.hostKeyPubPath());
        QVERIFY(expected.startsWith(QLatin1String("SHA256:")));

        SshTransport t(m_sshd.node(), {}, o);
        const Error e = t.connect();
        QCOMPARE(e.code, Error::Code::HostKeyUnknown);
        QCOMPARE(e.detail, expected);
        QCOMPARE(fingerprintOf(e), expected);
        QCOMPARE(fingerprintOfPublicKeyFile(m_sshd.hostKeyPubPath()), expected);
        QVERIFY(!t.isConnected());
        QVERIFY(!QFile::exists(o.knownHostsPath));

        SshOptions wrong = o;
        wrong.expectedFingerprint = QStringLiteral("SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
        SshTransport t2(m_sshd.node(), {}, wrong);
        QCOMPARE(t2.connect().code, Error::Code::HostKeyUnknown);
        QVERIFY(!QFile::exists(o.knownHostsPath));

        // The user accepted the fingerprint shown: reconnect with it; it is stored.
        SshOptions trust = o;
        trust.expectedFingerprint = e.detail;
        SshTransport t3(m_sshd.node(), {}, trust);
        const Error e3 = t3.connect();
        QVERIFY2(!e3, qPrintable(e3.toString()));
        QVERIFY(QFile::exists(o.knownHostsPath));

        SshTransport t4(m_sshd.node(), {}, o);   // no trust flags: known now
        const Error e4 = t4.connect();
        QVERIFY2(!e4, qPrintable(e4.toString()));
        QCOMPARE(t4.serverFingerprint(), expected);
        QCOMPARE(KnownHosts(o.knownHostsPath).check(m_sshd.host(), m_sshd.port(), nullptr).lines.size(), 1);
    }

    void changedHostKeyIsRefused()
    {
        cmtest::SshdFixture sshd;
        CM_REQUIRE_FIXTURE(sshd.start(), sshd.whyNot());
        const QString oldFp = keygenFingerprint(sshd.hostKeyPubPath());
        {
            SshTransport t(sshd.node(), {}, sshd.options(true));
            const Error e = t.connect();
            QVERIFY2(!e, qPrintable(e.toString()));
        }
        QVERIFY(sshd.rekey());
        const QString newFp = keygenFingerprint(sshd.hostKeyPubPath());
        QVERIFY(newFp != oldFp);

        QTemporaryDir dir;
        const QString marker = dir.filePath(QStringLiteral("ran"));
        SshOptions o = sshd.options(true);   // even "accept new" must not accept a changed key
        o.expectedFingerprint = newFp;
        SshTransport t(sshd.node(), {}, o);
        const ExecResult r = t.capture({QStringLiteral("touch"), marker});
        QCOMPARE(r.error.code, Error::Code::HostKeyChanged);
        QVERIFY(!QFile::exists(marker));
        QVERIFY(!t.isConnected());
        const QString msg = r.error.message;
        QVERIFY2(msg.contains(QLatin1String("man-in-the-middle")), qPrintable(msg));
        QVERIFY2(msg.contains(oldFp) && msg.contains(newFp), qPrintable(msg));
        QVERIFY2(msg.contains(QLatin1String("ssh-keygen -R")), qPrintable(msg));
        QCOMPARE(r.error.detail, newFp);

        // Removing the old entry (what the message says) makes it a first contact again.
        QVERIFY(!KnownHosts(o.knownHostsPath).remove(sshd.host(), sshd.port()));
        SshTransport again(sshd.node(), {}, sshd.options(false));
        QCOMPARE(again.connect().code, Error::Code::HostKeyUnknown);
    }

    void hostileArgumentStaysLiteral()
    {
        QTemporaryDir dir;
        const QString marker = dir.filePath(QStringLiteral("pwned file"));
        const QString evil = QStringLiteral("x'; touch '%1'; echo \"$(touch '%1')\" `touch '%1'` ; \n touch %1 $HOME *")
                                 .arg(marker);
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
        cb.onStdout = [&](const QByteArray &d) { at << clock.elapsed(); all += d; };
        cb.onStderr = [&](const QByteArray &d) { at << clock.elapsed(); all += d; };
        clock.start();
        const ExecResult r = t.run(shell(QStringLiteral("echo a; sleep 0.5; echo b >&2; sleep 0.5; echo c")), cb, CancelToken());
        const qint64 total = clock.elapsed();
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(all, QByteArray("a\nb\nc\n"));
        QCOMPARE(at.size(), 3);
        qInfo("chunks at %lld, %lld, %lld ms; command done at %lld ms", at[0], at[1], at[2], total);
        // The remote shell's start-up (~/.bashrc) comes first; from then on each chunk
        // must arrive when it is printed, not at the end.
        QVERIFY2(total - at[0] >= 950, "first chunk must arrive long before the end");
        QVERIFY(at[1] - at[0] >= 450 && at[1] - at[0] < 650);
        QVERIFY(at[2] - at[0] >= 950 && at[2] - at[0] < 1150);
        QVERIFY(total - at[2] < 100);
        QVERIFY(r.stdOut.isEmpty() && r.stdErr.isEmpty());   // consumed by the callbacks
    }

    void exitCodeAndCollectedOutput()
    {
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        const ExecResult r = t.capture({QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo out; echo err >&2; exit 3")});
        QVERIFY2(!r.error, qPrintable(r.error.toString()));
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.stdOut, QByteArray("out\n"));   // the PID line is stripped
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
        // `$0` carries the marker; the background sleep is a grandchild.
        Command c;
        c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("sleep 300 & wait"), marker};
        const QByteArray needle = marker.toUtf8();
        CancelToken cancel;
        int seenBefore = 0;
        std::thread canceller([&] {
            QThread::msleep(600);
            seenBefore = static_cast<int>(cmtest::processesMatching(needle).size());
            cancel.cancel();
        });
        QElapsedTimer clock;
        clock.start();
        const ExecResult r = t.run(c, {}, cancel);
        const qint64 ms = clock.elapsed();
        canceller.join();
        QCOMPARE(seenBefore, 1);   // the remote sh was found before the cancel
        QCOMPARE(r.error.code, Error::Code::Cancelled);
        qInfo("cancel took %lld ms after the request", ms - 600);
        QVERIFY2(ms - 600 < 2000, "cancel must return within 2 s");
        // The sleep (child of the marked sh) must be gone too: look for any `sleep 300`
        // whose parent was that shell by checking no marked process and no orphan.
        QTRY_VERIFY_WITH_TIMEOUT(cmtest::processesMatching(needle).isEmpty(), 1000);
        QVERIFY(t.isConnected());
        QCOMPARE(t.capture({QStringLiteral("true")}).exitCode, 0);   // session still usable
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
        std::thread canceller([cancel] { QThread::msleep(500); cancel.cancel(); });
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
        c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("trap '' TERM; sleep 300 & wait; wait"), marker};
        CancelToken cancel;
        std::thread canceller([cancel] { QThread::msleep(500); cancel.cancel(); });
        QElapsedTimer clock;
        clock.start();
        const ExecResult r = t.run(c, {}, cancel);
        const qint64 ms = clock.elapsed() - 500;
        canceller.join();
        qInfo("TERM-proof command ended %lld ms after the cancel, signal %s", ms, qPrintable(r.exitSignal));
        QCOMPARE(r.error.code, Error::Code::Cancelled);
        QVERIFY2(ms < 2000, "cancel must return within 2 s");
        QVERIFY(ms >= 1100);   // TERM alone did not end it
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
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        QElapsedTimer clock;
        clock.start();
        const ExecResult r = t.capture({QStringLiteral("head"), QStringLiteral("-c"), QStringLiteral("50000000"), QStringLiteral("/dev/zero")});
        QVERIFY(r.ok());
        QCOMPARE(r.stdOut.size(), 50000000);
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

    void sshConfigIsHonoured()
    {
        QTemporaryDir home;
        QVERIFY(QDir(home.path()).mkpath(QStringLiteral(".ssh")));
        QFile cfg(home.filePath(QStringLiteral(".ssh/config")));
        QVERIFY(cfg.open(QIODevice::WriteOnly));
        cfg.write(QStringLiteral("Host cm-alias\n  HostName %1\n  Port %2\n  User %3\n  IdentityFile %4\n")
                      .arg(m_sshd.host())
                      .arg(m_sshd.port())
                      .arg(m_sshd.user(), m_sshd.keyPath())
                      .toUtf8());
        cfg.close();
        const QByteArray oldHome = qgetenv("HOME");
        qputenv("HOME", home.path().toUtf8());
        NodeSpec n = NodeSpec::parse(QStringLiteral("cm-alias"));
        QCOMPARE(n.port, 0);
        SshTransport t(n, {}, m_sshd.options());
        const Error e = t.connect();
        qputenv("HOME", oldHome);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(t.resolvedHost(), m_sshd.host());
        QCOMPARE(t.resolvedPort(), m_sshd.port());
        QCOMPARE(t.resolvedUser(), m_sshd.user());
        QCOMPARE(t.capture({QStringLiteral("echo"), QStringLiteral("via alias")}).stdOut, QByteArray("via alias\n"));
    }

    void defaultKeysFromHome()
    {
        QTemporaryDir home;
        QVERIFY(QDir(home.path()).mkpath(QStringLiteral(".ssh")));
        const QString key = home.filePath(QStringLiteral(".ssh/id_ed25519"));
        QVERIFY(QFile::copy(m_sshd.passphraseKeyPath(), key));
        QFile::setPermissions(key, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        const QByteArray oldHome = qgetenv("HOME");
        const QByteArray oldSock = qgetenv("SSH_AUTH_SOCK");
        qputenv("HOME", home.path().toUtf8());
        qunsetenv("SSH_AUTH_SOCK");
        NodeSpec n = m_sshd.node();
        n.identityFile.clear();
        n.auth = NodeSpec::Auth::Auto;

        SshTransport none(n, {}, m_sshd.options());
        const Error denied = none.connect();
        Credentials c;
        c.keyPassphrase = m_sshd.passphrase();
        SshTransport withPass(n, c, m_sshd.options());
        const Error ok = withPass.connect();
        qputenv("HOME", oldHome);
        if (!oldSock.isEmpty())
            qputenv("SSH_AUTH_SOCK", oldSock);

        QCOMPARE(denied.code, Error::Code::AuthDenied);
        QVERIFY2(denied.message.contains(QLatin1String("default keys")), qPrintable(denied.message));
        QVERIFY2(!ok, qPrintable(ok.toString()));
    }

    void agentAuthentication()
    {
        QTemporaryDir dir;
        const QString sock = dir.filePath(QStringLiteral("agent.sock"));
        QProcess agent;
        agent.start(QStringLiteral("ssh-agent"), {QStringLiteral("-D"), QStringLiteral("-a"), sock});
        CM_REQUIRE_FIXTURE(agent.waitForStarted(5000), QStringLiteral("ssh-agent cannot start"));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(sock), 5000);
        QProcess add;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SSH_AUTH_SOCK"), sock);
        add.setProcessEnvironment(env);
        add.start(QStringLiteral("ssh-add"), {m_sshd.keyPath()});
        QVERIFY(add.waitForFinished(10000));
        QCOMPARE(add.exitCode(), 0);

        const QByteArray oldSock = qgetenv("SSH_AUTH_SOCK");
        NodeSpec n = m_sshd.node();
        n.identityFile = m_sshd.wrongKeyPath();   // must not matter: agent only
        n.auth = NodeSpec::Auth::Agent;
        qunsetenv("SSH_AUTH_SOCK");
        SshTransport noAgent(n, {}, m_sshd.options());
        const Error e1 = noAgent.connect();
        qputenv("SSH_AUTH_SOCK", sock.toUtf8());
        SshTransport viaAgent(n, {}, m_sshd.options());
        const Error e2 = viaAgent.connect();
        if (oldSock.isEmpty())
            qunsetenv("SSH_AUTH_SOCK");
        else
            qputenv("SSH_AUTH_SOCK", oldSock);
        agent.kill();
        agent.waitForFinished(3000);

        QCOMPARE(e1.code, Error::Code::AuthDenied);
        QVERIFY2(e1.message.contains(QLatin1String("agent")), qPrintable(e1.message));
        QVERIFY2(!e2, qPrintable(e2.toString()));
    }

    void keyOfAnotherTypeIsAChange()
    {
        // known_hosts holds an ECDSA key for the host; the server shows ED25519.
        QTemporaryDir dir;
        QProcess gen;
        gen.start(QStringLiteral("ssh-keygen"), {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ecdsa"),
                                                 QStringLiteral("-N"), QString(), QStringLiteral("-f"), dir.filePath(QStringLiteral("k"))});
        QVERIFY(gen.waitForFinished(10000));
        QFile pub(dir.filePath(QStringLiteral("k.pub")));
        QVERIFY(pub.open(QIODevice::ReadOnly));
        const QList<QByteArray> parts = pub.readAll().split(' ');
        SshOptions o = m_sshd.options(true);
        o.knownHostsPath = dir.filePath(QStringLiteral("known_hosts"));
        QFile kh(o.knownHostsPath);
        QVERIFY(kh.open(QIODevice::WriteOnly));
        kh.write("# comment line\n" + KnownHosts::entryName(m_sshd.host(), m_sshd.port()).toUtf8() + ' ' + parts[0] + ' '
                 + parts[1] + '\n');
        kh.close();
        SshTransport t(m_sshd.node(), {}, o);
        const Error e = t.connect();
        QCOMPARE(e.code, Error::Code::HostKeyChanged);
        QVERIFY(e.message.contains(fingerprintOfPublicKeyFile(dir.filePath(QStringLiteral("k.pub")))));
    }

    void hashedKnownHostsEntriesMatch()
    {
        QTemporaryDir dir;
        SshOptions o = m_sshd.options(true);
        o.knownHostsPath = dir.filePath(QStringLiteral("known_hosts"));
        {
            SshTransport t(m_sshd.node(), {}, o);
            QVERIFY(!t.connect());
        }
        QProcess hash;
        hash.start(QStringLiteral("ssh-keygen"), {QStringLiteral("-H"), QStringLiteral("-f"), o.knownHostsPath});
        QVERIFY(hash.waitForFinished(10000));
        QFile kh(o.knownHostsPath);
        QVERIFY(kh.open(QIODevice::ReadOnly));
        QVERIFY(kh.readAll().startsWith("|1|"));
        o.acceptNewHostKey = false;
        SshTransport t(m_sshd.node(), {}, o);
        const Error e = t.connect();
        QVERIFY2(!e, qPrintable(e.toString()));
    }

    void factoryPicksTheTransport()
    {
        auto local = makeTransport(NodeSpec::parse(QStringLiteral("local")), {});
        QVERIFY(dynamic_cast<LocalTransport *>(local.get()));
        auto remote = makeTransport(m_sshd.node(), {}, m_sshd.options());
        QVERIFY(dynamic_cast<SshTransport *>(remote.get()));
        QVERIFY(!remote->connect());
        QCOMPARE(remote->capture({QStringLiteral("echo"), QStringLiteral("x")}).stdOut, QByteArray("x\n"));
    }

    void defaultKnownHostsFollowsDataDir()
    {
        qputenv("CLUSTERMARK_DATA_DIR", "/tmp/cm-data-test");
        QCOMPARE(defaultKnownHostsPath(), QStringLiteral("/tmp/cm-data-test/known_hosts"));
        qunsetenv("CLUSTERMARK_DATA_DIR");
        QVERIFY(defaultKnownHostsPath().endsWith(QLatin1String("/known_hosts")));
    }

    void cleanupTestCase()
    {
        m_sshd.stop();
    }
};

QTEST_GUILESS_MAIN(TestSshTransport)
#include "test_sshtransport.moc"
