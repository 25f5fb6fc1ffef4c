// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Parsers for the JSON replies of Ceph mon commands (all with "format":"json"), each
// filling its part of a CephInventory. Pure: bytes in; values, warnings (appended to
// inv->warnings) and an Error for a reply that is not the expected JSON shape.
// Recorded examples and the commands: tests/data/ceph/README.md.
#include "model/cephinventory.h"
#include "model/error.h"

#include <QByteArray>
#include <QJsonDocument>

namespace cm {

// The reply's top level, which must be an object (or an array with wantArray); a
// ParseError naming `what` (the command) otherwise. Shared by the Ceph reply parsers.
Error cephJsonDocument(const QByteArray &json, const QString &what, bool wantArray, QJsonDocument *doc);

// {"prefix":"status"}: fsid and health status (checks only if none were parsed yet).
Error parseCephStatus(const QByteArray &json, CephInventory *inv);
// {"prefix":"health","detail":"detail"}: health status and checks.
Error parseCephHealth(const QByteArray &json, CephInventory *inv);
// {"prefix":"versions"}: daemon type -> version strings ("overall" left out).
Error parseCephVersions(const QByteArray &json, CephInventory *inv);
// {"prefix":"osd tree"}: OSDs (host, class, up, in, weights) and hosts -> OSD ids.
Error parseCephOsdTree(const QByteArray &json, CephInventory *inv);
// {"prefix":"osd df"}: utilization, kb, kbUsed, pgs merged into the OSDs (added if new).
Error parseCephOsdDf(const QByteArray &json, CephInventory *inv);
// {"prefix":"osd pool ls","detail":"detail"}: the pools.
Error parseCephPools(const QByteArray &json, CephInventory *inv);
// {"prefix":"osd erasure-code-profile get","name":P}: k and m into every pool using P.
Error parseCephEcProfile(const QByteArray &json, const QString &profile, CephInventory *inv);
// {"prefix":"fs dump"}: file systems; pool ids resolved through inv->pools.
Error parseCephFsDump(const QByteArray &json, CephInventory *inv);
// {"prefix":"service dump"}: RGW daemons.
Error parseCephServiceDump(const QByteArray &json, CephInventory *inv);

} // namespace cm
