#pragma once
// Aborts every multipart upload still open in a bucket (ListMultipartUploads, then
// AbortMultipartUpload each). A cut-off load can leave uploads whose id never came
// back (the initiate request was cancelled after the gateway had done it); RGW keeps
// such a bucket from being deleted. Blocking: worker threads only.
#include "s3/s3client.h"

namespace cm {

// *aborted: how many were aborted.
Error abortOpenUploads(S3Client &client, const QString &bucket, int *aborted = nullptr);

} // namespace cm
