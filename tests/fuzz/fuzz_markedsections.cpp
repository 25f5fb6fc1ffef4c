// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: splitMarkedSections (probe script output) must never crash or
// hang on any input. Links clustermark_parse only.
#include "parse/markedsections.h"
#include "parse/procparser.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const auto sections = cm::splitMarkedSections(input, QByteArrayLiteral("n"));
    for (const cm::MarkedSection &s : sections) {
        (void)cm::parseCpuinfo(s.body);
        (void)cm::parseMeminfo(s.body);
        (void)cm::parseOsReleasePrettyName(s.body);
    }
    return 0;
}
