// SPDX-License-Identifier: GPL-3.0-or-later
// The default connector: core's transports (LocalTransport for "local", SSH for the
// rest, with the app's own known_hosts), secrets from the keychain when the node says
// so, and the one-command inventory probe. Runs on worker threads only.
#include "inventorychildren.h"
#include "nodeconnector.h"
#include "probe/inventoryprobe.h"
#include "secrets/secretstore.h"
#include "transport/transportfactory.h"

namespace cm::ui {

namespace {
Credentials withRememberedSecrets(const NodeSpec &node, const Credentials &given)
{
    if (node.isLocal() || !node.rememberSecret || !given.isEmpty())
        return given;
    Credentials c;
    if (SecretStore::loadCredentials(node, &c))
        return given; // keychain unavailable: connect without (auth may still work)
    return c;
}
} // namespace

NodeConnector defaultNodeConnector()
{
    NodeConnector c;
    c.testConnection = [](const NodeSpec &node, const Credentials &cred, const QString &expectedFingerprint) -> Error {
        SshOptions o;
        o.expectedFingerprint = expectedFingerprint;
        auto t = makeTransport(node, withRememberedSecrets(node, cred), o);
        return t->connect();
    };
    c.probe = [](const NodeSpec &node, const Credentials &cred) {
        NodeProbeResult r;
        const Credentials used = withRememberedSecrets(node, cred);
        auto t = makeTransport(node, used);
        if ((r.error = t->connect()))
            return r;
        Error e;
        const NodeInventory inv = probeNode(*t, &e);
        if (e) {
            r.error = e;
            return r;
        }
        r = probeResultFromInventory(inv);
        r.credentials = used;
        return r;
    };
    return c;
}

} // namespace cm::ui
