// SPDX-License-Identifier: GPL-3.0-or-later
#include "cephtree.h"

#include "clusterroles.h"

#include <QCoreApplication>
#include <QPainter>
#include <QTreeWidgetItem>

namespace cm::ui::cephtree {

using namespace clusterrole;

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(cm::ui::ClusterPanel)
};

QTreeWidgetItem *add(
    QTreeWidgetItem *parent, int type, const QString &name, const QString &detail, const QString &key = {})
{
    auto *item = new QTreeWidgetItem(parent);
    item->setText(0, name);
    item->setText(1, detail);
    item->setToolTip(0, name);
    item->setToolTip(1, detail);
    item->setData(0, TypeRole, type);
    item->setData(0, CephNameRole, key.isEmpty() ? name : key);
    return item;
}

void addSpanned(QTreeWidgetItem *parent, int type, const QString &text, const QColor &color, bool italic)
{
    auto *item = add(parent, type, text, {});
    item->setFirstColumnSpanned(true);
    item->setToolTip(0, text);
    if (color.isValid())
        item->setForeground(0, color);
    QFont f = item->font(0);
    f.setItalic(italic);
    item->setFont(0, f);
}

void setRootHeader(QTreeWidgetItem *root, const CephConnection &c)
{
    qDeleteAll(root->takeChildren());
    root->setText(0, c.isLab() ? Tr::tr("Ceph (lab)") : Tr::tr("Ceph"));
    root->setData(0, TypeRole, CephRootItem);
    if (c.isLab())
        addSpanned(root, CephLabItem, CephConnection::labText(), QColor(0x6a1b9a), true);
}

QColor osdColor(const CephOsd &o)
{
    if (!o.up)
        return QColor(0xe53935);
    return o.in ? QColor(0x43a047) : QColor(0xfb8c00);
}
} // namespace

QColor healthColor(const QString &status)
{
    if (status == QLatin1String("HEALTH_OK"))
        return QColor(0x2e7d32);
    if (status == QLatin1String("HEALTH_WARN"))
        return QColor(0xef8f00);
    if (status == QLatin1String("HEALTH_ERR"))
        return QColor(0xc62828);
    return QColor(0x757575);
}

QString shortFsid(const QString &fsid)
{
    return fsid.left(8);
}

QIcon dotIcon(const QColor &c)
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

void setDisconnected(QTreeWidgetItem *root)
{
    qDeleteAll(root->takeChildren());
    root->setText(0, Tr::tr("Ceph"));
    root->setText(1, Tr::tr("not connected"));
    root->setToolTip(1, Tr::tr("Connect a cluster with \"Connect Ceph…\" in the toolbar or this item's menu."));
    root->setData(0, TypeRole, CephRootItem);
    root->setIcon(0, dotIcon(QColor(0x9e9e9e)));
}

void setConnecting(QTreeWidgetItem *root, const CephConnection &c)
{
    if (root->childCount() == 0)
        setRootHeader(root, c);
    root->setText(1, Tr::tr("connecting…"));
    root->setToolTip(1, c.displayName());
    root->setIcon(0, dotIcon(QColor(0xfdd835)));
}

void setError(QTreeWidgetItem *root, const CephConnection &c, const Error &e)
{
    setRootHeader(root, c);
    root->setText(1, Tr::tr("unreachable"));
    root->setIcon(0, dotIcon(QColor(0xe53935)));
    const QString text = cephErrorText(e);
    root->setToolTip(1, text);
    // Short lines (the panel is narrow): the headline, the details, how to retry; the
    // full text is every row's tooltip.
    addSpanned(root, CephErrorItem, cephErrorHeadline(e), QColor(0xc62828), false);
    addSpanned(root, CephNoteItem, e.message, QColor(0x757575), false);
    addSpanned(root, CephNoteItem, Tr::tr("Right-click → Refresh Ceph to try again."), QColor(0x757575), true);
    for (int i = 0; i < root->childCount(); ++i)
        root->child(i)->setToolTip(0, text);
    root->setExpanded(true);
}

QString osdDetail(const CephOsd &o)
{
    QStringList p;
    p << (o.deviceClass.isEmpty() ? Tr::tr("no class") : o.deviceClass);
    p << (o.up ? Tr::tr("up") : Tr::tr("down")) + QLatin1Char('/') + (o.in ? Tr::tr("in") : Tr::tr("out"));
    if (o.kb > 0)
        p << Tr::tr("%1 % used").arg(o.utilization, 0, 'f', 1);
    p << Tr::tr("weight %1").arg(o.crushWeight, 0, 'f', 3);
    if (o.pgs > 0)
        p << Tr::tr("%n PG(s)", nullptr, o.pgs);
    return p.join(QStringLiteral(" · "));
}

