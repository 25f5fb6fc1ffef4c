// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the session file decoder must never crash, hang or leak on any
// input, and whatever it accepts must survive encode → decode unchanged (the encoded
// bytes of the second pass equal those of the first). Links clustermark_parse only.
#include "parse/sessionfilecodec.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    (void)cm::sessionfile::looksLikeSessionFile(input);
    cm::SessionFileData decoded;
    if (cm::sessionfile::decode(input, &decoded))
        return 0;
    const QByteArray once = cm::sessionfile::encode(decoded);
    cm::SessionFileData again;
    if (cm::sessionfile::decode(once, &again))
        abort(); // the encoder wrote something its own decoder refuses
    if (cm::sessionfile::encode(again) != once)
        abort(); // a value changed on the way through
    return 0;
}
