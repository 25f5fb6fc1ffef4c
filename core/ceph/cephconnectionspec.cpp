#include "ceph/cephconnectionspec.h"

#include <QFile>

namespace cm {

CephConnectionSpec CephConnectionSpec::localDefault()
{
    CephConnectionSpec s;
    if (QFile::exists(QStringLiteral("/etc/ceph/ceph.conf"))) {
        s.confPath = QStringLiteral("/etc/ceph/ceph.conf");
        s.keyringPath = QStringLiteral("/etc/ceph/ceph.client.admin.keyring");
    } else if (QFile::exists(QStringLiteral("/etc/pve/ceph.conf"))) {
        s.confPath = QStringLiteral("/etc/pve/ceph.conf");
        s.keyringPath = QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring");
    }
    return s;
}

} // namespace cm
