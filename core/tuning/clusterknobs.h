// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The cluster's knobs (node "ceph", docs/ARCHITECTURE.md §12), read and written over the
// app's librados connection: a Ceph option (tuning/cephconfigknob) or a cluster-wide OSD
// flag (`osd set` / `osd unset`, read from `osd dump`: "set" or "unset").
// Threading: like the RadosClient, on the thread that connected it.
#include "model/error.h"
#include "model/knob.h"

namespace cm {

class RadosClient;

// The knob's value now; a Ceph option that is not set reads "".
Error readClusterKnob(RadosClient &client, const KnobSetting &s, QString *value);
// Writes value (a Ceph option: "" removes it) and reads it back.
Error writeClusterKnob(RadosClient &client, const KnobSetting &s, const QString &value);
// The same change as a user would type it: "ceph osd set noscrub".
QString clusterKnobCommand(const KnobSetting &s, const QString &value);

} // namespace cm
