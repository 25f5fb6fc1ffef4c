// SPDX-License-Identifier: GPL-3.0-or-later
#include "errortext.h"

#include <QCoreApplication>

namespace cm::ui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(cm::ui::ErrorText)
};
} // namespace

QString errorHeadline(Error::Code code)
{
    switch (code) {
    case Error::Code::None: return {};
    case Error::Code::InvalidInput: return Tr::tr("Not accepted");
    case Error::Code::Unreachable: return Tr::tr("Cannot be reached");
    case Error::Code::AuthDenied: return Tr::tr("Access refused");
    case Error::Code::HostKeyUnknown: return Tr::tr("Unknown host key");
    case Error::Code::HostKeyChanged: return Tr::tr("The host key has changed");
    case Error::Code::Timeout: return Tr::tr("Timed out");
    case Error::Code::ToolMissing: return Tr::tr("A tool is missing");
    case Error::Code::PathMissing: return Tr::tr("Not found");
    case Error::Code::Unsafe: return Tr::tr("Refused for safety");
    case Error::Code::CommandFailed: return Tr::tr("A command failed");
    case Error::Code::ParseError: return Tr::tr("Output could not be read");
    case Error::Code::Cancelled: return Tr::tr("Cancelled");
    case Error::Code::Storage: return Tr::tr("Could not read or save");
    case Error::Code::Keychain: return Tr::tr("The keychain could not be used");
    case Error::Code::Internal: return Tr::tr("Internal error");
    }
    return Tr::tr("Error");
}

QString errorText(const Error &e)
{
    if (!e)
        return {};
    QString text = errorHeadline(e.code);
    if (!e.message.isEmpty())
        text = Tr::tr("%1: %2", "headline: message").arg(text, e.message);
    if (!e.context.isEmpty() && !e.message.contains(e.context))
        text += QStringLiteral(" (%1)").arg(e.context);
    return text;
}

} // namespace cm::ui
