// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Add a node: address, user, authentication, "remember the secret in the keychain",
// and a "Test connection" that connects on a worker thread. On first contact it shows
// the host key's SHA256 fingerprint and lets the user trust it; a changed host key is
// refused with a warning.
#include "nodeconnector.h"

#include <QDialog>
#include <QFutureWatcher>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace cm::ui {

class AddNodeDialog : public QDialog {
    Q_OBJECT
public:
    explicit AddNodeDialog(NodeConnector connector, QWidget *parent = nullptr);

    // Fills host, port, user and name (e.g. a CRUSH host offered by the Ceph branch).
    void prefill(const NodeSpec &node);
    NodeSpec node() const;
    Credentials credentials() const;
    QString trustedFingerprint() const { return m_trusted; }
    bool lastTestSucceeded() const { return m_ok; }

    // Widgets, for tests
    QLineEdit *hostEdit() const { return m_host; }
    QSpinBox *portSpin() const { return m_port; }
    QLineEdit *userEdit() const { return m_user; }
    QComboBox *authCombo() const { return m_auth; }
    QLineEdit *passwordEdit() const { return m_password; }
    QLineEdit *keyFileEdit() const { return m_keyFile; }
    QPushButton *testButton() const { return m_test; }
    QPushButton *trustButton() const { return m_trust; }
    QString resultText() const;
    bool isTesting() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    void testFinished(const cm::Error &error);

public Q_SLOTS:
    void testConnection();

private:
    void updateAuthFields();
    void onTestDone();
    void setResult(const QString &text, const QString &color);

    NodeConnector m_connector;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_host = nullptr;
    QSpinBox *m_port = nullptr;
    QLineEdit *m_user = nullptr;
    QComboBox *m_auth = nullptr;
    QLineEdit *m_keyFile = nullptr;
    QPushButton *m_browseKey = nullptr;
    QLineEdit *m_passphrase = nullptr;
    QLineEdit *m_password = nullptr;
    QCheckBox *m_remember = nullptr;
    QPushButton *m_test = nullptr;
    QLabel *m_result = nullptr;
    QWidget *m_trustBox = nullptr;
    QLabel *m_fingerprint = nullptr;
    QPushButton *m_trust = nullptr;
    QPushButton *m_ok_button = nullptr;
    QFutureWatcher<Error> m_watcher;
    QString m_pendingFingerprint;
    QString m_trusted;
    bool m_ok = false;
};

} // namespace cm::ui
