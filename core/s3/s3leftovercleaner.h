#pragma once
// "Clean leftovers" on an S3 endpoint (DESIGN.md §8): the buckets benchmarks left after
// a crash are exactly those named with S3Client::kBucketPrefix ("clustermark-bench-").
// scan() lists them (with their object count and bytes); remove() aborts each one's
// unfinished multipart uploads, deletes its objects and then the bucket. Nothing
// without the prefix is ever listed or changed; remove() re-checks every item.
//
// Threading: blocks the calling thread (a worker or the CLI), never the UI thread.
#include "model/leftover.h"
#include "util/canceltoken.h"

#include <QStringList>

namespace cm {

class S3Client;

struct S3LeftoverScan {
    QList<Leftover> items;    // Leftover::Kind::Bucket, location = the endpoint
    QStringList warnings;     // buckets whose contents could not be listed
    Error error;              // the endpoint could not be listed (bad key, unreachable)
};

class S3LeftoverCleaner {
public:
    static S3LeftoverScan scan(S3Client &client, const CancelToken &cancel = {});
    static CleanupReport remove(S3Client &client, const QList<Leftover> &items, const CancelToken &cancel = {});
};

} // namespace cm
