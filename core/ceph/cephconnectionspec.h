#pragma once
// How to reach a Ceph cluster: a ceph.conf (or just the mon addresses) and the client
// key — from a keyring file, or held in memory (fetched over SSH, or read from the
// keychain). The key never goes to the database, settings or logs.
#include <QString>

namespace cm {

struct CephConnectionSpec {
    QString confPath;        // ceph.conf; empty = only monHost
    QString monHost;         // "127.0.0.1:6789" or "v2:…"; overrides the conf when set
    QString clientName = QStringLiteral("client.admin");
    QString keyringPath;     // a keyring file, or…
    QString key;             // …the base64 key itself (in memory only)
    int timeoutSec = 10;     // mon and OSD op timeouts, and the connect timeout

    // The usual places: /etc/ceph, then Proxmox's /etc/pve (the first that exists).
    static CephConnectionSpec localDefault();
};

} // namespace cm
