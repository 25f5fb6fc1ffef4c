// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the "osd map", "osd metadata", "osd perf", "osd pool stats" and
// "fs ls" reply parsers must never crash, hang or leak on any input. Links clustermark_parse only.
#include "parse/cephcounters.h"
#include "parse/cephosdmap.h"
#include "stats/osdoutliers.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    cm::CephObjectMap map;
    cm::CephOsdMetadata md;
    const bool mapped = !cm::parseCephObjectMap(input, &map);
    const bool described = !cm::parseCephOsdMetadata(input, &md);
    if (mapped || described) {
        // Feed what was parsed through the outlier rule too (ids and counts from the input).
        QList<cm::OsdLatencyPoint> points;
        for (int id : map.up + map.acting)
            points << cm::OsdLatencyPoint {id, md.deviceType, double(id) * 1000.0, quint64(id < 0 ? 0 : id)};
        (void)cm::OsdOutliers::judge(points);
    }
    QList<cm::CephOsdPerf> perf;
    QList<cm::CephPoolIoRate> pools;
    QList<cm::CephOsdMetadata> osds;
    (void)cm::parseCephOsdPerf(input, &perf);
    (void)cm::parseCephPoolIoRates(input, &pools);
    (void)cm::parseCephOsdMetadataList(input, &osds);
    QStringList dataPools;
    (void)cm::parseCephFsDataPools(input, QString(), &dataPools);
    (void)cm::parseCephFsDataPools(input, QStringLiteral("cephfs"), &dataPools);
    return 0;
}
