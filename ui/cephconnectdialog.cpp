// SPDX-License-Identifier: GPL-3.0-or-later
#include "cephconnectdialog.h"

#include "ceph/cephkeycache.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace cm::ui {

CephConnectDialog::CephConnectDialog(const CephConnection &current, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("cephConnectDialog"));
    setWindowTitle(tr("Connect Ceph cluster"));
    auto *v = new QVBoxLayout(this);
    auto *grid = new QGridLayout();
    grid->setColumnMinimumWidth(0, 18);
    grid->setColumnStretch(2, 1);
    int row = 0;
    auto *group = new QButtonGroup(this);

    m_files = new QRadioButton(tr("Files on this machine"), this);
    group->addButton(m_files);
    grid->addWidget(m_files, row++, 0, 1, 4);
    auto fileRow = [&](const QString &label, QLineEdit *edit, QPushButton *browseButton, QList<QWidget *> &list) {
        auto *l = new QLabel(label, this);
        grid->addWidget(l, row, 1);
        grid->addWidget(edit, row, 2);
        grid->addWidget(browseButton, row, 3);
        list << l << edit << browseButton;
        ++row;
    };
    const CephConnectionSpec defaults = CephConnectionSpec::localDefault();
    m_conf = new QLineEdit(this);
    m_conf->setPlaceholderText(QStringLiteral("/etc/ceph/ceph.conf"));
    m_keyring = new QLineEdit(this);
    m_keyring->setPlaceholderText(tr("empty: the keyring named in ceph.conf"));
    auto *browseConf = new QPushButton(tr("Browse…"), this);
    auto *browseKeyring = new QPushButton(tr("Browse…"), this);
    fileRow(tr("ceph.conf:"), m_conf, browseConf, m_fileWidgets);
    fileRow(tr("Keyring:"), m_keyring, browseKeyring, m_fileWidgets);

    m_lab = new QRadioButton(tr("Local Ceph lab (scripts/lab/ceph-lab.sh start DIR)"), this);
    group->addButton(m_lab);
    grid->addWidget(m_lab, row++, 0, 1, 4);
    m_labDir = new QLineEdit(this);
    m_labDir->setPlaceholderText(tr("the lab's folder (holds ceph.conf and keyring)"));
    auto *browseLab = new QPushButton(tr("Browse…"), this);
    fileRow(tr("Folder:"), m_labDir, browseLab, m_labWidgets);

    m_ssh = new QRadioButton(
        tr("Fetch from a node over SSH (ceph.conf and the client key; Proxmox's /etc/pve first)"), this);
    m_ssh->setObjectName(QStringLiteral("cephSshRadio"));
    group->addButton(m_ssh);
    grid->addWidget(m_ssh, row++, 0, 1, 4);
    auto *nodeLabel = new QLabel(tr("Node:"), this);
    m_node = new QComboBox(this);
    m_node->setObjectName(QStringLiteral("cephNodeCombo"));
    m_node->setEditable(true);
    m_node->lineEdit()->setPlaceholderText(QStringLiteral("root@pve1"));
    grid->addWidget(nodeLabel, row, 1);
    grid->addWidget(m_node, row++, 2, 1, 2);
    auto *nodeConfLabel = new QLabel(tr("ceph.conf on the node:"), this);
    m_nodeConf = new QLineEdit(this);
    m_nodeConf->setObjectName(QStringLiteral("cephNodeConfEdit"));
    m_nodeConf->setPlaceholderText(tr("empty: /etc/pve/ceph.conf, then /etc/ceph/ceph.conf"));
    grid->addWidget(nodeConfLabel, row, 1);
    grid->addWidget(m_nodeConf, row++, 2, 1, 2);
    auto *nodeKeyringLabel = new QLabel(tr("Keyring on the node:"), this);
    m_nodeKeyring = new QLineEdit(this);
    m_nodeKeyring->setObjectName(QStringLiteral("cephNodeKeyringEdit"));
    m_nodeKeyring->setPlaceholderText(tr("empty: /etc/pve/priv/ceph.CLIENT.keyring, then /etc/ceph/…"));
    grid->addWidget(nodeKeyringLabel, row, 1);
    grid->addWidget(m_nodeKeyring, row++, 2, 1, 2);
    m_remember = new QCheckBox(
        tr("Remember the key in the OS keychain (else it is kept in memory until ClusterMark quits)"), this);
    m_remember->setObjectName(QStringLiteral("cephRememberCheck"));
    grid->addWidget(m_remember, row++, 2, 1, 2);
    m_sshWidgets << nodeLabel << m_node << nodeConfLabel << m_nodeConf << nodeKeyringLabel << m_nodeKeyring
                 << m_remember;

    auto *clientLabel = new QLabel(tr("Client name:"), this);
    m_client = new QLineEdit(this);
    m_client->setPlaceholderText(QStringLiteral("client.admin"));
    grid->addWidget(clientLabel, row, 0, 1, 2);
    grid->addWidget(m_client, row++, 2);
    v->addLayout(grid);

    auto *testRow = new QHBoxLayout();
    m_test = new QPushButton(tr("Test"), this);
    m_test->setObjectName(QStringLiteral("cephTestButton"));
    testRow->addWidget(m_test);
    testRow->addStretch(1);
    v->addLayout(testRow);
    m_result = new QLabel(this);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_result);
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    v->addWidget(m_problem);
    v->addStretch(1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok_button = buttons->button(QDialogButtonBox::Ok);
    m_ok_button->setText(tr("Connect"));
    v->addWidget(buttons);

    // Start from the current connection, else the usual local files.
    if (current.isLab()) {
        m_lab->setChecked(true);
        m_labDir->setText(current.labDir);
    } else if (current.isValid() && current.spec.confPath.isEmpty()) {
        m_ssh->setChecked(true); // a cluster fetched before: fetch again to change it
        m_conf->setText(defaults.confPath);
        m_keyring->setText(defaults.keyringPath);
    } else {
        m_files->setChecked(true);
        m_conf->setText(current.isValid() ? current.spec.confPath : defaults.confPath);
        m_keyring->setText(current.isValid() ? current.spec.keyringPath : defaults.keyringPath);
    }
    m_client->setText(current.isValid() ? current.spec.clientName : defaults.clientName);

    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_test, &QPushButton::clicked, this, &CephConnectDialog::testConnection);
    connect(group, &QButtonGroup::buttonToggled, this, [this] {
        m_ok = false;
        updateFields();
    });
    connect(m_node, &QComboBox::currentTextChanged, this, [this] {
        m_ok = false;
        updateFields();
    });
    for (QLineEdit *e : {m_conf, m_keyring, m_labDir, m_client, m_nodeConf, m_nodeKeyring})
        connect(e, &QLineEdit::textChanged, this, [this] {
            m_ok = false;
            updateFields();
        });
    connect(browseConf, &QPushButton::clicked, this, [this] { browse(m_conf, false, tr("ceph.conf")); });
    connect(browseKeyring, &QPushButton::clicked, this, [this] { browse(m_keyring, false, tr("Keyring")); });
    connect(browseLab, &QPushButton::clicked, this, [this] { browse(m_labDir, true, tr("Lab folder")); });
    connect(&m_watcher, &QFutureWatcher<CephProbeResult>::finished, this, &CephConnectDialog::onTestDone);
    updateFields();
    resize(600, sizeHint().height());
}

