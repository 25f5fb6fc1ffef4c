// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Cluster nodes made of network namespaces for a test (header-only), driven by
// scripts/fixtures/netns.sh (needs root):
//
//   QString why;
//   CM_REQUIRE_FIXTURE(cmtest::NetnsFixture::available(&why), why);
//   cmtest::NetnsFixture net;
//   QVERIFY2(net.up(2, "1gbit"), qPrintable(net.whyNot()));   // ~1-5 s
//   cm::SshTransport t(net.node(1), {}, net.options());       // node1's own sshd
//   net.exec(1, {"iperf3", "-c", net.loAddr(2), ...});         // runs inside node1
//   net.down();                                                // or the destructor
//
// node1 and node2 are joined by two veth links, shaped by tbf at `shape` (an empty
// shape leaves them unshaped: as fast as the CPU) (linkNames(1) = s1a s1b,
// linkNames(2) = s2a s2b) with an ECMP route between their lo addresses (loAddr(k)),
// hashing on layer 3+4 like a layer3+4 bond. Every node has an sshd on addr(k):port(k)
// and reports hostname "nodeK". Names carry a per-process prefix so that fixtures of
// parallel tests never collide; a watchdog tears it down if the test process dies.
#include "transport/sshtransport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QMap>
#include <QProcess>
#include <QStandardPaths>
#include <QStringList>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

namespace cmtest {

class NetnsFixture {
public:
    NetnsFixture() = default;
    ~NetnsFixture() { down(); }
    NetnsFixture(const NetnsFixture &) = delete;
    NetnsFixture &operator=(const NetnsFixture &) = delete;

    static QString script()
    {
        return qEnvironmentVariable("CLUSTERMARK_SCRIPTS") + QStringLiteral("/fixtures/netns.sh");
    }

    // Root and the programs the fixture and the network tests use.
    static bool available(QString *why = nullptr)
    {
        QStringList missing;
        for (const char *b : {"ip", "tc", "unshare", "sysctl", "iperf3", "ssh-keygen"})
            if (QStandardPaths::findExecutable(QLatin1String(b),
                    {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"), QStringLiteral("/sbin"),
                        QStringLiteral("/bin")})
                    .isEmpty())
                missing << QLatin1String(b);
        if (!QFile::exists(QStringLiteral("/usr/sbin/sshd")))
            missing << QStringLiteral("sshd");
        QString w;
        if (geteuid() != 0)
            w = QStringLiteral("network namespaces need root");
        else if (!missing.isEmpty())
            w = QStringLiteral("missing: ") + missing.join(QLatin1Char(' '));
        if (why)
            *why = w;
        return w.isEmpty();
    }

    // A prefix of [a-z0-9]{1,8} unique to this process (and call).
    static QString uniquePrefix()
    {
        static int n = 0;
        return QStringLiteral("cm%1%2")
            .arg(QString::number(QCoreApplication::applicationPid() % 46656, 36))
            .arg(n++ % 36, 0, 36);
    }

    bool up(int nodes = 2, const QString &shape = QStringLiteral("1gbit"), int timeoutMs = 60000)
    {
        if (m_up) {
            m_why = QStringLiteral("already up");
            return false;
        }
        m_prefix = uniquePrefix();
        QStringList args {QStringLiteral("up"), m_prefix, QStringLiteral("--nodes"), QString::number(nodes)};
        if (!shape.isEmpty())
            args << QStringLiteral("--shape") << shape;
        QString out;
        m_up = true; // from here on, down() has something to remove even if up fails
        if (!runScript(args, timeoutMs, &out)) {
            down();
            return false;
        }
        m_values.clear();
        for (const QString &line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const qsizetype eq = line.indexOf(QLatin1Char('='));
            if (eq > 0)
                m_values.insert(line.left(eq), line.mid(eq + 1));
        }
        if (port(1) <= 0 || port(2) <= 0) {
            m_why = QStringLiteral("netns.sh printed no node ports: ") + out;
            down();
            return false;
        }
        return true;
    }

    bool down()
    {
        if (!m_up)
            return true;
        QString out;
        const bool ok = runScript({QStringLiteral("down"), m_prefix}, 60000, &out);
        m_up = ok ? false : m_up;
        return ok;
    }

    bool isUp() const { return m_up; }
    QString whyNot() const { return m_why; }
    QString prefix() const { return m_prefix; }
    QString value(const QString &key) const { return m_values.value(key); }
    int nodes() const { return value(QStringLiteral("NODES")).toInt(); }
    QString nodeValue(int k, const char *key) const
    {
        return value(QStringLiteral("NODE%1_%2").arg(k).arg(QLatin1String(key)));
    }
    QString ns(int k) const { return nodeValue(k, "NS"); }
    QString addr(int k) const { return nodeValue(k, "ADDR"); } // on the bridge
    int port(int k) const { return nodeValue(k, "PORT").toInt(); } // its sshd
    QString hostname(int k) const { return nodeValue(k, "HOSTNAME"); }
    QString keyPath(int k) const { return nodeValue(k, "KEY"); }
    qint64 sshdPid(int k) const { return nodeValue(k, "PID").toLongLong(); }
    QString loAddr(int k) const { return nodeValue(k, "LO"); } // node1 and node2 only
    QStringList linkNames(int k) const { return nodeValue(k, "LINKS").split(QLatin1Char(' '), Qt::SkipEmptyParts); }
    QString hostAddr() const { return value(QStringLiteral("HOST_ADDR")); }

