// SPDX-License-Identifier: GPL-3.0-or-later
#include "clusterpanel.h"

#include "bench/diskfio/diskfiokind.h"
#include "bench/osdlatency/osdlatencykind.h"
#include "bench/rados/radoskind.h"
#include "bench/rbd/rbdkind.h"
#include "cephtree.h"
#include "clusterroles.h"

#include <QHeaderView>
#include <QJsonArray>
#include <QMenu>
#include <QPainter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cm::ui {

using namespace clusterrole;

namespace {
QIcon dot(const QColor &c)
{
    QPixmap pm(12, 12);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(c.darker(130));
    p.setBrush(c);
    p.drawEllipse(QRectF(1.5, 1.5, 9, 9));
    return QIcon(pm);
}

QColor stateColor(ClusterPanel::NodeState s)
{
    switch (s) {
    case ClusterPanel::NodeState::Online: return QColor(0x43a047);
    case ClusterPanel::NodeState::Connecting: return QColor(0xfdd835);
    case ClusterPanel::NodeState::Failed: return QColor(0xe53935);
    case ClusterPanel::NodeState::Unknown: break;
    }
    return QColor(0x9e9e9e);
}
} // namespace

ClusterPanel::ClusterPanel(QWidget *parent)
    : QWidget(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("clusterTree"));
    m_tree->setHeaderLabels({tr("Cluster"), tr("Details")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    m_tree->setRootIsDecorated(true);
    v->addWidget(m_tree);
    connect(m_tree, &QTreeWidget::customContextMenuRequested, this, &ClusterPanel::showMenu);
    setMinimumWidth(220);
    m_ceph = new QTreeWidgetItem(m_tree);
    cephtree::setDisconnected(m_ceph);
}

void ClusterPanel::setNodes(const QList<NodeSpec> &nodes)
{
    for (int i = m_tree->topLevelItemCount() - 1; i >= 0; --i)
        if (m_tree->topLevelItem(i) != m_ceph)
            delete m_tree->takeTopLevelItem(i);
    m_nodes.clear();
    m_states.clear();
    for (const NodeSpec &n : nodes)
        addNode(n);
}

void ClusterPanel::addNode(const NodeSpec &node)
{
    if (nodeItem(node))
        return;
    m_nodes.append(node);
    auto *item = new QTreeWidgetItem();
    m_tree->insertTopLevelItem(m_tree->indexOfTopLevelItem(m_ceph), item); // nodes above Ceph
    item->setText(0, node.isLocal() ? tr("local (this machine)") : node.displayName());
    item->setText(1, node.isLocal() ? QString() : node.toSpecString());
    item->setData(0, KeyRole, node.secretKey());
    item->setData(0, TypeRole, NodeItem);
    item->setIcon(0, dot(stateColor(NodeState::Unknown)));
    m_states.insert(node.secretKey(), NodeState::Unknown);
}

QTreeWidgetItem *ClusterPanel::nodeItem(const NodeSpec &node) const
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        if (m_tree->topLevelItem(i)->data(0, TypeRole).toInt() == NodeItem
            && m_tree->topLevelItem(i)->data(0, KeyRole).toString() == node.secretKey())
            return m_tree->topLevelItem(i);
    return nullptr;
}

void ClusterPanel::setNodeState(const NodeSpec &node, NodeState state, const QString &text)
{
    QTreeWidgetItem *item = nodeItem(node);
    if (!item)
        return;
    m_states.insert(node.secretKey(), state);
    m_stateTexts.insert(node.secretKey(), text);
    item->setIcon(0, dot(stateColor(state)));
    item->setToolTip(0, text);
    if (!text.isEmpty())
        item->setText(1, text);
}

int ClusterPanel::onlineCount() const
{
    int n = 0;
    for (NodeState s : m_states)
        n += s == NodeState::Online;
    return n;
}

QList<OfflineNode> ClusterPanel::offlineNodes() const
{
    QList<OfflineNode> out;
    for (const NodeSpec &n : m_nodes)
        if (m_states.value(n.secretKey()) == NodeState::Failed)
            out.append(OfflineNode {n, m_stateTexts.value(n.secretKey())});
    return out;
}

