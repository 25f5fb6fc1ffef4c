// SPDX-License-Identifier: GPL-3.0-or-later
// Fetching a node's Ceph client configuration in one round trip:
//  - with a real LocalTransport under a temporary root: Proxmox paths first, then
//    /etc/ceph; clear errors for a missing conf or keyring, a keyring without a key
//    line, a conf without monitors; hostile paths stay paths;
//  - over a real sshd (scripts/fixtures/sshd.sh) from a real lab cluster's conf and
//    keyring: the in-memory key connects (no conf, no keyring file), the fsid matches,
//    and the key is written to no file.
#include "ceph/cephconfigfetcher.h"
#include "ceph/cephconnectioncheck.h"
#include "ceph/radosclient.h"
#include "cephlabfixture.h"
#include "sshdfixture.h"
#include "testutil.h"
#include "transport/localtransport.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace cm;

namespace {

// A real transport that counts its round trips (the fetch promises exactly one).
class CountingTransport : public Transport {
public:
    explicit CountingTransport(Transport &inner)
        : m_inner(inner)
    { }
    Error connect() override { return m_inner.connect(); }
    bool isConnected() const override { return m_inner.isConnected(); }
    ExecResult run(const Command &cmd, const OutputCallbacks &out, const CancelToken &cancel) override
    {
        ++runs;
        return m_inner.run(cmd, out, cancel);
    }
    const NodeSpec &node() const override { return m_inner.node(); }
    int runs = 0;

private:
    Transport &m_inner;
};

// A real local transport whose commands run as the unprivileged user "nobody", like
// a non-root SSH login on a Proxmox node (where /etc/pve/priv is root-only).
class NobodyTransport : public LocalTransport {
public:
    ExecResult run(const Command &cmd, const OutputCallbacks &out, const CancelToken &cancel) override
    {
        Command c = cmd;
        c.argv = QStringList {QStringLiteral("setpriv"), QStringLiteral("--reuid=65534"),
                     QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups"), QStringLiteral("--")}
            + cmd.argv;
        return LocalTransport::run(c, out, cancel);
    }
};

bool writeFile(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QByteArray kKeyPve = "AQAA8VNlAAAAABAAjGl25bVBBBW96Qi9Te4V3w==";
const QByteArray kKeyEtc = "AQAA8VNlAAAAABAA2SmKENGwc1g33EvYXaxkGw==";

} // namespace

class TestCephConfigFetcher : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;
    cmtest::CephLabFixture m_lab;
    cmtest::SshdFixture m_sshd;

    QString path(const QString &rel) const { return m_root.path() + rel; }

    CephFetchResult fetchLocal(const CephFetchOptions &o, Error *e, int *runs = nullptr)
    {
        LocalTransport local;
        CountingTransport t(local);
        CephFetchResult r = CephConfigFetcher(t).fetch(o, e);
        if (runs)
            *runs = t.runs;
        return r;
    }

    bool startLab()
    {
        if (m_lab.isRunning())
            return true;
        return m_lab.start(1);
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_root.isValid());
        QDir(path(QStringLiteral("/etc"))).removeRecursively();
        QVERIFY(writeFile(path(QStringLiteral("/etc/pve/ceph.conf")),
            "[global]\n\t fsid = 5d7c2a1e-3b4f-4c8a-9e6d-1f2a3b4c5d6e\n\t mon_host = 10.10.10.11 10.10.10.12\n"));
        QVERIFY(writeFile(path(QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring")),
            "[client.admin]\n\tkey = " + kKeyPve + "\n"));
        QVERIFY(writeFile(path(QStringLiteral("/etc/ceph/ceph.conf")),
            "[global]\nmon host = [v2:192.168.7.1:3300/0,v1:192.168.7.1:6789/0]\n"));
        QVERIFY(writeFile(
            path(QStringLiteral("/etc/ceph/ceph.client.admin.keyring")), "[client.admin]\n\tkey = " + kKeyEtc + "\n"));
    }

    void candidates()
    {
        CephFetchOptions o;
        QCOMPARE(CephConfigFetcher::confCandidates(o), (QStringList {"/etc/pve/ceph.conf", "/etc/ceph/ceph.conf"}));
        o.clientName = QStringLiteral("bench");
        QCOMPARE(CephConfigFetcher::keyringCandidates(o),
            (QStringList {"/etc/pve/priv/ceph.client.bench.keyring", "/etc/ceph/ceph.client.bench.keyring"}));
        o.confPath = QStringLiteral("/x/c.conf");
        o.keyringPath = QStringLiteral("/x/k");
        QCOMPARE(CephConfigFetcher::confCandidates(o), QStringList {"/x/c.conf"});
        QCOMPARE(CephConfigFetcher::keyringCandidates(o), QStringList {"/x/k"});
    }

