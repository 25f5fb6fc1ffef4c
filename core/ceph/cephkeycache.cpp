// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/cephkeycache.h"

#include "ceph/cephconnectionspec.h"
#include "ceph/cephkeychain.h"
#include "model/error.h"

#include <QHash>
#include <QMutex>

namespace cm {

namespace {
QMutex &mutex()
{
    static QMutex m;
    return m;
}
QHash<QString, QString> &keys()
{
    static QHash<QString, QString> k;
    return k;
}
QString slot(const QString &fsid, const QString &client)
{
    return fsid.toLower() + QLatin1Char('/') + client;
}
} // namespace

void CephKeyCache::put(const QString &fsid, const QString &clientName, const QString &key)
{
    QMutexLocker lock(&mutex());
    keys().insert(slot(fsid, clientName), key);
}

QString CephKeyCache::get(const QString &fsid, const QString &clientName)
{
    QMutexLocker lock(&mutex());
    return keys().value(slot(fsid, clientName));
}

void CephKeyCache::forget(const QString &fsid, const QString &clientName)
{
    QMutexLocker lock(&mutex());
    keys().remove(slot(fsid, clientName));
}

Error CephKeyCache::fill(CephConnectionSpec *spec)
{
    if (!spec->key.isEmpty() || !spec->keyringPath.isEmpty() || spec->fsid.isEmpty())
        return {};
    spec->key = get(spec->fsid, spec->clientName);
    if (!spec->key.isEmpty())
        return {};
    QString key;
    if (const Error e = CephKeychain::load(spec->fsid, spec->clientName, &key))
        return Error(e.code,
            QStringLiteral("no key for %1 of cluster %2: fetch it from a node again, or keep it in the keychain (%3)")
                .arg(spec->clientName, spec->fsid, e.message),
            spec->fsid);
    spec->key = key;
    put(spec->fsid, spec->clientName, key);
    return {};
}

} // namespace cm
