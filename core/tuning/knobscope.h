// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a knob may change on a node: only what the run uses there (docs/ARCHITECTURE.md
// §12). The kind names the paths and peers (RunnerKind::nodeUse); the node resolves
// them: the block devices under a folder or device (findmnt, lsblk -s), the interface
// the route to each peer leaves by (ip route get) and the interfaces under it (a bond's
// or bridge's members, a VLAN's parent).
#include "bench/runnerkind.h"
#include "model/knob.h"
#include "transport/transport.h"

namespace cm {

struct UsedObjects {
    QStringList devices; // kernel names with a /sys/block entry, nearest first
    QStringList interfaces; // the route's interface first
    QStringList bonds; // those of `interfaces` that are bonds
    QStringList cpuPolicies; // every one (all cores take part)
};

Error resolveUse(Transport &t, const NodeUse &use, UsedObjects *out, const CancelToken &cancel = {});
// The node's settings with their objects checked against what the run uses: an object
// the run does not use is refused; none given takes the one the run uses (a choice
// between several is refused, naming them); "all" policies are expanded.
Error scopeSettings(
    const QString &node, const UsedObjects &used, const QList<KnobSetting> &in, QList<KnobSetting> *out);

} // namespace cm
