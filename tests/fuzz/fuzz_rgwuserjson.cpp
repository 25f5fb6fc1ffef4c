// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the radosgw-admin user JSON parser must never crash, hang or leak,
// and on success must return a user with a non-empty access and secret key. Links
// clustermark_parse only.
#include "parse/rgwuserjson.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    cm::RgwUserKeys keys;
    const cm::Error e = cm::parseRgwUserJson(input, &keys);
    if (!e && (keys.userId.isEmpty() || keys.accessKey.isEmpty() || keys.secretKey.isEmpty() || keys.keyCount < 1))
        __builtin_trap();
    if (e && e.message.isEmpty())
        __builtin_trap();
    return 0;
}
