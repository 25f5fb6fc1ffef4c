// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the Ceph mon reply parsers must never crash, hang or leak on any
// input. Every parser gets the same bytes, in probe order; the environment parsers keep
// only bounded values. Links clustermark_parse only.
#include "parse/cephenvironment.h"
#include "parse/cephjson.h"
#include "parse/cephplacement.h"

#include <cstdlib>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    cm::CephInventory inv;
    (void)cm::parseCephStatus(input, &inv);
    (void)cm::parseCephHealth(input, &inv);
    (void)cm::parseCephVersions(input, &inv);
    (void)cm::parseCephOsdTree(input, &inv);
    (void)cm::parseCephOsdDf(input, &inv);
    (void)cm::parseCephPools(input, &inv);
    (void)cm::parseCephEcProfile(input, QStringLiteral("ec21"), &inv);
    (void)cm::parseCephFsDump(input, &inv);
    (void)cm::parseCephServiceDump(input, &inv);
    (void)cm::CephInventory::fromJson(inv.toJson());
    // A step's Ceph environment: every value it keeps is bounded.
    cm::CephEnvironment env;
    cm::CephPoolEnvironment pool;
    pool.name = QStringLiteral("ecpool");
    (void)cm::parseCephVersionSummary(input, &env.version);
    (void)cm::parseCephOsdStat(input, &env);
    (void)cm::parseCephOsdFlags(input, &env);
    (void)cm::parseCephScrubbing(input, &env);
    (void)cm::parseCephBalancer(input, &env);
    if (!cm::parseCephPoolEnvironment(input, &pool)) {
        pool.crushRuleId = pool.crushRuleId < 0 ? 0 : pool.crushRuleId;
        (void)cm::parseCephCrushRule(input, &pool);
        (void)cm::parseCephEcProfileText(input, &pool);
        env.pools << pool;
    }
    if (env.osdFlags.size() > 13 || pool.crushRule.size() > 200 || pool.ecProfile.size() > 400 || env.scrubbingPgs < 0
        || env.deepScrubbingPgs < 0)
        abort();
    (void)env.toEnvironment();
    // A temporary pool's checks: counts never negative, never more domains than OSDs.
    cm::CephPlacementCapacity cap;
    if (!cm::parseCephPlacementCapacity(input, QStringLiteral("host"), QString(), &cap)
        && (cap.osds < 0 || cap.domains < 0))
        abort();
    QList<cm::CephFsPools> fsPools;
    if (!cm::parseCephFsPools(input, &fsPools) && fsPools.size() > 256)
        abort();
    cm::CephPgActivity pgs;
    if (!cm::parseCephPgActivity(input, &pgs) && (pgs.active < 0 || pgs.active > pgs.total))
        abort();
    return 0;
}
