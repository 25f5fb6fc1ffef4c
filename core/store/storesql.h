// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small helpers shared by SessionStore's source files (not part of the API).
#include "model/error.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace cm::storesql {

inline Error sqlError(const QSqlQuery &q, const QString &what, const QString &path)
{
    return Error(Error::Code::Storage, QStringLiteral("%1: %2").arg(what, q.lastError().text()), path);
}

inline QVariant msOrNull(const QDateTime &d)
{
    return d.isValid() ? QVariant(d.toMSecsSinceEpoch()) : QVariant(QMetaType(QMetaType::LongLong));
}

inline QDateTime fromMs(const QVariant &v)
{
    return v.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(v.toLongLong());
}

// Qt binds a null QString as SQL NULL; the text columns are NOT NULL.
inline QString text(const QString &s)
{
    return s.isNull() ? QStringLiteral("") : s;
}

inline QString jsonText(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

inline QJsonObject jsonObject(const QVariant &v)
{
    return QJsonDocument::fromJson(v.toString().toUtf8()).object();
}

} // namespace cm::storesql