void ClusterPanel::addChildren(QTreeWidgetItem *parent, const QList<ClusterChild> &children)
{
    for (const ClusterChild &c : children) {
        auto *item = new QTreeWidgetItem(parent);
        item->setText(0, c.name);
        item->setText(1, c.detail);
        item->setToolTip(1, c.detail);
        item->setData(0, TypeRole, c.kind == ClusterChild::Kind::Nic ? NicItem : DiskItem);
        item->setData(0, PathRole, c.devicePath);
        item->setData(0, MountRole, c.mountpoint);
        item->setData(0, KeyRole, parent->data(0, KeyRole));
        addChildren(item, c.children);
    }
}

void ClusterPanel::setNodeInventory(const NodeSpec &node, const NodeProbeResult &probe)
{
    QTreeWidgetItem *item = nodeItem(node);
    if (!item)
        return;
    qDeleteAll(item->takeChildren());
    if (probe.error) {
        setNodeState(node, NodeState::Failed, connectionErrorText(probe.error));
        return;
    }
    setNodeState(node, NodeState::Online, probe.summary.isEmpty() ? tr("online") : probe.summary);
    addChildren(item, probe.children);
    item->setExpanded(true);
}

Plan ClusterPanel::benchmarkPlanFor(QTreeWidgetItem *item) const
{
    Plan p;
    if (!item)
        return p;
    const QString key = item->data(0, KeyRole).toString();
    for (const NodeSpec &n : m_nodes)
        if (n.secretKey() == key)
            p.nodes = {n};
    const int type = item->data(0, TypeRole).toInt();
    if (type >= CephRootItem) {
        // An RBD pool: the RBD kind from this machine (the engine can be changed later).
        if (type == CephPoolItem && item->data(0, CephAppsRole).toStringList().contains(QStringLiteral("rbd"))) {
            p.kind = RbdKind::kindId();
            p.nodes = {NodeSpec::parse(QStringLiteral("local"))};
            p.target = QJsonObject {{QStringLiteral("pool"), item->data(0, CephNameRole).toString()}};
        }
        // OSDs: per-OSD latency of that OSD, of a host's OSDs, or of all (this machine is the client).
        if (type == CephOsdItem || type == CephHostItem || type == CephOsdGroupItem) {
            p.kind = OsdLatencyKind::kindId();
            p.nodes = {NodeSpec::parse(QStringLiteral("local"))};
            QJsonArray ids;
            if (type == CephOsdItem)
                ids.append(item->data(0, CephNameRole).toString().toInt());
            for (int i = 0; type == CephHostItem && i < item->childCount(); ++i)
                ids.append(item->child(i)->data(0, CephNameRole).toString().toInt());
            p.target = ids.isEmpty() ? QJsonObject() : QJsonObject {{QStringLiteral("osds"), ids}};
        }
        return p;
    }
    if (type == NicItem)
        return p; // network kinds come later
    p.kind = DiskFioKind::kindId();
    if (type == DiskItem) {
        const QString mount = item->data(0, MountRole).toString();
        // A mounted disk is benchmarked through a file on it; a bare one as a device.
        if (!mount.isEmpty())
            p.target = QJsonObject {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), mount}};
        else
            p.target = QJsonObject {{QStringLiteral("type"), QStringLiteral("device")},
                {QStringLiteral("path"), item->data(0, PathRole).toString()}};
    }
    return p;
}

void ClusterPanel::showMenu(const QPoint &pos)
{
    QTreeWidgetItem *item = m_tree->itemAt(pos);
    if (!item)
        return;
    const int type = item->data(0, TypeRole).toInt();
    // popup(), not exec(): no nested event loop on the UI thread
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (type >= CephRootItem)
        addCephMenu(menu, item);
    if (type == NodeItem || type == DiskItem) {
        const Plan partial = benchmarkPlanFor(item);
        connect(menu->addAction(tr("Benchmark this…")), &QAction::triggered, this,
            [this, partial] { Q_EMIT benchmarkRequested(partial); });
    }
    if (type == NodeItem) {
        const QString key = item->data(0, KeyRole).toString();
        NodeSpec node;
        for (const NodeSpec &n : std::as_const(m_nodes))
            if (n.secretKey() == key)
                node = n;
        const bool failed = m_states.value(key) == NodeState::Failed;
        connect(menu->addAction(failed ? tr("Retry connection") : tr("Refresh inventory")), &QAction::triggered, this,
            [this, node] { Q_EMIT refreshRequested(node); });
        if (!node.isLocal())
            connect(menu->addAction(tr("Remove node")), &QAction::triggered, this,
                [this, node] { Q_EMIT removeRequested(node); });
    }
    if (menu->isEmpty()) {
        delete menu;
        return;
    }
    menu->popup(m_tree->viewport()->mapToGlobal(pos));
}

