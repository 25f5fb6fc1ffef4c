// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/cephconnectioncheck.h"

#include "ceph/radosclient.h"
#include "parse/cephstatus.h"

#include <QJsonArray>

namespace cm {

QJsonObject CephConnectionCheck::toJson() const
{
    return {{QStringLiteral("fsid"), fsid}, {QStringLiteral("health"), health},
        {QStringLiteral("checks"), QJsonArray::fromStringList(checks)}};
}

CephConnectionCheck CephConnectionCheck::run(RadosClient &client, const CephConnectionSpec &spec, Error *error)
{
    CephConnectionCheck c;
    if ((*error = client.connect(spec)))
        return c;
    c.fsid = client.fsid();
    QByteArray out;
    if ((*error = client.monCommand(
             {{QStringLiteral("prefix"), QStringLiteral("status")}, {QStringLiteral("format"), QStringLiteral("json")}},
             &out)))
        return c;
    const CephHealthSnapshot h = parseCephHealthSnapshot(out, error);
    c.health = CephHealthSnapshot::healthName(h.health);
    c.checks = h.checks;
    return c;
}

} // namespace cm
