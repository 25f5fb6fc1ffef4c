// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The KEY=VALUE lines of DIR/lab.env, written by scripts/lab/ceph-lab.sh when a local
// lab has started (CEPH_CONF, KEYRING, RGW_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, …).
// Empty when the file is missing or unreadable.
#include <QMap>
#include <QString>

namespace cm {

QMap<QString, QString> readLabEnv(const QString &dir);

} // namespace cm
