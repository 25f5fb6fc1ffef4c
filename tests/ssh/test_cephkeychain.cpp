// SPDX-License-Identifier: GPL-3.0-or-later
// Ceph keys in a real Secret Service (gnome-keyring in a private D-Bus session, from
// scripts/fixtures/with-keyring.sh): save / load / forget under "ceph:<fsid>:<client>",
// bad input refused, the key in no file; and end to end on a real lab cluster: fetch
// the key, remember it, connect with the key read back from the keychain.
#include "ceph/cephconfigfetcher.h"
#include "ceph/cephconnectioncheck.h"
#include "ceph/cephkeychain.h"
#include "ceph/radosclient.h"
#include "cephlabfixture.h"
#include "secrets/secretstore.h"
#include "testutil.h"
#include "transport/localtransport.h"

#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <QUuid>

using namespace cm;

namespace {

const QString kKey = QStringLiteral("AQAA8VNlAAAAABAAjGl25bVBBBW96Qi9Te4V3w==");

} // namespace

class TestCephKeychain : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;

    bool startLab() { return m_lab.isRunning() || m_lab.start(1); }

    struct Cli {
        int code;
        QByteArray out, err;
    };
    static Cli cli(const QStringList &args)
    {
        QProcess p;
        p.start(qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli"), args);
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            return {-1, {}, "timed out"};
        }
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
    }

