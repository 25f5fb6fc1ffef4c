// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which of the app's nodes each OSD lives on: Ceph names the OSD's host and its
// addresses (`osd metadata`), the node monitor names each node's host name and
// addresses (model/nodeidentity.h). A host name matches with or without its domain,
// in any case; otherwise a shared address matches. Pure.
#include "model/nodeidentity.h"
#include "parse/cephosdmap.h"

#include <QList>

namespace cm {

// Sets each OSD's `node` to the matching node's name, or clears it when none matches.
void placeOsdsOnNodes(QList<CephOsdMetadata> *osds, const QList<NodeIdentity> &nodes);

} // namespace cm
