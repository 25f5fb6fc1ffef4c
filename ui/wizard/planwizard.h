// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The plan wizard: a kind page, then the page set registered for the chosen runner
// kind (UiKindRegistry, ui/kinds/uikind.h), ending in a review page whose Finish button says "Run".
// Every page reads from and writes into one Plan held here; runRequested() hands it on.
#include "bench/runnerkind.h"
#include "ceph/cephconnectionspec.h"
#include "model/cephinventory.h"
#include "model/plan.h"
#include "nodeconnector.h"

#include <QWizard>

#include <memory>

namespace cm::ui {

class PlanWizard : public QWizard {
    Q_OBJECT
public:
    // `knownNodes`: the nodes the user added (the local machine is always offered).
    explicit PlanWizard(const QList<NodeSpec> &knownNodes, QWidget *parent = nullptr);

    // Pre-fills kind, nodes and target (e.g. from "Benchmark this…"); call before show().
    void prefill(const Plan &partial);
    // "Run again": the whole saved plan (steps, parameters, name, session); the pages
    // show it and keep it unless the user changes something. Call before show().
    void setPlan(const Plan &plan);
    bool isDuplicate() const { return m_duplicate; }
    QString originalName() const { return m_saved.name; }
    const Plan &savedPlan() const { return m_saved; } // as given to setPlan()
    // Sessions offered on the review page; the default when the plan names none.
    void setSessionNames(const QStringList &names) { m_sessionNames = names; }
    QStringList sessionNames() const { return m_sessionNames; }
    void setDefaultSession(const QString &name) { m_defaultSession = name; }
    QString defaultSession() const { return m_defaultSession; }
    void setDefaultTargetDir(const QString &dir) { m_defaultTargetDir = dir; }
    QString defaultTargetDir() const { return m_defaultTargetDir; }
    // The connected Ceph cluster (paths on this machine): new plans poll its health
    // (plan.ceph), and Ceph page sets take their conf/keyring/client defaults from it.
    void setCephConnection(const CephConnectionSpec &spec);
    bool hasCephConnection() const { return !m_ceph.confPath.isEmpty() || !m_ceph.monHost.isEmpty(); }
    CephConnectionSpec cephConnection() const { return m_ceph; }
    // The file systems of the connected cluster's inventory (CephFS page), if it was read.
    void setCephFilesystems(const QStringList &names) { m_cephFilesystems = names; }
    QStringList cephFilesystems() const { return m_cephFilesystems; }
    // Its OSDs (a temporary pool's form says whether the cluster holds the layout).
    void setCephOsds(const QList<CephOsd> &osds) { m_cephOsds = osds; }
    QList<CephOsd> cephOsds() const { return m_cephOsds; }
    void setDefaultPreset(const QString &id) { m_defaultPreset = id; }
    QString defaultPreset() const { return m_defaultPreset; }

    Plan &plan() { return m_plan; }
    const Plan &plan() const { return m_plan; }
    std::shared_ptr<RunnerKind> kind() const;
    // The nodes offered for the run: offline ones (setOfflineNodes) are left out.
    QList<NodeSpec> knownNodes() const;
    // Nodes whose last connection failed: not offered; the node pages say why.
    void setOfflineNodes(const QList<OfflineNode> &nodes) { m_offline = nodes; }
    QList<OfflineNode> offlineNodes() const { return m_offline; }
    // "Not offered, offline: pve3 (connection refused). …", or empty.
    QString offlineNote() const;
    // A node page's "Add node…": the main window opens its dialog and, when a node is
    // added, hands it back through addKnownNode (nodeAdded tells the pages).
    void requestAddNode() { Q_EMIT addNodeRequested(); }
    void addKnownNode(const NodeSpec &node);

    // First page id of a kind's page set (-1 if the kind has none).
    int firstPageOf(const QString &kindId) const;

    static constexpr int KindPageId = 0;

Q_SIGNALS:
    void runRequested(const cm::Plan &plan);
    void addNodeRequested();
    void nodeAdded(const cm::NodeSpec &node);

protected:
    void accept() override;

private:
    Plan m_plan;
    QList<NodeSpec> m_knownNodes;
    QList<OfflineNode> m_offline;
    QString m_defaultTargetDir;
    QString m_defaultPreset = QStringLiteral("quick");
    CephConnectionSpec m_ceph;
    QStringList m_cephFilesystems;
    QList<CephOsd> m_cephOsds;
    QHash<QString, int> m_firstPage;
    bool m_duplicate = false;
    Plan m_saved;
    QStringList m_sessionNames;
    QString m_defaultSession;
};

// Base of the pages of a kind's set: the wizard chains them by explicit ids.
class PlanWizardPage : public QWizardPage {
    Q_OBJECT
public:
    using QWizardPage::QWizardPage;
    int nextId() const override { return m_next; }
    void setNextPageId(int id) { m_next = id; }
    PlanWizard *planWizard() const { return qobject_cast<PlanWizard *>(wizard()); }

private:
    int m_next = -1;
};

} // namespace cm::ui
