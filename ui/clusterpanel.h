#pragma once
// The cluster sidebar: nodes with a status dot and, once their inventory is known,
// their disks (with partitions) and NICs. Right-click a node or a disk →
// "Benchmark this…" asks for the wizard, pre-filled.
#include "model/plan.h"
#include "nodeconnector.h"

#include <QWidget>

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

    // The partial plan "Benchmark this…" would hand on for an item (for tests).
    Plan benchmarkPlanFor(QTreeWidgetItem *item) const;
    QTreeWidget *tree() const { return m_tree; }
    QTreeWidgetItem *nodeItem(const NodeSpec &node) const;

Q_SIGNALS:
    void benchmarkRequested(const cm::Plan &partial);
    void removeRequested(const cm::NodeSpec &node);
    void refreshRequested(const cm::NodeSpec &node);

private:
    void showMenu(const QPoint &pos);
    void addChildren(QTreeWidgetItem *parent, const QList<ClusterChild> &children);

    QTreeWidget *m_tree = nullptr;
    QList<NodeSpec> m_nodes;
    QHash<QString, NodeState> m_states;
};

} // namespace cm::ui
