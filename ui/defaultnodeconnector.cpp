// The default connector: a LocalTransport for "local", SSH for the others once the
// SSH transport is part of core (transport/transportfactory.h).
#include "inventorychildren.h"
#include "nodeconnector.h"
#include "probe/inventoryprobe.h"
#include "transport/localtransport.h"

namespace cm::ui {

namespace {
std::unique_ptr<Transport> transportFor(const NodeSpec &node, Error *error)
{
    if (node.isLocal())
        return std::make_unique<LocalTransport>(node);
    *error = Error(Error::Code::Internal, QStringLiteral("SSH is not available in this build"), node.displayName());
    return nullptr;
}
} // namespace

NodeConnector defaultNodeConnector()
{
    NodeConnector c;
    c.testConnection = [](const NodeSpec &node, const Credentials &, const QString &) -> Error {
        Error e;
        auto t = transportFor(node, &e);
        return t ? t->connect() : e;
    };
    c.probe = [](const NodeSpec &node, const Credentials &) {
        NodeProbeResult r;
        auto t = transportFor(node, &r.error);
        if (!t)
            return r;
        if ((r.error = t->connect()))
            return r;
        Error e;
        const NodeInventory inv = probeNode(*t, &e);
        if (e) {
            r.error = e;
            return r;
        }
        r = probeResultFromInventory(inv);
        return r;
    };
    return c;
}

} // namespace cm::ui
