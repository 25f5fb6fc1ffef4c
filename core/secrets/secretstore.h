// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Secrets (SSH passwords, key passphrases, later Ceph and S3 keys) live only in the
// OS keychain through QtKeychain: service "ClusterMark", one entry per key. They never
// go to files, QSettings, the database, logs or exports; QtKeychain's insecure
// fallback is never enabled.
//
// Two ways to use it:
//  - async (UI thread): a SecretStore object; results arrive as signals on its thread.
//  - blocking (worker threads, the CLI's main thread; NEVER the UI thread): the static
//    *Blocking functions wait on a semaphore while the job runs on the dedicated
//    keychain thread (see keychainrequest.h); no nested event loop.
// A QCoreApplication must exist.
#include "model/error.h"
#include "model/nodespec.h"

#include <QObject>
#include <QString>

namespace cm {

enum class SecretKind { Password, KeyPassphrase };

class SecretStore : public QObject {
    Q_OBJECT
public:
    static constexpr const char *Service = "ClusterMark";

    explicit SecretStore(QObject *parent = nullptr);

    // NodeSpec::secretKey() + ":password" / ":passphrase", e.g. "root@node1:22:password".
    static QString keyFor(const NodeSpec &node, SecretKind kind);

    void read(const QString &key);
    void write(const QString &key, const QString &secret);
    void remove(const QString &key);

    // A missing entry is not an error: *secret is empty.
    static Error readBlocking(const QString &key, QString *secret, int timeoutMs = 30000);
    static Error writeBlocking(const QString &key, const QString &secret, int timeoutMs = 30000);
    static Error removeBlocking(const QString &key, int timeoutMs = 30000);
    // Fills the password and passphrase remembered for the node (blocking).
    static Error loadCredentials(const NodeSpec &node, Credentials *out, int timeoutMs = 30000);

Q_SIGNALS:
    // A missing entry on read gives an empty secret and no error.
    void readFinished(const QString &key, const QString &secret, const cm::Error &error);
    void writeFinished(const QString &key, const cm::Error &error);
    void deleteFinished(const QString &key, const cm::Error &error);
};

} // namespace cm
