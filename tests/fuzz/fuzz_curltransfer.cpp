// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: curl's per-request write-out lines (the S3 curl engine's input from
// the nodes), whole and cut in two at a point the input chooses. Links clustermark_parse only.
#include "parse/curltransfer.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    cm::CurlTransferStream whole;
    QList<cm::CurlTransfer> a = whole.feed(input);
    a += whole.finish();
    const qsizetype cut = size ? qsizetype(data[0]) % qsizetype(size) : 0;
    cm::CurlTransferStream parts;
    QList<cm::CurlTransfer> b = parts.feed(input.left(cut));
    b += parts.feed(input.mid(cut));
    b += parts.finish();
    if (a.size() != b.size() && input.size() < 4096)
        std::abort(); // a cut must not change what short inputs say
    for (const cm::CurlTransfer &t : a)
        if (t.firstByteNs > t.totalNs || t.status < 0 || t.status > 999)
            std::abort();
    return 0;
}
