// SPDX-License-Identifier: GPL-3.0-or-later
#include "s3/s3secretref.h"

#include "s3/s3keychain.h"
#include "util/labenv.h"

#include <QRegularExpression>

namespace cm {

namespace {

const QString kKeychain = QStringLiteral("keychain");
const QString kLab = QStringLiteral("lab:");
const QString kEnv = QStringLiteral("env:");

} // namespace

Error S3SecretRef::check(const QString &ref)
{
    static const QRegularExpression envRe(QStringLiteral(R"(^env:[A-Za-z_][A-Za-z0-9_]{0,127}$)"));
    if (ref == kKeychain || envRe.match(ref).hasMatch() || (ref.startsWith(kLab) && ref.size() > kLab.size()))
        return {};
    return Error(Error::Code::InvalidInput,
        QStringLiteral("secret reference \"%1\" is not valid: use keychain, lab:<DIR> or env:VARIABLE")
            .arg(ref.left(80)),
        QStringLiteral("secretRef"));
}

QString S3SecretRef::describe(const QString &ref)
{
    if (ref == kKeychain)
        return QStringLiteral("the OS keychain");
    if (ref.startsWith(kLab))
        return QStringLiteral("the lab in %1").arg(ref.mid(kLab.size()));
    if (ref.startsWith(kEnv))
        return QStringLiteral("$%1").arg(ref.mid(kEnv.size()));
    return ref;
}

Error S3SecretRef::resolve(
    const QString &ref, const QString &endpoint, const QString &accessKey, QByteArray *secret, int timeoutMs)
{
    secret->clear();
    if (Error e = check(ref))
        return e;
    if (ref == kKeychain) {
        QString s;
        if (Error e = S3Keychain::load(endpoint, accessKey, &s, timeoutMs))
            return e;
        if (s.isEmpty())
            return Error(Error::Code::PathMissing,
                QStringLiteral("no S3 secret key for access key %1 at %2 in the keychain").arg(accessKey, endpoint),
                S3Keychain::entryName(endpoint, accessKey));
        *secret = s.toUtf8();
        return {};
    }
    if (ref.startsWith(kLab)) {
        const QString dir = ref.mid(kLab.size());
        const QMap<QString, QString> v = readLabEnv(dir);
        const QString key = v.value(QStringLiteral("S3_SECRET_KEY"));
        if (key.isEmpty())
            return Error(Error::Code::PathMissing,
                QStringLiteral("%1 holds no started lab (no lab.env with S3_SECRET_KEY)").arg(dir), ref);
        if (v.value(QStringLiteral("S3_ACCESS_KEY")) != accessKey)
            return Error(Error::Code::InvalidInput,
                QStringLiteral("the lab in %1 has access key %2, the plan %3 (restarted lab? make the plan again)")
                    .arg(dir, v.value(QStringLiteral("S3_ACCESS_KEY")), accessKey),
                ref);
        *secret = key.toUtf8();
        return {};
    }
    const QString var = ref.mid(kEnv.size());
    const QByteArray value = qgetenv(var.toLatin1().constData());
    if (value.isEmpty())
        return Error(Error::Code::PathMissing,
            QStringLiteral("environment variable %1 (the S3 secret key) is not set").arg(var), ref);
    *secret = value;
    return {};
}

} // namespace cm
