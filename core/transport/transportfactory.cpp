// SPDX-License-Identifier: GPL-3.0-or-later
#include "transport/transportfactory.h"

#include "transport/localtransport.h"

namespace cm {

std::unique_ptr<Transport> makeTransport(
    const NodeSpec &node, const Credentials &credentials, const SshOptions &options)
{
    if (node.isLocal())
        return std::make_unique<LocalTransport>(node);
    return std::make_unique<SshTransport>(node, credentials, options);
}

} // namespace cm
