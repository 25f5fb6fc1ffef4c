// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads a Ceph cluster's inventory through mon commands (JSON), each bounded by the
// client's mon op timeout. Runs on the thread that owns the RadosClient.
#include "ceph/radosclient.h"
#include "model/cephinventory.h"
#include "model/error.h"
#include "model/nodespec.h"

#include <QList>

namespace cm {

// The inventory; *error is set (and an empty inventory returned) only when the cluster
// cannot be read at all (not connected, status refused). Commands that fail later
// (e.g. no mgr for "osd df") leave a warning and their part empty.
CephInventory probeCephInventory(RadosClient &client, Error *error);

// The CRUSH hosts as SSH nodes (host name, user root), in name order.
QList<NodeSpec> suggestedNodes(const CephInventory &inv);

} // namespace cm
