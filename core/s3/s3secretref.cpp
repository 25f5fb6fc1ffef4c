#include "s3/s3secretref.h"

#include "ceph/labenv.h"
#include "secrets/secretstore.h"

#include <QDir>

namespace cm {

QString s3SecretEntry(const QString &endpoint, const QString &accessKey)
{
    return QStringLiteral("s3:%1:%2").arg(endpoint, accessKey);
}

Error resolveS3Secret(const QString &secretRef, const QString &endpoint, const QString &accessKey, QString *secret)
{
    if (secretRef.startsWith(QLatin1String("env:"))) {
        const QString var = secretRef.mid(4);
        if (var.isEmpty())
            return Error(Error::Code::InvalidInput, QStringLiteral("env: needs a variable name (env:VAR)"), secretRef);
        const QString v = qEnvironmentVariable(var.toLocal8Bit().constData());
        if (v.isEmpty())
            return Error(Error::Code::InvalidInput, QStringLiteral("the environment variable %1 is not set or empty").arg(var),
                         secretRef);
        *secret = v;
        return {};
    }
    if (secretRef.startsWith(QLatin1String("lab:"))) {
        const QString dir = secretRef.mid(4);
        if (dir.isEmpty())
            return Error(Error::Code::InvalidInput, QStringLiteral("lab: needs the lab's folder (lab:DIR)"), secretRef);
        const QMap<QString, QString> v = readLabEnv(dir);
        if (v.isEmpty())
            return Error(Error::Code::PathMissing, QStringLiteral("%1 holds no started lab (no lab.env)").arg(QDir::toNativeSeparators(dir)),
                         secretRef);
        const QString labKey = v.value(QStringLiteral("S3_ACCESS_KEY"));
        if (!accessKey.isEmpty() && !labKey.isEmpty() && labKey != accessKey)
            return Error(Error::Code::InvalidInput,
                         QStringLiteral("the lab's S3 secret belongs to access key %1, not %2").arg(labKey, accessKey), secretRef);
        const QString s = v.value(QStringLiteral("S3_SECRET_KEY"));
        if (s.isEmpty())
            return Error(Error::Code::InvalidInput, QStringLiteral("the lab's lab.env has no S3_SECRET_KEY"), secretRef);
        *secret = s;
        return {};
    }
    if (secretRef == u"keychain") {
        if (endpoint.isEmpty() || accessKey.isEmpty())
            return Error(Error::Code::InvalidInput, QStringLiteral("a keychain secret needs the endpoint and the access key"),
                         secretRef);
        const QString entry = s3SecretEntry(endpoint, accessKey);
        QString s;
        if (Error e = SecretStore::readBlocking(entry, &s))
            return e;
        if (s.isEmpty())
            return Error(Error::Code::Keychain, QStringLiteral("no S3 secret in the keychain for %1").arg(entry), entry);
        *secret = s;
        return {};
    }
    return Error(Error::Code::InvalidInput,
                 QStringLiteral("unknown secret reference '%1' (use env:VAR, lab:DIR or keychain)").arg(secretRef.left(40)));
}

} // namespace cm