    cm::NodeSpec node(int k) const
    {
        cm::NodeSpec n;
        n.name = hostname(k);
        n.host = addr(k);
        n.port = port(k);
        n.user = nodeValue(k, "USER");
        n.identityFile = keyPath(k);
        n.auth = cm::NodeSpec::Auth::Key;
        return n;
    }
    // A known_hosts file of this fixture; trusts the nodes' host keys on first use.
    cm::SshOptions options() const
    {
        cm::SshOptions o;
        o.knownHostsPath = value(QStringLiteral("STATE_DIR")).isEmpty()
            ? QStringLiteral("/run/clustermark-netns/%1/known_hosts").arg(m_prefix)
            : value(QStringLiteral("STATE_DIR")) + QStringLiteral("/known_hosts");
        o.acceptNewHostKey = true;
        o.connectTimeoutMs = 5000;
        return o;
    }

    // Trusts every node's host key in `knownHostsPath` (what `clustermark-cli trust`
    // does); the first error, or none.
    cm::Error trustAll(const QString &knownHostsPath) const
    {
        for (int k = 1; k <= nodes(); ++k) {
            cm::SshOptions o = options();
            o.knownHostsPath = knownHostsPath;
            cm::SshTransport t(node(k), {}, o);
            if (const cm::Error e = t.connect())
                return e;
        }
        return {};
    }

    // Runs argv inside node k's namespace (ip netns exec); its exit code, -1 if it could
    // not run or timed out.
    int exec(int k, const QStringList &argv, QByteArray *out = nullptr, QByteArray *err = nullptr,
        int timeoutMs = 30000) const
    {
        QProcess p;
        p.start(QStringLiteral("ip"), QStringList {QStringLiteral("netns"), QStringLiteral("exec"), ns(k)} + argv);
        if (!p.waitForStarted(5000))
            return -1;
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished();
            return -1;
        }
        if (out)
            *out = p.readAllStandardOutput();
        if (err)
            *err = p.readAllStandardError();
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    }

    // Kills every sshd of node k (the listener and the sessions it forked): the node is
    // lost to the app, as a node that drops off the network mid-run.
    void killSshd(int k) const
    {
        QList<qint64> sshds {sshdPid(k)};
        for (int i = 0; i < sshds.size(); ++i)
            for (const QString &d : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
                QFile st(QStringLiteral("/proc/%1/stat").arg(d));
                if (!st.open(QIODevice::ReadOnly))
                    continue;
                const QByteArray s = st.readAll();
                const QList<QByteArray> rest = s.mid(s.lastIndexOf(')') + 2).split(' ');
                if (rest.size() > 1 && rest.at(1).toLongLong() == sshds.at(i) && s.contains("(sshd)"))
                    sshds << d.toLongLong();
            }
        for (qint64 pid : sshds)
            ::kill(pid_t(pid), SIGKILL);
    }

    // Processes inside any node of the fixture whose name (comm) is one of `names`, as
    // "nodeK:name(pid)". One pass over /proc, matching each process's network
    // namespace to the nodes' (no `ip netns pids` per node: the tests poll this while
    // timing a cancel, on a loaded machine).
    QStringList processes(const QStringList &names) const
    {
        QHash<QByteArray, int> nodeOfNs; // "net:[inode]" -> k
        for (int k = 1; k <= nodes(); ++k) {
            struct stat st { };
            if (::stat(QStringLiteral("/run/netns/%1").arg(ns(k)).toLocal8Bit().constData(), &st) == 0)
                nodeOfNs.insert("net:[" + QByteArray::number(quint64(st.st_ino)) + ']', k);
        }
        QStringList out;
        for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            if (!pid.front().isDigit())
                continue;
            char link[64] = {};
            const QByteArray nsPath = QStringLiteral("/proc/%1/ns/net").arg(pid).toLocal8Bit();
            const ssize_t n = ::readlink(nsPath.constData(), link, sizeof link - 1);
            const int k = n > 0 ? nodeOfNs.value(QByteArray(link, int(n)), 0) : 0;
            if (k == 0)
                continue;
            QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
            if (!comm.open(QIODevice::ReadOnly))
                continue;
            const QString name = QString::fromLatin1(comm.readAll().trimmed());
            if (names.contains(name))
                out << QStringLiteral("node%1:%2(%3)").arg(k).arg(name, pid);
        }
        return out;
    }

    QByteArray readFile(int k, const QString &path) const
    {
        QByteArray out;
        exec(k, {QStringLiteral("cat"), path}, &out);
        return out;
    }

private:
    bool runScript(const QStringList &args, int timeoutMs, QString *out)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("NETNS_OWNER_PID"), QString::number(QCoreApplication::applicationPid()));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("bash"), QStringList {script()} + args);
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished();
            m_why = QStringLiteral("netns.sh %1 timed out").arg(args.value(0));
            return false;
        }
        *out = QString::fromUtf8(p.readAllStandardOutput());
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            m_why = QStringLiteral("netns.sh %1 failed: %2")
                        .arg(args.value(0), QString::fromUtf8(p.readAllStandardError()).trimmed());
            return false;
        }
        return true;
    }

    QString m_prefix;
    QMap<QString, QString> m_values;
    QString m_why;
    bool m_up = false;
};

} // namespace cmtest
