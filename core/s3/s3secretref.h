#pragma once
// Where an S3 secret key comes from, named by a reference instead of the secret itself
// (command lines and plans never hold secrets):
//   "env:VAR"   the environment variable VAR
//   "lab:DIR"   S3_SECRET_KEY of a lab started by scripts/lab/ceph-lab.sh (DIR/lab.env)
//   "keychain"  the OS keychain entry s3SecretEntry(endpoint, accessKey)
// Blocking (the keychain case waits for the keychain thread): worker threads or the
// CLI, never the UI thread.
#include "model/error.h"

#include <QString>

namespace cm {

// The keychain entry of an S3 secret: "s3:<endpoint>:<accessKey>".
QString s3SecretEntry(const QString &endpoint, const QString &accessKey);

// *secret is set only on success; a reference that yields an empty secret is an error.
Error resolveS3Secret(const QString &secretRef, const QString &endpoint, const QString &accessKey, QString *secret);

} // namespace cm
