// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One entry point for the engine, the probes and the CLI: a LocalTransport for the
// local node, an SshTransport for everything else. The returned transport belongs to
// the calling thread (see transport.h).
#include "transport/knownhosts.h"
#include "transport/sshtransport.h"
#include "transport/transport.h"

#include <memory>

namespace cm {

std::unique_ptr<Transport> makeTransport(
    const NodeSpec &node, const Credentials &credentials = {}, const SshOptions &options = {});

// For the add-node dialog: connect() failed with HostKeyUnknown → show
// error.detail (the fingerprint), and if the user trusts it, call again with
// SshOptions::expectedFingerprint = that value.
inline QString fingerprintOf(const Error &hostKeyError)
{
    return hostKeyError.detail;
}

} // namespace cm
