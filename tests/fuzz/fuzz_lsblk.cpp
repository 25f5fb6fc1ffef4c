// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: parseLsblk must never crash, hang or leak on any input.
// Links clustermark_parse only.
#include "parse/lsblkparser.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const cm::LsblkResult r = cm::parseLsblk(input);
    // Round trip through the value type's JSON as well.
    for (const cm::BlockDevice &d : r.devices)
        (void)cm::BlockDevice::fromJson(d.toJson());
    return 0;
}
