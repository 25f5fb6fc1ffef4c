// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// ceph.conf (and keyring files, which share the syntax) as Ceph reads them. Pure.
//  - "[section]" headers; "key = value" lines. Key names compare with spaces, dashes
//    and underscores alike ("mon host" == "mon-host" == "mon_host").
//  - '#' and ';' start a comment outside double quotes; "\x" is a literal x; a
//    backslash at the end of a line continues it.
//  - A later line overrides an earlier one for the same key of the same section.
#include <QByteArray>
#include <QMap>
#include <QStringList>

namespace cm {

struct CephConf {
    QMap<QString, QMap<QString, QString>> sections; // section -> normalised key -> value
    QStringList warnings; // lines that were skipped, and why

    // "mon host" / "mon-host" -> "mon_host".
    static QString normalizeKey(const QString &key);
    // The value a client `clientName` ("client.admin") sees: its own section, then
    // [client], then [global]. Empty when unset.
    QString clientValue(const QString &key, const QString &clientName) const;
    QString value(const QString &section, const QString &key) const;
};

// Inputs over 1 MiB are refused (one warning, nothing parsed): no real ceph.conf or
// keyring comes close.
CephConf parseCephConf(const QByteArray &text);

// One mon_host value split into monitors: separators are ',', ';' and whitespace
// outside brackets; "[v2:ip:3300/0,v1:ip:6789/0]" address vectors and "[ipv6]:port"
// stay whole. Characters that cannot appear in an address or host name give an error
// (and an empty list).
QStringList splitMonHost(const QString &value, QString *error = nullptr);

// The monitors a client of this conf contacts: mon_host (client sections first), or
// else the "mon addr" / "public addr" of each [mon.X] section (older configurations).
// Empty with *error when there are none or they are malformed.
QStringList cephConfMonitors(const CephConf &conf, const QString &clientName, QString *error = nullptr);

// "admin" -> "client.admin"; a name with a type ("client.x", "osd.0") stays as is.
QString cephEntityName(const QString &clientName);

} // namespace cm
