// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// /proc/net/bonding/<bond> (the text drivers/net/bonding/bond_procfs.c prints) into a
// BondInfo. Every bonding mode, old drivers without Speed/Duplex lines, the 802.3ad
// aggregator and LACP PDU details (printed to root only) are read. Unknown lines and an
// unexpected version line are tolerated and noted in warnings. Pure: bytes in, value +
// warnings out.
#include "model/bondinfo.h"
#include "model/error.h"

#include <QByteArray>

namespace cm {

struct BondParseResult {
    BondInfo bond;
    QStringList warnings;
    Error error; // ParseError when there is no "Bonding Mode:" line (not a bonding file)
};

// bondName: the file name (bond0); it only fills BondInfo::name.
BondParseResult parseProcNetBonding(const QByteArray &text, const QString &bondName = {});

// "IEEE 802.3ad Dynamic link aggregation" -> "802.3ad"; short names pass through;
// empty when unknown.
QString bondModeShortName(const QString &description);

} // namespace cm
