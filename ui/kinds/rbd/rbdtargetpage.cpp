// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/rbd/rbdtargetpage.h"

#include "bench/rbd/rbdkind.h"
#include "wizard/cephclientform.h"
#include "wizard/temporarypoolform.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QVBoxLayout>

#include <algorithm>

namespace cm::ui {

RbdTargetPage::RbdTargetPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setTitle(tr("RBD target"));
    setSubTitle(tr("Each test writes its own image (%1…) in this pool, prefilled before reads and removed "
                   "afterwards. fio's rbd engine runs on the chosen node.")
                    .arg(RbdKind::imagePrefix()));
    auto *form = new QFormLayout;
    m_engine = new QComboBox(this);
    m_engine->addItem(tr("fio's rbd engine, on the chosen node"), QStringLiteral("fio"));
    m_engine->addItem(tr("ClusterMark's own librbd engine, on this machine"), QStringLiteral("native"));
    m_engine->addItem(tr("The node kernel's client (krbd), fio's libaio on the mapped device"), QStringLiteral("krbd"));
    m_engine->addItem(tr("rbd-nbd on the node, fio's libaio on the mapped device"), QStringLiteral("nbd"));
    m_engine->setToolTip(tr("The kernel client is what Proxmox containers use. It needs root on the node and a "
                            "kernel with the rbd (or nbd) module; the QD1 latency tests write with sync=1."));
    form->addRow(tr("Engine:"), m_engine);
    m_pool = new QLineEdit(QStringLiteral("rbd"), this);
    m_dataPool = new QLineEdit(this);
    m_dataPool->setObjectName(QStringLiteral("rbdDataPool"));
    m_dataPool->setPlaceholderText(tr("none: the data in the pool above"));
    m_dataPool->setToolTip(tr("An erasure-coded pool with allow_ec_overwrites for the images' data, as Proxmox "
                              "uses one; the images' headers stay in the pool above, which must be replicated."));
    m_size = new QLineEdit(QStringLiteral("1G"), this);
    m_conf = new QLineEdit(QStringLiteral("/etc/ceph/ceph.conf"), this);
    m_keyring = new QLineEdit(this);
    m_keyring->setPlaceholderText(tr("from ceph.conf (e.g. /etc/pve/priv/ceph.client.admin.keyring)"));
    m_client = new QLineEdit(QStringLiteral("admin"), this);
    form->addRow(tr("Pool:"), m_pool);
    form->addRow(tr("Data pool:"), m_dataPool);
    form->addRow(tr("Image size:"), m_size);
    form->addRow(tr("ceph.conf on the node:"), m_conf);
    form->addRow(tr("Keyring on the node:"), m_keyring);
    form->addRow(tr("Client name:"), withClientPrefix(m_client));
    m_cache = new QComboBox(this);
    m_cache->setObjectName(QStringLiteral("rbdCacheCombo"));
    m_cache->addItem(tr("Off for the QD1 latency tests, the cluster's setting for the others"), QString());
    m_cache->addItem(tr("Off: every write waits for the OSDs"), QStringLiteral("off"));
    m_cache->addItem(tr("The cluster's setting everywhere (writeback by default)"), QStringLiteral("writeback"));
    m_cache->setToolTip(tr("With librbd's writeback cache, small random writes are acknowledged from the client's "
                           "memory and are capped by how fast it flushes (about rbd_cache_max_dirty per second): at "
                           "QD1 that is no commit latency. Figures measured with the cache on say so."));
    form->addRow(tr("Client cache:"), m_cache);
    m_health
        = new QCheckBox(tr("Poll the cluster's health during the run (this machine must reach the same files)"), this);
    m_temporary = new TemporaryPoolForm(this);
    m_temporary->setToolTip(tr("On erasure-coded pools the images' headers go to a replicated pool made beside it "
                               "(as Proxmox lays them out), their data to the EC pool."));
    m_problem = new QLabel(this);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    auto *v = new QVBoxLayout(this);
    v->addLayout(form);
    v->addWidget(m_temporary);
    v->addWidget(m_health);
    v->addWidget(m_problem);
    v->addStretch(1);
    connect(m_engine, &QComboBox::currentIndexChanged, this, [this] {
        m_problem->setText(problem());
        Q_EMIT completeChanged();
    });
    auto recheck = [this] {
        m_pool->setEnabled(!m_temporary->isChecked());
        m_dataPool->setEnabled(!m_temporary->isChecked());
        m_problem->setText(problem());
        Q_EMIT completeChanged();
    };
    for (QLineEdit *e : {m_pool, m_dataPool, m_size, m_conf, m_keyring, m_client})
        connect(e, &QLineEdit::textChanged, this, recheck);
    connect(m_temporary, &TemporaryPoolForm::changed, this, recheck);
    connect(m_health, &QCheckBox::toggled, this, recheck);
}

