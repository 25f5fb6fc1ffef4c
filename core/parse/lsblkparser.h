// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Parses `lsblk -J -b -o NAME,PATH,TYPE,SIZE,ROTA,RO,MODEL,SERIAL,FSTYPE,PTTYPE,MOUNTPOINTS`.
// Accepts every util-linux form seen in the field: MOUNTPOINTS (array, 2.37+) or
// MOUNTPOINT (string), numbers and booleans as JSON values or as strings ("1", "0"),
// and a missing PATH column (before 2.33). Pure: bytes in, value + warnings out.
#include "model/error.h"
#include "model/inventory.h"

#include <QByteArray>

namespace cm {

struct LsblkResult {
    QList<BlockDevice> devices; // top level; partitions/volumes as children
    QStringList warnings; // entries skipped or fields not understood
    Error error; // not JSON / no "blockdevices" array
};

LsblkResult parseLsblk(const QByteArray &json);

} // namespace cm
