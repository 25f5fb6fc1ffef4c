// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/cephkeyring.h"

#include "parse/cephconf.h"

namespace cm {

bool isValidCephKey(const QString &key, QString *why)
{
    auto fail = [&](const QString &w) {
        if (why)
            *why = w;
        return false;
    };
    if (key.isEmpty())
        return fail(QStringLiteral("the key is empty"));
    if (key.size() > 1024)
        return fail(QStringLiteral("the key is too long (%1 characters)").arg(key.size()));
    for (const QChar c : key)
        if (!(c.unicode() < 128
                && (c.isLetterOrNumber() || c == QLatin1Char('+') || c == QLatin1Char('/') || c == QLatin1Char('='))))
            return fail(QStringLiteral("the key is not base64"));
    const auto decoded = QByteArray::fromBase64Encoding(key.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return fail(QStringLiteral("the key is not base64"));
    const QByteArray &b = *decoded;
    if (b.size() < 12)
        return fail(QStringLiteral("the key is too short to be a Ceph secret"));
    const int len = quint8(b.at(10)) | (quint8(b.at(11)) << 8);
    if (len == 0 || b.size() != 12 + len)
        return fail(QStringLiteral("the key's length field does not match its size"));
    return true;
}

QString cephKeyringKey(const QByteArray &keyring, const QString &entity, Error *error)
{
    const QString name = cephEntityName(entity);
    auto fail = [&](const QString &msg) {
        if (error)
            *error = Error(Error::Code::ParseError, msg, name);
        return QString();
    };
    const CephConf conf = parseCephConf(keyring);
    if (conf.sections.isEmpty())
        return fail(conf.warnings.isEmpty()
                ? QStringLiteral("the keyring holds no [entity] section")
                : QStringLiteral("the keyring is unreadable: %1").arg(conf.warnings.first()));
    const auto it = conf.sections.constFind(name);
    if (it == conf.sections.cend()) {
        QStringList present = conf.sections.keys();
        if (present.size() > 10)
            present = present.mid(0, 10) << QStringLiteral("…");
        return fail(QStringLiteral("the keyring has no [%1] section (it has: %2)")
                        .arg(name, present.join(QStringLiteral(", "))));
    }
    const QString key = it->value(QStringLiteral("key"));
    if (key.isEmpty())
        return fail(QStringLiteral("[%1] in the keyring has no \"key = …\" line").arg(name));
    QString why;
    if (!isValidCephKey(key, &why))
        return fail(QStringLiteral("[%1] in the keyring: %2").arg(name, why));
    if (error)
        *error = {};
    return key;
}

} // namespace cm
