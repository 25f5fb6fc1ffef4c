// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/rados/radostargetpage.h"

#include "bench/planbuilder.h"
#include "model/paramreader.h"
#include "report/unitformat.h"
#include "wizard/cephclientform.h"
#include "wizard/temporarypoolform.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cm::ui {

RadosTargetPage::RadosTargetPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("radosTargetPage"));
    setTitle(tr("RADOS objects"));
    setSubTitle(tr("Object writes, reads and stats straight to the OSDs, spread over many objects. Every object "
                   "the test writes is removed afterwards."));
    m_client = new CephClientForm(this);
    auto *top = new QFormLayout;
    m_engine = new QComboBox(this);
    m_engine->setObjectName(QStringLiteral("radosEngineCombo"));
    m_engine->addItem(tr("ClusterMark's own librados client, on this machine"), QStringLiteral("native"));
    m_engine->addItem(tr("fio's rados engine, on each chosen node at once (no stat test)"), QStringLiteral("fio"));
    top->addRow(tr("Engine:"), m_engine);
    m_nodePaths = new QLabel(tr("fio runs on each chosen node: ceph.conf and the keyring below are paths there "
                                "(as on Proxmox nodes, /etc/pve/ceph.conf)."),
        this);
    m_nodePaths->setWordWrap(true);
    top->addRow(QString(), m_nodePaths);
    auto *form = new QFormLayout;
    m_pool = new QLineEdit(QStringLiteral("rbd"), this);
    m_pool->setObjectName(QStringLiteral("radosPoolEdit"));
    m_objectSize = new QLineEdit(QStringLiteral("4M"), this);
    m_objectSize->setObjectName(QStringLiteral("objectSizeEdit"));
    m_objects = new QSpinBox(this);
    m_objects->setObjectName(QStringLiteral("objectsSpin"));
    m_objects->setRange(1, 10000000);
    m_objects->setValue(2000);
    m_objects->setGroupSeparatorShown(true);
    form->addRow(tr("Pool:"), m_pool);
    form->addRow(tr("Object size (writes):"), m_objectSize);
    form->addRow(tr("Objects:"), m_objects);
    m_workingSet = new QLabel(this);
    m_workingSet->setObjectName(QStringLiteral("workingSetLabel"));
    m_workingSet->setWordWrap(true);
    auto *why = new QLabel(tr("Why `rados bench` shows higher numbers: it reads back the few objects it has just "
                              "written, which still sit in the OSDs' caches, so its reads measure RAM. This test "
                              "spreads its I/O over a working set larger than the caches (make it several times the "
                              "OSDs' memory targets) and so measures the disks."),
        this);
    why->setWordWrap(true);
    why->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_temporary = new TemporaryPoolForm(this);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    auto *v = new QVBoxLayout(this);
    v->addLayout(top);
    v->addWidget(m_client);
    v->addLayout(form);
    v->addWidget(m_temporary);
    v->addWidget(m_workingSet);
    v->addWidget(why);
    v->addWidget(m_problem);
    v->addStretch(1);
    connect(m_client, &CephClientForm::changed, this, &RadosTargetPage::refresh);
    for (QLineEdit *e : {m_pool, m_objectSize})
        connect(e, &QLineEdit::textChanged, this, &RadosTargetPage::refresh);
    connect(m_objects, &QSpinBox::valueChanged, this, &RadosTargetPage::refresh);
    connect(m_engine, &QComboBox::currentIndexChanged, this, &RadosTargetPage::refresh);
    connect(m_temporary, &TemporaryPoolForm::changed, this, &RadosTargetPage::refresh);
}

void RadosTargetPage::refresh()
{
    const quint64 size = sizeBytes(m_objectSize->text());
    m_workingSet->setText(size ? tr("Working set: %1 objects × %2 = %3")
                                     .arg(m_objects->value())
                                     .arg(formatSize(double(size)), formatSize(double(size) * m_objects->value()))
                               : QString());
    m_nodePaths->setVisible(m_engine->currentData().toString() == QLatin1String("fio"));
    m_pool->setEnabled(!m_temporary->isChecked());
    m_problem->setText(problem());
    Q_EMIT completeChanged();
}

void RadosTargetPage::initializePage()
{
    const Plan &plan = planWizard()->plan();
    const QJsonObject t = plan.target;
    m_client->load(t, plan.ceph);
    const bool onlyHere = plan.nodes.size() == 1 && plan.nodes.first().isLocal();
    const QString engine
        = t.value(QStringLiteral("engine")).toString(onlyHere ? QStringLiteral("native") : QStringLiteral("fio"));
    m_engine->setCurrentIndex(qMax(0, m_engine->findData(engine)));
    if (t.contains(QStringLiteral("pool")))
        m_pool->setText(t.value(QStringLiteral("pool")).toString());
    if (t.contains(QStringLiteral("objectSize")))
        m_objectSize->setText(t.value(QStringLiteral("objectSize")).toString());
    if (t.contains(QStringLiteral("objects")))
        m_objects->setValue(t.value(QStringLiteral("objects")).toInt());
    m_temporary->setOsds(planWizard()->cephOsds());
    m_temporary->setFromTarget(t);
    refresh();
}

QString RadosTargetPage::problem() const
{
    if (const QString p = m_client->problem(); !p.isEmpty())
        return p;
    const auto &nodes = planWizard() ? planWizard()->plan().nodes : QList<NodeSpec>();
    const bool fio = m_engine->currentData().toString() == QLatin1String("fio");
    if (!fio && (nodes.size() != 1 || !nodes.first().isLocal()))
        return tr("ClusterMark's own client runs on this machine: choose only this machine as the node, or fio's "
                  "rados engine for other nodes.");
    if (fio && m_client->isFetched())
        return tr("fio on the nodes reads their own ceph.conf and keyring: give those paths instead of a cluster "
                  "fetched over SSH.");
    if (!isCephName(m_pool->text()) && !m_temporary->isChecked())
        return tr("The pool name may hold letters, digits, '.', '_' and '-'.");
    if (!isSizeText(m_objectSize->text()) || sizeBytes(m_objectSize->text()) == 0)
        return tr("The object size is a size like 4M or 64k.");
    if (const QString why = m_temporary->problem(); !why.isEmpty())
        return why;
    return {};
}

bool RadosTargetPage::isComplete() const
{
    return problem().isEmpty();
}

bool RadosTargetPage::validatePage()
{
    Plan &plan = planWizard()->plan();
    QJsonObject target {{QStringLiteral("pool"), m_pool->text()}, {QStringLiteral("objectSize"), m_objectSize->text()},
        {QStringLiteral("objects"), m_objects->value()}};
    m_client->apply(&target, &plan.ceph);
    if (m_engine->currentData().toString() == QLatin1String("fio"))
        target.insert(QStringLiteral("engine"), QStringLiteral("fio"));
    m_temporary->writeTo(&target);
    plan.target = target;
    return true;
}

} // namespace cm::ui
