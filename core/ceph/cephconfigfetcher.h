// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads a node's Ceph client configuration over a connected Transport, in ONE remote
// round trip: its ceph.conf (mon addresses, fsid) and the client keyring (the key).
// The result is a CephConnectionSpec with monHost and key in memory: nothing is
// written to a file, and the key never goes to logs (keep it in memory, or in the
// keychain with CephKeychain).
//
// The mon addresses are used as the node sees them: on a homelab they are usually
// addresses of the cluster network that this machine reaches too.
//
// Threading: call fetch() on the thread that owns the transport (a worker, or the
// CLI's main thread; never the UI thread: it blocks for the round trip).
#include "ceph/cephconnectionspec.h"
#include "model/error.h"
#include "transport/transport.h"

#include <QJsonObject>
#include <QStringList>

namespace cm {

struct CephFetchOptions {
    QString confPath; // empty: /etc/pve/ceph.conf (Proxmox), then /etc/ceph/ceph.conf
    QString keyringPath; // empty: /etc/pve/priv/ceph.<client>.keyring, then /etc/ceph/ceph.<client>.keyring
    QString clientName = QStringLiteral("client.admin");
    QString rootPrefix; // prepended to the default paths (tests); not to given paths
    int timeoutMs = 20000;
};

struct CephFetchResult {
    CephConnectionSpec spec; // monHost, clientName and key; no conf or keyring path
    QString fsid; // the conf's fsid, empty if it names none (compare with RadosClient::fsid())
    QString node; // the node it came from (display name)
    QString confPath; // the files read on the node
    QString keyringPath;
    QStringList monitors; // spec.monHost split into monitors
    QStringList warnings; // conf lines skipped, and the like

    // Everything but the key; "key" holds keyLabel ("(in memory)", "(keychain)").
    QJsonObject toJson(const QString &keyLabel = QStringLiteral("(in memory)")) const;
};

class CephConfigFetcher {
public:
    explicit CephConfigFetcher(Transport &transport)
        : m_transport(transport)
    { }

    // Connects the transport if needed. Errors: PathMissing (no conf / no keyring at
    // any candidate path, each named), CommandFailed (a file exists but cannot be
    // read, e.g. /etc/pve/priv as a non-root user), ParseError (no mon_host, no
    // [client.X] section or key line), or the transport's own error.
    CephFetchResult fetch(const CephFetchOptions &options, Error *error);

    // Convenience for a worker thread: opens the node's transport (local, or SSH with
    // the app's known_hosts — HostKeyUnknown carries the fingerprint in detail, as for
    // any connect), fetches, and closes it.
    static CephFetchResult fetchFromNode(
        const NodeSpec &node, const Credentials &credentials, const CephFetchOptions &options, Error *error);

    // The paths tried, in order.
    static QStringList confCandidates(const CephFetchOptions &options);
    static QStringList keyringCandidates(const CephFetchOptions &options);

    // The one remote command (exposed for previews and tests).
    static Command fetchCommand(const CephFetchOptions &options, const QByteArray &nonce);
    // Builds the result from that command's output (pure; exposed for tests).
    static CephFetchResult fromOutput(const QByteArray &output, const QByteArray &nonce,
        const CephFetchOptions &options, const QString &nodeName, Error *error);

private:
    Transport &m_transport;
};

} // namespace cm
