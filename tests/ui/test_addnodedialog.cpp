// SPDX-License-Identifier: GPL-3.0-or-later
// The add-node dialog's connection test and trust-on-first-use flow: against a real
// sshd (realSshd), and with a stand-in connector for the auth-refused message, which
// needs no server.
#include "addnodedialog.h"
#include "sshdfixture.h"
#include "testutil.h"

#include <QProcess>
#include <QTemporaryDir>

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace cm;
using namespace cm::ui;

class TestAddNodeDialog : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_data;

private Q_SLOTS:
    void initTestCase()
    {
        // The app's known_hosts lives in the data folder: a fresh one for this test.
        QVERIFY(m_data.isValid());
        qputenv("CLUSTERMARK_DATA_DIR", m_data.path().toUtf8());
    }

    void realSshd()
    {
        cmtest::SshdFixture sshd;
        CM_REQUIRE_FIXTURE(sshd.start(), sshd.whyNot());
        QProcess keygen;
        keygen.start(QStringLiteral("ssh-keygen"), {QStringLiteral("-lf"), sshd.hostKeyPubPath()});
        QVERIFY(keygen.waitForFinished(10000));
        const QString expectedFp = QString::fromUtf8(keygen.readAllStandardOutput()).section(QLatin1Char(' '), 1, 1);
        QVERIFY2(expectedFp.startsWith(QStringLiteral("SHA256:")), qPrintable(expectedFp));

        auto fill = [&](AddNodeDialog &d) {
            d.hostEdit()->setText(sshd.host());
            d.portSpin()->setValue(sshd.port());
            d.userEdit()->setText(sshd.user());
            d.authCombo()->setCurrentIndex(d.authCombo()->findData(int(NodeSpec::Auth::Key)));
            d.keyFileEdit()->setText(sshd.keyPath());
        };
        {
            AddNodeDialog d(defaultNodeConnector());
            d.show();
            fill(d);
            QSignalSpy done(&d, &AddNodeDialog::testFinished);
            QTest::mouseClick(d.testButton(), Qt::LeftButton);
            QVERIFY(done.wait(15000));
            const Error first = done.last().at(0).value<Error>();
            QCOMPARE(first.code, Error::Code::HostKeyUnknown);
            QCOMPARE(first.detail, expectedFp);
            QVERIFY(d.trustButton()->isVisible());
            QTest::mouseClick(d.trustButton(), Qt::LeftButton);
            QVERIFY(done.wait(15000));
            QVERIFY2(!done.last().at(0).value<Error>(), qPrintable(done.last().at(0).value<Error>().toString()));
            QVERIFY(d.lastTestSucceeded());
            QCOMPARE(d.trustedFingerprint(), expectedFp);
        }
        {
            // Trusted now: a new dialog connects at once.
            AddNodeDialog d(defaultNodeConnector());
            d.show();
            fill(d);
            QSignalSpy done(&d, &AddNodeDialog::testFinished);
            QTest::mouseClick(d.testButton(), Qt::LeftButton);
            QVERIFY(done.wait(15000));
            QVERIFY2(!done.last().at(0).value<Error>(), qPrintable(done.last().at(0).value<Error>().toString()));
            // The node's inventory through the same connector.
            const NodeProbeResult r = defaultNodeConnector().probe(d.node(), d.credentials());
            QVERIFY2(!r.error, qPrintable(r.error.toString()));
            QVERIFY(!r.summary.isEmpty());
            QVERIFY(!r.children.isEmpty());
        }
        {
            // A new host key: refused with the warning, never offered for trust.
            QVERIFY(sshd.rekey());
            AddNodeDialog d(defaultNodeConnector());
            d.show();
            fill(d);
            QSignalSpy done(&d, &AddNodeDialog::testFinished);
            QTest::mouseClick(d.testButton(), Qt::LeftButton);
            QVERIFY(done.wait(15000));
            QCOMPARE(done.last().at(0).value<Error>().code, Error::Code::HostKeyChanged);
            QVERIFY2(d.resultText().contains(QStringLiteral("CHANGED")), qPrintable(d.resultText()));
            QVERIFY(!d.trustButton()->isVisible());
        }
    }

    void trustOnFirstUse()
    {
        const QString fp = QStringLiteral("SHA256:q1w2e3r4t5y6u7i8o9p0aAsSdDfFgGhHjJkKlL12345");
        std::atomic<bool> onUiThread {false};
        std::atomic<int> calls {0};
        QThread *ui = QThread::currentThread();
        NodeConnector c;
        c.testConnection = [&](const NodeSpec &n, const Credentials &cred, const QString &expected) -> Error {
            onUiThread = onUiThread || QThread::currentThread() == ui;
            ++calls;
            if (n.host != QLatin1String("pve1") || n.port != 2222 || n.user != QLatin1String("root"))
                return Error(Error::Code::Unreachable, QStringLiteral("wrong node"), n.host);
            if (cred.password != QLatin1String("s3cret"))
                return Error(Error::Code::AuthDenied, QStringLiteral("denied"), n.host);
            if (expected.isEmpty())
                return Error(Error::Code::HostKeyUnknown, QStringLiteral("unknown host key"), n.host, fp);
            return expected == fp ? Error() : Error(Error::Code::HostKeyChanged, QStringLiteral("changed"), n.host);
        };
        AddNodeDialog d(c);
        d.show();
        d.hostEdit()->setText(QStringLiteral("pve1"));
        d.portSpin()->setValue(2222);
        d.userEdit()->setText(QStringLiteral("root"));
        d.authCombo()->setCurrentIndex(d.authCombo()->findData(int(NodeSpec::Auth::Password)));
        d.passwordEdit()->setText(QStringLiteral("wrong"));
        QSignalSpy done(&d, &AddNodeDialog::testFinished);

        QTest::mouseClick(d.testButton(), Qt::LeftButton);
        QVERIFY(done.wait(5000));
        QCOMPARE(done.last().at(0).value<Error>().code, Error::Code::AuthDenied);
        QVERIFY2(d.resultText().contains(QStringLiteral("refused every authentication")), qPrintable(d.resultText()));
        QVERIFY(!d.trustButton()->isVisible());

        d.passwordEdit()->setText(QStringLiteral("s3cret"));
        QTest::mouseClick(d.testButton(), Qt::LeftButton);
        QVERIFY(done.wait(5000));
        QCOMPARE(done.last().at(0).value<Error>().code, Error::Code::HostKeyUnknown);
        QVERIFY(d.trustButton()->isVisible());
        QVERIFY(!d.lastTestSucceeded());
        QCOMPARE(d.trustedFingerprint(), QString());

        QTest::mouseClick(d.trustButton(), Qt::LeftButton);
        QVERIFY(done.wait(5000));
        QVERIFY(!done.last().at(0).value<Error>().isError());
        QVERIFY(d.lastTestSucceeded());
        QCOMPARE(d.trustedFingerprint(), fp);
        QVERIFY(d.resultText().contains(fp));
        QCOMPARE(calls.load(), 3);
        QVERIFY2(!onUiThread, "the connection ran on the UI thread");

        const NodeSpec n = d.node();
        QCOMPARE(n.host, QStringLiteral("pve1"));
        QCOMPARE(n.port, 2222);
        QCOMPARE(n.auth, NodeSpec::Auth::Password);
        QCOMPARE(d.credentials().password, QStringLiteral("s3cret"));
        QVERIFY(!n.toJson().contains(QStringLiteral("password"))); // never in the saved spec
    }

    void changedKeyAndUnreachableAreExplained()
    {
        NodeConnector c;
        c.testConnection = [](const NodeSpec &n, const Credentials &, const QString &) -> Error {
            if (n.host == QLatin1String("moved"))
                return Error(Error::Code::HostKeyChanged, QStringLiteral("host key changed"), n.host);
            return Error(Error::Code::Unreachable, QStringLiteral("connection refused"), n.host);
        };
        AddNodeDialog d(c);
        d.show();
        QSignalSpy done(&d, &AddNodeDialog::testFinished);
        d.hostEdit()->setText(QStringLiteral("moved"));
        QTest::mouseClick(d.testButton(), Qt::LeftButton);
        QVERIFY(done.wait(5000));
        QVERIFY2(d.resultText().contains(QStringLiteral("CHANGED")), qPrintable(d.resultText()));
        QVERIFY(!d.trustButton()->isVisible()); // a changed key is never offered for trust
        QVERIFY(!d.lastTestSucceeded());
        d.hostEdit()->setText(QStringLiteral("nowhere"));
        QTest::mouseClick(d.testButton(), Qt::LeftButton);
        QVERIFY(done.wait(5000));
        QVERIFY2(d.resultText().contains(QStringLiteral("does not answer")), qPrintable(d.resultText()));
    }
};

QTEST_MAIN(TestAddNodeDialog)
#include "test_addnodedialog.moc"
