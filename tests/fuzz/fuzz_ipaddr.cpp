// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: parseIpAddr must never crash, hang or leak on any input.
// Links clustermark_parse only.
#include "parse/ipaddrparser.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const cm::IpAddrResult r = cm::parseIpAddr(input);
    for (const cm::NicInfo &n : r.nics)
        (void)cm::NicInfo::fromJson(n.toJson());
    return 0;
}
