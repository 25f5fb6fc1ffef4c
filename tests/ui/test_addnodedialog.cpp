// The add-node dialog's connection test and trust-on-first-use flow. The connector
// here is a stand-in that answers like the SSH transport does (HostKeyUnknown with the
// fingerprint in detail, then success when called with that expected fingerprint),
// because this test checks the dialog, not SSH; the real transport has its own tests.
#include "addnodedialog.h"

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
private Q_SLOTS:
    void trustOnFirstUse()
    {
        const QString fp = QStringLiteral("SHA256:q1w2e3r4t5y6u7i8o9p0aAsSdDfFgGhHjJkKlL12345");
        std::atomic<bool> onUiThread{false};
        std::atomic<int> calls{0};
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
        QVERIFY(!n.toJson().contains(QStringLiteral("password")));   // never in the saved spec
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
        QVERIFY(!d.trustButton()->isVisible());   // a changed key is never offered for trust
        QVERIFY(!d.lastTestSucceeded());
        d.hostEdit()->setText(QStringLiteral("nowhere"));
        QTest::mouseClick(d.testButton(), Qt::LeftButton);
        QVERIFY(done.wait(5000));
        QVERIFY2(d.resultText().contains(QStringLiteral("does not answer")), qPrintable(d.resultText()));
    }
};

QTEST_MAIN(TestAddNodeDialog)
#include "test_addnodedialog.moc"
