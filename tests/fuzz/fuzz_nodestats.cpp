// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the node monitor's stream decoder, fed in two chunks cut at a
// point taken from the input; rates must stay finite and non-negative, and the node's
// identity holds only usable addresses.
#include "parse/nodestatsdecoder.h"

#include <cmath>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray in(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype cut = size ? qsizetype(data[0]) * qsizetype(size) / 256 : 0;
    cm::NodeStatsDecoder d(QStringLiteral("n"));
    cm::SampleList s = d.feed(in.left(cut), 1.0);
    s += d.feed(in.mid(cut), 2.0);
    s += d.feed(in, 3.0);
    for (const cm::Sample &x : s)
        if (!std::isfinite(x.value) || x.value < 0)
            std::abort();
    if (const auto id = d.takeIdentity())
        for (const QString &a : id->addresses)
            if (a.isEmpty() || !cm::isRemoteAddress(a))
                std::abort(); // only addresses another host could use
    (void)d.takeWarnings();
    return 0;
}
