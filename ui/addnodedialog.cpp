// SPDX-License-Identifier: GPL-3.0-or-later
#include "addnodedialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace cm::ui {

AddNodeDialog::AddNodeDialog(NodeConnector connector, QWidget *parent)
    : QDialog(parent)
    , m_connector(std::move(connector))
{
    setObjectName(QStringLiteral("addNodeDialog"));
    setWindowTitle(tr("Add node"));
    auto *v = new QVBoxLayout(this);
    auto *form = new QFormLayout();
    m_host = new QLineEdit(this);
    m_host->setPlaceholderText(tr("pve1.lan or 192.0.2.10"));
    form->addRow(tr("Host:"), m_host);
    m_port = new QSpinBox(this);
    m_port->setRange(1, 65535);
    m_port->setValue(22);
    form->addRow(tr("Port:"), m_port);
    m_user = new QLineEdit(this);
    m_user->setPlaceholderText(tr("root"));
    form->addRow(tr("User:"), m_user);
    m_name = new QLineEdit(this);
    m_name->setPlaceholderText(tr("defaults to the host"));
    form->addRow(tr("Display name:"), m_name);
    m_auth = new QComboBox(this);
    m_auth->addItem(tr("Key file"), int(NodeSpec::Auth::Key));
    m_auth->addItem(tr("SSH agent"), int(NodeSpec::Auth::Agent));
    m_auth->addItem(tr("Password"), int(NodeSpec::Auth::Password));
    form->addRow(tr("Authentication:"), m_auth);
    auto *keyRow = new QHBoxLayout();
    m_keyFile = new QLineEdit(this);
    m_keyFile->setPlaceholderText(tr("~/.ssh/id_ed25519 (empty: the default keys)"));
    m_browseKey = new QPushButton(tr("Browse…"), this);
    keyRow->addWidget(m_keyFile, 1);
    keyRow->addWidget(m_browseKey);
    form->addRow(tr("Key file:"), keyRow);
    m_passphrase = new QLineEdit(this);
    m_passphrase->setEchoMode(QLineEdit::Password);
    m_passphrase->setPlaceholderText(tr("only if the key has one"));
    form->addRow(tr("Key passphrase:"), m_passphrase);
    m_password = new QLineEdit(this);
    m_password->setEchoMode(QLineEdit::Password);
    form->addRow(tr("Password:"), m_password);
    m_remember = new QCheckBox(tr("Remember the password or passphrase in the system keychain"), this);
    form->addRow(m_remember);
    v->addLayout(form);

    auto *testRow = new QHBoxLayout();
    m_test = new QPushButton(tr("Test connection"), this);
    m_test->setObjectName(QStringLiteral("testButton"));
    testRow->addWidget(m_test);
    testRow->addStretch(1);
    v->addLayout(testRow);
    m_result = new QLabel(this);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_result);

    m_trustBox = new QWidget(this);
    auto *tv = new QVBoxLayout(m_trustBox);
    tv->setContentsMargins(0, 0, 0, 0);
    m_fingerprint = new QLabel(m_trustBox);
    m_fingerprint->setWordWrap(true);
    m_fingerprint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    tv->addWidget(m_fingerprint);
    m_trust = new QPushButton(tr("Trust this host key and connect"), m_trustBox);
    m_trust->setObjectName(QStringLiteral("trustButton"));
    tv->addWidget(m_trust, 0, Qt::AlignLeft);
    m_trustBox->setVisible(false);
    v->addWidget(m_trustBox);
    v->addStretch(1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok_button = buttons->button(QDialogButtonBox::Ok);
    m_ok_button->setText(tr("Add"));
    v->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_auth, &QComboBox::currentIndexChanged, this, &AddNodeDialog::updateAuthFields);
    connect(m_host, &QLineEdit::textChanged, this, [this] {
        m_ok_button->setEnabled(!m_host->text().trimmed().isEmpty());
        m_trusted.clear();
        m_trustBox->setVisible(false);
    });
    connect(m_test, &QPushButton::clicked, this, &AddNodeDialog::testConnection);
    connect(m_trust, &QPushButton::clicked, this, [this] {
        m_trusted = m_pendingFingerprint;
        m_trustBox->setVisible(false);
        testConnection();
    });
    connect(m_browseKey, &QPushButton::clicked, this, [this] {
        auto *dlg = new QFileDialog(this, tr("Private key"), QDir::homePath() + QStringLiteral("/.ssh"));
        dlg->setAttribute(Qt::WA_DeleteOnClose);
        dlg->setFileMode(QFileDialog::ExistingFile);
        dlg->setFilter(QDir::AllEntries | QDir::Hidden);
        connect(dlg, &QFileDialog::fileSelected, m_keyFile, &QLineEdit::setText);
        dlg->open();
    });
    connect(&m_watcher, &QFutureWatcher<Error>::finished, this, &AddNodeDialog::onTestDone);
    m_ok_button->setEnabled(false);
    updateAuthFields();
    resize(520, sizeHint().height());
}

