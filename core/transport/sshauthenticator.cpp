// SPDX-License-Identifier: GPL-3.0-or-later
#include "transport/sshauthenticator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <libssh/libssh.h>

namespace cm {

namespace {

QString expandHome(const QString &path)
{
    if (path == QLatin1String("~"))
        return QDir::homePath();
    if (path.startsWith(QLatin1String("~/")))
        return QDir::homePath() + path.mid(1);
    return path;
}

QString methodNames(int methods)
{
    QStringList n;
    if (methods & SSH_AUTH_METHOD_PUBLICKEY)
        n << QStringLiteral("publickey");
    if (methods & SSH_AUTH_METHOD_PASSWORD)
        n << QStringLiteral("password");
    if (methods & SSH_AUTH_METHOD_INTERACTIVE)
        n << QStringLiteral("keyboard-interactive");
    if (methods & SSH_AUTH_METHOD_HOSTBASED)
        n << QStringLiteral("hostbased");
    if (methods & SSH_AUTH_METHOD_GSSAPI_MIC)
        n << QStringLiteral("gssapi-with-mic");
    return n.isEmpty() ? QStringLiteral("none") : n.join(QStringLiteral(", "));
}

} // namespace

SshAuthenticator::SshAuthenticator(
    ssh_session session, const NodeSpec &node, const Credentials &credentials, QString who)
    : m_session(session)
    , m_node(node)
    , m_credentials(credentials)
    , m_who(std::move(who))
{ }

Error SshAuthenticator::connectionLost() const
{
    return Error(Error::Code::Unreachable,
        QStringLiteral("connection to %1 lost during authentication: %2")
            .arg(m_node.displayName(), QString::fromUtf8(ssh_get_error(m_session))),
        m_node.displayName());
}

bool SshAuthenticator::tryKeyFile(const QString &path, QStringList &tried, Error *lost)
{
    if (!QFileInfo::exists(path)) {
        tried << QStringLiteral("key %1 (file missing)").arg(path);
        return false;
    }
    const QByteArray pass = m_credentials.keyPassphrase.toUtf8();
    ssh_key priv = nullptr;
    const int rc = ssh_pki_import_privkey_file(
        QFile::encodeName(path).constData(), pass.isEmpty() ? nullptr : pass.constData(), nullptr, nullptr, &priv);
    if (rc != SSH_OK || !priv) {
        tried << (pass.isEmpty() ? QStringLiteral("key %1 (cannot load: passphrase needed?)").arg(path)
                                 : QStringLiteral("key %1 (cannot load: wrong passphrase?)").arg(path));
        return false;
    }
    const int auth = ssh_userauth_publickey(m_session, nullptr, priv);
    ssh_key_free(priv);
    if (auth == SSH_AUTH_SUCCESS)
        return true;
    if (auth == SSH_AUTH_ERROR)
        *lost = connectionLost();
    tried << QStringLiteral("key %1 (refused)").arg(path);
    return false;
}

Error SshAuthenticator::authenticate()
{
    int rc = ssh_userauth_none(m_session, nullptr);
    if (rc == SSH_AUTH_SUCCESS)
        return {};
    if (rc == SSH_AUTH_ERROR)
        return connectionLost();
    const int methods = ssh_userauth_list(m_session, nullptr);
    const NodeSpec::Auth mode = m_node.auth;
    const bool agentAllowed = mode == NodeSpec::Auth::Auto || mode == NodeSpec::Auth::Agent;
    const bool keyAllowed = mode == NodeSpec::Auth::Auto || mode == NodeSpec::Auth::Key;
    const bool passwordAllowed = mode == NodeSpec::Auth::Auto || mode == NodeSpec::Auth::Password;
    QStringList tried;

    if (methods & SSH_AUTH_METHOD_PUBLICKEY) {
        if (agentAllowed) {
            if (!qEnvironmentVariableIsEmpty("SSH_AUTH_SOCK")) {
                tried << QStringLiteral("agent");
                rc = ssh_userauth_agent(m_session, nullptr);
                if (rc == SSH_AUTH_SUCCESS)
                    return {};
                if (rc == SSH_AUTH_ERROR)
                    return connectionLost();
            } else if (mode == NodeSpec::Auth::Agent) {
                tried << QStringLiteral("agent (SSH_AUTH_SOCK not set)");
            }
        }
        if (keyAllowed) {
            if (!m_node.identityFile.isEmpty()) {
                Error lost;
                if (tryKeyFile(expandHome(m_node.identityFile), tried, &lost))
                    return {};
                if (lost)
                    return lost;
            } else {
                // IdentityFile from ~/.ssh/config, else id_ed25519 / id_ecdsa / id_rsa.
                const QByteArray pass = m_credentials.keyPassphrase.toUtf8();
                rc = ssh_userauth_publickey_auto(m_session, nullptr, pass.isEmpty() ? nullptr : pass.constData());
                if (rc == SSH_AUTH_SUCCESS)
                    return {};
                if (rc == SSH_AUTH_ERROR)
                    return connectionLost();
                tried << (pass.isEmpty()
                        ? QStringLiteral("default keys and ~/.ssh/config IdentityFile")
                        : QStringLiteral("default keys and ~/.ssh/config IdentityFile (with passphrase)"));
            }
        }
    }
    if (passwordAllowed) {
        const QByteArray pw = m_credentials.password.toUtf8();
        if (pw.isEmpty()) {
            if (mode == NodeSpec::Auth::Password)
                tried << QStringLiteral("password (none given)");
        } else {
            if (methods & SSH_AUTH_METHOD_PASSWORD) {
                tried << QStringLiteral("password");
                rc = ssh_userauth_password(m_session, nullptr, pw.constData());
                if (rc == SSH_AUTH_SUCCESS)
                    return {};
                if (rc == SSH_AUTH_ERROR)
                    return connectionLost();
            }
            if (methods & SSH_AUTH_METHOD_INTERACTIVE) {
                tried << QStringLiteral("keyboard-interactive");
                rc = ssh_userauth_kbdint(m_session, nullptr, nullptr);
                for (int round = 0; rc == SSH_AUTH_INFO && round < 5; ++round) {
                    const int prompts = ssh_userauth_kbdint_getnprompts(m_session);
                    for (int i = 0; i < prompts; ++i)
                        ssh_userauth_kbdint_setanswer(m_session, static_cast<unsigned int>(i), pw.constData());
                    rc = ssh_userauth_kbdint(m_session, nullptr, nullptr);
                }
                if (rc == SSH_AUTH_SUCCESS)
                    return {};
            }
        }
    }
    if (tried.isEmpty())
        tried << QStringLiteral("nothing usable");
    return Error(Error::Code::AuthDenied,
        QStringLiteral("authentication as %1 failed; tried: %2; the server accepts: %3")
            .arg(m_who, tried.join(QStringLiteral(", ")), methodNames(methods)),
        m_node.displayName());
}

} // namespace cm
