// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The cluster sidebar: nodes with a status dot and, once their inventory is known,
// their disks (with partitions) and NICs. Right-click a node or a disk →
// "Benchmark this…" asks for the wizard, pre-filled. Below the nodes, a "Ceph" branch
// shows the connected cluster (cephtree.h); its CRUSH hosts can be added as nodes.
#include "cephconnection.h"
#include "model/plan.h"
#include "nodeconnector.h"

#include <QWidget>

class QMenu;
class QTreeWidget;
class QTreeWidgetItem;

namespace cm::ui {

class ClusterPanel : public QWidget {
    Q_OBJECT
public:
    enum class NodeState { Unknown, Connecting, Online, Failed };

    explicit ClusterPanel(QWidget *parent = nullptr);

    void setNodes(const QList<NodeSpec> &nodes);
    void addNode(const NodeSpec &node);
    QList<NodeSpec> nodes() const { return m_nodes; }
    void setNodeState(const NodeSpec &node, NodeState state, const QString &text = {});
    void setNodeInventory(const NodeSpec &node, const NodeProbeResult &probe);
    int onlineCount() const;
    // The nodes whose last connection failed, with why.
    QList<OfflineNode> offlineNodes() const;

    // The partial plan "Benchmark this…" would hand on for an item (for tests); for a
    // Ceph pool with the rbd application, an RBD plan on that pool.
    Plan benchmarkPlanFor(QTreeWidgetItem *item) const;
    QTreeWidget *tree() const { return m_tree; }
    QTreeWidgetItem *nodeItem(const NodeSpec &node) const;

    // The Ceph branch (always present: "not connected" until a cluster is set).
    void setCephDisconnected();
    void setCephConnecting(const CephConnection &c);
    void setCephInventory(const CephConnection &c, const CephInventory &inv);
    void setCephError(const CephConnection &c, const Error &e);
    QTreeWidgetItem *cephItem() const { return m_ceph; }
    // The first item of a type (clusterroles.h) under the Ceph branch, or null.
    QTreeWidgetItem *cephItemOfType(int type) const;
    // The SSH node "Add as node…" offers for a CRUSH host item (user root).
    static NodeSpec nodeForCephHost(const QString &host);

Q_SIGNALS:
    void benchmarkRequested(const cm::Plan &partial);
    void removeRequested(const cm::NodeSpec &node);
    void refreshRequested(const cm::NodeSpec &node);
    void cephConnectRequested();
    void cephRefreshRequested();
    void cephCleanupRequested(); // "Clean leftovers…" of benchmarks on the connected cluster
    void cephDisconnectRequested();
    void addNodeRequested(const cm::NodeSpec &prefill);

private:
    void showMenu(const QPoint &pos);
    void addChildren(QTreeWidgetItem *parent, const QList<ClusterChild> &children);

    void addCephMenu(QMenu *menu, QTreeWidgetItem *item);

    QTreeWidget *m_tree = nullptr;
    QTreeWidgetItem *m_ceph = nullptr;
    QList<NodeSpec> m_nodes;
    QHash<QString, NodeState> m_states;
    QHash<QString, QString> m_stateTexts;
};

} // namespace cm::ui
