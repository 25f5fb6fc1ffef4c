// SPDX-License-Identifier: GPL-3.0-or-later
// `ceph fetch NODE`: a node's Ceph client configuration over SSH (the key stays in
// memory, or goes to the keychain with --remember), then a connection test.
#include "clicommon.h"
#include "clihelp.h"

#include "ceph/cephconfigfetcher.h"
#include "ceph/cephconnectioncheck.h"
#include "ceph/cephkeychain.h"
#include "ceph/radosclient.h"
#include "engine/nodeworker.h"
#include "secrets/secretstore.h"

#include <QJsonArray>

namespace cm::cli {

int cephFetch(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const QString usage = QStringLiteral("usage: clustermark-cli ceph fetch NODE [--conf PATH] [--keyring PATH] "
                                         "[--client NAME] [--remember] [--timeout S] --json");
    takeFlag(args, QStringLiteral("--json")); // JSON is the only output format
    CephFetchOptions opts;
    opts.confPath = takeOption(args, QStringLiteral("--conf")).value(0);
    opts.keyringPath = takeOption(args, QStringLiteral("--keyring")).value(0);
    const QString client = takeOption(args, QStringLiteral("--client")).value(0);
    const QString timeout = takeOption(args, QStringLiteral("--timeout")).value(0);
    const bool remember = takeFlag(args, QStringLiteral("--remember"));
    if (args.size() != 1 || args.first().startsWith(QLatin1Char('-'))) {
        printErr(usage);
        return ExitUsage;
    }
    if (!client.isEmpty())
        opts.clientName = client;
    int timeoutSec = 10;
    if (!timeout.isEmpty()) {
        bool ok = false;
        timeoutSec = timeout.toInt(&ok);
        if (!ok || timeoutSec < 1 || timeoutSec > 600) {
            printErr(QStringLiteral("ceph fetch: --timeout must be 1..600 seconds"));
            return ExitUsage;
        }
    }
    QString err;
    const NodeSpec node = NodeSpec::parse(args.first(), &err);
    if (node.host.isEmpty()) {
        printErr(QStringLiteral("ceph fetch: %1").arg(err));
        return ExitUsage;
    }
    Credentials creds;
    if (node.rememberSecret)
        SecretStore::loadCredentials(node, &creds);
    std::unique_ptr<Transport> t = createNodeTransport(node, creds);
    if (const Error e = t->connect()) {
        printErr(QStringLiteral("ceph fetch: %1").arg(e.toString()));
        if (e.code == Error::Code::HostKeyUnknown)
            printErr(
                QStringLiteral("ceph fetch: the host key fingerprint is %1; trust it with: clustermark-cli trust %2 "
                               "--fingerprint %1")
                    .arg(e.detail, node.toSpecString()));
        return ExitFailed;
    }
    Error e;
    CephFetchResult res = CephConfigFetcher(*t).fetch(opts, &e);
    if (e) {
        printErr(QStringLiteral("ceph fetch: %1").arg(e.toString()));
        return ExitFailed;
    }
    for (const QString &w : std::as_const(res.warnings))
        printErr(QStringLiteral("warning: %1").arg(w));
    res.spec.timeoutSec = timeoutSec;

    RadosClient rados;
    const CephConnectionCheck check = CephConnectionCheck::run(rados, res.spec, &e);
    QString keyLabel = QStringLiteral("(in memory)");
    if (!e && !res.fsid.isEmpty() && check.fsid != res.fsid)
        res.warnings << QStringLiteral("the conf names fsid %1 but the cluster reports %2").arg(res.fsid, check.fsid);
    if (!e && remember) {
        if (const Error ke = CephKeychain::save(check.fsid, res.spec.clientName, res.spec.key)) {
            printErr(QStringLiteral("ceph fetch: not remembered: %1").arg(ke.toString()));
            e = ke;
        } else {
            keyLabel = QStringLiteral("(keychain)");
        }
    }
    res.spec.key.fill(QLatin1Char('\0'));
    QJsonObject o = res.toJson(keyLabel);
    o.insert(QStringLiteral("connected"), rados.isConnected());
    if (rados.isConnected())
        o.insert(QStringLiteral("cluster"), check.toJson());
    if (e)
        o.insert(QStringLiteral("error"), e.toString());
    if (!res.warnings.isEmpty())
        o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(res.warnings));
    printJson(QJsonDocument(o));
    if (e) {
        printErr(QStringLiteral("ceph fetch: %1").arg(e.toString()));
        return ExitFailed;
    }
    return ExitOk;
}

} // namespace cm::cli
