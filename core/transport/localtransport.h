// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs commands on this machine: `/bin/sh -c <quoted command>` in its own session
// (setsid), so cancel kills the whole process group, exactly like on a remote node.
#include "transport/transport.h"

namespace cm {

class LocalTransport : public Transport {
public:
    explicit LocalTransport(NodeSpec node = NodeSpec::parse(QStringLiteral("local")));
    Error connect() override { return {}; }
    bool isConnected() const override { return true; }
    ExecResult run(const Command &cmd, const OutputCallbacks &out, const CancelToken &cancel) override;
    const NodeSpec &node() const override { return m_node; }

private:
    NodeSpec m_node;
};

// Shared by both transports: exit 127 with "not found" means the tool is missing.
Error toolMissingError(const Command &cmd, int exitCode, const QByteArray &stdErr, const QString &context);

} // namespace cm
