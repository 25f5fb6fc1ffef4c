// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/cephfs/cephfstargetpage.h"

#include "bench/planbuilder.h"
#include "wizard/cephclientform.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QRadioButton>
#include <QVBoxLayout>

namespace cm::ui {

namespace {
// An absolute path without "." or ".." parts (the kind checks the same).
bool isAbsoluteClean(const QString &p)
{
    if (!p.startsWith(QLatin1Char('/')))
        return false;
    for (const QString &part : p.split(QLatin1Char('/'), Qt::SkipEmptyParts))
        if (part == QLatin1String(".") || part == QLatin1String(".."))
            return false;
    return true;
}
} // namespace

CephFsTargetPage::CephFsTargetPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("cephFsTargetPage"));
    setTitle(tr("CephFS target"));
    setSubTitle(tr("Each test works in its own new folder (%1…) inside the chosen folder of the file system and "
                   "removes it with everything in it afterwards. Nothing else is touched.")
                    .arg(CephFsKind::folderPrefix()));
    auto *v = new QVBoxLayout(this);

    auto *top = new QFormLayout;
    m_engine = new QComboBox(this);
    m_engine->setObjectName(QStringLiteral("cephFsEngineCombo"));
    m_engine->addItem(
        tr("ClusterMark's own libcephfs client, on this machine (throughput and metadata)"), QStringLiteral("native"));
    m_engine->addItem(tr("fio on a node over SSH, on a CephFS mount (throughput only)"), QStringLiteral("fio"));
    top->addRow(tr("Engine:"), m_engine);
    m_fs = new QComboBox(this);
    m_fs->setObjectName(QStringLiteral("cephFsNameCombo"));
    m_fs->setEditable(true);
    m_fs->setInsertPolicy(QComboBox::NoInsert);
    m_fs->lineEdit()->setPlaceholderText(tr("the cluster's default file system"));
    top->addRow(tr("File system:"), m_fs);
    m_dir = new QLineEdit(QStringLiteral("/"), this);
    m_dir->setObjectName(QStringLiteral("cephFsDirEdit"));
    m_dir->setToolTip(tr("An existing folder inside the file system; the test folders are made in it."));
    top->addRow(tr("Folder inside the file system:"), m_dir);
    v->addLayout(top);

    m_nativeBox = new QWidget(this);
    auto *nv = new QVBoxLayout(m_nativeBox);
    nv->setContentsMargins(0, 0, 0, 0);
    m_client = new CephClientForm(m_nativeBox);
    nv->addWidget(m_client);
    v->addWidget(m_nativeBox);

    m_fioBox = new QWidget(this);
    auto *fv = new QVBoxLayout(m_fioBox);
    fv->setContentsMargins(0, 0, 0, 0);
    auto *nodeForm = new QFormLayout;
    nodeForm->setContentsMargins(0, 0, 0, 0);
    m_node = new QComboBox(m_fioBox);
    m_node->setObjectName(QStringLiteral("cephFsNodeCombo"));
    nodeForm->addRow(tr("Node that runs fio:"), m_node);
    m_moreNodes = new QListWidget(m_fioBox);
    m_moreNodes->setObjectName(QStringLiteral("cephFsMoreNodesList"));
    m_moreNodes->setMaximumHeight(90);
    m_moreNodes->setToolTip(tr("Every ticked node runs the same test at the same moment, with its own mount and "
                               "folder; the run adds their cluster total."));
    nodeForm->addRow(tr("Also at once on:"), m_moreNodes);
    fv->addLayout(nodeForm);
    auto *group = new QButtonGroup(m_fioBox);
    auto *existingRow = new QFormLayout;
    existingRow->setContentsMargins(0, 0, 0, 0);
    m_useExisting = new QRadioButton(tr("Use an existing CephFS mount on the node:"), m_fioBox);
    m_useExisting->setObjectName(QStringLiteral("cephFsExistingMountRadio"));
    m_mountPath = new QLineEdit(QStringLiteral("/mnt/cephfs"), m_fioBox);
    m_mountPath->setObjectName(QStringLiteral("cephFsMountPathEdit"));
    existingRow->addRow(m_useExisting, m_mountPath);
    m_useMount = new QRadioButton(tr("Mount the file system for me with:"), m_fioBox);
    m_useMount->setObjectName(QStringLiteral("cephFsAppMountRadio"));
    m_mountTool = new QComboBox(m_fioBox);
    m_mountTool->setObjectName(QStringLiteral("cephFsMountToolCombo"));
    m_mountTool->addItem(tr("ceph-fuse"), QStringLiteral("ceph-fuse"));
    m_mountTool->addItem(tr("the kernel client (mount -t ceph)"), QStringLiteral("kernel"));
    existingRow->addRow(m_useMount, m_mountTool);
    fv->addLayout(existingRow);
    group->addButton(m_useExisting);
    group->addButton(m_useMount);
    m_useExisting->setChecked(true);

    m_mountBox = new QWidget(m_fioBox);
    auto *mv = new QVBoxLayout(m_mountBox);
    mv->setContentsMargins(24, 0, 0, 0);
    auto *mountForm = new QFormLayout;
    mountForm->setContentsMargins(0, 0, 0, 0);
    m_nodeConf = new QLineEdit(QStringLiteral("/etc/ceph/ceph.conf"), m_mountBox);
    m_nodeConf->setObjectName(QStringLiteral("cephFsNodeConfEdit"));
    m_nodeKeyring = new QLineEdit(m_mountBox);
    m_nodeKeyring->setObjectName(QStringLiteral("cephFsNodeKeyringEdit"));
    m_nodeKeyring->setPlaceholderText(tr("from ceph.conf"));
    m_nodeClient = new QLineEdit(QStringLiteral("admin"), m_mountBox);
    m_nodeClient->setObjectName(QStringLiteral("cephFsNodeClientEdit"));
    mountForm->addRow(tr("ceph.conf on the node:"), m_nodeConf);
    mountForm->addRow(tr("Keyring on the node:"), m_nodeKeyring);
    mountForm->addRow(tr("Client name:"), withClientPrefix(m_nodeClient));
    mv->addLayout(mountForm);
    m_consentText = new QLabel(m_mountBox);
    m_consentText->setWordWrap(true);
    m_consentText->setObjectName(QStringLiteral("cephFsConsentText"));
    mv->addWidget(m_consentText);
    m_consent = new QCheckBox(
        tr("I agree: mount the file system on the node for the run and unmount it afterwards"), m_mountBox);
    m_consent->setObjectName(QStringLiteral("cephFsConsentCheck"));
    mv->addWidget(m_consent);
    fv->addWidget(m_mountBox);
    v->addWidget(m_fioBox);

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    v->addWidget(m_problem);
    v->addStretch(1);

    // One label column for the forms of the page (the client form lays out its own).
    QList<QFormLayout *> forms {top, nodeForm};
    forms += m_client->findChildren<QFormLayout *>();
    int labelWidth = 0;
    for (int pass = 0; pass < 2; ++pass)
        for (QFormLayout *f : std::as_const(forms))
            for (int r = 0; r < f->rowCount(); ++r)
                if (QLayoutItem *it = f->itemAt(r, QFormLayout::LabelRole); it && it->widget()) {
                    if (pass == 0)
                        labelWidth = std::max(labelWidth, it->widget()->sizeHint().width());
                    else
                        it->widget()->setMinimumWidth(labelWidth);
                }

    connect(m_engine, &QComboBox::currentIndexChanged, this, &CephFsTargetPage::refresh);
    connect(m_client, &CephClientForm::changed, this, &CephFsTargetPage::refresh);
    for (QComboBox *c : {m_node, m_mountTool})
        connect(c, &QComboBox::currentIndexChanged, this, &CephFsTargetPage::refresh);
    connect(m_node, &QComboBox::currentIndexChanged, this, &CephFsTargetPage::fillMoreNodes);
    connect(m_moreNodes, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        const QString key = item->data(Qt::UserRole).toString();
        if (item->checkState() == Qt::Checked)
            m_ticked.insert(key);
        else
            m_ticked.remove(key);
        refresh();
    });
    connect(m_fs, &QComboBox::currentTextChanged, this, &CephFsTargetPage::refresh);
    for (QLineEdit *e : {m_dir, m_mountPath, m_nodeConf, m_nodeKeyring, m_nodeClient})
        connect(e, &QLineEdit::textChanged, this, &CephFsTargetPage::refresh);
    for (QAbstractButton *b : std::initializer_list<QAbstractButton *> {m_useExisting, m_useMount, m_consent})
        connect(b, &QAbstractButton::toggled, this, &CephFsTargetPage::refresh);
    refresh();
}

