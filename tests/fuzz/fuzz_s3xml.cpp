// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the S3 XML parsers (error, ListBucketResult, ListAllMyBucketsResult,
// InitiateMultipartUploadResult, CompleteMultipartUploadResult, ListMultipartUploadsResult) must never crash, hang or
// leak on any input. Links clustermark_parse only.
#include "parse/s3xml.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    cm::S3ErrorBody err;
    (void)cm::parseS3Error(input, &err);
    cm::S3ListResult list;
    if (!cm::parseS3ListObjects(input, &list)) {
        for (const cm::S3ObjectEntry &o : list.contents)
            if (o.size < 0 || o.key.isEmpty())
                __builtin_trap(); // the parser promised valid entries
    }
    QList<cm::S3BucketEntry> buckets;
    (void)cm::parseS3ListBuckets(input, &buckets);
    cm::S3InitiateMultipartResult init;
    if (!cm::parseS3InitiateMultipart(input, &init) && init.uploadId.isEmpty())
        __builtin_trap();
    cm::S3CompleteMultipartResult done;
    (void)cm::parseS3CompleteMultipart(input, &done);
    cm::S3ListUploadsResult uploads;
    if (!cm::parseS3ListMultipartUploads(input, &uploads)) {
        for (const cm::S3MultipartUploadEntry &u : uploads.uploads)
            if (u.key.isEmpty() || u.uploadId.isEmpty())
                __builtin_trap(); // the parser promised complete entries
        if (uploads.truncated && uploads.nextKeyMarker.isEmpty() && uploads.nextUploadIdMarker.isEmpty())
            __builtin_trap();
    }
    (void)cm::xmlEscape(QString::fromUtf8(input));
    return 0;
}
