// SPDX-License-Identifier: GPL-3.0-or-later
#include "s3/s3keychain.h"

#include "secrets/secretstore.h"

#include <QRegularExpression>
#include <QUrl>

namespace cm {

QString S3Keychain::entryName(const QString &endpoint, const QString &accessKey, Error *error)
{
    auto bad = [&](const QString &m) {
        if (error)
            *error = Error(Error::Code::InvalidInput, m, QStringLiteral("S3 keychain"));
        return QString();
    };
    const QUrl url(endpoint.trimmed(), QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != u"http" && scheme != u"https") || url.host().isEmpty())
        return bad(QStringLiteral("\"%1\" is not an http:// or https:// endpoint").arg(endpoint.left(120)));
    static const QRegularExpression keyRe(QStringLiteral(R"(^[^\s:]{1,128}$)"));
    if (!keyRe.match(accessKey).hasMatch())
        return bad(QStringLiteral("the access key is empty, too long or holds ':' or whitespace"));
    QString base = scheme + QStringLiteral("://") + url.host().toLower();
    if (url.port() > 0)
        base += QLatin1Char(':') + QString::number(url.port());
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    if (error)
        *error = {};
    return QStringLiteral("s3:%1%2:%3").arg(base, path, accessKey);
}

Error S3Keychain::save(const QString &endpoint, const QString &accessKey, const QString &secret, int timeoutMs)
{
    Error e;
    const QString entry = entryName(endpoint, accessKey, &e);
    if (e)
        return e;
    if (secret.isEmpty() || secret.size() > 1024 || secret.contains(QLatin1Char('\n')))
        return Error(Error::Code::InvalidInput,
            QStringLiteral("not saved: the secret key is empty, too long or has a line break"), entry);
    return SecretStore::writeBlocking(entry, secret, timeoutMs);
}

Error S3Keychain::load(const QString &endpoint, const QString &accessKey, QString *secret, int timeoutMs)
{
    secret->clear();
    Error e;
    const QString entry = entryName(endpoint, accessKey, &e);
    if (e)
        return e;
    return SecretStore::readBlocking(entry, secret, timeoutMs);
}

Error S3Keychain::forget(const QString &endpoint, const QString &accessKey, int timeoutMs)
{
    Error e;
    const QString entry = entryName(endpoint, accessKey, &e);
    if (e)
        return e;
    return SecretStore::removeBlocking(entry, timeoutMs);
}

} // namespace cm
