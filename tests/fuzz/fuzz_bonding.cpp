// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: /proc/net/bonding parsing and the findings computed from it.
// Links clustermark_parse only.
#include "model/bondinfo.h"
#include "parse/bondingparser.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const cm::BondParseResult r = cm::parseProcNetBonding(input, QStringLiteral("bond0"));
    if (r.error && !r.bond.slaves.isEmpty())
        std::abort(); // an error returns no half-read bond
    (void)r.bond.problems();
    (void)r.bond.carryingSlaves();
    if (r.bond.sumSlaveSpeedMbps() < 0)
        std::abort();
    if (!(cm::BondInfo::fromJson(r.bond.toJson()) == r.bond))
        std::abort();
    return 0;
}
