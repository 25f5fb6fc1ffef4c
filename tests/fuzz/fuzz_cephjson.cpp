// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the Ceph mon reply parsers must never crash, hang or leak on any
// input. Every parser gets the same bytes, in probe order. Links clustermark_parse only.
#include "parse/cephjson.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    cm::CephInventory inv;
    (void)cm::parseCephStatus(input, &inv);
    (void)cm::parseCephHealth(input, &inv);
    (void)cm::parseCephVersions(input, &inv);
    (void)cm::parseCephOsdTree(input, &inv);
    (void)cm::parseCephOsdDf(input, &inv);
    (void)cm::parseCephPools(input, &inv);
    (void)cm::parseCephEcProfile(input, QStringLiteral("ec21"), &inv);
    (void)cm::parseCephFsDump(input, &inv);
    (void)cm::parseCephServiceDump(input, &inv);
    (void)cm::CephInventory::fromJson(inv.toJson());
    return 0;
}
