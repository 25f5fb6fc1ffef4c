// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Ceph client keys in the OS keychain (SecretStore: service "ClusterMark"), one entry
// per cluster and client: "ceph:<fsid>:<client>", e.g.
// "ceph:6f1c…-…:client.admin". Never in the database, QSettings, logs or exports.
//
// These calls block (worker threads, the CLI; NEVER the UI thread). The UI uses an
// async SecretStore with entryName() as the key.
#include "ceph/cephconnectionspec.h"
#include "model/error.h"

#include <QString>

namespace cm {

class CephKeychain {
public:
    // InvalidInput (empty string returned) when fsid is not a UUID.
    static QString entryName(const QString &fsid, const QString &clientName, Error *error = nullptr);

    // The key must look like a Ceph secret (isValidCephKey).
    static Error save(const QString &fsid, const QString &clientName, const QString &key, int timeoutMs = 30000);
    // Nothing stored is not an error: *key is empty.
    static Error load(const QString &fsid, const QString &clientName, QString *key, int timeoutMs = 30000);
    static Error forget(const QString &fsid, const QString &clientName, int timeoutMs = 30000);

    // Fills spec->key from the keychain for spec->clientName; PathMissing when no key
    // is stored for that cluster and client.
    static Error loadInto(const QString &fsid, CephConnectionSpec *spec, int timeoutMs = 30000);
};

} // namespace cm
