// SPDX-License-Identifier: GPL-3.0-or-later
// S3Client: unfinished multipart uploads (listing and aborting them all).
#include "s3/s3client.h"

namespace cm {

Error S3Client::listMultipartUploads(const QString &bucket, QList<S3MultipartUploadEntry> *out, int *pages)
{
    if (Error e = checkUsable(bucket))
        return e;
    out->clear();
    QString keyMarker, idMarker;
    for (int n = 1;; ++n) {
        ByteParams q {{"uploads", {}}};
        if (!keyMarker.isEmpty())
            q.append({"key-marker", keyMarker.toUtf8()});
        if (!idMarker.isEmpty())
            q.append({"upload-id-marker", idMarker.toUtf8()});
        S3HttpRequest req = build("GET", bucket, QString(), q);
        const QString ctx = QStringLiteral("GET %1?uploads").arg(bucket);
        const S3HttpResponse resp = execute(std::move(req));
        if (pages)
            *pages = n;
        if (Error e = errorFor(resp, ctx))
            return e;
        S3ListUploadsResult page;
        if (Error e = parseS3ListMultipartUploads(resp.body, &page)) {
            e.context = ctx;
            return e;
        }
        out->append(page.uploads);
        if (!page.truncated)
            return {};
        if (page.nextKeyMarker == keyMarker && page.nextUploadIdMarker == idMarker)
            return Error(Error::Code::ParseError, QStringLiteral("ListMultipartUploads repeats its markers"), ctx);
        keyMarker = page.nextKeyMarker;
        idMarker = page.nextUploadIdMarker;
    }
}

Error S3Client::abortAllMultipart(const QString &bucket, int *aborted)
{
    if (aborted)
        *aborted = 0;
    if (Error e = checkUsable(bucket))
        return e;
    if (!isAppBucket(bucket))
        return Error(Error::Code::Unsafe,
            QStringLiteral("refusing to change a bucket the app did not create (no %1 prefix)")
                .arg(QLatin1String(kBucketPrefix)),
            bucket);
    QList<S3MultipartUploadEntry> uploads;
    if (Error e = listMultipartUploads(bucket, &uploads)) {
        if (e.detail == u"NotImplemented")
            return {}; // a gateway that cannot list uploads: the objects still go
        return e;
    }
    for (const S3MultipartUploadEntry &u : std::as_const(uploads)) {
        Error e = abortMultipart(bucket, u.key, u.uploadId);
        if (e && e.detail == u"NoSuchUpload")
            e = Error(); // finished or aborted meanwhile
        if (e)
            return e;
        if (aborted)
            ++*aborted;
    }
    return {};
}

} // namespace cm
