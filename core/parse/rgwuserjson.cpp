// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/rgwuserjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cm {

Error parseRgwUserJson(const QByteArray &json, RgwUserKeys *out)
{
    if (json.trimmed().isEmpty())
        return Error(
            Error::Code::ParseError, QStringLiteral("radosgw-admin printed nothing (expected the user as JSON)"));
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError)
        return Error(Error::Code::ParseError,
            QStringLiteral("radosgw-admin printed malformed JSON: %1 at offset %2")
                .arg(pe.errorString())
                .arg(pe.offset),
            QString(), QString::fromUtf8(json.left(200)));
    if (!doc.isObject())
        return Error(Error::Code::ParseError, QStringLiteral("radosgw-admin printed JSON that is not an object"));
    const QJsonObject o = doc.object();
    RgwUserKeys r;
    r.userId = o.value(QStringLiteral("user_id")).toString();
    r.displayName = o.value(QStringLiteral("display_name")).toString();
    if (r.userId.isEmpty())
        return Error(Error::Code::ParseError, QStringLiteral("radosgw-admin user JSON without user_id"));
    const QJsonValue keys = o.value(QStringLiteral("keys"));
    if (!keys.isArray())
        return Error(Error::Code::ParseError, QStringLiteral("radosgw-admin user JSON without a keys list"), r.userId);
    const QJsonArray list = keys.toArray();
    r.keyCount = int(list.size());
    if (list.isEmpty())
        return Error(
            Error::Code::CommandFailed, QStringLiteral("the RGW user %1 has no S3 keys").arg(r.userId), r.userId);
    const QJsonObject k = list.first().toObject();
    r.accessKey = k.value(QStringLiteral("access_key")).toString();
    r.secretKey = k.value(QStringLiteral("secret_key")).toString();
    if (r.accessKey.isEmpty() || r.secretKey.isEmpty())
        return Error(Error::Code::ParseError,
            QStringLiteral("the RGW user's first key has no access_key or secret_key"), r.userId);
    *out = r;
    return {};
}

} // namespace cm