bool CephFsTargetPage::isNative() const
{
    return m_engine->currentData().toString() == QLatin1String("native");
}

void CephFsTargetPage::initializePage()
{
    PlanWizard *w = planWizard();
    const Plan &plan = w->plan();
    const bool ours = plan.kind == CephFsKind::kindId() && !plan.target.isEmpty();
    const CephFsKind::Options o = ours ? CephFsKind::Options::fromJson(plan.target) : CephFsKind::Options();
    const QSignalBlocker b1(m_node), b2(m_fs), b3(m_engine);
    m_nodes = {NodeSpec::parse(QStringLiteral("local"))};
    for (const NodeSpec &n : w->knownNodes())
        if (!n.isLocal())
            m_nodes << n;
    m_node->clear();
    for (const NodeSpec &n : std::as_const(m_nodes))
        m_node->addItem(n.isLocal() ? tr("This machine (local)") : n.displayName());
    m_ticked.clear();
    if (ours && o.engine == QLatin1String("fio") && !plan.nodes.isEmpty()) {
        for (int i = 0; i < m_nodes.size(); ++i)
            if (m_nodes.at(i).secretKey() == plan.nodes.first().secretKey()
                || (m_nodes.at(i).isLocal() && plan.nodes.first().isLocal()))
                m_node->setCurrentIndex(i);
        for (const NodeSpec &n : plan.nodes.mid(1))
            m_ticked.insert(n.secretKey());
    }
    fillMoreNodes();
    m_engine->setCurrentIndex(std::max(0, m_engine->findData(o.engine)));
    // The file systems of the connected cluster, when its inventory was read.
    m_fs->clear();
    m_fs->addItems(w->cephFilesystems());
    m_fs->setEditText(ours ? o.fsName : w->cephFilesystems().value(0));
    if (ours)
        m_dir->setText(o.dir);
    // Native: the plan's own client, else the connected cluster's (CephClientForm).
    QJsonObject clientTarget;
    if (ours && o.engine == QLatin1String("native")) {
        clientTarget = {{QStringLiteral("conf"), o.conf}, {QStringLiteral("keyring"), o.keyring},
            {QStringLiteral("client"), o.client}};
        for (const char *k : {"monHost", "fsid"})
            if (plan.target.contains(QLatin1String(k)))
                clientTarget.insert(QLatin1String(k), plan.target.value(QLatin1String(k)));
    }
    m_client->load(clientTarget, plan.ceph);
    if (ours && o.engine == QLatin1String("fio")) {
        m_useMount->setChecked(!o.mount.isEmpty());
        m_useExisting->setChecked(o.mount.isEmpty());
        if (!o.mountPath.isEmpty())
            m_mountPath->setText(o.mountPath);
        if (!o.mount.isEmpty())
            m_mountTool->setCurrentIndex(std::max(0, m_mountTool->findData(o.mount)));
        if (!o.conf.isEmpty())
            m_nodeConf->setText(o.conf);
        m_nodeKeyring->setText(o.keyring);
        m_nodeClient->setText(o.client);
        m_consent->setChecked(o.mountConsent);
    } else if (w->hasCephConnection()) {
        // Nodes that keep the cluster's files where this machine does (as Proxmox does).
        const CephConnectionSpec c = w->cephConnection();
        if (!c.confPath.isEmpty())
            m_nodeConf->setText(c.confPath);
        m_nodeKeyring->setText(c.keyringPath);
        m_nodeClient->setText(c.clientName.startsWith(QLatin1String("client.")) ? c.clientName.mid(7) : c.clientName);
    }
    refresh();
}

