// SPDX-License-Identifier: GPL-3.0-or-later
#include "transport/shellquote.h"

namespace cm {

QString shellQuote(const QString &arg)
{
    if (arg.isEmpty())
        return QStringLiteral("''");
    bool safe = true;
    for (const QChar c : arg) {
        const ushort u = c.unicode();
        const bool ok = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_'
            || u == '-' || u == '.' || u == '/' || u == ',' || u == ':' || u == '=' || u == '+' || u == '@' || u == '%';
        if (!ok) {
            safe = false;
            break;
        }
    }
    // A leading '=' or '-' is fine for the shell; '~' and globs are not in the safe set.
    if (safe)
        return arg;
    QString out;
    out.reserve(arg.size() + 2);
    out += QLatin1Char('\'');
    for (const QChar c : arg) {
        if (c == QLatin1Char('\''))
            out += QStringLiteral("'\\''");
        else
            out += c;
    }
    out += QLatin1Char('\'');
    return out;
}

QString shellJoin(const QStringList &argv)
{
    QStringList q;
    q.reserve(argv.size());
    for (const auto &a : argv)
        q.append(shellQuote(a));
    return q.join(QLatin1Char(' '));
}

} // namespace cm
