// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Discovers what a node has (host, CPU, memory, disks, NICs) with ONE remote command:
// a fixed shell script whose output is split into marked sections. The node's
// NodeSpec::procRoot / sysRoot replace /proc and /sys (recorded trees in tests).
// Missing tools or unreadable files become warnings; only a transport failure is an
// error. Blocks the calling worker thread (see transport.h).
#include "model/error.h"
#include "model/inventory.h"
#include "transport/transport.h"

namespace cm {

NodeInventory probeNode(Transport &t, Error *error = nullptr);

// The exact command probeNode runs (for previews and the exported script).
Command inventoryCommand(const NodeSpec &node, const QByteArray &nonce);

// Pure: builds the inventory from the script's output (exposed for tests).
NodeInventory inventoryFromProbeOutput(const QByteArray &output, const QByteArray &nonce, const QString &nodeName);

} // namespace cm
