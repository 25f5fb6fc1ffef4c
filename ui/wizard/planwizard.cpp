// SPDX-License-Identifier: GPL-3.0-or-later
#include "wizard/planwizard.h"

#include "bench/registry.h"
#include "kinds/uikind.h"
#include "wheelguard.h"
#include "wizard/kindpage.h"

namespace cm::ui {

PlanWizard::PlanWizard(const QList<NodeSpec> &knownNodes, QWidget *parent)
    : QWizard(parent)
    , m_knownNodes(knownNodes)
{
    WheelGuard::install(); // also when a wizard opens without the main window
    setObjectName(QStringLiteral("planWizard"));
    setWindowTitle(tr("New benchmark plan"));
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    setButtonText(QWizard::FinishButton, tr("Run"));
    setMinimumSize(720, 520);
    registerBuiltinUiKinds();
    setPage(KindPageId, new KindPage(this));
    int base = 100;
    for (const QString &id : UiKindRegistry::instance().ids()) {
        const UiKind *kind = UiKindRegistry::instance().find(id);
        const QList<PlanWizardPage *> pages = kind->wizardPages ? kind->wizardPages(this) : QList<PlanWizardPage *> {};
        for (int i = 0; i < pages.size(); ++i) {
            pages.at(i)->setNextPageId(i + 1 < pages.size() ? base + i + 1 : -1);
            setPage(base + i, pages.at(i));
        }
        if (!pages.isEmpty())
            m_firstPage.insert(id, base);
        base += 100;
    }
    setStartId(KindPageId);
}

void PlanWizard::prefill(const Plan &partial)
{
    m_plan.kind = partial.kind;
    m_plan.nodes = partial.nodes;
    m_plan.target = partial.target;
    if (!partial.ceph.isEmpty())
        m_plan.ceph = partial.ceph; // else keep the connected cluster (setCephConnection)
    for (const NodeSpec &n : partial.nodes) {
        bool known = n.isLocal();
        for (const NodeSpec &k : std::as_const(m_knownNodes))
            known = known || k.secretKey() == n.secretKey();
        if (!known)
            m_knownNodes.append(n);
    }
}

void PlanWizard::setPlan(const Plan &plan)
{
    prefill(plan);
    const QJsonObject ceph = m_plan.ceph;
    m_plan = plan;
    if (plan.ceph.isEmpty())
        m_plan.ceph = ceph;
    m_duplicate = true;
    m_saved = plan;
}

void PlanWizard::setCephConnection(const CephConnectionSpec &spec)
{
    m_ceph = spec;
    QString client = spec.clientName.isEmpty() ? QStringLiteral("client.admin") : spec.clientName;
    if (!client.startsWith(QLatin1String("client.")))
        client.prepend(QStringLiteral("client."));
    m_ceph.clientName = client;
    m_ceph.key.clear(); // a key never goes into a plan
    m_plan.ceph = hasCephConnection() ? m_ceph.toJson() : QJsonObject(); // paths or mons + fsid, no key
}

QList<NodeSpec> PlanWizard::knownNodes() const
{
    QList<NodeSpec> out;
    for (const NodeSpec &n : m_knownNodes) {
        bool offline = false;
        for (const OfflineNode &o : m_offline)
            offline = offline || o.node.secretKey() == n.secretKey();
        if (!offline)
            out.append(n);
    }
    return out;
}

QString PlanWizard::offlineNote() const
{
    QStringList names;
    for (const OfflineNode &o : m_offline)
        names << (o.reason.isEmpty() ? o.node.displayName() : tr("%1 (%2)").arg(o.node.displayName(), o.reason));
    if (names.isEmpty())
        return {};
    return tr("Not offered, offline: %1. Retry or remove them in the cluster panel.")
        .arg(names.join(QStringLiteral("; ")));
}

void PlanWizard::addKnownNode(const NodeSpec &node)
{
    for (const NodeSpec &k : std::as_const(m_knownNodes))
        if (k.secretKey() == node.secretKey())
            return;
    m_knownNodes.append(node);
    Q_EMIT nodeAdded(node);
}

std::shared_ptr<RunnerKind> PlanWizard::kind() const
{
    return Registry::instance().kind(m_plan.kind);
}

int PlanWizard::firstPageOf(const QString &kindId) const
{
    return m_firstPage.value(kindId, -1);
}

void PlanWizard::accept()
{
    // The last page writes the run's name, session and repetitions into the plan when
    // it is validated: before the plan goes out, not after.
    if (!validateCurrentPage())
        return;
    Q_EMIT runRequested(m_plan);
    QWizard::accept();
}

} // namespace cm::ui
