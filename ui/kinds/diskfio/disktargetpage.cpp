// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/diskfio/disktargetpage.h"

#include "bench/diskfio/diskfiokind.h"

#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace cm::ui {

DiskTargetPage::DiskTargetPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("diskTargetPage"));
    setTitle(tr("Target"));
    setSubTitle(tr("Where fio reads and writes. A file in a folder is safe; a raw device loses its data."));
    auto *v = new QVBoxLayout(this);

    m_file = new QRadioButton(tr("A test file in a folder (recommended)"), this);
    m_file->setObjectName(QStringLiteral("fileRadio"));
    v->addWidget(m_file);
    m_fileBox = new QWidget(this);
    auto *ff = new QFormLayout(m_fileBox);
    ff->setContentsMargins(24, 0, 0, 0);
    auto *dirRow = new QHBoxLayout();
    m_dir = new QLineEdit(m_fileBox);
    m_dir->setObjectName(QStringLiteral("dirEdit"));
    m_dir->setPlaceholderText(tr("/srv/bench"));
    auto *browse = new QPushButton(tr("Browse…"), m_fileBox);
    dirRow->addWidget(m_dir, 1);
    dirRow->addWidget(browse);
    ff->addRow(tr("Folder on each node:"), dirRow);
    m_size = new QLineEdit(QStringLiteral("1G"), m_fileBox);
    m_size->setObjectName(QStringLiteral("sizeEdit"));
    m_size->setToolTip(tr("fio size: a number with K, M, G or T"));
    m_size->setMaximumWidth(120);
    ff->addRow(tr("File size:"), m_size);
    auto *note = new QLabel(tr("The folder must exist: it is never created. The test file %1 is removed afterwards.")
                                .arg(DiskFioKind::benchFilePattern()),
        m_fileBox);
    note->setWordWrap(true);
    note->setEnabled(false);
    ff->addRow(note);
    v->addWidget(m_fileBox);

    m_device = new QRadioButton(tr("A raw block device (destroys all data on it)"), this);
    m_device->setObjectName(QStringLiteral("deviceRadio"));
    v->addWidget(m_device);
    m_deviceBox = new QWidget(this);
    auto *df = new QFormLayout(m_deviceBox);
    df->setContentsMargins(24, 0, 0, 0);
    m_devicePath = new QLineEdit(m_deviceBox);
    m_devicePath->setObjectName(QStringLiteral("deviceEdit"));
    m_devicePath->setPlaceholderText(QStringLiteral("/dev/sdX"));
    df->addRow(tr("Device:"), m_devicePath);
    m_deviceWarning
        = new QLabel(tr("<b>Warning:</b> write tests overwrite the whole device. Every partition, filesystem and "
                        "file on it is lost. Devices that are mounted, partitioned, in use or an OSD are refused."),
            m_deviceBox);
    m_deviceWarning->setWordWrap(true);
    m_deviceWarning->setStyleSheet(QStringLiteral("color: #c62828;"));
    df->addRow(m_deviceWarning);
    v->addWidget(m_deviceBox);

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("targetProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c62828;"));
    v->addWidget(m_problem);
    v->addStretch(1);

    m_file->setChecked(true);
    connect(m_file, &QRadioButton::toggled, this, &DiskTargetPage::updateState);
    for (QLineEdit *e : {m_dir, m_size, m_devicePath})
        connect(e, &QLineEdit::textChanged, this, &DiskTargetPage::updateState);
    connect(browse, &QPushButton::clicked, this, [this] {
        // open(), not a static getter: no nested event loop
        auto *dlg = new QFileDialog(this, tr("Folder for the test file"), m_dir->text());
        dlg->setAttribute(Qt::WA_DeleteOnClose);
        dlg->setFileMode(QFileDialog::Directory);
        dlg->setOption(QFileDialog::ShowDirsOnly);
        connect(dlg, &QFileDialog::fileSelected, m_dir, &QLineEdit::setText);
        dlg->open();
    });
    updateState();
}

void DiskTargetPage::initializePage()
{
    const QJsonObject t = planWizard()->plan().target;
    if (t.value(QStringLiteral("type")).toString() == QLatin1String("device")) {
        m_device->setChecked(true);
        m_devicePath->setText(t.value(QStringLiteral("path")).toString());
    } else {
        m_file->setChecked(true);
    }
    if (m_dir->text().isEmpty())
        m_dir->setText(t.value(QStringLiteral("dir")).toString(planWizard()->defaultTargetDir()));
    if (t.contains(QStringLiteral("size")))
        m_size->setText(t.value(QStringLiteral("size")).toString());
    updateState();
}

QString DiskTargetPage::problem() const
{
    if (m_file->isChecked()) {
        const QString dir = m_dir->text().trimmed();
        if (dir.isEmpty())
            return tr("Choose a folder.");
        if (!dir.startsWith(QLatin1Char('/')))
            return tr("The folder must be an absolute path.");
        static const QRegularExpression sizeRe(QStringLiteral("^[0-9]+[KMGTkmgt]?$"));
        if (!sizeRe.match(m_size->text().trimmed()).hasMatch())
            return tr("File size must be a number with an optional K, M, G or T suffix (e.g. 1G).");
        bool allLocal = true;
        for (const NodeSpec &n : planWizard() ? planWizard()->plan().nodes : QList<NodeSpec> {})
            allLocal = allLocal && n.isLocal();
        // Remote folders are checked by the run itself; a local one we can check here.
        if (allLocal && !QDir(dir).exists())
            return tr("The folder %1 does not exist on this machine.").arg(dir);
        return {};
    }
    const QString dev = m_devicePath->text().trimmed();
    if (!dev.startsWith(QLatin1String("/dev/")) || dev.size() <= 5)
        return tr("Enter a device path such as /dev/sdb.");
    return {};
}

void DiskTargetPage::updateState()
{
    m_fileBox->setEnabled(m_file->isChecked());
    m_deviceBox->setEnabled(m_device->isChecked());
    m_problem->setText(problem());
    Q_EMIT completeChanged();
}

bool DiskTargetPage::isComplete() const
{
    return problem().isEmpty();
}

bool DiskTargetPage::validatePage()
{
    QJsonObject t;
    if (m_file->isChecked()) {
        t.insert(QStringLiteral("type"), QStringLiteral("file"));
        t.insert(QStringLiteral("dir"), QDir::cleanPath(m_dir->text().trimmed()));
        t.insert(QStringLiteral("size"), m_size->text().trimmed().toUpper());
    } else {
        t.insert(QStringLiteral("type"), QStringLiteral("device"));
        t.insert(QStringLiteral("path"), m_devicePath->text().trimmed());
    }
    planWizard()->plan().target = t;
    return true;
}

} // namespace cm::ui
