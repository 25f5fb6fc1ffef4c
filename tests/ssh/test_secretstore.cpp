// SPDX-License-Identifier: GPL-3.0-or-later
// SecretStore against a real Secret Service: gnome-keyring in a private D-Bus session,
// started by scripts/fixtures/with-keyring.sh (the ctest launcher of this test).
#include "secrets/secretstore.h"
#include "testutil.h"

#include <QDirIterator>
#include <QFile>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

#include <thread>

using namespace cm;

namespace {

QString randomSecret()
{
    return QStringLiteral("cm-secret-%1-%2")
        .arg(QRandomGenerator::global()->generate64(), 0, 16)
        .arg(QRandomGenerator::global()->generate(), 0, 16);
}

NodeSpec testNode()
{
    NodeSpec n
        = NodeSpec::parse(QStringLiteral("tester@node-%1:2222").arg(QRandomGenerator::global()->generate() % 100000));
    return n;
}

} // namespace

class TestSecretStore : public QObject {
    Q_OBJECT

    QStringList m_secretsWritten;

private Q_SLOTS:
    void initTestCase()
    {
        const bool bus = !qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS");
        QString why = QStringLiteral("no D-Bus session (run under scripts/fixtures/with-keyring.sh)");
        bool usable = false;
        if (bus) {
            const QString key = QStringLiteral("clustermark-probe");
            const Error e = SecretStore::writeBlocking(key, QStringLiteral("probe"), 10000);
            usable = !e;
            if (e)
                why = e.toString();
            SecretStore::removeBlocking(key, 10000);
        }
        CM_REQUIRE_FIXTURE(usable, why);
        QVERIFY2(QDir::homePath().startsWith(QLatin1String("/tmp/")), "HOME must be the launcher's throwaway folder");
    }

    void keysAreDistinctPerKind()
    {
        const NodeSpec n = NodeSpec::parse(QStringLiteral("root@node1"));
        QCOMPARE(SecretStore::keyFor(n, SecretKind::Password), QStringLiteral("root@node1:22:password"));
        QCOMPARE(SecretStore::keyFor(n, SecretKind::KeyPassphrase), QStringLiteral("root@node1:22:passphrase"));
    }

    void blockingRoundTrip()
    {
        const NodeSpec node = testNode();
        const QString key = SecretStore::keyFor(node, SecretKind::Password);
        const QString secret = randomSecret();
        m_secretsWritten << secret;
        QString got = QStringLiteral("unchanged");
        QVERIFY(!SecretStore::readBlocking(key, &got));
        QVERIFY(got.isEmpty()); // nothing stored yet: empty, no error

        QVERIFY(!SecretStore::writeBlocking(key, secret));
        QVERIFY(!SecretStore::readBlocking(key, &got));
        QCOMPARE(got, secret);

        // The passphrase entry is separate.
        const QString pass = randomSecret();
        m_secretsWritten << pass;
        QVERIFY(!SecretStore::writeBlocking(SecretStore::keyFor(node, SecretKind::KeyPassphrase), pass));
        Credentials c;
        QVERIFY(!SecretStore::loadCredentials(node, &c));
        QCOMPARE(c.password, secret);
        QCOMPARE(c.keyPassphrase, pass);

        QVERIFY(!SecretStore::removeBlocking(key));
        QVERIFY(!SecretStore::readBlocking(key, &got));
        QVERIFY(got.isEmpty());
        QVERIFY(!SecretStore::removeBlocking(key)); // deleting twice is fine
        QVERIFY(!SecretStore::removeBlocking(SecretStore::keyFor(node, SecretKind::KeyPassphrase)));
    }

    void asyncRoundTrip()
    {
        SecretStore store;
        QSignalSpy wrote(&store, &SecretStore::writeFinished);
        QSignalSpy read(&store, &SecretStore::readFinished);
        QSignalSpy deleted(&store, &SecretStore::deleteFinished);
        const QString key = SecretStore::keyFor(testNode(), SecretKind::Password);
        const QString secret = randomSecret();
        m_secretsWritten << secret;

        store.write(key, secret);
        QTRY_COMPARE_WITH_TIMEOUT(wrote.count(), 1, 10000);
        QCOMPARE(wrote.at(0).at(0).toString(), key);
        QVERIFY(!wrote.at(0).at(1).value<Error>());

        store.read(key);
        QTRY_COMPARE_WITH_TIMEOUT(read.count(), 1, 10000);
        QCOMPARE(read.at(0).at(1).toString(), secret);
        QVERIFY(!read.at(0).at(2).value<Error>());

        store.remove(key);
        QTRY_COMPARE_WITH_TIMEOUT(deleted.count(), 1, 10000);
        QVERIFY(!deleted.at(0).at(1).value<Error>());
        store.read(key);
        QTRY_COMPARE_WITH_TIMEOUT(read.count(), 2, 10000);
        QVERIFY(read.at(1).at(1).toString().isEmpty());
    }

    void blockingFromWorkerThreads()
    {
        // Several short-lived workers, as the engine uses them.
        QList<QString> results(4);
        QList<Error> errors(4);
        std::vector<std::thread> workers;
        const QString base = SecretStore::keyFor(testNode(), SecretKind::Password);
        for (int i = 0; i < 4; ++i) {
            workers.emplace_back([&, i] {
                const QString key = base + QString::number(i);
                const QString secret = QStringLiteral("worker-secret-%1-").arg(i) + randomSecret();
                errors[i] = SecretStore::writeBlocking(key, secret);
                QString got;
                if (!errors[i])
                    errors[i] = SecretStore::readBlocking(key, &got);
                results[i] = got == secret ? QStringLiteral("ok") : QStringLiteral("mismatch");
                SecretStore::removeBlocking(key);
            });
        }
        for (auto &w : workers)
            w.join();
        for (int i = 0; i < 4; ++i) {
            QVERIFY2(!errors[i], qPrintable(errors[i].toString()));
            QCOMPARE(results[i], QStringLiteral("ok"));
        }
    }

    void secretNeverInAFile()
    {
        // One secret stays stored while we look at every file under HOME.
        const QString key = SecretStore::keyFor(testNode(), SecretKind::Password);
        const QString secret = randomSecret();
        m_secretsWritten << secret;
        QVERIFY(!SecretStore::writeBlocking(key, secret));
        int files = 0;
        QDirIterator it(QDir::homePath(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            ++files;
            const QByteArray data = f.readAll();
            for (const QString &s : std::as_const(m_secretsWritten)) {
                QVERIFY2(!data.contains(s.toUtf8()), qPrintable(QStringLiteral("secret found in ") + path));
                QByteArray utf16(reinterpret_cast<const char *>(s.utf16()), s.size() * 2);
                QVERIFY2(!data.contains(utf16), qPrintable(QStringLiteral("secret found in ") + path));
            }
        }
        // The keyring itself keeps its (encrypted) file there: the scan looked at something.
        QVERIFY2(files > 0, "no file under HOME: the keyring did not persist anything");
        QVERIFY(!SecretStore::removeBlocking(key));
    }
};

QTEST_GUILESS_MAIN(TestSecretStore)
#include "test_secretstore.moc"
