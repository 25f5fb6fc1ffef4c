// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/osdplacement.h"

namespace cm {

namespace {

// "pve1.lan" → "pve1"
QString shortName(const QString &host)
{
    return host.section(QLatin1Char('.'), 0, 0).toLower();
}

bool sameHost(const QString &a, const QString &b)
{
    if (a.isEmpty() || b.isEmpty())
        return false;
    if (a.compare(b, Qt::CaseInsensitive) == 0)
        return true;
    // Only one side may carry a domain: "pve1" and "pve1.lan" are one host,
    // "pve1.a" and "pve1.b" are not.
    return (!a.contains(QLatin1Char('.')) || !b.contains(QLatin1Char('.'))) && shortName(a) == shortName(b);
}

} // namespace

void placeOsdsOnNodes(QList<CephOsdMetadata> *osds, const QList<NodeIdentity> &nodes)
{
    for (CephOsdMetadata &osd : *osds) {
        osd.node.clear();
        for (const NodeIdentity &n : nodes)
            if (sameHost(osd.hostname, n.hostname)) {
                osd.node = n.node;
                break;
            }
        for (qsizetype i = 0; i < nodes.size() && osd.node.isEmpty(); ++i)
            for (const QString &a : osd.addresses)
                if (nodes.at(i).addresses.contains(a)) {
                    osd.node = nodes.at(i).node;
                    break;
                }
    }
}

} // namespace cm
