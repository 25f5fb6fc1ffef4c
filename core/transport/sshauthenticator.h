// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Authentication of a connected libssh session, in the order NodeSpec::auth asks for:
// Auto = agent (if SSH_AUTH_SOCK is set), then the key file (NodeSpec::identityFile,
// else ~/.ssh/config IdentityFile and the default keys) with the passphrase, then the
// password (password, then keyboard-interactive). Agent / Key / Password = that only.
// A refusal is Error AuthDenied listing every method tried and what the server accepts.
#include "model/error.h"
#include "model/nodespec.h"

#include <QStringList>

struct ssh_session_struct;

namespace cm {

class SshAuthenticator {
public:
    // who: "user@host:port" for messages.
    SshAuthenticator(ssh_session_struct *session, const NodeSpec &node, const Credentials &credentials, QString who);
    Error authenticate();

private:
    bool tryKeyFile(const QString &path, QStringList &tried, Error *lost);
    Error connectionLost() const;

    ssh_session_struct *m_session;
    const NodeSpec &m_node;
    const Credentials &m_credentials;
    QString m_who;
};

} // namespace cm