void ClusterPanel::addCephMenu(QMenu *menu, QTreeWidgetItem *item)
{
    const int type = item->data(0, TypeRole).toInt();
    const QString name = item->data(0, CephNameRole).toString();
    if (type == CephHostItem && !name.isEmpty()) {
        const NodeSpec n = nodeForCephHost(name);
        connect(
            menu->addAction(tr("Add as node…")), &QAction::triggered, this, [this, n] { Q_EMIT addNodeRequested(n); });
    }
    if (type == CephPoolItem) {
        const Plan p = benchmarkPlanFor(item);
        if (!p.kind.isEmpty())
            connect(menu->addAction(tr("Benchmark RBD in this pool…")), &QAction::triggered, this,
                [this, p] { Q_EMIT benchmarkRequested(p); });
        if (!item->data(0, CephAppsRole).toStringList().contains(QStringLiteral("rgw"))) {
            Plan r;
            r.kind = RadosKind::kindId();
            r.nodes = {NodeSpec::parse(QStringLiteral("local"))};
            r.target = QJsonObject {{QStringLiteral("pool"), name}};
            connect(menu->addAction(tr("Benchmark RADOS objects in this pool…")), &QAction::triggered, this,
                [this, r] { Q_EMIT benchmarkRequested(r); });
        }
    }
    if (type == CephOsdItem || type == CephHostItem || type == CephOsdGroupItem) {
        const Plan p = benchmarkPlanFor(item);
        connect(
            menu->addAction(type == CephOsdItem ? tr("Measure this OSD's latency…") : tr("Measure per-OSD latency…")),
            &QAction::triggered, this, [this, p] { Q_EMIT benchmarkRequested(p); });
    }
    if (!menu->isEmpty())
        menu->addSeparator();
    connect(menu->addAction(tr("Refresh Ceph")), &QAction::triggered, this, &ClusterPanel::cephRefreshRequested);
    connect(menu->addAction(tr("Clean leftovers…")), &QAction::triggered, this, &ClusterPanel::cephCleanupRequested);
    connect(
        menu->addAction(tr("Connect Ceph cluster…")), &QAction::triggered, this, &ClusterPanel::cephConnectRequested);
    connect(menu->addAction(tr("Disconnect")), &QAction::triggered, this, &ClusterPanel::cephDisconnectRequested);
}

NodeSpec ClusterPanel::nodeForCephHost(const QString &host)
{
    NodeSpec n;
    n.name = host;
    n.host = host;
    n.user = QStringLiteral("root");
    return n;
}

void ClusterPanel::setCephDisconnected()
{
    cephtree::setDisconnected(m_ceph);
}

void ClusterPanel::setCephConnecting(const CephConnection &c)
{
    cephtree::setConnecting(m_ceph, c);
}

void ClusterPanel::setCephInventory(const CephConnection &c, const CephInventory &inv)
{
    cephtree::setInventory(m_ceph, c, inv);
}

void ClusterPanel::setCephError(const CephConnection &c, const Error &e)
{
    cephtree::setError(m_ceph, c, e);
}

QTreeWidgetItem *ClusterPanel::cephItemOfType(int type) const
{
    QList<QTreeWidgetItem *> todo {m_ceph};
    while (!todo.isEmpty()) {
        QTreeWidgetItem *i = todo.takeFirst();
        if (i != m_ceph && i->data(0, TypeRole).toInt() == type)
            return i;
        for (int k = 0; k < i->childCount(); ++k)
            todo.append(i->child(k));
    }
    return nullptr;
}

} // namespace cm::ui
