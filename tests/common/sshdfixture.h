// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A real OpenSSH server for a test (header-only), driven by scripts/fixtures/sshd.sh:
//
//   cmtest::SshdFixture sshd;
//   CM_REQUIRE_FIXTURE(sshd.start(), sshd.whyNot());
//   cm::SshTransport t(sshd.node(), {}, sshd.options());   // key auth, trusts the host key
//   ...
//   sshd.rekey();   // new host key (HostKeyChanged tests); sshd.stop() or the destructor
//
// Everything (keys, config, log, known_hosts) lives in a temporary folder removed at
// the end. Values come from the script's KEY=VALUE lines (PORT, ADDR, USER, PID, DIR,
// HOST_KEY_PUB, KEY, KEY_PASS, PASSPHRASE, WRONG_KEY).
#include "transport/sshtransport.h"

#include <QCoreApplication>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>

namespace cmtest {

class SshdFixture {
public:
    SshdFixture() = default;
    ~SshdFixture() { stop(); }
    SshdFixture(const SshdFixture &) = delete;
    SshdFixture &operator=(const SshdFixture &) = delete;

    static QString script()
    {
        return qEnvironmentVariable("CLUSTERMARK_SCRIPTS") + QStringLiteral("/fixtures/sshd.sh");
    }

    // addr: the listen address (another one for a node in a network namespace);
    // extraConfig: more sshd_config lines.
    bool start(const QString &addr = QStringLiteral("127.0.0.1"), const QString &extraConfig = {})
    {
        if (!m_dir.isValid()) {
            m_why = QStringLiteral("cannot create a temporary folder");
            return false;
        }
        if (!QFile::exists(QStringLiteral("/usr/sbin/sshd"))) {
            m_why = QStringLiteral("/usr/sbin/sshd not installed (openssh-server)");
            return false;
        }
        QString out;
        if (!runScript({QStringLiteral("start"), m_dir.path(), addr}, &out, extraConfig))
            return false;
        m_values.clear();
        for (const QString &line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const qsizetype eq = line.indexOf(QLatin1Char('='));
            if (eq > 0)
                m_values.insert(line.left(eq), line.mid(eq + 1));
        }
        m_running = port() > 0;
        if (!m_running)
            m_why = QStringLiteral("sshd.sh printed no PORT: ") + out;
        return m_running;
    }

    bool rekey()
    {
        QString out;
        return m_running && runScript({QStringLiteral("rekey"), m_dir.path()}, &out);
    }

    void stop()
    {
        if (!m_running)
            return;
        QString out;
        runScript({QStringLiteral("stop"), m_dir.path()}, &out);
        m_running = false;
    }

    bool isRunning() const { return m_running; }
    QString whyNot() const { return m_why; }
    QString value(const QString &key) const { return m_values.value(key); }
    int port() const { return value(QStringLiteral("PORT")).toInt(); }
    QString host() const { return value(QStringLiteral("ADDR")); }
    QString user() const { return value(QStringLiteral("USER")); }
    qint64 pid() const { return value(QStringLiteral("PID")).toLongLong(); }
    QString dir() const { return m_dir.path(); }
    QString keyPath() const { return value(QStringLiteral("KEY")); } // no passphrase
    QString passphraseKeyPath() const { return value(QStringLiteral("KEY_PASS")); }
    QString passphrase() const { return value(QStringLiteral("PASSPHRASE")); }
    QString wrongKeyPath() const { return value(QStringLiteral("WRONG_KEY")); } // not authorized
    QString hostKeyPubPath() const { return value(QStringLiteral("HOST_KEY_PUB")); }
    QString knownHostsPath() const { return m_dir.filePath(QStringLiteral("app_known_hosts")); }

    // user@addr:port with the authorized key (Auth::Key).
    cm::NodeSpec node(const QString &identityFile = {}) const
    {
        cm::NodeSpec n;
        n.name = QStringLiteral("sshd-fixture");
        n.host = host();
        n.port = port();
        n.user = user();
        n.identityFile = identityFile.isEmpty() ? keyPath() : identityFile;
        n.auth = cm::NodeSpec::Auth::Key;
        return n;
    }
    // The fixture's own known_hosts; trusts the host key on first use by default.
    cm::SshOptions options(bool acceptNewHostKey = true) const
    {
        cm::SshOptions o;
        o.knownHostsPath = knownHostsPath();
        o.acceptNewHostKey = acceptNewHostKey;
        o.connectTimeoutMs = 5000;
        return o;
    }

private:
    bool runScript(const QStringList &args, QString *out, const QString &extraConfig = {})
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        if (!extraConfig.isEmpty())
            env.insert(QStringLiteral("SSHD_EXTRA_CONFIG"), extraConfig);
        // A test killed by a time-out must not leave its sshd behind.
        env.insert(QStringLiteral("SSHD_OWNER_PID"), QString::number(QCoreApplication::applicationPid()));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("bash"), QStringList {script()} + args);
        if (!p.waitForFinished(30000)) {
            p.kill();
            p.waitForFinished();
            m_why = QStringLiteral("sshd.sh %1 timed out").arg(args.value(0));
            return false;
        }
        *out = QString::fromUtf8(p.readAllStandardOutput());
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            m_why = QStringLiteral("sshd.sh %1 failed: %2")
                        .arg(args.value(0), QString::fromUtf8(p.readAllStandardError()).trimmed());
            return false;
        }
        return true;
    }

    QTemporaryDir m_dir;
    QMap<QString, QString> m_values;
    QString m_why;
    bool m_running = false;
};

} // namespace cmtest