void RbdTargetPage::initializePage()
{
    const QJsonObject t = planWizard()->plan().target;
    // The connected cluster's files are the defaults (right for this machine, and for
    // nodes that keep them in the same place, as Proxmox does).
    if (planWizard()->hasCephConnection()) {
        const CephConnectionSpec c = planWizard()->cephConnection();
        m_conf->setText(c.confPath);
        m_keyring->setText(c.keyringPath);
        m_client->setText(c.clientName.startsWith(QLatin1String("client.")) ? c.clientName.mid(7) : c.clientName);
        m_health->setText(tr("Poll the connected cluster's health during the run"));
    }
    if (t.contains(QStringLiteral("pool")))
        m_pool->setText(t.value(QStringLiteral("pool")).toString());
    m_dataPool->setText(t.value(QStringLiteral("dataPool")).toString());
    if (t.contains(QStringLiteral("conf")))
        m_conf->setText(t.value(QStringLiteral("conf")).toString());
    if (t.contains(QStringLiteral("keyring")))
        m_keyring->setText(t.value(QStringLiteral("keyring")).toString());
    m_cache->setCurrentIndex(std::max(0, m_cache->findData(t.value(QStringLiteral("cache")).toString())));
    m_temporary->setOsds(planWizard()->cephOsds());
    m_temporary->setFromTarget(t);
    const auto &nodes = planWizard()->plan().nodes;
    m_health->setChecked(planWizard()->hasCephConnection() || (nodes.size() == 1 && nodes.first().isLocal()));
    m_problem->setText(problem());
}

QString RbdTargetPage::problem() const
{
    static const QRegularExpression name(QStringLiteral(R"(^[A-Za-z0-9_.-]{1,128}$)"));
    static const QRegularExpression size(QStringLiteral(R"(^[0-9]+([kKmMgGtT]i?[bB]?)?$)"));
    if (!name.match(m_pool->text()).hasMatch() && !m_temporary->isChecked())
        return tr("The pool name may hold letters, digits, '.', '_' and '-'.");
    if (!m_dataPool->text().isEmpty() && !name.match(m_dataPool->text()).hasMatch() && !m_temporary->isChecked())
        return tr("The data pool name may hold letters, digits, '.', '_' and '-'.");
    if (!size.match(m_size->text()).hasMatch())
        return tr("The image size is a size like 1G or 512M.");
    if (m_temporary->isChecked() && !m_health->isChecked())
        return tr("A temporary pool is made from this machine: poll the cluster's health, so ClusterMark reaches "
                  "the cluster from here.");
    if (const QString why = m_temporary->problem(); !why.isEmpty())
        return why;
    if (!name.match(m_client->text()).hasMatch())
        return tr("The client name may hold letters, digits, '.', '_' and '-'.");
    if (!m_conf->text().isEmpty() && !m_conf->text().startsWith(QLatin1Char('/')))
        return tr("ceph.conf must be an absolute path on the node.");
    const auto &nodes = planWizard() ? planWizard()->plan().nodes : QList<NodeSpec>();
    if (m_engine->currentData().toString() == QLatin1String("native")
        && (nodes.size() != 1 || !nodes.first().isLocal()))
        return tr("The native engine runs in ClusterMark itself: choose only this machine (local) as the node.");
    return {};
}

bool RbdTargetPage::isComplete() const
{
    return problem().isEmpty();
}

bool RbdTargetPage::validatePage()
{
    Plan &plan = planWizard()->plan();
    plan.target
        = {{QStringLiteral("engine"), m_engine->currentData().toString()}, {QStringLiteral("pool"), m_pool->text()},
            {QStringLiteral("imageSize"), m_size->text()}, {QStringLiteral("conf"), m_conf->text()},
            {QStringLiteral("keyring"), m_keyring->text()}, {QStringLiteral("client"), m_client->text()}};
    if (!m_cache->currentData().toString().isEmpty())
        plan.target.insert(QStringLiteral("cache"), m_cache->currentData().toString());
    if (!m_dataPool->text().isEmpty())
        plan.target.insert(QStringLiteral("dataPool"), m_dataPool->text());
    m_temporary->writeTo(&plan.target);
    // Health is polled from this machine: the connected cluster's own files when there is one.
    const CephConnectionSpec c = planWizard()->cephConnection();
    // A cluster fetched from a node: the native engine (here) reaches it by its mons and
    // fsid, its key in memory; fio on a node uses the node's own files.
    if (planWizard()->hasCephConnection() && c.confPath.isEmpty() && m_conf->text().isEmpty()
        && m_engine->currentData().toString() == QLatin1String("native")) {
        plan.target.insert(QStringLiteral("monHost"), c.monHost);
        plan.target.insert(QStringLiteral("fsid"), c.fsid);
    }
    if (m_health->isChecked() && planWizard()->hasCephConnection())
        plan.ceph = c.toJson();
    else
        plan.ceph = m_health->isChecked()
            ? QJsonObject {{QStringLiteral("conf"), m_conf->text()}, {QStringLiteral("keyring"), m_keyring->text()},
                {QStringLiteral("client"), QStringLiteral("client.") + m_client->text()}}
            : QJsonObject();
    return true;
}

} // namespace cm::ui
