// The default connector: a LocalTransport for "local"; SSH nodes once the SSH
// transport is part of core (see transport/transportfactory.h).
#include "nodeconnector.h"

#include "transport/localtransport.h"

namespace cm::ui {

NodeConnector defaultNodeConnector()
{
    NodeConnector c;
    c.testConnection = [](const NodeSpec &node, const Credentials &, const QString &) -> Error {
        if (node.isLocal())
            return {};
        return Error(Error::Code::Internal, QStringLiteral("SSH is not available in this build"), node.displayName());
    };
    c.probe = [](const NodeSpec &node, const Credentials &) {
        NodeProbeResult r;
        if (!node.isLocal())
            r.error = Error(Error::Code::Internal, QStringLiteral("SSH is not available in this build"), node.displayName());
        return r;
    };
    return c;
}

} // namespace cm::ui
