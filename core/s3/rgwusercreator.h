// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Creates an RGW (S3) user on a node that has radosgw-admin and a Ceph admin key, over
// a Transport (SSH or this machine): `radosgw-admin user create --uid=UID
// --display-name=NAME`, or `user info --uid=UID` when the user exists already, and
// returns the user's first S3 key. Every argument goes through the transport's shell
// quoting (Command::argv). The secret is returned to the caller, never logged.
//
// Threading: blocks the calling thread (a worker or the CLI), like Transport::run.
#include "model/error.h"
#include "util/canceltoken.h"

#include <QString>
#include <QStringList>

namespace cm {

class Transport;

struct RgwAdminOptions {
    QString confPath; // -c CONF (a cluster whose config is not in /etc/ceph)
    QString keyringPath; // -k KEYRING
    QString id; // --id ID (client.ID)
    QString name; // --name TYPE.ID
    QStringList commandPrefix; // e.g. {"sudo", "-n"} for a non-root login
    int timeoutMs = 60000;
};

struct RgwUserCredentials {
    QString uid;
    QString displayName;
    QString accessKey;
    QString secretKey;
    bool existed = false; // the user was there already (read with user info)
};

class RgwUserCreator {
public:
    explicit RgwUserCreator(Transport &transport, RgwAdminOptions options = {});

    // displayName empty: the uid.
    Error createOrGet(
        const QString &uid, const QString &displayName, RgwUserCredentials *out, const CancelToken &cancel = {});
    // The argv of `radosgw-admin <args>` with the connection options.
    QStringList argv(const QStringList &args) const;

    static bool isValidUid(const QString &uid);

private:
    Error run(const QStringList &args, QByteArray *json, int *exitCode, const CancelToken &cancel);

    Transport &m_transport;
    RgwAdminOptions m_options;
};

// Creates (or reads) the user and stores its secret in the keychain under
// S3Keychain::entryName(endpoint, accessKey) (S3Keychain::save). *out gets the user
// with secretKey cleared: callers read it back through S3SecretRef::resolve("keychain", …).
Error createRgwUserAndStore(Transport &transport, const RgwAdminOptions &options, const QString &uid,
    const QString &displayName, const QString &endpoint, RgwUserCredentials *out, const CancelToken &cancel = {});

} // namespace cm
