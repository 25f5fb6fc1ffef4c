// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: iperf3 -J documents and iperf 2 -y C streams (the input fed to the
// CSV reader in pieces whose sizes come from the input itself). Links clustermark_parse.
#include "parse/iperf2csvreader.h"
#include "parse/iperf3json.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    cm::Error err;
    QStringList w;
    const cm::Iperf3Result r = cm::parseIperf3Json(input, &err, &w);
    (void)r.toolError();
    if (std::isnan(r.receivedBitsPerSecond()))
        std::abort();
    (void)cm::nullifyNonFiniteTokens(input);

    cm::Iperf2CsvReader reader(size > 0 ? data[0] % 5 : 0);
    qsizetype pos = 0;
    int emitted = 0;
    while (pos < input.size()) {
        const qsizetype n = 1 + (uchar(input.at(pos)) % 64);
        for (const cm::Iperf2Interval &in : reader.feed(input.mid(pos, n))) {
            if (in.end < in.start || in.streams.isEmpty())
                std::abort();
            ++emitted;
        }
        pos += n;
    }
    emitted += int(reader.finish().size());
    if (emitted > reader.linesRead())
        std::abort();
    (void)reader.total();
    (void)reader.takeWarnings();
    return 0;
}
