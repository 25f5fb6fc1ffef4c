// SPDX-License-Identifier: GPL-3.0-or-later
// ceph.conf and keyring parsing: the mon_host forms, sections and client precedence,
// comments, quotes and continuations; keyring keys and their clear errors.
#include "parse/cephconf.h"
#include "parse/cephkeyring.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

using namespace cm;

namespace {

QByteArray data(const QString &name)
{
    QFile f(cmtest::testData(QStringLiteral("ceph-conf/") + name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestCephConf : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keyNamesCompareAlike()
    {
        QCOMPARE(CephConf::normalizeKey(QStringLiteral("mon host")), QStringLiteral("mon_host"));
        QCOMPARE(CephConf::normalizeKey(QStringLiteral("  Mon-Host ")), QStringLiteral("mon_host"));
        QCOMPARE(CephConf::normalizeKey(QStringLiteral("mon__host")), QStringLiteral("mon_host"));
        QCOMPARE(CephConf::normalizeKey(QStringLiteral("mon \t host")), QStringLiteral("mon_host"));
    }

    void monHostForms_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QStringList>("mons");
        QTest::newRow("commas") << "10.0.0.1,10.0.0.2,10.0.0.3" << QStringList {"10.0.0.1", "10.0.0.2", "10.0.0.3"};
        QTest::newRow("spaces") << "10.0.0.1 10.0.0.2  10.0.0.3" << QStringList {"10.0.0.1", "10.0.0.2", "10.0.0.3"};
        QTest::newRow("semicolons and ports")
            << "10.0.0.1:6789; 10.0.0.2:6789" << QStringList {"10.0.0.1:6789", "10.0.0.2:6789"};
        QTest::newRow("addrvec") << "[v2:10.0.0.1:3300/0,v1:10.0.0.1:6789/0]"
                                 << QStringList {"[v2:10.0.0.1:3300/0,v1:10.0.0.1:6789/0]"};
        QTest::newRow("addrvecs, spaces")
            << "[v2:10.0.0.1:3300/0,v1:10.0.0.1:6789/0] [v2:10.0.0.2:3300/0,v1:10.0.0.2:6789/0]"
            << QStringList {"[v2:10.0.0.1:3300/0,v1:10.0.0.1:6789/0]", "[v2:10.0.0.2:3300/0,v1:10.0.0.2:6789/0]"};
        QTest::newRow("addrvecs, commas")
            << "[v2:10.0.0.1:3300],[v2:10.0.0.2:3300]" << QStringList {"[v2:10.0.0.1:3300]", "[v2:10.0.0.2:3300]"};
        QTest::newRow("ipv6") << "[fd00::1]:6789,[fd00::2]:6789" << QStringList {"[fd00::1]:6789", "[fd00::2]:6789"};
        QTest::newRow("host names") << "mon1.lan, mon2.lan" << QStringList {"mon1.lan", "mon2.lan"};
    }
    void monHostForms()
    {
        QFETCH(QString, value);
        QFETCH(QStringList, mons);
        QString err;
        QCOMPARE(splitMonHost(value, &err), mons);
        QVERIFY2(err.isEmpty(), qPrintable(err));
    }

    void badMonHosts_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("why");
        QTest::newRow("empty") << "  "
                               << "empty";
        QTest::newRow("unbalanced [") << "[v2:10.0.0.1:3300"
                                      << "unbalanced";
        QTest::newRow("unbalanced ]") << "v2:10.0.0.1:3300]"
                                      << "unbalanced";
        QTest::newRow("nested") << "[[v2:1.2.3.4]]"
                                << "nested";
        QTest::newRow("shell") << "10.0.0.1;$(reboot)"
                               << "unexpected character";
        QTest::newRow("quote") << "10.0.0.1'"
                               << "unexpected character";
        QTest::newRow("empty vector") << "[]"
                                      << "empty address";
    }
    void badMonHosts()
    {
        QFETCH(QString, value);
        QFETCH(QString, why);
        QString err;
        QVERIFY(splitMonHost(value, &err).isEmpty());
        QVERIFY2(err.contains(why), qPrintable(err));
    }

    void proxmoxConf()
    {
        const CephConf conf = parseCephConf(data(QStringLiteral("proxmox-ceph.conf")));
        QVERIFY2(conf.warnings.isEmpty(), qPrintable(conf.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(conf.value(QStringLiteral("global"), QStringLiteral("fsid")),
            QStringLiteral("5d7c2a1e-3b4f-4c8a-9e6d-1f2a3b4c5d6e"));
        QString err;
        QCOMPARE(cephConfMonitors(conf, QStringLiteral("client.admin"), &err),
            (QStringList {"10.10.10.11", "10.10.10.12", "10.10.10.13"}));
        // $cluster / $name stay literal: Ceph expands them, the parser does not.
        QCOMPARE(conf.clientValue(QStringLiteral("keyring"), QStringLiteral("admin")),
            QStringLiteral("/etc/pve/priv/$cluster.$name.keyring"));
    }

    void cephadmMinimalConf()
    {
        const CephConf conf = parseCephConf(data(QStringLiteral("cephadm-minimal.conf")));
        QString err;
        const QStringList mons = cephConfMonitors(conf, QStringLiteral("client.admin"), &err);
        QCOMPARE(mons.size(), 3);
        QCOMPARE(mons.at(1), QStringLiteral("[v2:192.168.1.22:3300/0,v1:192.168.1.22:6789/0]"));
    }

    void legacyMonSections()
    {
        const CephConf conf = parseCephConf(data(QStringLiteral("legacy-mon-sections.conf")));
        QVERIFY2(conf.warnings.isEmpty(), qPrintable(conf.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(conf.value(QStringLiteral("global"), QStringLiteral("auth_supported")), QStringLiteral("cephx"));
        QString err;
        QCOMPARE(cephConfMonitors(conf, QStringLiteral("client.admin"), &err),
            (QStringList {"172.16.0.1:6789", "172.16.0.2:6789"}));
    }

    void clientSectionsOverrideGlobal()
    {
        const QByteArray text
            = "[global]\nmon host = 1.1.1.1\n[client]\nmon_host = 2.2.2.2\n[client.bench]\nmon-host=3.3.3.3\n";
        const CephConf conf = parseCephConf(text);
        QCOMPARE(cephConfMonitors(conf, QStringLiteral("client.bench")), QStringList {"3.3.3.3"});
        QCOMPARE(cephConfMonitors(conf, QStringLiteral("bench")), QStringList {"3.3.3.3"});
        QCOMPARE(cephConfMonitors(conf, QStringLiteral("client.admin")), QStringList {"2.2.2.2"});
        const CephConf global = parseCephConf("[global]\nmon host = 1.1.1.1\n");
        QCOMPARE(cephConfMonitors(global, QStringLiteral("client.admin")), QStringList {"1.1.1.1"});
    }

    void commentsQuotesContinuations()
    {
        const QByteArray text = "# comment\n"
                                "; another\n"
                                "[global]   # trailing comment\n"
                                "mon host = 10.0.0.1, \\\n"
                                "   10.0.0.2   ; two monitors\n"
                                "name = \"a # not a comment\"\n"
                                "escaped = a\\#b\n"
                                "crlf = yes\r\n"
                                "later = 1\n"
                                "later = 2\n";
        const CephConf conf = parseCephConf(text);
        QVERIFY2(conf.warnings.isEmpty(), qPrintable(conf.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(cephConfMonitors(conf, QStringLiteral("client.admin")), (QStringList {"10.0.0.1", "10.0.0.2"}));
        QCOMPARE(conf.value(QStringLiteral("global"), QStringLiteral("name")), QStringLiteral("a # not a comment"));
        QCOMPARE(conf.value(QStringLiteral("global"), QStringLiteral("escaped")), QStringLiteral("a#b"));
        QCOMPARE(conf.value(QStringLiteral("global"), QStringLiteral("crlf")), QStringLiteral("yes"));
        QCOMPARE(conf.value(QStringLiteral("global"), QStringLiteral("later")), QStringLiteral("2"));
    }

    void malformedLinesWarn()
    {
        const CephConf conf
            = parseCephConf("orphan = 1\n[global\nx = 1\n[global]\njust words\n= 3\nq = \"open\nmon_host = 1.2.3.4\n");
        QCOMPARE(conf.warnings.size(), 5); // orphan, header, words, empty key, quote
        QVERIFY(!conf.sections.value(QStringLiteral("global")).contains(QStringLiteral("x"))); // under a broken header
        QCOMPARE(cephConfMonitors(conf, QStringLiteral("client.admin")), QStringList {"1.2.3.4"});
    }

    void noMonitorsIsAnError()
    {
        QString err;
        QVERIFY(
            cephConfMonitors(parseCephConf("[global]\nfsid = x\n"), QStringLiteral("client.admin"), &err).isEmpty());
        QVERIFY2(err.contains(QStringLiteral("no mon_host")), qPrintable(err));
        QVERIFY(cephConfMonitors(parseCephConf("[global]\nmon_host = a|b\n"), QStringLiteral("client.admin"), &err)
                    .isEmpty());
        QVERIFY2(err.contains(QStringLiteral("unexpected character")), qPrintable(err));
    }

    void hugeInputRefused()
    {
        const CephConf conf = parseCephConf(QByteArray(2 << 20, 'a'));
        QVERIFY(conf.sections.isEmpty());
        QCOMPARE(conf.warnings.size(), 1);
    }

    void keyringKey()
    {
        Error e;
        const QString key = cephKeyringKey(data(QStringLiteral("admin.keyring")), QStringLiteral("client.admin"), &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(key.startsWith(QStringLiteral("AQ")));
        QCOMPARE(key.size(), 40);
        QVERIFY(isValidCephKey(key));
        // Several entities, a quoted key, "admin" as short name.
        const QByteArray multi = data(QStringLiteral("multi.keyring"));
        QCOMPARE(cephKeyringKey(multi, QStringLiteral("admin"), &e), key);
        const QString bench = cephKeyringKey(multi, QStringLiteral("client.bench"), &e);
        QVERIFY(!e);
        QVERIFY(bench != key && isValidCephKey(bench));
    }

    void keyringErrors()
    {
        Error e;
        QVERIFY(cephKeyringKey(data(QStringLiteral("nokey.keyring")), QStringLiteral("client.admin"), &e).isEmpty());
        QCOMPARE(e.code, Error::Code::ParseError);
        QVERIFY2(e.message.contains(QStringLiteral("[client.admin] in the keyring has no \"key = …\" line")),
            qPrintable(e.message));

        QVERIFY(cephKeyringKey(data(QStringLiteral("multi.keyring")), QStringLiteral("client.nobody"), &e).isEmpty());
        QVERIFY2(e.message.contains(QStringLiteral("no [client.nobody] section"))
                && e.message.contains(QStringLiteral("client.bench")),
            qPrintable(e.message));

        QVERIFY(cephKeyringKey("", QStringLiteral("client.admin"), &e).isEmpty());
        QVERIFY2(e.message.contains(QStringLiteral("no [entity] section")), qPrintable(e.message));

        const QByteArray bad = "[client.admin]\nkey = AQAAnotbase64!!\n";
        QVERIFY(cephKeyringKey(bad, QStringLiteral("client.admin"), &e).isEmpty());
        QVERIFY2(e.message.contains(QStringLiteral("not base64")), qPrintable(e.message));
        QVERIFY2(!e.toString().contains(QStringLiteral("AQAAnotbase64")), "the error must not quote the key");
    }

    void keyValidation_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<bool>("valid");
        QTest::newRow("good") << "AQAA8VNlAAAAABAAjGl25bVBBBW96Qi9Te4V3w==" << true;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("not base64") << "AQAA8VNl!AAAABAAjGl25bVBBBW96Qi9Te4V3w==" << false;
        QTest::newRow("short") << "AQAA8VNl" << false;
        QTest::newRow("cut") << "AQAA8VNlAAAAABAAjGl25bVBBBW96Qi9" << false; // length field says 16, fewer bytes follow
        QTest::newRow("zero length") << QString::fromLatin1(QByteArray(12, '\0').toBase64()) << false;
    }
    void keyValidation()
    {
        QFETCH(QString, key);
        QFETCH(bool, valid);
        QString why;
        QCOMPARE(isValidCephKey(key, &why), valid);
        QCOMPARE(why.isEmpty(), valid);
    }

    void entityNames()
    {
        QCOMPARE(cephEntityName(QStringLiteral("admin")), QStringLiteral("client.admin"));
        QCOMPARE(cephEntityName(QStringLiteral("client.bench")), QStringLiteral("client.bench"));
        QCOMPARE(cephEntityName(QString()), QStringLiteral("client.admin"));
    }
};

QTEST_GUILESS_MAIN(TestCephConf)
#include "test_cephconf.moc"
