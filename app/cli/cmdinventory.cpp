// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommon.h"
#include "clihelp.h"

#include "engine/nodeworker.h"
#include "probe/inventoryprobe.h"

namespace cm::cli {

int cmdInventory(const QStringList &argsIn)
{
    QStringList args = argsIn;
    takeFlag(args, QStringLiteral("--json")); // JSON is the only output format
    const QString procRoot = takeOption(args, QStringLiteral("--procfs")).value(0);
    const QString sysRoot = takeOption(args, QStringLiteral("--sysfs")).value(0);
    if (args.size() != 1) {
        printErr(QStringLiteral("usage: clustermark-cli inventory NODE [--json] [--procfs DIR] [--sysfs DIR]"));
        return ExitUsage;
    }
    QString err;
    NodeSpec node = NodeSpec::parse(args.first(), &err);
    if (node.host.isEmpty()) {
        printErr(QStringLiteral("inventory: %1").arg(err));
        return ExitUsage;
    }
    if (!procRoot.isEmpty())
        node.procRoot = procRoot;
    if (!sysRoot.isEmpty())
        node.sysRoot = sysRoot;
    std::unique_ptr<Transport> t = createNodeTransport(node, {});
    if (const Error e = t->connect()) {
        printErr(QStringLiteral("inventory: %1").arg(e.toString()));
        if (e.code == Error::Code::HostKeyUnknown)
            printErr(QStringLiteral("inventory: the host key fingerprint is %1; trust it in the app's Add node "
                                    "dialog, or with: clustermark-cli trust %2 --fingerprint %1")
                         .arg(e.detail, node.toSpecString()));
        return ExitFailed;
    }
    Error e;
    const NodeInventory inv = probeNode(*t, &e);
    if (e) {
        printErr(QStringLiteral("inventory: %1").arg(e.toString()));
        return ExitFailed;
    }
    for (const QString &w : inv.warnings)
        printErr(QStringLiteral("warning: %1").arg(w));
    printJson(QJsonDocument(inv.toJson()));
    return ExitOk;
}

} // namespace cm::cli