void CephFsTargetPage::refresh()
{
    const bool native = isNative();
    m_nativeBox->setVisible(native);
    m_fioBox->setVisible(!native);
    const bool appMount = m_useMount->isChecked();
    m_mountPath->setEnabled(!appMount);
    m_mountTool->setEnabled(appMount);
    m_mountBox->setVisible(appMount);
    const QString fs = m_fs->currentText().trimmed().isEmpty()
        ? tr("the default file system")
        : tr("file system “%1”").arg(m_fs->currentText().trimmed());
    m_consentText->setText(tr("For each test, ClusterMark makes a temporary folder /tmp/clustermark-cephfs-XXXXXX on "
                              "%1, mounts %2 there with %3 (as root), runs fio in its own folder and then unmounts "
                              "the file system and removes the temporary folder, also after a cancel or an error.")
                               .arg(chosenNodes().size() > 1         ? tr("each chosen node")
                                       : m_node->currentIndex() >= 0 ? m_node->currentText()
                                                                     : tr("the node"),
                                   fs, m_mountTool->currentText()));
    m_problem->setText(problem());
    Q_EMIT completeChanged();
}

QString CephFsTargetPage::problem() const
{
    const QString fs = m_fs->currentText().trimmed();
    if (!fs.isEmpty() && !isCephName(fs))
        return tr("The file system name may hold letters, digits, '.', '_' and '-'.");
    if (!isAbsoluteClean(m_dir->text().trimmed()))
        return tr("The folder inside the file system must start with / and have no . or .. parts.");
    if (isNative())
        return m_client->problem();
    if (m_node->currentIndex() < 0)
        return tr("Choose the node that runs fio.");
    if (m_useExisting->isChecked()) {
        if (!isAbsoluteClean(m_mountPath->text().trimmed()) || m_mountPath->text().trimmed() == QLatin1String("/"))
            return tr("The mount path is an absolute folder on the node where the CephFS is mounted.");
        return {};
    }
    if (!m_nodeConf->text().isEmpty() && !m_nodeConf->text().startsWith(QLatin1Char('/')))
        return tr("ceph.conf must be an absolute path on the node.");
    if (!m_nodeKeyring->text().isEmpty() && !m_nodeKeyring->text().startsWith(QLatin1Char('/')))
        return tr("The keyring must be an absolute path on the node.");
    if (!isCephName(m_nodeClient->text()))
        return tr("The client name may hold letters, digits, '.', '_' and '-'.");
    if (!m_consent->isChecked())
        return tr("Tick the box to allow ClusterMark to mount the file system on the node (or use an existing mount).");
    return {};
}

