// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Parsers for the XML bodies of S3 responses (RGW and AWS). Pure: bytes in, values out,
// an Error for a body that is not the expected document. Element names are matched by
// local name, so the S3 namespace (or its absence, as some gateways send) does not matter.
#include "model/error.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace cm {

// <Error><Code>NoSuchKey</Code><Message>…</Message>…</Error>
struct S3ErrorBody {
    QString code; // "SignatureDoesNotMatch", "NoSuchKey", …
    QString message; // may be empty (RGW often sends none)
    QString resource;
    QString requestId;
    QString bucketName;
    QString key;
};

struct S3ObjectEntry {
    QString key;
    qint64 size = 0;
    QString etag; // as sent, quotes included
    QString lastModified;
};

// ListObjectsV2: <ListBucketResult>.
struct S3ListResult {
    QString bucket;
    QString prefix;
    QList<S3ObjectEntry> contents;
    QStringList commonPrefixes;
    bool truncated = false;
    QString nextContinuationToken;
    int keyCount = -1; // -1: not in the body
};

// ListBuckets: <ListAllMyBucketsResult>.
struct S3BucketEntry {
    QString name;
    QString creationDate;
};

struct S3InitiateMultipartResult {
    QString bucket;
    QString key;
    QString uploadId;
};

struct S3CompleteMultipartResult {
    QString location;
    QString bucket;
    QString key;
    QString etag;
};

// ListMultipartUploads: <ListMultipartUploadsResult>, the uploads begun and neither
// completed nor aborted.
struct S3MultipartUploadEntry {
    QString key;
    QString uploadId;
    QString initiated;
};

struct S3ListUploadsResult {
    QString bucket;
    QList<S3MultipartUploadEntry> uploads;
    bool truncated = false;
    QString nextKeyMarker; // with nextUploadIdMarker: where the next page starts
    QString nextUploadIdMarker;
};

Error parseS3Error(const QByteArray &xml, S3ErrorBody *out);
Error parseS3ListObjects(const QByteArray &xml, S3ListResult *out);
Error parseS3ListBuckets(const QByteArray &xml, QList<S3BucketEntry> *out);
Error parseS3InitiateMultipart(const QByteArray &xml, S3InitiateMultipartResult *out);
// A 200 reply to CompleteMultipartUpload may still carry an <Error> body (S3 sends the
// status before the work is done): that comes back as CommandFailed with the S3 code.
Error parseS3CompleteMultipart(const QByteArray &xml, S3CompleteMultipartResult *out);

// Every <Upload> has a <Key> and an <UploadId>; a truncated listing names its next markers.
Error parseS3ListMultipartUploads(const QByteArray &xml, S3ListUploadsResult *out);

// XML escaping for request bodies (CompleteMultipartUpload, DeleteObjects).
QByteArray xmlEscape(const QString &text);

} // namespace cm
