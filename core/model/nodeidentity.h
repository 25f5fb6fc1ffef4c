// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Who a node says it is (the node monitor reads it once): its host name and its
// addresses, so a Ceph daemon's host can be matched to the node the app reaches by SSH.
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace cm {

struct NodeIdentity {
    QString node; // the node's display name in the app
    QString hostname; // /proc/sys/kernel/hostname
    QStringList addresses; // IPv4/IPv6 addresses of its interfaces, loopback left out
};

// An IPv4 or IPv6 address (lower case) another host could use to reach this one: not
// loopback, not link-local.
inline bool isRemoteAddress(const QString &a)
{
    static const QRegularExpression v4(QStringLiteral(R"(^\d{1,3}(\.\d{1,3}){3}$)"));
    static const QRegularExpression v6(QStringLiteral(R"(^[0-9a-f:.]{2,45}$)"));
    if (v4.match(a).hasMatch())
        return !a.startsWith(QLatin1String("127.")) && !a.startsWith(QLatin1String("169.254."));
    return a.contains(QLatin1Char(':')) && v6.match(a).hasMatch() && a != QLatin1String("::1")
        && !a.startsWith(QLatin1String("fe80:"));
}

} // namespace cm
