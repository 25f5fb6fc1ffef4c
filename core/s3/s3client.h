// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An S3 client for benchmarks: SigV4-signed requests (path-style or virtual-host style,
// any region, UNSIGNED-PAYLOAD or a signed payload hash) over an S3HttpPool.
//
// Two ways to use it: build + submit (asynchronous, what the load loop does: the
// callback runs on the pool's thread), or the blocking helpers below, which wait for
// their answer and so belong on worker threads, never on the UI thread, and never inside
// a pool callback.
#include "parse/s3xml.h"
#include "s3/s3httppool.h"
#include "s3/sigv4signer.h"

#include <QString>
#include <QUrl>

#include <memory>

namespace cm {

struct S3Config {
    QString endpoint; // "http://127.0.0.1:8080", "https://s3.example.net"
    QString region = QStringLiteral("us-east-1");
    bool virtualHostStyle = false; // bucket.host/key instead of host/bucket/key
    QByteArray accessKey;
    QByteArray secretKey; // from the keychain; never stored elsewhere
    bool signPayload = false; // false: x-amz-content-sha256: UNSIGNED-PAYLOAD
    QString caFile; // PEM; empty: the system trust store
    bool skipTlsVerify = false; // explicit; results must say so
    int maxConnections = 16;
    int threads = 0; // event-loop threads of the pool; 0: min(2, cores)
    bool plainHttpEngine = true; // http:// on the lean built-in loop; false: libcurl
    int connectTimeoutMs = 5000;
    int stallTimeoutMs = 15000;
    // Server-side encryption of the objects the client writes and reads. SSE-S3: the
    // gateway's own key ("x-amz-server-side-encryption: AES256" on PUT and multipart
    // initiate). SSE-C: the customer's 256-bit key on every object request (PUT, part,
    // GET, HEAD); the gateway keeps only its MD5. The key lives in memory only.
    enum class Encryption { None, SseS3, SseC };
    Encryption encryption = Encryption::None;
    QByteArray customerKey; // SSE-C: 32 raw bytes
};

class S3Client {
public:
    static constexpr const char *kBucketPrefix = "clustermark-bench-";

    // Checks the configuration; the client is unusable (every call fails) when invalid.
    explicit S3Client(const S3Config &config);
    ~S3Client();
    Error configError() const { return m_configError; }
    const S3Config &config() const { return m_config; }
    S3HttpPool &pool() { return *m_pool; }

    // A fresh app bucket name: the prefix, a tag (lowercase letters/digits) and random hex.
    static QString newBucketName(const QString &tag = QString());
    static bool isValidBucketName(const QString &name);
    static bool isAppBucket(const QString &name);

    // A signed request; body may be shared by many requests (bodyOffset/bodyLength pick a slice).
    S3HttpRequest build(const QByteArray &method, const QString &bucket, const QString &key,
        const ByteParams &query = {}, const ByteParams &extraHeaders = {}, const QByteArray &body = {},
        qint64 bodyOffset = 0, qint64 bodyLength = -1) const;
    // A presigned URL (signature in the query, valid expiresSeconds): lets a tool that
    // cannot sign send requests the gateway checks like the app's own.
    QByteArray presignedUrl(
        const QByteArray &method, const QString &bucket, const QString &key, int expiresSeconds) const;
    void submit(S3HttpRequest request, S3HttpPool::Callback done);
    S3HttpResponse execute(S3HttpRequest request);

    // None for a 2xx answer; otherwise the transport error, or the HTTP status with the
    // S3 code (in detail) and message parsed from the XML body.
    static Error errorFor(const S3HttpResponse &r, const QString &context);
    // Whether the gateway's answer to a PUT says it encrypted the object as configured
    // (an RGW before 17.2 accepts SSE-S3 and stores the object in plain text, without
    // saying so in its answer).
    bool answerSaysEncrypted(const S3HttpResponse &r) const;
    // "none", "SSE-S3", "SSE-C".
    static QString encryptionName(S3Config::Encryption e);

    // Blocking helpers (worker threads only). `r` (optional) receives the raw response.
    Error putObject(const QString &bucket, const QString &key, const QByteArray &data, S3HttpResponse *r = nullptr);
    // length < 0: to the end. A ranged GET sends "Range: bytes=offset-(offset+length-1)".
    Error getObject(const QString &bucket, const QString &key, QByteArray *data, qint64 offset = -1, qint64 length = -1,
        S3HttpResponse *r = nullptr);
    Error headObject(const QString &bucket, const QString &key, qint64 *size, S3HttpResponse *r = nullptr);
    Error deleteObject(const QString &bucket, const QString &key, S3HttpResponse *r = nullptr);
    // ListObjectsV2, following continuation tokens; pages counts the requests made.
    Error listObjects(const QString &bucket, const QString &prefix, QList<S3ObjectEntry> *out, int pageSize = 1000,
        int *pages = nullptr);
    Error listBuckets(QList<S3BucketEntry> *out);
    Error createBucket(const QString &bucket);
    Error deleteBucket(const QString &bucket);
    // Aborts its unfinished multipart uploads, then deletes every object (app buckets only).
    Error emptyBucket(const QString &bucket, int *deleted = nullptr);
    // Empties and removes every bucket carrying the app's prefix (and no other).
    Error removeAppBuckets(QStringList *removed = nullptr);

    // Multipart upload: initiate, parts of partSize (the last one shorter) with up to
    // `parallel` in flight, complete; aborted on any failure.
    Error multipartPut(const QString &bucket, const QString &key, const QByteArray &data, qint64 partSize,
        int parallel = 4, QString *etag = nullptr);
    // A single PUT below threshold, multipart at or above it.
    Error putAuto(
        const QString &bucket, const QString &key, const QByteArray &data, qint64 multipartThreshold, qint64 partSize);
    Error abortMultipart(const QString &bucket, const QString &key, const QString &uploadId);
    // ListMultipartUploads, following its markers: uploads begun, neither completed nor aborted.
    Error listMultipartUploads(const QString &bucket, QList<S3MultipartUploadEntry> *out, int *pages = nullptr);
    // Aborts every unfinished multipart upload of an app bucket (emptyBucket does it first).
    Error abortAllMultipart(const QString &bucket, int *aborted = nullptr);

    static constexpr qint64 kMinPartSize = 5 * 1024 * 1024; // S3's floor for all parts but the last

private:
    Error checkUsable(const QString &bucket) const;
    ByteParams encryptionHeaders(const QByteArray &method, const QString &key, const ByteParams &query) const;
    // The Host header and raw path of bucket/key (path or virtual-host style).
    void hostAndPath(const QString &bucket, const QString &key, QByteArray *host, QByteArray *path) const;

    S3Config m_config;
    Error m_configError;
    QUrl m_base;
    QByteArray m_hostPort; // "127.0.0.1:8080" (port only when not the scheme's default)
    SigV4Signer m_signer;
    std::unique_ptr<S3HttpPool> m_pool;
};

} // namespace cm
