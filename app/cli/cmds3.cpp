// SPDX-License-Identifier: GPL-3.0-or-later
// `s3 create-user`: creates an RGW user on a node (or the lab) with radosgw-admin and
// stores its secret in the keychain; prints the access key, never the secret.
#include "clicommon.h"
#include "clihelp.h"

#include "engine/nodeworker.h"
#include "s3/rgwusercreator.h"
#include "s3/s3keychain.h"
#include "secrets/secretstore.h"
#include "transport/localtransport.h"

#include <QJsonObject>

namespace cm::cli {

namespace {

int createUser(QStringList args)
{
    const QString usage = QStringLiteral(
        "usage: clustermark-cli s3 create-user NODE|--lab DIR --uid UID [--endpoint URL] [--display-name NAME]\n"
        "       [--conf F] [--keyring F] [--id ID | --name TYPE.ID] [--sudo] [--json]");
    const bool json = takeFlag(args, QStringLiteral("--json"));
    const bool sudo = takeFlag(args, QStringLiteral("--sudo"));
    const QString lab = takeOption(args, QStringLiteral("--lab")).value(0);
    const QString uid = takeOption(args, QStringLiteral("--uid")).value(0);
    QString endpoint = takeOption(args, QStringLiteral("--endpoint")).value(0);
    const QString displayName = takeOption(args, QStringLiteral("--display-name")).value(0);
    RgwAdminOptions o;
    o.confPath = takeOption(args, QStringLiteral("--conf")).value(0);
    o.keyringPath = takeOption(args, QStringLiteral("--keyring")).value(0);
    o.id = takeOption(args, QStringLiteral("--id")).value(0);
    o.name = takeOption(args, QStringLiteral("--name")).value(0);
    if (sudo)
        o.commandPrefix = {QStringLiteral("sudo"), QStringLiteral("-n")};
    if (uid.isEmpty() || args.size() != (lab.isEmpty() ? 1 : 0) || args.value(0).startsWith(QLatin1String("--"))) {
        printErr(usage);
        return ExitUsage;
    }
    std::unique_ptr<Transport> t;
    if (!lab.isEmpty()) {
        const QMap<QString, QString> v = labValues(lab);
        if (v.value(QStringLiteral("CEPH_CONF")).isEmpty()) {
            printErr(QStringLiteral("s3 create-user: %1 holds no started lab (no lab.env with CEPH_CONF)").arg(lab));
            return ExitUsage;
        }
        if (o.confPath.isEmpty())
            o.confPath = v.value(QStringLiteral("CEPH_CONF"));
        if (o.keyringPath.isEmpty())
            o.keyringPath = v.value(QStringLiteral("KEYRING"));
        if (endpoint.isEmpty())
            endpoint = v.value(QStringLiteral("RGW_ENDPOINT"));
        t = std::make_unique<LocalTransport>();
    } else {
        QString err;
        const NodeSpec node = NodeSpec::parse(args.first(), &err);
        if (node.host.isEmpty()) {
            printErr(QStringLiteral("s3 create-user: %1").arg(err));
            return ExitUsage;
        }
        Credentials creds;
        if (node.rememberSecret)
            SecretStore::loadCredentials(node, &creds);
        t = createNodeTransport(node, creds);
    }
    if (endpoint.isEmpty()) {
        printErr(QStringLiteral(
            "s3 create-user: give --endpoint URL (the gateway the key is for; it names the keychain entry)"));
        return ExitUsage;
    }
    RgwUserCredentials c;
    if (const Error e = createRgwUserAndStore(*t, o, uid, displayName, endpoint, &c)) {
        printErr(QStringLiteral("s3 create-user: %1").arg(e.toString()));
        return ExitFailed;
    }
    const QString entry = S3Keychain::entryName(endpoint, c.accessKey);
    if (json) {
        printJson(QJsonDocument(QJsonObject {{QStringLiteral("uid"), c.uid}, {QStringLiteral("accessKey"), c.accessKey},
            {QStringLiteral("existed"), c.existed}, {QStringLiteral("endpoint"), endpoint},
            {QStringLiteral("keychainEntry"), entry}}));
    } else {
        fputs(QStringLiteral("%1 RGW user %2 on %3\naccess key %4\nsecret stored in the keychain as %5\n")
                  .arg(c.existed ? QStringLiteral("existing") : QStringLiteral("created"), c.uid, t->node().host,
                      c.accessKey, entry)
                  .toUtf8()
                  .constData(),
            stdout);
    }
    return ExitOk;
}

} // namespace

int cmdS3(const QStringList &argsIn)
{
    QStringList args = argsIn;
    if (!args.isEmpty() && args.first() == u"create-user") {
        args.removeFirst();
        return createUser(args);
    }
    printErr(QStringLiteral("usage: clustermark-cli s3 create-user NODE|--lab DIR --uid UID [--endpoint URL]"));
    return ExitUsage;
}

} // namespace cm::cli
