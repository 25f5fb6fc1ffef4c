// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where an S3 plan's secret key is found when it runs (Plan.target "secretRef"); the
// secret itself never goes into a plan:
//   "keychain"   the OS keychain entry S3Keychain::entryName(endpoint, accessKey)
//   "lab:<DIR>"  S3_SECRET_KEY of DIR/lab.env (a local lab, scripts/lab/ceph-lab.sh);
//                its S3_ACCESS_KEY must be the plan's access key
//   "env:VAR"    the environment variable VAR of the running process (CLI, CI)
// resolve() may block on the keychain: worker threads and the CLI only.
#include "model/error.h"

#include <QByteArray>
#include <QString>

namespace cm {

class S3SecretRef {
public:
    // Syntax only (no look-up): InvalidInput naming the accepted forms.
    static Error check(const QString &ref);
    static Error resolve(const QString &ref, const QString &endpoint, const QString &accessKey, QByteArray *secret,
        int timeoutMs = 30000);
    // "the OS keychain", "the lab in /tmp/x", "$VAR" (for messages).
    static QString describe(const QString &ref);
};

} // namespace cm
