// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// S3 secret keys in the OS keychain (SecretStore: service "ClusterMark"), one entry per
// endpoint and access key: "s3:<endpoint>:<accessKey>", e.g.
// "s3:https://s3.example.net:AKIA…". Never in the database, QSettings, logs, plans or
// exports.
//
// These calls block (worker threads, the CLI; NEVER the UI thread). The UI uses an
// async SecretStore with entryName() as the key.
#include "model/error.h"

#include <QString>

namespace cm {

class S3Keychain {
public:
    // The endpoint normalised (scheme and host lowercased, no trailing slash, no user
    // info); InvalidInput (empty string returned) when it is not an http(s) URL or the
    // access key is empty or holds ':' or whitespace.
    static QString entryName(const QString &endpoint, const QString &accessKey, Error *error = nullptr);

    static Error save(const QString &endpoint, const QString &accessKey, const QString &secret, int timeoutMs = 30000);
    // Nothing stored is not an error: *secret is empty.
    static Error load(const QString &endpoint, const QString &accessKey, QString *secret, int timeoutMs = 30000);
    static Error forget(const QString &endpoint, const QString &accessKey, int timeoutMs = 30000);
};

} // namespace cm
