// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How to reach a Ceph cluster: a ceph.conf (or just the mon addresses) and the client
// key — from a keyring file, or held in memory (fetched over SSH, or read from the
// keychain). The key never goes to the database, settings or logs.
#include <QJsonObject>
#include <QString>

namespace cm {

struct CephConnectionSpec {
    QString confPath; // ceph.conf; empty = only monHost
    QString monHost; // "127.0.0.1:6789" or "v2:…"; overrides the conf when set
    QString clientName = QStringLiteral("client.admin");
    QString keyringPath; // a keyring file, or…
    QString key; // …the base64 key itself (in memory only)
    int timeoutSec = 10; // mon and OSD op timeouts, and the connect timeout
    QString fsid; // with monHost and no keyring: the key comes from memory or
        // the keychain (CephKeyCache::fill, done by RadosClient)

    // From a plan's target or ceph block: {"conf","keyring","client" ("admin" or
    // "client.admin"),"monHost","fsid"}; `timeoutKey` names the kind's timeout field.
    static CephConnectionSpec fromJson(
        const QJsonObject &o, int defaultTimeoutSec = 10, const QString &timeoutKey = QString());
    // The same fields, never the key (plans, settings).
    QJsonObject toJson() const;
    static QString normalizedClientName(const QString &name); // "admin" → "client.admin"

    // The usual places: /etc/ceph, then Proxmox's /etc/pve (the first that exists).
    static CephConnectionSpec localDefault();
    // The cluster a plan acts on from this machine (temporary pools, Ceph options): its
    // "ceph" block, else its target's connection, else localDefault().
    static CephConnectionSpec forPlan(const QJsonObject &planCeph, const QJsonObject &target);
};

} // namespace cm
