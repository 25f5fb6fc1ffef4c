// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The drive's volatile write cache as the field's tools report it (the write-cache knob,
// docs/ARCHITECTURE.md §12): hdparm -W for ATA drives, sdparm --get=WCE for other SCSI
// drives, nvme get-feature -f 6 for NVMe. Each gives on (true), off (false), or
// nothing for output that says neither. Pure; fuzzed (fuzz_experiment).
#include <QByteArray>

#include <optional>

namespace cm {

// "/dev/sda:\n write-caching =  1 (on)"
std::optional<bool> parseHdparmWriteCache(const QByteArray &out);
// "    /dev/sdb: SEAGATE …\nWCE           1  [cha: y, def:  1, sav:  1]"
std::optional<bool> parseSdparmWce(const QByteArray &out);
// "get-feature:0x06 (Volatile Write Cache), Current value:0x00000001"
std::optional<bool> parseNvmeVolatileWriteCache(const QByteArray &out);

} // namespace cm