bool CephFsTargetPage::isComplete() const
{
    return problem().isEmpty();
}

void CephFsTargetPage::fillMoreNodes()
{
    const QSignalBlocker block(m_moreNodes);
    m_moreNodes->clear();
    for (int i = 0; i < m_nodes.size(); ++i) {
        if (i == m_node->currentIndex())
            continue;
        const NodeSpec &n = m_nodes.at(i);
        auto *item = new QListWidgetItem(n.isLocal() ? tr("This machine (local)") : n.displayName(), m_moreNodes);
        item->setData(Qt::UserRole, n.secretKey());
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(m_ticked.contains(n.secretKey()) ? Qt::Checked : Qt::Unchecked);
    }
    m_moreNodes->setEnabled(m_moreNodes->count() > 0);
}

QList<NodeSpec> CephFsTargetPage::chosenNodes() const
{
    QList<NodeSpec> out {chosenNode()};
    if (isNative())
        return out;
    for (int i = 0; i < m_nodes.size(); ++i)
        if (i != m_node->currentIndex() && m_ticked.contains(m_nodes.at(i).secretKey()))
            out << m_nodes.at(i);
    return out;
}

NodeSpec CephFsTargetPage::chosenNode() const
{
    if (isNative() || m_node->currentIndex() < 0)
        return NodeSpec::parse(QStringLiteral("local"));
    return m_nodes.value(m_node->currentIndex());
}

CephFsKind::Options CephFsTargetPage::options() const
{
    const Plan &plan = planWizard()->plan();
    // Keep the parameter choices the plan already has (going back and forth).
    CephFsKind::Options o
        = plan.kind == CephFsKind::kindId() ? CephFsKind::Options::fromJson(plan.target) : CephFsKind::Options();
    if (plan.kind != CephFsKind::kindId() || !plan.target.contains(QStringLiteral("preset")))
        for (const Preset &p : CephFsKind().presets())
            if (p.id == planWizard()->defaultPreset())
                o.preset = p.id; // the preset last used, when CephFS has it
    o.engine = isNative() ? QStringLiteral("native") : QStringLiteral("fio");
    o.fsName = m_fs->currentText().trimmed();
    o.dir = m_dir->text().trimmed();
    o.conf.clear();
    o.keyring.clear();
    o.client = QStringLiteral("admin");
    o.mountPath.clear();
    o.mount.clear();
    o.mountConsent = false;
    if (isNative()) {
        o.conf = m_client->confEdit()->text();
        o.keyring = m_client->keyringEdit()->text();
        o.client = m_client->clientEdit()->text();
        o.iodepth = 0;
    } else if (m_useExisting->isChecked()) {
        o.mountPath = m_mountPath->text().trimmed();
    } else {
        o.mount = m_mountTool->currentData().toString();
        o.mountConsent = m_consent->isChecked();
        o.conf = m_nodeConf->text();
        o.keyring = m_nodeKeyring->text();
        o.client = m_nodeClient->text();
    }
    return o;
}

bool CephFsTargetPage::validatePage()
{
    if (!problem().isEmpty())
        return false;
    Plan &plan = planWizard()->plan();
    plan.nodes = chosenNodes();
    QJsonObject target = options().toJson();
    if (isNative()) {
        // A cluster fetched from a node: its mons and fsid go with the target; the health
        // poll follows the form's check box.
        QJsonObject clientTarget;
        QJsonObject ceph;
        m_client->apply(&clientTarget, &ceph);
        for (const char *k : {"monHost", "fsid"})
            if (clientTarget.contains(QLatin1String(k)))
                target.insert(QLatin1String(k), clientTarget.value(QLatin1String(k)));
        plan.ceph = ceph;
    } else {
        // fio's paths are on the node: the health poll uses the connected cluster, if any.
        plan.ceph = planWizard()->hasCephConnection() ? planWizard()->cephConnection().toJson() : QJsonObject();
    }
    plan.target = target;
    return true;
}

} // namespace cm::ui
