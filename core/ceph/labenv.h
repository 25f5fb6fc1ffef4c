#pragma once
// The values of a lab started by scripts/lab/ceph-lab.sh: KEY=VALUE lines of DIR/lab.env
// (CEPH_CONF, KEYRING, RGW_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, …).
#include <QMap>
#include <QString>

namespace cm {

// Empty when DIR holds no lab.env.
QMap<QString, QString> readLabEnv(const QString &dir);

} // namespace cm
