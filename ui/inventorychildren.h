// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Turns a node's inventory (core/model/inventory.h) into the cluster panel's rows.
#include "model/inventory.h"
#include "nodeconnector.h"

namespace cm::ui {

NodeProbeResult probeResultFromInventory(const NodeInventory &inv);
QString formatSize(quint64 bytes); // "1.0 TB", "512 GB"

} // namespace cm::ui
