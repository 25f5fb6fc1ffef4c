// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Parses `ip -j addr` (iproute2 JSON). Tolerates the empty objects older iproute2
// releases emit, numbers given as strings, and links without addr_info.
// Pure: bytes in, value + warnings out. speedMbps stays -1 (ip does not report it).
#include "model/error.h"
#include "model/inventory.h"

#include <QByteArray>

namespace cm {

struct IpAddrResult {
    QList<NicInfo> nics;
    QStringList warnings;
    Error error; // not JSON / not an array
};

IpAddrResult parseIpAddr(const QByteArray &json);

} // namespace cm
