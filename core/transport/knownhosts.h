// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The application's own known_hosts file (OpenSSH format). Lines are matched with
// libssh's parser, so hashed ("|1|…") and plain entries, comma lists and "[host]:port"
// all work. Entries written here are plain "[host]:port type base64".
#include "model/error.h"

#include <QString>
#include <QStringList>

struct ssh_key_struct;

namespace cm {

// "SHA256:…" exactly as `ssh-keygen -lf` prints it; empty on failure.
QString sshKeyFingerprint(ssh_key_struct *key);
// Fingerprint of an OpenSSH public key line ("ssh-ed25519 AAAA… comment").
QString fingerprintOfPublicKey(const QString &opensshLine, Error *error = nullptr);
// Fingerprint of a .pub file.
QString fingerprintOfPublicKeyFile(const QString &path, Error *error = nullptr);

class KnownHosts {
public:
    enum class Status { Known, Unknown, Changed, OtherType };
    struct Result {
        Status status = Status::Unknown;
        QStringList knownFingerprints; // fingerprints stored for that host
        QList<int> lines; // 1-based line numbers of those entries
    };

    explicit KnownHosts(QString path)
        : m_path(std::move(path))
    { }
    const QString &path() const { return m_path; }

    // The name OpenSSH uses: "host" on port 22, "[host]:port" otherwise (lowercase).
    static QString entryName(const QString &host, int port);

    // key may be null: then only the stored entries are listed.
    Result check(const QString &host, int port, ssh_key_struct *key) const;
    // Appends an entry (creates the folder and the file, mode 0600).
    Error add(const QString &host, int port, ssh_key_struct *key) const;
    // Removes every entry for host:port (for "forget this host key").
    Error remove(const QString &host, int port) const;
    // The shell command that removes the entry by hand.
    QString removeCommand(const QString &host, int port) const;

private:
    QString m_path;
};

} // namespace cm
