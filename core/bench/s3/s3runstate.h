// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The S3 kind's state for one run: its client (one connection pool: the run's one
// connection group), its bucket (S3Client::newBucketName, created on the first step)
// and which benchmark objects exist, shared by the run's steps. finish() empties and
// removes the bucket — also after a cancel or a failed step.
#include "bench/steprunner.h"
#include "s3/s3client.h"
#include "s3/s3objectset.h"

#include <QJsonObject>

#include <memory>

namespace cm {

class S3RunState : public RunState {
public:
    explicit S3RunState(QJsonObject target);
    ~S3RunState() override;

    // The client config of a plan target with the secret given (never from the plan).
    // SSE-C: `customerKey`, the run's own random key (memory only, gone with the run:
    // its objects are removed with it).
    static S3Config config(const QJsonObject &target, const QByteArray &secret, const QByteArray &customerKey = {});
    // The target's "encryption": none, sse-s3 or sse-c.
    static S3Config::Encryption encryption(const QJsonObject &target);
    // Writes, reads back and removes a probe object: the gateway must say it encrypted
    // it and return the same bytes; with SSE-C, a GET without the key must be refused.
    static Error checkEncryption(S3Client &client, const QString &bucket);
    // The client and bucket, made on first use: resolves the secret (blocking: the
    // keychain), checks the config, creates the bucket. A failure is kept and returned
    // again by later calls.
    Error open(S3Client **client, QString *bucket);
    S3ObjectSet &objects() { return m_objects; }
    QString bucket() const { return m_bucket; }

    // Empties and removes the bucket (when one was created) and ends the client.
    QList<Leftover> finish(Transport &transport, const std::function<void(const QString &)> &log) override;
    // Without a transport (a step run with no run state of its own).
    QList<Leftover> finish(const std::function<void(const QString &)> &log);
    int removedObjects() const { return m_removed; }
    bool bucketRemoved() const { return m_bucketRemoved; }
    Error finishError() const { return m_finishError; }

private:
    QJsonObject m_target;
    std::unique_ptr<S3Client> m_client;
    QString m_bucket;
    bool m_created = false;
    Error m_openError;
    S3ObjectSet m_objects;
    int m_removed = 0;
    bool m_bucketRemoved = false;
    Error m_finishError;
};

} // namespace cm
