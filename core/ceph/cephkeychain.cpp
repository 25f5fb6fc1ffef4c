// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/cephkeychain.h"

#include "parse/cephconf.h"
#include "parse/cephkeyring.h"
#include "secrets/secretstore.h"

#include <QUuid>

namespace cm {

QString CephKeychain::entryName(const QString &fsid, const QString &clientName, Error *error)
{
    const QUuid id = QUuid::fromString(fsid.trimmed());
    if (id.isNull()) {
        if (error)
            *error = Error(
                Error::Code::InvalidInput, QStringLiteral("\"%1\" is not a cluster fsid (a UUID)").arg(fsid.left(80)));
        return {};
    }
    if (error)
        *error = {};
    return QStringLiteral("ceph:%1:%2").arg(id.toString(QUuid::WithoutBraces), cephEntityName(clientName));
}

Error CephKeychain::save(const QString &fsid, const QString &clientName, const QString &key, int timeoutMs)
{
    Error e;
    const QString entry = entryName(fsid, clientName, &e);
    if (e)
        return e;
    QString why;
    if (!isValidCephKey(key, &why))
        return Error(Error::Code::InvalidInput, QStringLiteral("not saved: %1").arg(why), entry);
    return SecretStore::writeBlocking(entry, key, timeoutMs);
}

Error CephKeychain::load(const QString &fsid, const QString &clientName, QString *key, int timeoutMs)
{
    key->clear();
    Error e;
    const QString entry = entryName(fsid, clientName, &e);
    if (e)
        return e;
    return SecretStore::readBlocking(entry, key, timeoutMs);
}

Error CephKeychain::forget(const QString &fsid, const QString &clientName, int timeoutMs)
{
    Error e;
    const QString entry = entryName(fsid, clientName, &e);
    if (e)
        return e;
    return SecretStore::removeBlocking(entry, timeoutMs);
}

Error CephKeychain::loadInto(const QString &fsid, CephConnectionSpec *spec, int timeoutMs)
{
    QString key;
    if (Error e = load(fsid, spec->clientName, &key, timeoutMs))
        return e;
    if (key.isEmpty())
        return Error(Error::Code::PathMissing,
            QStringLiteral("no key for %1 of cluster %2 in the keychain").arg(cephEntityName(spec->clientName), fsid),
            entryName(fsid, spec->clientName));
    spec->key = key;
    return {};
}

} // namespace cm
