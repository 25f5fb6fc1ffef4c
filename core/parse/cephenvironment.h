// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Ceph environment every Ceph step records (docs/ARCHITECTURE.md §2): the cluster's
// version, its OSDs and flags, scrubbing and the balancer when the step ended, and the
// pool the step used (type, size, EC profile, placement groups, CRUSH rule). Compare
// lists a change in any of them as a difference; the chart footer names the version
// and the pool. Parsers of the mon and mgr replies ("format":"json"): pure, fuzzed
// (fuzz_cephjson), recorded examples in tests/data/ceph/env-*.json.
#include "model/error.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace cm {

struct CephPoolEnvironment {
    QString name;
    bool erasure = false;
    int size = 0;
    int minSize = 0;
    int pgNum = 0;
    QString autoscale; // "on", "off", "warn"
    int crushRuleId = -1;
    QString crushRule; // "replicated_rule: default, host"
    QString deviceClass; // from the rule's root ("default~ssd"): "ssd"
    QString ecProfileName;
    QString ecProfile; // "ec42: k=4 m=2, jerasure, failure domain host"
};

struct CephEnvironment {
    QString version; // "16.2.15 pacific", or "16.2.15 pacific ×6, 17.2.7 quincy ×1"
    int osds = 0, osdsUp = 0, osdsIn = 0;
    QStringList osdFlags; // those that change what a benchmark sees: noscrub, noout, …
    bool flagsKnown = false; // osd dump was read
    QString balancer; // "on (upmap)", "off"; empty when not known
    int scrubbingPgs = 0; // shallow scrubs going on
    int deepScrubbingPgs = 0;
    bool scrubKnown = false;
    QString libradosApi; // "3.0.0": the client library's API version
    QList<CephPoolEnvironment> pools;

    // The step environment's keys: ceph_version, osd_count, osd_flags, balancer,
    // scrubbing, librados_api, and of the first pool pool_type, pool_size,
    // pool_min_size, pg_num, pg_autoscale, ec_profile, crush_rule, crush_device_class
    // (and "pools" when there are several). Unknown values are left out.
    QJsonObject toEnvironment() const;
};

// {"prefix":"versions"}: the "overall" map, shortened.
Error parseCephVersionSummary(const QByteArray &json, QString *version);
// {"prefix":"osd stat"}: OSD counts.
Error parseCephOsdStat(const QByteArray &json, CephEnvironment *env);
// {"prefix":"osd dump"}: the cluster's flags (only those a benchmark notices).
Error parseCephOsdFlags(const QByteArray &json, CephEnvironment *env);
// {"prefix":"status"}: PGs scrubbing and deep-scrubbing now.
Error parseCephScrubbing(const QByteArray &json, CephEnvironment *env);
// mgr {"prefix":"balancer status"}: on or off, and the mode.
Error parseCephBalancer(const QByteArray &json, CephEnvironment *env);
// {"prefix":"osd pool ls","detail":"detail"}: the pool named pool->name; a NotFound-like
// InvalidInput error when it is not there.
Error parseCephPoolEnvironment(const QByteArray &json, CephPoolEnvironment *pool);
// {"prefix":"osd crush rule dump"}: the rule pool->crushRuleId, in words.
Error parseCephCrushRule(const QByteArray &json, CephPoolEnvironment *pool);
// {"prefix":"osd erasure-code-profile get","name":pool->ecProfileName}: in words.
Error parseCephEcProfileText(const QByteArray &json, CephPoolEnvironment *pool);

} // namespace cm