    void proxmoxPathsComeFirst()
    {
        CephFetchOptions o;
        o.rootPrefix = m_root.path();
        Error e;
        int runs = 0;
        CephFetchResult r = fetchLocal(o, &e, &runs);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(runs, 1);
        QCOMPARE(r.confPath, path(QStringLiteral("/etc/pve/ceph.conf")));
        QCOMPARE(r.keyringPath, path(QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring")));
        QCOMPARE(r.spec.monHost, QStringLiteral("10.10.10.11,10.10.10.12"));
        QCOMPARE(r.monitors.size(), 2);
        QCOMPARE(r.spec.key.toLatin1(), kKeyPve);
        QCOMPARE(r.spec.clientName, QStringLiteral("client.admin"));
        QVERIFY(r.spec.confPath.isEmpty() && r.spec.keyringPath.isEmpty());
        QCOMPARE(r.fsid, QStringLiteral("5d7c2a1e-3b4f-4c8a-9e6d-1f2a3b4c5d6e"));
        QCOMPARE(r.node, QStringLiteral("local"));
        // The JSON never holds the key.
        const QJsonObject j = r.toJson(QStringLiteral("(keychain)"));
        QCOMPARE(j.value(QStringLiteral("key")).toString(), QStringLiteral("(keychain)"));
        QVERIFY(!QJsonDocument(j).toJson().contains(kKeyPve));

        // Without Proxmox's files: /etc/ceph.
        QVERIFY(QDir(path(QStringLiteral("/etc/pve"))).removeRecursively());
        r = fetchLocal(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(r.confPath, path(QStringLiteral("/etc/ceph/ceph.conf")));
        QCOMPARE(r.spec.monHost, QStringLiteral("[v2:192.168.7.1:3300/0,v1:192.168.7.1:6789/0]"));
        QCOMPARE(r.spec.key.toLatin1(), kKeyEtc);
        QVERIFY(r.fsid.isEmpty());
    }

    void eachKindPicksItsOwnFirstFile()
    {
        // Proxmox conf but only the /etc/ceph keyring (and the other way round).
        QVERIFY(QFile::remove(path(QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring"))));
        CephFetchOptions o;
        o.rootPrefix = m_root.path();
        Error e;
        CephFetchResult r = fetchLocal(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(r.confPath, path(QStringLiteral("/etc/pve/ceph.conf")));
        QCOMPARE(r.spec.key.toLatin1(), kKeyEtc);
        // A folder where the conf should be is skipped, not read.
        QVERIFY(QFile::remove(path(QStringLiteral("/etc/pve/ceph.conf"))));
        QVERIFY(QDir().mkpath(path(QStringLiteral("/etc/pve/ceph.conf"))));
        r = fetchLocal(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(r.confPath, path(QStringLiteral("/etc/ceph/ceph.conf")));
    }

    void missingKeyringIsAClearError()
    {
        QVERIFY(QFile::remove(path(QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring"))));
        QVERIFY(QFile::remove(path(QStringLiteral("/etc/ceph/ceph.client.admin.keyring"))));
        CephFetchOptions o;
        o.rootPrefix = m_root.path();
        Error e;
        const CephFetchResult r = fetchLocal(o, &e);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY2(
            e.message.contains(QStringLiteral("no readable keyring for client.admin on local")), qPrintable(e.message));
        QVERIFY2(e.message.contains(path(QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring (missing)"))),
            qPrintable(e.message));
        QVERIFY2(e.message.contains(path(QStringLiteral("/etc/ceph/ceph.client.admin.keyring (missing)"))),
            qPrintable(e.message));
        QVERIFY(r.spec.key.isEmpty());
    }

    void keyringWithoutKeyIsAClearError()
    {
        QVERIFY(writeFile(path(QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring")),
            "[client.admin]\n\tcaps mon = \"allow *\"\n"));
        CephFetchOptions o;
        o.rootPrefix = m_root.path();
        Error e;
        const CephFetchResult r = fetchLocal(o, &e);
        QCOMPARE(e.code, Error::Code::ParseError);
        QVERIFY2(e.message.contains(QStringLiteral("[client.admin] in the keyring has no \"key = …\" line")),
            qPrintable(e.message));
        QVERIFY2(
            e.message.contains(path(QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring"))), qPrintable(e.message));
        QVERIFY(r.spec.key.isEmpty());
        // Another client than the keyring's.
        o.keyringPath = path(QStringLiteral("/etc/ceph/ceph.client.admin.keyring"));
        o.clientName = QStringLiteral("bench");
        fetchLocal(o, &e);
        QVERIFY2(e.message.contains(QStringLiteral("no [client.bench] section (it has: client.admin)")),
            qPrintable(e.message));
    }

    void missingConfAndNoMonitors()
    {
        CephFetchOptions o;
        o.confPath = path(QStringLiteral("/nowhere/ceph.conf"));
        o.keyringPath = path(QStringLiteral("/etc/ceph/ceph.client.admin.keyring"));
        Error e;
        fetchLocal(o, &e);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY2(e.message.contains(QStringLiteral("no readable Ceph configuration on local: ") + o.confPath
                     + QStringLiteral(" (missing)")),
            qPrintable(e.message));
        QVERIFY(writeFile(
            path(QStringLiteral("/etc/ceph/ceph.conf")), "[global]\nfsid = 5d7c2a1e-3b4f-4c8a-9e6d-1f2a3b4c5d6e\n"));
        o.confPath = path(QStringLiteral("/etc/ceph/ceph.conf"));
        fetchLocal(o, &e);
        QCOMPARE(e.code, Error::Code::ParseError);
        QVERIFY2(e.message.contains(QStringLiteral("no mon_host")), qPrintable(e.message));
    }

    void unprivilegedUserGetsPermissionDenied()
    {
        if (geteuid() != 0 || !QFile::exists(QStringLiteral("/usr/bin/setpriv")))
            QSKIP("needs root and setpriv to run the fetch as another user");
        const auto open = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
            | QFile::ReadOther | QFile::ExeOther;
        for (const QString &d :
            {QString(), QStringLiteral("/etc"), QStringLiteral("/etc/pve"), QStringLiteral("/etc/ceph")})
            QVERIFY(QFile::setPermissions(path(d), open));
        QVERIFY(QFile::setPermissions(
            path(QStringLiteral("/etc/pve/ceph.conf")), QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        QVERIFY(QFile::setPermissions(
            path(QStringLiteral("/etc/pve/priv")), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QVERIFY(QFile::setPermissions(
            path(QStringLiteral("/etc/ceph/ceph.client.admin.keyring")), QFile::ReadOwner | QFile::WriteOwner));
        NobodyTransport t;
        CephFetchOptions o;
        o.rootPrefix = m_root.path();
        Error e;
        const CephFetchResult r = CephConfigFetcher(t).fetch(o, &e);
        QCOMPARE(e.code, Error::Code::CommandFailed);
        QVERIFY2(
            e.message.contains(path(QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring (permission denied)"))),
            qPrintable(e.message));
        QVERIFY2(e.message.contains(path(QStringLiteral("/etc/ceph/ceph.client.admin.keyring (permission denied)"))),
            qPrintable(e.message));
        QVERIFY2(e.message.contains(QStringLiteral("connect as root")), qPrintable(e.message));
        QVERIFY(r.spec.key.isEmpty());
        // A keyring the user can read (given explicitly) works, with the conf from /etc/pve.
        const QString own = path(QStringLiteral("/etc/ceph/readable.keyring"));
        QVERIFY(writeFile(own, "[client.admin]\nkey = " + kKeyEtc + "\n"));
        QVERIFY(QFile::setPermissions(own, QFile::ReadOwner | QFile::ReadOther));
        o.keyringPath = own;
        const CephFetchResult ok = CephConfigFetcher(t).fetch(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(ok.confPath, path(QStringLiteral("/etc/pve/ceph.conf")));
        QCOMPARE(ok.spec.key.toLatin1(), kKeyEtc);
    }

    void hostilePathsStayPaths()
    {
        const QString weird = path(QStringLiteral("/etc/we ird/$(touch pwned)'x\".conf"));
        QVERIFY(writeFile(weird, readFile(path(QStringLiteral("/etc/ceph/ceph.conf")))));
        CephFetchOptions o;
        o.confPath = weird;
        o.keyringPath = path(QStringLiteral("/etc/ceph/ceph.client.admin.keyring"));
        Error e;
        const CephFetchResult r = fetchLocal(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(r.confPath, weird);
        QVERIFY(!QFile::exists(QStringLiteral("pwned")));
    }

    void fromOutputIgnoresForgedMarkers()
    {
        // A conf that prints a marker with another nonce cannot inject a keyring.
        CephFetchOptions o;
        o.confPath = QStringLiteral("/c");
        o.keyringPath = QStringLiteral("/k");
        const QByteArray out = "@@CM:n1:begin try:1\nok\n@@CM:n1:end try:1 0\n"
                               "@@CM:n1:begin conf\n[global]\nmon_host = 1.2.3.4\n"
                               "@@CM:evil:begin keyring\n[client.admin]\nkey = "
            + kKeyPve
            + "\n"
              "\n@@CM:n1:end conf 0\n"
              "@@CM:n1:begin try:2\nmissing\n@@CM:n1:end try:2 0\n";
        Error e;
        CephConfigFetcher::fromOutput(out, "n1", o, QStringLiteral("n"), &e);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY2(e.message.contains(QStringLiteral("/k (missing)")), qPrintable(e.message));
        // Cut short: statuses absent.
        CephConfigFetcher::fromOutput("", "n1", o, QStringLiteral("n"), &e);
        QVERIFY2(e.message.contains(QStringLiteral("/c (not tried)")), qPrintable(e.message));
    }

    void overSshFromTheLab()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        CM_REQUIRE_FIXTURE(m_sshd.isRunning() || m_sshd.start(), m_sshd.whyNot());
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        // The lab's files where a node keeps them (under the temporary root).
        QVERIFY(QDir(path(QStringLiteral("/etc"))).removeRecursively());
        QVERIFY(writeFile(path(QStringLiteral("/etc/ceph/ceph.conf")), readFile(m_lab.confPath())));
        QVERIFY(writeFile(path(QStringLiteral("/etc/ceph/ceph.client.admin.keyring")), readFile(m_lab.keyringPath())));

        const QDateTime started = QDateTime::currentDateTime().addSecs(-1);
        SshTransport ssh(m_sshd.node(), {}, m_sshd.options());
        CountingTransport t(ssh);
        CephFetchOptions o;
        o.rootPrefix = m_root.path();
        Error e;
        QElapsedTimer clock;
        clock.start();
        CephFetchResult r = CephConfigFetcher(t).fetch(o, &e);
        const qint64 fetchMs = clock.elapsed();
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(t.runs, 1);
        QCOMPARE(r.node, m_sshd.node().displayName());
        QCOMPARE(r.fsid, m_lab.fsid());
        QVERIFY2(r.spec.monHost.contains(m_lab.monAddr()),
            qPrintable(r.spec.monHost + QStringLiteral(" vs ") + m_lab.monAddr()));
        QVERIFY(!r.spec.key.isEmpty());
        QVERIFY(r.spec.confPath.isEmpty() && r.spec.keyringPath.isEmpty());

        // Connect with nothing but mon_host and the in-memory key.
        r.spec.timeoutSec = 10;
        RadosClient c;
        clock.restart();
        const CephConnectionCheck check = CephConnectionCheck::run(c, r.spec, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        qInfo("fetch over SSH %lld ms, conf-less connect + status %lld ms, health %s", fetchMs, clock.elapsed(),
            qPrintable(check.health));
        QCOMPARE(check.fsid, m_lab.fsid());
        QCOMPARE(c.fsid(), m_lab.fsid());
        QVERIFY(check.health.startsWith(QStringLiteral("HEALTH_")));

        // The key went to no new file (outside the lab's and the test's own copies).
        const QByteArray key = r.spec.key.toLatin1();
        int scanned = 0;
        QDirIterator it(QDir::tempPath(), QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString f = it.next();
            if (f.startsWith(m_root.path()) || f.startsWith(m_lab.dir()))
                continue;
            const QFileInfo fi = it.fileInfo();
            if (fi.lastModified() < started || fi.size() > (4 << 20))
                continue;
            ++scanned;
            QVERIFY2(!readFile(f).contains(key), qPrintable(QStringLiteral("key found in ") + f));
        }
        qInfo("%d new files under %s hold no key", scanned, qPrintable(QDir::tempPath()));

        // A wrong key with the right monitors is refused.
        CephConnectionSpec wrong = r.spec;
        wrong.key = QString::fromLatin1(kKeyPve);
        wrong.timeoutSec = 5;
        RadosClient w;
        const Error we = w.connect(wrong);
        QVERIFY(we);
        QVERIFY(!w.isConnected());
    }

    void fromNodeLocal()
    {
        CephFetchOptions o;
        o.rootPrefix = m_root.path();
        Error e;
        const CephFetchResult r = CephConfigFetcher::fetchFromNode(NodeSpec::parse(QStringLiteral("local")), {}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(r.spec.key.toLatin1(), kKeyPve);
    }

    void overSshExplicitPathsAndErrors()
    {
        CM_REQUIRE_FIXTURE(m_sshd.isRunning() || m_sshd.start(), m_sshd.whyNot());
        SshTransport t(m_sshd.node(), {}, m_sshd.options());
        CephFetchOptions o;
        o.confPath = path(QStringLiteral("/etc/pve/ceph.conf"));
        o.keyringPath = path(QStringLiteral("/etc/pve/priv/missing.keyring"));
        Error e;
        CephConfigFetcher(t).fetch(o, &e);
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY2(e.message.contains(QStringLiteral("missing.keyring (missing)")), qPrintable(e.message));
        o.keyringPath = path(QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring"));
        const CephFetchResult r = CephConfigFetcher(t).fetch(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(r.spec.key.toLatin1(), kKeyPve);
    }
};

QTEST_GUILESS_MAIN(TestCephConfigFetcher)
#include "test_cephconfigfetcher.moc"
