// SPDX-License-Identifier: GPL-3.0-or-later
#include "inventorychildren.h"

#include "model/deviceclass.h"

#include <QCoreApplication>

namespace cm::ui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(cm::ui::ClusterPanel)
};

ClusterChild diskChild(const BlockDevice &d)
{
    ClusterChild c;
    c.kind = d.type == QLatin1String("disk") ? ClusterChild::Kind::Disk : ClusterChild::Kind::Partition;
    c.name = d.name;
    c.devicePath = d.path;
    // "/" wins, else the shortest real mountpoint
    for (const QString &m : d.mountpoints) {
        if (m.startsWith(QLatin1Char('/')) && (c.mountpoint.isEmpty() || m.size() < c.mountpoint.size()))
            c.mountpoint = m;
    }
    QStringList parts;
    if (!d.model.isEmpty())
        parts << d.model.trimmed();
    if (d.sizeBytes > 0)
        parts << formatSize(d.sizeBytes);
    if (d.type == QLatin1String("disk"))
        parts << DeviceClassText::label(classifyDevice({d.name, d.model, d.vendor, d.transport, d.rotational ? 1 : 0}));
    else if (!d.type.isEmpty())
        parts << d.type;
    if (!d.fstype.isEmpty())
        parts << d.fstype;
    if (!c.mountpoint.isEmpty())
        parts << c.mountpoint;
    else if (d.mountpoints.contains(QStringLiteral("[SWAP]")))
        parts << Tr::tr("swap");
    c.detail = parts.join(QStringLiteral(" · "));
    for (const BlockDevice &child : d.children)
        c.children.append(diskChild(child));
    return c;
}
} // namespace

QString formatSize(quint64 bytes)
{
    const double b = double(bytes);
    if (b >= 1e12)
        return Tr::tr("%1 TB").arg(b / 1e12, 0, 'f', 1);
    if (b >= 1e9)
        return Tr::tr("%1 GB").arg(b / 1e9, 0, 'f', 0);
    if (b >= 1e6)
        return Tr::tr("%1 MB").arg(b / 1e6, 0, 'f', 0);
    return Tr::tr("%1 kB").arg(b / 1e3, 0, 'f', 0);
}

NodeProbeResult probeResultFromInventory(const NodeInventory &inv)
{
    NodeProbeResult r;
    QStringList parts;
    if (!inv.hostname.isEmpty())
        parts << inv.hostname;
    if (inv.cpuCores > 0)
        parts << Tr::tr("%n CPU(s)", nullptr, inv.cpuCores);
    if (inv.memTotalBytes > 0)
        parts << formatSize(inv.memTotalBytes);
    if (!inv.os.isEmpty())
        parts << inv.os;
    r.summary = parts.join(QStringLiteral(" · "));
    for (const BlockDevice &d : inv.disks) {
        if (d.type == QLatin1String("loop") || d.type == QLatin1String("rom"))
            continue;
        r.children.append(diskChild(d));
    }
    for (const NicInfo &n : inv.nics) {
        if (n.name == QLatin1String("lo"))
            continue;
        ClusterChild c;
        c.kind = ClusterChild::Kind::Nic;
        c.name = n.name;
        QStringList p;
        if (n.speedMbps > 0)
            p << (n.speedMbps >= 1000 ? Tr::tr("%1 Gbit/s").arg(n.speedMbps / 1000.0)
                                      : Tr::tr("%1 Mbit/s").arg(n.speedMbps));
        if (!n.operState.isEmpty())
            p << n.operState;
        if (n.mtu > 0 && n.mtu != 1500)
            p << Tr::tr("MTU %1").arg(n.mtu);
        p << n.addresses;
        if (!n.master.isEmpty())
            p << Tr::tr("in %1").arg(n.master);
        c.detail = p.join(QStringLiteral(" · "));
        r.children.append(c);
    }
    return r;
}

} // namespace cm::ui