void CephConnectDialog::browse(QLineEdit *edit, bool folder, const QString &title)
{
    auto *dlg = new QFileDialog(
        this, title, edit->text().isEmpty() ? QDir::homePath() : QFileInfo(edit->text()).absolutePath());
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->setFileMode(folder ? QFileDialog::Directory : QFileDialog::ExistingFile);
    dlg->setFilter(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    connect(dlg, &QFileDialog::fileSelected, edit, &QLineEdit::setText);
    dlg->open(); // not exec(): no nested event loop
}

void CephConnectDialog::setNodes(const QList<NodeSpec> &nodes)
{
    const QString typed = m_node->currentText();
    m_node->clear();
    for (const NodeSpec &n : nodes)
        if (!n.isLocal())
            m_node->addItem(n.displayName(), n.toSpecString());
    m_node->setCurrentIndex(m_node->count() ? 0 : -1);
    if (!typed.isEmpty())
        m_node->setEditText(typed);
    updateFields();
}

// A listed node's spec, or what the user typed.
QString CephConnectDialog::nodeText() const
{
    const int i = m_node->currentIndex();
    if (i >= 0 && m_node->currentText() == m_node->itemText(i) && !m_node->itemData(i).toString().isEmpty())
        return m_node->itemData(i).toString();
    return m_node->currentText().trimmed();
}

bool CephConnectDialog::rememberKey() const
{
    return m_ssh->isChecked() && m_remember->isChecked();
}

CephConnection CephConnectDialog::connection() const
{
    CephConnection c;
    if (m_ssh->isChecked()) {
        c.spec = m_fetched; // valid only after a successful Test
        c.spec.clientName = CephConnection::normalizedClientName(m_client->text());
        c.spec.timeoutSec = m_timeoutSec;
        return c;
    }
    if (m_lab->isChecked()) {
        c = CephConnection::forLab(m_labDir->text().trimmed());
    } else {
        c.spec.confPath = m_conf->text().trimmed();
        c.spec.keyringPath = m_keyring->text().trimmed();
        // A lab's own conf chosen as a file is still the lab.
        const QString dir = QFileInfo(c.spec.confPath).absolutePath();
        if (!c.spec.confPath.isEmpty() && CephConnection::isLabDir(dir))
            c.labDir = dir;
    }
    c.spec.clientName = CephConnection::normalizedClientName(m_client->text());
    c.spec.timeoutSec = m_timeoutSec;
    return c;
}

QString CephConnectDialog::problem() const
{
    if (m_ssh->isChecked()) {
        QString why;
        const QString text = nodeText();
        if (text.isEmpty())
            return tr("Choose a node, or type user@host[:port] (add it first so that its host key is trusted).");
        if (NodeSpec::parse(text, &why).host.isEmpty())
            return tr("Not a node address: %1").arg(why);
        for (const QLineEdit *e : {m_nodeConf, m_nodeKeyring})
            if (!e->text().trimmed().isEmpty() && !e->text().trimmed().startsWith(QLatin1Char('/')))
                return tr("Paths on the node must be absolute.");
        return {};
    }
    if (m_lab->isChecked()) {
        const QString dir = m_labDir->text().trimmed();
        if (dir.isEmpty())
            return tr("Choose the lab's folder.");
        if (!CephConnection::isLabDir(dir))
            return tr("%1 holds no lab (no ceph.conf, keyring and .ceph-lab marker). Start one with "
                      "scripts/lab/ceph-lab.sh start %1")
                .arg(dir);
        return {};
    }
    const QString conf = m_conf->text().trimmed();
    if (conf.isEmpty())
        return tr("Enter the path of ceph.conf (none was found in /etc/ceph or /etc/pve).");
    if (!QFileInfo(conf).isFile())
        return tr("%1 does not exist.").arg(conf);
    const QString keyring = m_keyring->text().trimmed();
    if (!keyring.isEmpty() && !QFileInfo(keyring).isFile())
        return tr("%1 does not exist.").arg(keyring);
    return {};
}

void CephConnectDialog::updateFields()
{
    for (QWidget *w : std::as_const(m_fileWidgets))
        w->setEnabled(m_files->isChecked());
    for (QWidget *w : std::as_const(m_labWidgets))
        w->setEnabled(m_lab->isChecked());
    for (QWidget *w : std::as_const(m_sshWidgets))
        w->setEnabled(m_ssh->isChecked());
    const QString p = problem();
    m_problem->setText(p);
    // Fetched over SSH: only a successful Test (which fetches) gives something to connect.
    m_ok_button->setEnabled(p.isEmpty() && (!m_ssh->isChecked() || m_ok));
    m_test->setText(m_ssh->isChecked() ? tr("Fetch and test") : tr("Test"));
    m_test->setEnabled(p.isEmpty() && !m_testing);
}

void CephConnectDialog::setResult(const QString &text, const QString &color)
{
    m_result->setText(text);
    m_result->setStyleSheet(color.isEmpty() ? QString() : QStringLiteral("color: %1;").arg(color));
}

QString CephConnectDialog::resultText() const
{
    return m_result->text();
}

void CephConnectDialog::testConnection()
{
    if (m_testing || !problem().isEmpty())
        return;
    m_testing = true;
    m_ok = false;
    m_fsid.clear();
    m_test->setEnabled(false);
    if (m_ssh->isChecked()) {
        const NodeSpec node = NodeSpec::parse(nodeText());
        setResult(tr("Reading ceph.conf and the key on %1…").arg(node.displayName()), QString());
        // SSH and librados block: a worker thread, never the UI thread.
        m_watcher.setFuture(
            QtConcurrent::run([node, client = m_client->text(), t = m_timeoutSec, conf = m_nodeConf->text().trimmed(),
                                  keyring = m_nodeKeyring->text().trimmed()] {
                return fetchAndProbeCephCluster(node, client, t, conf, keyring);
            }));
        return;
    }
    const CephConnection c = connection();
    setResult(tr("Connecting to %1…").arg(c.displayName()), QString());
    // librados blocks (up to the timeout): a worker thread, never the UI thread.
    m_watcher.setFuture(QtConcurrent::run([spec = c.spec] { return probeCephCluster(spec); }));
}

void CephConnectDialog::onTestDone()
{
    const CephProbeResult r = m_watcher.result();
    m_testing = false;
    m_ok = !r.error;
    if (m_ssh->isChecked()) {
        m_fetched = r.error ? CephConnectionSpec() : r.spec;
        if (!r.error) // the key lives in this process's memory from now on (never in a file)
            CephKeyCache::put(r.spec.fsid, r.spec.clientName, r.spec.key);
    }
    updateFields();
    if (r.error) {
        setResult(cephErrorText(r.error), QStringLiteral("#c62828"));
    } else {
        m_fsid = r.inventory.fsid;
        setResult(tr("Connected: fsid %1, %2, %n OSD(s)", nullptr, int(r.inventory.osds.size()))
                      .arg(r.inventory.fsid, r.inventory.healthStatus),
            QStringLiteral("#2e7d32"));
    }
    Q_EMIT testFinished(r.error);
}

} // namespace cm::ui
