// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/cephconnectionspec.h"

#include <QFile>

namespace cm {

CephConnectionSpec CephConnectionSpec::localDefault()
{
    CephConnectionSpec s;
    if (QFile::exists(QStringLiteral("/etc/ceph/ceph.conf"))) {
        s.confPath = QStringLiteral("/etc/ceph/ceph.conf");
        s.keyringPath = QStringLiteral("/etc/ceph/ceph.client.admin.keyring");
    } else if (QFile::exists(QStringLiteral("/etc/pve/ceph.conf"))) {
        s.confPath = QStringLiteral("/etc/pve/ceph.conf");
        s.keyringPath = QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring");
    }
    return s;
}

QString CephConnectionSpec::normalizedClientName(const QString &name)
{
    const QString n = name.trimmed();
    if (n.isEmpty())
        return QStringLiteral("client.admin");
    return n.startsWith(QLatin1String("client.")) ? n : QStringLiteral("client.") + n;
}

CephConnectionSpec CephConnectionSpec::fromJson(const QJsonObject &o, int defaultTimeoutSec, const QString &timeoutKey)
{
    CephConnectionSpec s;
    s.confPath = o.value(QStringLiteral("conf")).toString();
    s.keyringPath = o.value(QStringLiteral("keyring")).toString();
    s.clientName = normalizedClientName(o.value(QStringLiteral("client")).toString());
    s.monHost = o.value(QStringLiteral("monHost")).toString();
    s.fsid = o.value(QStringLiteral("fsid")).toString();
    s.timeoutSec = timeoutKey.isEmpty() ? defaultTimeoutSec : o.value(timeoutKey).toInt(defaultTimeoutSec);
    return s;
}

QJsonObject CephConnectionSpec::toJson() const
{
    QJsonObject o {{QStringLiteral("client"), clientName}};
    if (!confPath.isEmpty())
        o.insert(QStringLiteral("conf"), confPath);
    o.insert(QStringLiteral("keyring"), keyringPath);
    if (!monHost.isEmpty())
        o.insert(QStringLiteral("monHost"), monHost);
    if (!fsid.isEmpty())
        o.insert(QStringLiteral("fsid"), fsid);
    return o;
}

CephConnectionSpec CephConnectionSpec::forPlan(const QJsonObject &planCeph, const QJsonObject &target)
{
    if (!planCeph.isEmpty())
        return fromJson(planCeph);
    for (const char *key : {"conf", "monHost", "fsid"})
        if (target.contains(QLatin1String(key)))
            return fromJson(target, 30, QStringLiteral("timeout"));
    return localDefault();
}

} // namespace cm
