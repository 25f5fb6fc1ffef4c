#include "cephconnectdialog.h"

#include <QButtonGroup>
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

    // Reserved: another part of the app fetches ceph.conf and the key over SSH.
    m_ssh = new QRadioButton(tr("Fetch from a node over SSH"), this);
    m_ssh->setEnabled(false);
    m_ssh->setToolTip(tr("not available yet"));
    group->addButton(m_ssh);
    grid->addWidget(m_ssh, row++, 0, 1, 4);

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
    } else {
        m_files->setChecked(true);
        m_conf->setText(current.isValid() ? current.spec.confPath : defaults.confPath);
        m_keyring->setText(current.isValid() ? current.spec.keyringPath : defaults.keyringPath);
    }
    m_client->setText(current.isValid() ? current.spec.clientName : defaults.clientName);

    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_test, &QPushButton::clicked, this, &CephConnectDialog::testConnection);
    connect(group, &QButtonGroup::buttonToggled, this, [this] { updateFields(); });
    for (QLineEdit *e : {m_conf, m_keyring, m_labDir, m_client})
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
    auto *dlg = new QFileDialog(this, title, edit->text().isEmpty() ? QDir::homePath() : QFileInfo(edit->text()).absolutePath());
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->setFileMode(folder ? QFileDialog::Directory : QFileDialog::ExistingFile);
    dlg->setFilter(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    connect(dlg, &QFileDialog::fileSelected, edit, &QLineEdit::setText);
    dlg->open();   // not exec(): no nested event loop
}

CephConnection CephConnectDialog::connection() const
{
    CephConnection c;
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
    if (m_lab->isChecked()) {
        const QString dir = m_labDir->text().trimmed();
        if (dir.isEmpty())
            return tr("Choose the lab's folder.");
        if (!CephConnection::isLabDir(dir))
            return tr("%1 holds no lab (no ceph.conf, keyring and .ceph-lab marker). Start one with "
                      "scripts/lab/ceph-lab.sh start %1").arg(dir);
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
    const QString p = problem();
    m_problem->setText(p);
    m_ok_button->setEnabled(p.isEmpty());
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