QString poolDetail(const CephPool &pool)
{
    QStringList p;
    if (pool.isErasure()) {
        QString ec = pool.k > 0 ? Tr::tr("EC %1+%2").arg(pool.k).arg(pool.m) : Tr::tr("EC");
        if (!pool.erasureCodeProfile.isEmpty())
            ec += QStringLiteral(" (%1)").arg(pool.erasureCodeProfile);
        p << ec << Tr::tr("min_size %1").arg(pool.minSize);
    } else {
        p << Tr::tr("size %1/%2").arg(pool.size).arg(pool.minSize);
    }
    p << Tr::tr("%n PG(s)", nullptr, pool.pgNum);
    if (!pool.applications.isEmpty())
        p << pool.applications.join(QLatin1Char(','));
    return p.join(QStringLiteral(" · "));
}

void setInventory(QTreeWidgetItem *root, const CephConnection &c, const CephInventory &inv)
{
    setRootHeader(root, c);
    const QColor hc = healthColor(inv.healthStatus);
    root->setIcon(0, dotIcon(hc));
    root->setText(1, QStringLiteral("%1 · %2").arg(inv.healthStatus, shortFsid(inv.fsid)));
    root->setToolTip(1, Tr::tr("fsid %1\n%2").arg(inv.fsid, c.displayName()));

    // Health badge: the status on its colour; the checks as tooltip and children.
    auto *health = add(root, CephHealthItem, Tr::tr("Health"), inv.healthStatus);
    health->setBackground(1, hc);
    health->setForeground(1, QColor(Qt::white));
    QFont bold = health->font(1);
    bold.setBold(true);
    health->setFont(1, bold);
    QStringList checkLines;
    for (const CephHealthCheck &chk : inv.checks) {
        auto *item = add(health, CephCheckItem, chk.code, chk.summary);
        item->setIcon(0, dotIcon(healthColor(chk.severity)));
        checkLines << QStringLiteral("%1: %2").arg(chk.code, chk.summary);
    }
    const QString tip = checkLines.isEmpty() ? Tr::tr("No health checks raised.") : checkLines.join(QLatin1Char('\n'));
    health->setToolTip(0, tip);
    health->setToolTip(1, tip);
    health->setExpanded(!inv.checks.isEmpty());

    int up = 0, in = 0;
    for (const CephOsd &o : inv.osds) {
        up += o.up;
        in += o.in;
    }
    auto *osds = add(
        root, CephOsdGroupItem, Tr::tr("OSDs"), Tr::tr("%1 up, %2 in of %3").arg(up).arg(in).arg(inv.osds.size()));
    QMap<QString, QList<const CephOsd *>> byHost;
    for (const CephOsd &o : inv.osds)
        byHost[o.host].append(&o);
    for (auto it = byHost.cbegin(); it != byHost.cend(); ++it) {
        const bool noHost = it.key().isEmpty();
        auto *host = add(osds, CephHostItem, noHost ? Tr::tr("(no host)") : it.key(),
            Tr::tr("%n OSD(s)", nullptr, int(it.value().size())), it.key());
        if (!noHost)
            host->setToolTip(0, Tr::tr("CRUSH host %1: right-click to add it as an SSH node").arg(it.key()));
        for (const CephOsd *o : it.value()) {
            auto *item = add(host, CephOsdItem, o->name.isEmpty() ? QStringLiteral("osd.%1").arg(o->id) : o->name,
                osdDetail(*o), QString::number(o->id));
            item->setIcon(0, dotIcon(osdColor(*o)));
        }
        host->setExpanded(true);
    }
    osds->setExpanded(true);

    auto *pools = add(root, CephPoolGroupItem, Tr::tr("Pools"), QString::number(inv.pools.size()));
    for (const CephPool &p : inv.pools)
        add(pools, CephPoolItem, p.name, poolDetail(p))->setData(0, CephAppsRole, p.applications);
    pools->setExpanded(true);

    auto *fs = add(root, CephFsGroupItem, Tr::tr("CephFS"), QString::number(inv.filesystems.size()));
    for (const CephFilesystem &f : inv.filesystems)
        add(fs, CephFsItem, f.name,
            Tr::tr("%n MDS active", nullptr, f.mdsActive) + QStringLiteral(" · ")
                + Tr::tr("metadata %1 · data %2").arg(f.metadataPool, f.dataPools.join(QLatin1Char(','))));
    fs->setExpanded(true);

    auto *rgw = add(root, CephRgwGroupItem, Tr::tr("RGW"), QString::number(inv.rgwDaemons.size()));
    for (const CephRgwDaemon &d : inv.rgwDaemons) {
        QStringList p;
        if (!d.host.isEmpty())
            p << d.host;
        if (!d.endpoint.isEmpty())
            p << d.endpoint;
        add(rgw, CephRgwItem, d.name, p.join(QStringLiteral(" · ")));
    }
    rgw->setExpanded(true);

    if (!inv.warnings.isEmpty()) {
        auto *w = add(root, CephWarningItem, Tr::tr("Partly read"), inv.warnings.join(QStringLiteral("; ")));
        w->setIcon(0, dotIcon(QColor(0xfb8c00)));
    }
    root->setExpanded(true);
}

} // namespace cm::ui::cephtree
