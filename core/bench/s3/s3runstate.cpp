// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/s3/s3runstate.h"

#include "s3/s3secretref.h"

namespace cm {

S3RunState::S3RunState(QJsonObject target)
    : m_target(std::move(target))
{ }

S3RunState::~S3RunState() = default;

S3Config S3RunState::config(const QJsonObject &t, const QByteArray &secret)
{
    S3Config c;
    c.endpoint = t.value(QStringLiteral("endpoint")).toString();
    c.region = t.value(QStringLiteral("region")).toString(c.region);
    c.virtualHostStyle = t.value(QStringLiteral("virtualHost")).toBool(false);
    c.accessKey = t.value(QStringLiteral("accessKey")).toString().toUtf8();
    c.secretKey = secret;
    c.caFile = t.value(QStringLiteral("caFile")).toString();
    c.skipTlsVerify = t.value(QStringLiteral("skipTlsVerify")).toBool(false);
    c.maxConnections = t.value(QStringLiteral("connections")).toInt(16);
    return c;
}

Error S3RunState::open(S3Client **client, QString *bucket)
{
    if (m_openError)
        return m_openError;
    if (!m_client) {
        QByteArray secret;
        m_openError
            = S3SecretRef::resolve(m_target.value(QStringLiteral("secretRef")).toString(QStringLiteral("keychain")),
                m_target.value(QStringLiteral("endpoint")).toString(),
                m_target.value(QStringLiteral("accessKey")).toString(), &secret);
        if (m_openError)
            return m_openError;
        m_client = std::make_unique<S3Client>(config(m_target, secret));
        if ((m_openError = m_client->configError()))
            return m_openError;
        m_bucket = S3Client::newBucketName();
        if ((m_openError = m_client->createBucket(m_bucket))) {
            m_openError.message = QStringLiteral("cannot create the run's bucket: ") + m_openError.message;
            return m_openError;
        }
        m_created = true;
    }
    *client = m_client.get();
    *bucket = m_bucket;
    return {};
}

QList<Leftover> S3RunState::finish(Transport &, const std::function<void(const QString &)> &log)
{
    return finish(log);
}

QList<Leftover> S3RunState::finish(const std::function<void(const QString &)> &log)
{
    if (!m_client || !m_created) {
        m_client.reset();
        return {};
    }
    // emptyBucket aborts open multipart uploads first: a cut-off load can leave uploads
    // whose id never came back, and RGW keeps such a bucket from being deleted.
    m_finishError = m_client->emptyBucket(m_bucket, &m_removed);
    if (!m_finishError)
        m_finishError = m_client->deleteBucket(m_bucket);
    m_bucketRemoved = !m_finishError;
    m_created = !m_bucketRemoved;
    if (log) {
        if (m_finishError)
            log(QStringLiteral("S3 clean-up: bucket %1 left after removing %2 object(s): %3 "
                               "(remove it with any S3 client)")
                    .arg(m_bucket)
                    .arg(m_removed)
                    .arg(m_finishError.toString()));
        else
            log(QStringLiteral("S3 clean-up: removed %1 object(s) and bucket %2").arg(m_removed).arg(m_bucket));
    }
    m_client.reset();
    if (m_bucketRemoved)
        return {};
    return {Leftover::make(Leftover::Kind::Bucket, m_target.value(QStringLiteral("endpoint")).toString(), m_bucket)};
}

} // namespace cm