void AddNodeDialog::updateAuthFields()
{
    const auto a = NodeSpec::Auth(m_auth->currentData().toInt());
    m_keyFile->setEnabled(a == NodeSpec::Auth::Key);
    m_browseKey->setEnabled(a == NodeSpec::Auth::Key);
    m_passphrase->setEnabled(a == NodeSpec::Auth::Key);
    m_password->setEnabled(a == NodeSpec::Auth::Password);
    m_remember->setEnabled(a != NodeSpec::Auth::Agent);
}

void AddNodeDialog::prefill(const NodeSpec &node)
{
    m_host->setText(node.host);
    if (node.port > 0)
        m_port->setValue(node.port);
    m_user->setText(node.user);
    m_name->setText(node.name == node.host ? QString() : node.name);
}

NodeSpec AddNodeDialog::node() const
{
    NodeSpec n;
    n.host = m_host->text().trimmed();
    n.port = m_port->value();
    n.user = m_user->text().trimmed();
    n.name = m_name->text().trimmed().isEmpty() ? n.host : m_name->text().trimmed();
    n.auth = NodeSpec::Auth(m_auth->currentData().toInt());
    if (n.auth == NodeSpec::Auth::Key) {
        QString key = m_keyFile->text().trimmed();
        if (key.startsWith(QStringLiteral("~/")))
            key = QDir::homePath() + key.mid(1);
        n.identityFile = key;
    }
    n.rememberSecret = m_remember->isEnabled() && m_remember->isChecked();
    return n;
}

Credentials AddNodeDialog::credentials() const
{
    Credentials c;
    const auto a = NodeSpec::Auth(m_auth->currentData().toInt());
    if (a == NodeSpec::Auth::Password)
        c.password = m_password->text();
    if (a == NodeSpec::Auth::Key)
        c.keyPassphrase = m_passphrase->text();
    return c;
}

void AddNodeDialog::setResult(const QString &text, const QString &color)
{
    m_result->setText(text);
    m_result->setStyleSheet(color.isEmpty() ? QString() : QStringLiteral("color: %1;").arg(color));
}

QString AddNodeDialog::resultText() const
{
    return m_result->text();
}

void AddNodeDialog::testConnection()
{
    if (m_watcher.isRunning() || !m_connector.testConnection)
        return;
    const NodeSpec n = node();
    if (n.host.isEmpty()) {
        setResult(tr("Enter a host first."), QStringLiteral("#c62828"));
        return;
    }
    m_ok = false;
    m_test->setEnabled(false);
    setResult(tr("Connecting to %1…").arg(n.toSpecString()), QString());
    // The connection blocks: it runs on a worker, never on the UI thread.
    m_watcher.setFuture(QtConcurrent::run(
        [fn = m_connector.testConnection, n, c = credentials(), fp = m_trusted] { return fn(n, c, fp); }));
}

void AddNodeDialog::onTestDone()
{
    m_test->setEnabled(true);
    const Error e = m_watcher.result();
    m_ok = !e.isError();
    if (!e) {
        setResult(m_trusted.isEmpty() ? tr("Connected.") : tr("Connected. Host key %1 is now trusted.").arg(m_trusted),
            QStringLiteral("#2e7d32"));
    } else if (e.code == Error::Code::HostKeyUnknown) {
        m_pendingFingerprint = e.detail;
        setResult(tr("First connection to this host."), QString());
        m_fingerprint->setText(tr("The host presents the key\n%1\nCompare it with the node's own key "
                                  "(ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub on the node) before trusting it.")
                                   .arg(e.detail));
        m_trustBox->setVisible(true);
    } else {
        setResult(connectionErrorText(e), QStringLiteral("#c62828"));
    }
    Q_EMIT testFinished(e);
}

} // namespace cm::ui
