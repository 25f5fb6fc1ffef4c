// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/writecacheoutput.h"

#include <QRegularExpression>

namespace cm {

namespace {

std::optional<bool> firstMatch(const QByteArray &out, const QRegularExpression &re)
{
    const QRegularExpressionMatch m = re.match(QString::fromUtf8(out.left(64 * 1024)));
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const qulonglong v = m.captured(1).toULongLong(&ok);
    if (!ok || v > 1)
        return std::nullopt;
    return v == 1;
}

} // namespace

std::optional<bool> parseHdparmWriteCache(const QByteArray &out)
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*write-caching\\s*=\\s*([01])\\b"), QRegularExpression::MultilineOption);
    return firstMatch(out, re);
}

std::optional<bool> parseSdparmWce(const QByteArray &out)
{
    static const QRegularExpression re(QStringLiteral("^\\s*WCE\\s+([01])\\b"), QRegularExpression::MultilineOption);
    return firstMatch(out, re);
}

std::optional<bool> parseNvmeVolatileWriteCache(const QByteArray &out)
{
    // The feature's bit 0 is the cache; the value is printed in hexadecimal.
    static const QRegularExpression re(QStringLiteral("Current value:\\s*0x([0-9a-fA-F]{1,8})\\b"));
    const QRegularExpressionMatch m = re.match(QString::fromUtf8(out.left(64 * 1024)));
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const uint v = m.captured(1).toUInt(&ok, 16);
    if (!ok)
        return std::nullopt;
    return (v & 1u) != 0;
}

} // namespace cm
