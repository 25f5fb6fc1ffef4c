// SPDX-License-Identifier: GPL-3.0-or-later
#include "nodeconnector.h"

#include "transport/localtransport.h"

#include <QCoreApplication>

namespace cm::ui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(cm::ui::NodeConnector)
};
} // namespace

QString connectionErrorText(const Error &e)
{
    const QString where = e.context.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(e.context);
    switch (e.code) {
    case Error::Code::None: return Tr::tr("Connected.");
    case Error::Code::Unreachable:
        return Tr::tr(
            "The host does not answer or refuses the connection%1. Check the address, the port and that sshd runs.")
            .arg(where);
    case Error::Code::Timeout:
        return Tr::tr("The connection timed out%1. Check the address and any firewall.").arg(where);
    case Error::Code::AuthDenied:
        return Tr::tr("The node refused every authentication method%1. Check the user, the key or the password.")
            .arg(where);
    case Error::Code::HostKeyUnknown:
        return Tr::tr("First connection to this host: its key (%1) is not known yet.").arg(e.detail);
    case Error::Code::HostKeyChanged:
        return Tr::tr(
            "WARNING: the host key of this node has CHANGED%1. This can mean someone intercepts the connection, "
            "or the node was reinstalled. The connection was refused. If the change is expected, remove the old "
            "key from the known hosts file.")
            .arg(where);
    case Error::Code::Keychain: return Tr::tr("The keychain could not be used: %1").arg(e.message);
    default: break;
    }
    return Tr::tr("Connection failed: %1").arg(e.message + where);
}

} // namespace cm::ui
