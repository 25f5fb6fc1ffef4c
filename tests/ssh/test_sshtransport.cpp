// SPDX-License-Identifier: GPL-3.0-or-later
// SshTransport connect, authentication, host keys and ~/.ssh/config against a real
// OpenSSH server (scripts/fixtures/sshd.sh) on 127.0.0.1.
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

// `ssh-keygen -lf FILE` → "SHA256:…"
QString keygenFingerprint(const QString &pubFile)
{
    QProcess p;
    p.start(QStringLiteral("ssh-keygen"), {QStringLiteral("-lf"), pubFile});
    p.waitForFinished(10000);
    return QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char(' ')).value(1);
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
    void initTestCase() { CM_REQUIRE_FIXTURE(m_sshd.start(), m_sshd.whyNot()); }

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
        QVERIFY(t.connect().code == Error::Code::None); // idempotent
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
        sockaddr_in a {};
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
        sockaddr_in a {};
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

        SshTransport t4(m_sshd.node(), {}, o); // no trust flags: known now
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
        SshOptions o = sshd.options(true); // even "accept new" must not accept a changed key
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
        n.identityFile = m_sshd.wrongKeyPath(); // must not matter: agent only
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
        gen.start(QStringLiteral("ssh-keygen"),
            {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ecdsa"), QStringLiteral("-N"), QString(),
                QStringLiteral("-f"), dir.filePath(QStringLiteral("k"))});
        QVERIFY(gen.waitForFinished(10000));
        QFile pub(dir.filePath(QStringLiteral("k.pub")));
        QVERIFY(pub.open(QIODevice::ReadOnly));
        const QList<QByteArray> parts = pub.readAll().split(' ');
        SshOptions o = m_sshd.options(true);
        o.knownHostsPath = dir.filePath(QStringLiteral("known_hosts"));
        QFile kh(o.knownHostsPath);
        QVERIFY(kh.open(QIODevice::WriteOnly));
        kh.write("# comment line\n" + KnownHosts::entryName(m_sshd.host(), m_sshd.port()).toUtf8() + ' ' + parts[0]
            + ' ' + parts[1] + '\n');
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

    void cleanupTestCase() { m_sshd.stop(); }
};

QTEST_GUILESS_MAIN(TestSshTransport)
#include "test_sshtransport.moc"