private Q_SLOTS:
    void initTestCase()
    {
        const bool bus = !qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS");
        QString why = QStringLiteral("no D-Bus session (run under scripts/fixtures/with-keyring.sh)");
        bool usable = false;
        if (bus) {
            const Error e
                = SecretStore::writeBlocking(QStringLiteral("clustermark-probe"), QStringLiteral("probe"), 10000);
            usable = !e;
            if (e)
                why = e.toString();
            SecretStore::removeBlocking(QStringLiteral("clustermark-probe"), 10000);
        }
        CM_REQUIRE_FIXTURE(usable, why);
        QVERIFY2(QDir::homePath().startsWith(QLatin1String("/tmp/")), "HOME must be the launcher's throwaway folder");
    }

    void entryNames()
    {
        const QString fsid = QStringLiteral("5d7c2a1e-3b4f-4c8a-9e6d-1f2a3b4c5d6e");
        QCOMPARE(CephKeychain::entryName(fsid, QStringLiteral("admin")),
            QStringLiteral("ceph:") + fsid + QStringLiteral(":client.admin"));
        QCOMPARE(CephKeychain::entryName(
                     QStringLiteral("{5D7C2A1E-3B4F-4C8A-9E6D-1F2A3B4C5D6E}"), QStringLiteral("client.bench")),
            QStringLiteral("ceph:") + fsid + QStringLiteral(":client.bench"));
        Error e;
        QVERIFY(CephKeychain::entryName(QStringLiteral("not-a-uuid"), QStringLiteral("admin"), &e).isEmpty());
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY(CephKeychain::entryName(QString(), QStringLiteral("admin"), &e).isEmpty());
        QCOMPARE(e.code, Error::Code::InvalidInput);
    }

    void roundTrip()
    {
        const QString fsid = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QString got = QStringLiteral("unchanged");
        QVERIFY(!CephKeychain::load(fsid, QStringLiteral("admin"), &got));
        QVERIFY(got.isEmpty());
        CephConnectionSpec spec;
        QCOMPARE(CephKeychain::loadInto(fsid, &spec).code, Error::Code::PathMissing);

        QVERIFY(!CephKeychain::save(fsid, QStringLiteral("client.admin"), kKey));
        QVERIFY(!CephKeychain::load(fsid, QStringLiteral("admin"), &got));
        QCOMPARE(got, kKey);
        // Stored through SecretStore under the documented name.
        QString raw;
        QVERIFY(!SecretStore::readBlocking(CephKeychain::entryName(fsid, QStringLiteral("admin")), &raw));
        QCOMPARE(raw, kKey);
        // Another client of the same cluster is another entry.
        QVERIFY(!CephKeychain::load(fsid, QStringLiteral("bench"), &got));
        QVERIFY(got.isEmpty());
        QVERIFY(!CephKeychain::loadInto(fsid, &spec));
        QCOMPARE(spec.key, kKey);

        QVERIFY(!CephKeychain::forget(fsid, QStringLiteral("admin")));
        QVERIFY(!CephKeychain::load(fsid, QStringLiteral("admin"), &got));
        QVERIFY(got.isEmpty());
        QVERIFY(!CephKeychain::forget(fsid, QStringLiteral("admin"))); // twice is fine
    }

    void badInputIsRefused()
    {
        const QString fsid = QUuid::createUuid().toString(QUuid::WithoutBraces);
        Error e = CephKeychain::save(fsid, QStringLiteral("admin"), QStringLiteral("not a key"));
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY(!e.toString().contains(QStringLiteral("not a key"))); // the error does not quote the key
        e = CephKeychain::save(QStringLiteral("bad fsid"), QStringLiteral("admin"), kKey);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QString got;
        QVERIFY(!CephKeychain::load(fsid, QStringLiteral("admin"), &got));
        QVERIFY(got.isEmpty());
    }

    void fetchRememberConnect()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        const cmtest::CephLabFixture &lab = m_lab;
        LocalTransport t;
        CephFetchOptions o;
        o.confPath = lab.confPath();
        o.keyringPath = lab.keyringPath();
        Error e;
        CephFetchResult fetched = CephConfigFetcher(t).fetch(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(fetched.fsid, lab.fsid());
        QVERIFY(!CephKeychain::save(fetched.fsid, fetched.spec.clientName, fetched.spec.key));
        const QString key = fetched.spec.key;

        // Later: only the fsid and mons are known; the key comes from the keychain.
        CephConnectionSpec spec;
        spec.monHost = fetched.spec.monHost;
        spec.timeoutSec = 10;
        QVERIFY(!CephKeychain::loadInto(lab.fsid(), &spec));
        RadosClient c;
        const CephConnectionCheck check = CephConnectionCheck::run(c, spec, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(check.fsid, lab.fsid());

        // The key is in no file under HOME (the keyring file is encrypted).
        int files = 0;
        QDirIterator it(QDir::homePath(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (!f.open(QIODevice::ReadOnly))
                continue;
            ++files;
            QVERIFY2(!f.readAll().contains(key.toLatin1()), qPrintable(QStringLiteral("key found in ") + f.fileName()));
        }
        QVERIFY2(files > 0, "no file under HOME: the keyring did not persist anything");
        QVERIFY(!CephKeychain::forget(lab.fsid(), spec.clientName));
    }

    void cliFetch()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        const QStringList base {QStringLiteral("ceph"), QStringLiteral("fetch"), QStringLiteral("local"),
            QStringLiteral("--conf"), m_lab.confPath(), QStringLiteral("--keyring"), m_lab.keyringPath(),
            QStringLiteral("--json")};
        QString key;
        QVERIFY(!CephKeychain::forget(m_lab.fsid(), QStringLiteral("admin")));
        Cli r = cli(base);
        QVERIFY2(r.code == 0, r.err.constData());
        QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("key")).toString(), QStringLiteral("(in memory)"));
        QCOMPARE(o.value(QStringLiteral("fsid")).toString(), m_lab.fsid());
        QCOMPARE(o.value(QStringLiteral("connected")).toBool(), true);
        const QJsonObject cluster = o.value(QStringLiteral("cluster")).toObject();
        QCOMPARE(cluster.value(QStringLiteral("fsid")).toString(), m_lab.fsid());
        QVERIFY(cluster.value(QStringLiteral("health")).toString().startsWith(QStringLiteral("HEALTH_")));
        QVERIFY(!CephKeychain::load(m_lab.fsid(), QStringLiteral("admin"), &key));
        QVERIFY(key.isEmpty()); // not remembered without --remember

        r = cli(base + QStringList {QStringLiteral("--remember")});
        QVERIFY2(r.code == 0, r.err.constData());
        o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("key")).toString(), QStringLiteral("(keychain)"));
        QVERIFY(!CephKeychain::load(m_lab.fsid(), QStringLiteral("admin"), &key));
        QVERIFY(!key.isEmpty());
        QVERIFY2(!r.out.contains(key.toLatin1()) && !r.err.contains(key.toLatin1()), "the CLI printed the key");
        QVERIFY(!CephKeychain::forget(m_lab.fsid(), QStringLiteral("admin")));

        // A missing keyring: a clear error, exit 1.
        r = cli({QStringLiteral("ceph"), QStringLiteral("fetch"), QStringLiteral("local"), QStringLiteral("--conf"),
            m_lab.confPath(), QStringLiteral("--keyring"), QStringLiteral("/nonexistent/k"), QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("no readable keyring for client.admin on local: /nonexistent/k (missing)"),
            r.err.constData());
        r = cli({QStringLiteral("ceph"), QStringLiteral("fetch")});
        QCOMPARE(r.code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCephKeychain)
#include "test_cephkeychain.moc"
