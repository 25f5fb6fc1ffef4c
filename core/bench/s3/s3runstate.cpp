// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/s3/s3runstate.h"

#include "s3/s3secretref.h"

#include <QRandomGenerator>

namespace cm {

S3RunState::S3RunState(QJsonObject target)
    : m_target(std::move(target))
{ }

S3RunState::~S3RunState() = default;

S3Config::Encryption S3RunState::encryption(const QJsonObject &t)
{
    const QString e = t.value(QStringLiteral("encryption")).toString();
    return e == QLatin1String("sse-s3") ? S3Config::Encryption::SseS3
        : e == QLatin1String("sse-c")   ? S3Config::Encryption::SseC
                                        : S3Config::Encryption::None;
}

S3Config S3RunState::config(const QJsonObject &t, const QByteArray &secret, const QByteArray &customerKey)
{
    S3Config c;
    c.encryption = encryption(t);
    c.customerKey = customerKey;
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
        QByteArray customerKey;
        if (encryption(m_target) == S3Config::Encryption::SseC)
            for (int i = 0; i < 8; ++i) // 256 bits from the system's generator
                customerKey += QByteArray::number(QRandomGenerator::system()->generate(), 16).rightJustified(8, '0');
        m_client = std::make_unique<S3Client>(config(m_target, secret, QByteArray::fromHex(customerKey)));
        if ((m_openError = m_client->configError()))
            return m_openError;
        m_bucket = S3Client::newBucketName();
        if ((m_openError = m_client->createBucket(m_bucket))) {
            m_openError.message = QStringLiteral("cannot create the run's bucket: ") + m_openError.message;
            return m_openError;
        }
        m_created = true;
        if (encryption(m_target) != S3Config::Encryption::None && (m_openError = checkEncryption(*m_client, m_bucket)))
            return m_openError;
    }
    *client = m_client.get();
    *bucket = m_bucket;
    return {};
}

Error S3RunState::checkEncryption(S3Client &client, const QString &bucket)
{
    const QString key = QStringLiteral("clustermark-obj-encryption-check");
    const QByteArray data = QByteArray("ClusterMark encryption check ").repeated(64);
    const QString mode = S3Client::encryptionName(client.config().encryption);
    S3HttpResponse answer;
    if (Error e = client.putObject(bucket, key, data, &answer)) {
        e.message = QStringLiteral("the gateway refused an %1 PUT: %2").arg(mode, e.message);
        if (client.config().encryption == S3Config::Encryption::SseC
            && client.config().endpoint.startsWith(QLatin1String("http://")))
            e.message += QStringLiteral(" (RGW takes SSE-C keys over plain http only with rgw_crypt_require_ssl = "
                                        "false)");
        return e;
    }
    Error e;
    QByteArray back;
    if (!client.answerSaysEncrypted(answer))
        e = Error(Error::Code::CommandFailed,
            QStringLiteral("the gateway accepted an %1 PUT but its answer does not say it encrypted the object: it "
                           "may be stored in plain text (RGW before 17.2 does so for SSE-S3); figures would not be "
                           "those of encrypted objects")
                .arg(mode));
    else if ((e = client.getObject(bucket, key, &back)))
        e.message = QStringLiteral("cannot read back the %1 check object: %2").arg(mode, e.message);
    else if (back != data)
        e = Error(Error::Code::CommandFailed,
            QStringLiteral("the %1 check object read back differs from what was written").arg(mode));
    if (!e && client.config().encryption == S3Config::Encryption::SseC) {
        S3Config plain = client.config();
        plain.encryption = S3Config::Encryption::None;
        S3Client without(plain);
        if (!without.getObject(bucket, key, &back))
            e = Error(Error::Code::CommandFailed,
                QStringLiteral("the gateway returned an SSE-C object without its key: it is not encrypted"));
    }
    client.deleteObject(bucket, key);
    return e;
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
