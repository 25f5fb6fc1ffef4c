// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommon.h"
#include "clihelp.h"

#include "secrets/secretstore.h"
#include "transport/transportfactory.h"

namespace cm::cli {

// Trust on first use from the command line: shows the host key's SHA256 fingerprint
// and stores it only when the user passes that same fingerprint (or --yes).
int cmdTrust(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const QString fingerprint = takeOption(args, QStringLiteral("--fingerprint")).value(0);
    const bool yes = takeFlag(args, QStringLiteral("--yes"));
    if (args.size() != 1) {
        printErr(QStringLiteral("usage: clustermark-cli trust USER@HOST[:PORT] [--fingerprint SHA256:…|--yes]"));
        return ExitUsage;
    }
    QString err;
    const NodeSpec node = NodeSpec::parse(args.first(), &err);
    if (node.host.isEmpty() || node.isLocal()) {
        printErr(
            QStringLiteral("trust: %1").arg(err.isEmpty() ? QStringLiteral("the local node has no host key") : err));
        return ExitUsage;
    }
    Credentials creds;
    if (node.rememberSecret)
        SecretStore::loadCredentials(node, &creds);
    auto t = makeTransport(node, creds);
    Error e = t->connect();
    if (!e || e.code == Error::Code::AuthDenied) { // authentication comes after the host key check
        printErr(QStringLiteral("%1: the host key is already trusted").arg(node.toSpecString()));
        return ExitOk;
    }
    if (e.code != Error::Code::HostKeyUnknown) {
        printErr(QStringLiteral("trust: %1").arg(e.toString()));
        return ExitFailed;
    }
    const QString seen = fingerprintOf(e);
    printErr(QStringLiteral("%1 presents the host key %2").arg(node.toSpecString(), seen));
    if (!yes && fingerprint.isEmpty()) {
        printErr(
            QStringLiteral("compare it with `ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub` on the node, then run:\n"
                           "  clustermark-cli trust %1 --fingerprint %2")
                .arg(node.toSpecString(), seen));
        return ExitFailed;
    }
    if (!fingerprint.isEmpty() && fingerprint != seen) {
        printErr(QStringLiteral("trust: the fingerprint you gave (%1) is not the one the host presents: not trusted")
                     .arg(fingerprint));
        return ExitFailed;
    }
    SshOptions o;
    o.expectedFingerprint = seen;
    auto trusted = makeTransport(node, creds, o);
    e = trusted->connect();
    if (e && e.code != Error::Code::AuthDenied) {
        printErr(QStringLiteral("trust: %1").arg(e.toString()));
        return ExitFailed;
    }
    printErr(QStringLiteral("trusted %1 for %2").arg(seen, node.toSpecString()));
    if (e)
        printErr(QStringLiteral("note: %1").arg(e.message));
    return ExitOk;
}

} // namespace cm::cli
