// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Parsers for two mon command replies the per-OSD latency benchmark needs. Pure: bytes
// in, values out, an Error for a reply that is not the expected JSON shape.
// Recorded examples: tests/data/ceph-osdmap/README.md.
#include "model/error.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace cm {

// {"prefix":"osd map","pool":P,"object":O,"format":"json"}: where an object lives.
struct CephObjectMap {
    QString pool;
    int poolId = -1;
    QString object;
    QString pgid; // "9.1e"
    QList<int> up;
    QList<int> acting;
    int upPrimary = -1; // -1: no OSD (its PG has no up OSD)
    int actingPrimary = -1;
    // The OSD that serves the object: acting_primary, else up_primary; -1 if none.
    int primary() const { return actingPrimary >= 0 ? actingPrimary : upPrimary; }
};

// {"prefix":"osd metadata","id":N,"format":"json"}: the facts the heat map shows.
struct CephOsdMetadata {
    int id = -1;
    QString hostname;
    std::optional<bool> rotational; // "rotational", else "bluestore_bdev_rotational"
    QString deviceType; // "bluestore_bdev_type" ("hdd", "ssd"); may be empty
    QString defaultDeviceClass; // "default_device_class"
    QString devices; // "vda" / "sdb,sdc"
    QString cephVersion; // "ceph_version_short"
    QStringList addresses; // its front and back network addresses ("front_addr", "back_addr")
    QString node; // the app's node on that host, when one matches (stats/osdplacement.h)
};

Error parseCephObjectMap(const QByteArray &json, CephObjectMap *out);
Error parseCephOsdMetadata(const QByteArray &json, CephOsdMetadata *out);
// One OSD's object of that reply (also an element of the no-id list form).
Error cephOsdMetadataFromJson(const QJsonObject &o, CephOsdMetadata *out);

} // namespace cm
