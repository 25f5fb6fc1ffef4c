// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Ceph keys held in this process's memory only, by cluster fsid and client name: a key
// fetched from a node over SSH reaches the workers that connect to that cluster without
// ever going into a plan, the database, the settings or a file. Thread-safe.
#include <QString>

namespace cm {

struct CephConnectionSpec;
struct Error;

class CephKeyCache {
public:
    static void put(const QString &fsid, const QString &clientName, const QString &key);
    static QString get(const QString &fsid, const QString &clientName);
    static void forget(const QString &fsid, const QString &clientName);

    // A spec with no key and no keyring but an fsid gets its key: from this cache, else
    // from the OS keychain (blocking: call on a worker). No-op for other specs.
    static Error fill(CephConnectionSpec *spec);
};

} // namespace cm
