// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Clean leftovers" on an S3 endpoint (docs/ARCHITECTURE.md §8): the buckets benchmarks left after
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
    QList<Leftover> items; // Leftover::Kind::Bucket, location = the endpoint
    QStringList warnings; // buckets whose contents could not be listed
    Error error; // the endpoint could not be listed (bad key, unreachable)
};

// An endpoint to clean, with its secret named by reference (S3SecretRef: "env:VAR",
// "lab:DIR" or "keychain").
struct S3CleanupTarget {
    QString endpoint;
    QString accessKey;
    QString secretRef = QStringLiteral("keychain");
};

class S3LeftoverCleaner {
public:
    static S3LeftoverScan scan(S3Client &client, const CancelToken &cancel = {});
    static CleanupReport remove(S3Client &client, const QList<Leftover> &items, const CancelToken &cancel = {});

    // The same through a target: resolves the secret and makes the client (a secret that
    // cannot be resolved is the scan's error, or every item's failure).
    static S3LeftoverScan scan(const S3CleanupTarget &target, const CancelToken &cancel = {});
    // Only the items of this target's endpoint; others are left for their own target.
    static CleanupReport remove(
        const S3CleanupTarget &target, const QList<Leftover> &items, const CancelToken &cancel = {});
};

} // namespace cm
