// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs commands on a node over SSH (libssh 0.10).
//
// Threading: one SshTransport belongs to ONE thread (a worker, never the UI thread):
// create, connect, run and destroy it there. libssh sessions are not thread-safe;
// use one SshTransport per concurrent worker. connect() and run() block.
//
// Host keys are checked against the application's own known_hosts file (OpenSSH
// format, hashed entries read fine), never ~/.ssh/known_hosts:
//  - unknown host: Error HostKeyUnknown, Error::detail = "SHA256:…" (as OpenSSH
//    prints it), unless SshOptions::acceptNewHostKey or expectedFingerprint matches;
//    then the key is stored (trust on first use).
//  - changed key (or a key of another type): Error HostKeyChanged, never connects.
// ~/.ssh/config ($HOME/.ssh/config, then /etc/ssh/ssh_config) supplies HostName,
// Port, User and IdentityFile (and ProxyCommand/ProxyJump as libssh supports them);
// non-empty NodeSpec fields win over it. StrictHostKeyChecking and UserKnownHostsFile
// from the config are ignored: the checks above always apply.
//
// The node's login shell must be POSIX (sh, bash, dash, zsh, ksh): commands are sent
// as `printf '%s\n' "$$"; exec <command>`. Output a chatty ~/.bashrc prints before the
// PID line is dropped (with a warning in the log). TCP keepalive notices a silently
// dead peer in about 30 s; a session that died while idle is reconnected once by the
// next run() (nothing had started, so that is safe).
#include "transport/transport.h"

#include <QString>

struct ssh_session_struct;
struct ssh_channel_struct;
struct ssh_key_struct;

namespace cm {

struct SshOptions {
    QString knownHostsPath; // empty = defaultKnownHostsPath()
    bool acceptNewHostKey = false; // trust an unknown host key and store it
    QString expectedFingerprint; // "SHA256:…": trust the unknown key if it matches
    int connectTimeoutMs = 10000; // TCP connect + handshake + each blocking request
};

// $CLUSTERMARK_DATA_DIR/known_hosts if that is set, else
// QStandardPaths::AppDataLocation/known_hosts.
QString defaultKnownHostsPath();

class SshTransport : public Transport {
public:
    SshTransport(NodeSpec node, Credentials credentials, SshOptions options = {});
    ~SshTransport() override;
    SshTransport(const SshTransport &) = delete;
    SshTransport &operator=(const SshTransport &) = delete;

    // Connect, check the host key, authenticate. Idempotent; reconnects after a drop.
    // Errors: Unreachable, Timeout, HostKeyUnknown, HostKeyChanged, AuthDenied, Storage.
    Error connect() override;
    bool isConnected() const override;
    void disconnect();
    // One channel per command: `printf '%s\n' "$$"; exec <cmd.toShellString()>` so the
    // remote shell's PID (a session and group leader without a pty) is known; that
    // first line is stripped. Cancel/timeout kill the remote group from a second channel.
    ExecResult run(const Command &cmd, const OutputCallbacks &out, const CancelToken &cancel) override;
    const NodeSpec &node() const override { return m_node; }

    // After a successful connect (or a host-key error): the server's key fingerprint.
    QString serverFingerprint() const { return m_serverFingerprint; }
    // The host:port the connection resolved to (after ~/.ssh/config), and the user.
    QString resolvedHost() const { return m_resolvedHost; }
    int resolvedPort() const { return m_resolvedPort; }
    QString resolvedUser() const { return m_resolvedUser; }

private:
    Error configure();
    Error verifyHostKey();
    void resetSession();
    Error lostConnection(const QString &what) const;
    // Opens a session channel, reconnecting once if the session died while idle.
    Error openChannel(const Command &cmd, ssh_channel_struct *&ch);
    // A refused channel request: CommandFailed (failure with libssh's reason, "%1")
    // while the session lives, else the connection is lost.
    Error channelError(const QString &failure, const Command &cmd);

    NodeSpec m_node;
    Credentials m_credentials;
    SshOptions m_options;
    ssh_session_struct *m_session = nullptr;
    bool m_connected = false;
    QString m_serverFingerprint;
    QString m_resolvedHost;
    int m_resolvedPort = 22;
    QString m_resolvedUser;
};

} // namespace cm
