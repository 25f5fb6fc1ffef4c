// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the `ceph status` JSON parser behind the health timeline.
#include "parse/cephstatus.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray in = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    cm::Error e;
    QStringList w;
    const cm::CephHealthSnapshot s = cm::parseCephHealthSnapshot(in, &e, &w);
    if (s.pgsRecovering < 0 || s.pgsScrubbing < 0 || s.pgsBackfilling < 0 || s.pgsDegraded < 0)
        std::abort();
    return 0;
}
