// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/error.h"

namespace cm {

QString Error::codeName() const
{
    switch (code) {
    case Code::None: return QStringLiteral("none");
    case Code::InvalidInput: return QStringLiteral("invalid-input");
    case Code::Unreachable: return QStringLiteral("unreachable");
    case Code::AuthDenied: return QStringLiteral("auth-denied");
    case Code::HostKeyUnknown: return QStringLiteral("host-key-unknown");
    case Code::HostKeyChanged: return QStringLiteral("host-key-changed");
    case Code::Timeout: return QStringLiteral("timeout");
    case Code::ToolMissing: return QStringLiteral("tool-missing");
    case Code::PathMissing: return QStringLiteral("path-missing");
    case Code::Unsafe: return QStringLiteral("unsafe");
    case Code::CommandFailed: return QStringLiteral("command-failed");
    case Code::ParseError: return QStringLiteral("parse-error");
    case Code::Cancelled: return QStringLiteral("cancelled");
    case Code::Storage: return QStringLiteral("storage");
    case Code::Keychain: return QStringLiteral("keychain");
    case Code::Internal: return QStringLiteral("internal");
    }
    return QStringLiteral("unknown");
}

QString Error::toString() const
{
    QString s = codeName() + QStringLiteral(": ") + message;
    if (!context.isEmpty())
        s += QStringLiteral(" (") + context + QLatin1Char(')');
    return s;
}

} // namespace cm
