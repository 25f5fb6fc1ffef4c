// SPDX-License-Identifier: GPL-3.0-or-later
// S3Client: bucket life cycle and multipart upload (requests fanned out over the pool).
#include "s3/s3client.h"

#include <condition_variable>
#include <mutex>

namespace cm {

namespace {

// Runs the requests with at most `parallel` in flight; blocks until all are answered or
// one failed (the rest are then not sent). Returns the first error.
Error runBatch(S3Client &c, QList<S3HttpRequest> reqs, int parallel, QList<S3HttpResponse> *responses = nullptr)
{
    std::mutex m;
    std::condition_variable cv;
    int next = 0, running = 0;
    Error first;
    if (responses)
        *responses = QList<S3HttpResponse>(reqs.size());
    std::unique_lock lock(m);
    while (true) {
        while (!first && running < parallel && next < reqs.size()) {
            const int i = next++;
            ++running;
            const QString ctx = reqs.at(i).context;
            lock.unlock();
            c.submit(std::move(reqs[i]), [&, i, ctx](S3HttpResponse &&r) {
                const Error e = S3Client::errorFor(r, ctx);
                std::lock_guard g(m);
                if (e && !first)
                    first = e;
                if (responses)
                    (*responses)[i] = std::move(r);
                --running;
                cv.notify_all();
            });
            lock.lock();
        }
        if (running == 0 && (first || next >= reqs.size()))
            return first;
        cv.wait(lock);
    }
}

Error refuseForeign(const QString &bucket)
{
    if (S3Client::isAppBucket(bucket))
        return {};
    return Error(Error::Code::Unsafe,
        QStringLiteral("refusing to change a bucket the app did not create (no %1 prefix)")
            .arg(QLatin1String(S3Client::kBucketPrefix)),
        bucket);
}

} // namespace

Error S3Client::createBucket(const QString &bucket)
{
    if (Error e = checkUsable(bucket))
        return e;
    if (Error e = refuseForeign(bucket))
        return e;
    S3HttpRequest req = build("PUT", bucket, QString());
    const QString ctx = req.context;
    return errorFor(execute(std::move(req)), ctx);
}

Error S3Client::deleteBucket(const QString &bucket)
{
    if (Error e = checkUsable(bucket))
        return e;
    if (Error e = refuseForeign(bucket))
        return e;
    S3HttpRequest req = build("DELETE", bucket, QString());
    const QString ctx = req.context;
    return errorFor(execute(std::move(req)), ctx);
}

Error S3Client::emptyBucket(const QString &bucket, int *deleted)
{
    if (Error e = checkUsable(bucket))
        return e;
    if (Error e = refuseForeign(bucket))
        return e;
    if (deleted)
        *deleted = 0;
    if (Error e = abortAllMultipart(bucket))
        return e;
    while (true) {
        QList<S3ObjectEntry> objects;
        if (Error e = listObjects(bucket, QString(), &objects))
            return e;
        if (objects.isEmpty())
            return {};
        QList<S3HttpRequest> reqs;
        for (const S3ObjectEntry &o : std::as_const(objects))
            reqs.append(build("DELETE", bucket, o.key));
        if (Error e = runBatch(*this, reqs, m_pool->options().maxConnections))
            return e;
        if (deleted)
            *deleted += int(objects.size());
    }
}

Error S3Client::removeAppBuckets(QStringList *removed)
{
    QList<S3BucketEntry> buckets;
    if (Error e = listBuckets(&buckets))
        return e;
    Error first;
    for (const S3BucketEntry &b : std::as_const(buckets)) {
        if (!isAppBucket(b.name))
            continue;
        Error e = emptyBucket(b.name);
        if (!e)
            e = deleteBucket(b.name);
        if (e && !first)
            first = e;
        if (!e && removed)
            removed->append(b.name);
    }
    return first;
}

Error S3Client::abortMultipart(const QString &bucket, const QString &key, const QString &uploadId)
{
    S3HttpRequest req = build("DELETE", bucket, key, {{"uploadId", uploadId.toUtf8()}});
    const QString ctx = req.context;
    return errorFor(execute(std::move(req)), ctx);
}

Error S3Client::multipartPut(
    const QString &bucket, const QString &key, const QByteArray &data, qint64 partSize, int parallel, QString *etag)
{
    if (Error e = checkUsable(bucket))
        return e;
    if (partSize < kMinPartSize)
        return Error(Error::Code::InvalidInput, QStringLiteral("multipart part size must be at least 5 MiB"),
            bucket + QLatin1Char('/') + key);
    const qint64 parts = qMax<qint64>(1, (data.size() + partSize - 1) / partSize);
    if (parts > 10000)
        return Error(
            Error::Code::InvalidInput, QStringLiteral("more than 10000 parts: choose a larger part size"), key);

    S3HttpRequest init = build("POST", bucket, key, {{"uploads", {}}});
    const QString ctx = init.context;
    const S3HttpResponse ir = execute(std::move(init));
    if (Error e = errorFor(ir, ctx))
        return e;
    S3InitiateMultipartResult started;
    if (Error e = parseS3InitiateMultipart(ir.body, &started)) {
        e.context = ctx;
        return e;
    }
    const QByteArray uploadId = started.uploadId.toUtf8();

    QList<S3HttpRequest> reqs;
    for (qint64 i = 0; i < parts; ++i) {
        const qint64 off = i * partSize;
        reqs.append(build("PUT", bucket, key, {{"partNumber", QByteArray::number(i + 1)}, {"uploadId", uploadId}}, {},
            data, off, qMin(partSize, qint64(data.size()) - off)));
        reqs.last().context = QStringLiteral("PUT %1/%2 part %3").arg(bucket, key).arg(i + 1);
    }
    QList<S3HttpResponse> answers;
    Error e = runBatch(*this, reqs, qMax(1, parallel), &answers);
    QByteArray xml = "<CompleteMultipartUpload>";
    for (qint64 i = 0; !e && i < parts; ++i) {
        const QByteArray tag = answers.at(i).header("etag");
        if (tag.isEmpty())
            e = Error(Error::Code::ParseError, QStringLiteral("part %1 answered without an ETag").arg(i + 1), ctx);
        xml += "<Part><PartNumber>" + QByteArray::number(i + 1) + "</PartNumber><ETag>"
            + xmlEscape(QString::fromUtf8(tag)) + "</ETag></Part>";
    }
    xml += "</CompleteMultipartUpload>";
    if (!e) {
        S3HttpRequest done
            = build("POST", bucket, key, {{"uploadId", uploadId}}, {{"content-type", "application/xml"}}, xml);
        const S3HttpResponse cr = execute(std::move(done));
        e = errorFor(cr, ctx);
        S3CompleteMultipartResult result;
        if (!e)
            e = parseS3CompleteMultipart(cr.body, &result);
        if (!e && etag)
            *etag = result.etag;
    }
    if (e) {
        if (Error ae = abortMultipart(bucket, key, started.uploadId))
            e.detail += QStringLiteral(" (abort failed too: %1)").arg(ae.message);
        return e;
    }
    return {};
}

Error S3Client::putAuto(
    const QString &bucket, const QString &key, const QByteArray &data, qint64 multipartThreshold, qint64 partSize)
{
    if (multipartThreshold > 0 && data.size() >= multipartThreshold)
        return multipartPut(bucket, key, data, partSize);
    return putObject(bucket, key, data);
}

} // namespace cm
