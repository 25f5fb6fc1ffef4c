// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: /proc/net/dev parsing and rates between the input's two halves.
// Links clustermark_parse only.
#include "parse/netdev.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray in(reinterpret_cast<const char *>(data), qsizetype(size));
    cm::Error err;
    QStringList w;
    const QList<cm::NetDevStat> a = cm::parseNetDev(in.left(in.size() / 2), &err, &w);
    const QList<cm::NetDevStat> b = cm::parseNetDev(in.mid(in.size() / 2), &err, &w);
    for (const cm::NetDevRate &r : cm::netDevRates(a, b, 1.0, &w)) {
        if (r.rxBytesPerSec < 0 || r.txBytesPerSec < 0 || r.rxPacketsPerSec < 0 || r.txDropPerSec < 0)
            std::abort();
    }
    (void)cm::parseNetDev(in, &err, &w);
    return 0;
}
