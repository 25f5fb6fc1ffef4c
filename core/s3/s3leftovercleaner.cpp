// SPDX-License-Identifier: GPL-3.0-or-later
#include "s3/s3leftovercleaner.h"

#include "s3/s3client.h"
#include "s3/s3secretref.h"

#include <QLoggingCategory>

namespace cm {

Q_LOGGING_CATEGORY(lcS3Cleanup, "clustermark.core.s3cleanup")

namespace {

Error makeClient(const S3CleanupTarget &t, std::unique_ptr<S3Client> *client)
{
    QByteArray secret;
    if (Error e = S3SecretRef::resolve(t.secretRef, t.endpoint, t.accessKey, &secret))
        return e;
    S3Config cfg;
    cfg.endpoint = t.endpoint;
    cfg.accessKey = t.accessKey.toUtf8();
    cfg.secretKey = secret;
    cfg.maxConnections = 8;
    cfg.threads = 1;
    *client = std::make_unique<S3Client>(cfg);
    return (*client)->configError();
}

} // namespace

S3LeftoverScan S3LeftoverCleaner::scan(const S3CleanupTarget &target, const CancelToken &cancel)
{
    std::unique_ptr<S3Client> client;
    if (Error e = makeClient(target, &client)) {
        S3LeftoverScan out;
        out.error = e;
        return out;
    }
    return scan(*client, cancel);
}

CleanupReport S3LeftoverCleaner::remove(
    const S3CleanupTarget &target, const QList<Leftover> &items, const CancelToken &cancel)
{
    QList<Leftover> mine;
    for (const Leftover &l : items)
        if (l.kind == Leftover::Kind::Bucket && l.location == target.endpoint)
            mine << l;
    if (mine.isEmpty())
        return {};
    std::unique_ptr<S3Client> client;
    if (Error e = makeClient(target, &client)) {
        CleanupReport rep;
        for (const Leftover &l : std::as_const(mine))
            rep.failed << LeftoverFailure {l, e};
        return rep;
    }
    return remove(*client, mine, cancel);
}

S3LeftoverScan S3LeftoverCleaner::scan(S3Client &client, const CancelToken &cancel)
{
    S3LeftoverScan out;
    const QString endpoint = client.config().endpoint;
    QList<S3BucketEntry> buckets;
    if (Error e = client.listBuckets(&buckets)) {
        out.error = e;
        return out;
    }
    for (const S3BucketEntry &b : std::as_const(buckets)) {
        if (!S3Client::isAppBucket(b.name))
            continue;
        if (cancel.isCancelled()) {
            out.error = Error(Error::Code::Cancelled, QStringLiteral("scan cancelled"), endpoint);
            return out;
        }
        Leftover l = Leftover::make(Leftover::Kind::Bucket, endpoint, b.name);
        QList<S3ObjectEntry> objects;
        if (Error e = client.listObjects(b.name, QString(), &objects)) {
            out.warnings << QStringLiteral("cannot list bucket %1: %2").arg(b.name, e.message);
        } else {
            l.objects = objects.size();
            l.bytes = 0;
            for (const S3ObjectEntry &o : std::as_const(objects))
                l.bytes += o.size;
        }
        out.items << l;
    }
    qCInfo(lcS3Cleanup) << "found" << out.items.size() << "app buckets at" << endpoint;
    return out;
}

CleanupReport S3LeftoverCleaner::remove(S3Client &client, const QList<Leftover> &items, const CancelToken &cancel)
{
    CleanupReport rep;
    const QString endpoint = client.config().endpoint;
    auto fail = [&](const Leftover &l, const Error &e) {
        qCWarning(lcS3Cleanup) << "cannot remove" << l.describe() << e.toString();
        rep.failed << LeftoverFailure {l, e};
    };
    for (const Leftover &l : items) {
        if (cancel.isCancelled()) {
            fail(l, Error(Error::Code::Cancelled, QStringLiteral("cancelled before removal"), l.describe()));
            continue;
        }
        if (l.kind != Leftover::Kind::Bucket || l.location != endpoint) {
            fail(l, Error(Error::Code::InvalidInput, QStringLiteral("not a bucket of %1").arg(endpoint), l.describe()));
            continue;
        }
        if (!S3Client::isAppBucket(l.name)) {
            fail(l,
                Error(Error::Code::Unsafe,
                    QStringLiteral("refused: the name does not start with %1")
                        .arg(QLatin1String(S3Client::kBucketPrefix)),
                    l.describe()));
            continue;
        }
        Error e = client.emptyBucket(l.name);
        if (!e)
            e = client.deleteBucket(l.name);
        if (e && e.detail == u"NoSuchBucket")
            e = Error(); // gone meanwhile: nothing left
        if (e)
            fail(l, e);
        else
            rep.removed << l;
    }
    qCInfo(lcS3Cleanup) << "removed" << rep.removed.size() << "buckets," << rep.failed.size() << "failed";
    return rep;
}

} // namespace cm
