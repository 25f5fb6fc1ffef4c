// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads the Ceph environment of a step (parse/cephenvironment.h) over a connected
// RadosClient: `versions`, `osd stat`, `osd dump`, `status`, the mgr's `balancer
// status`, and for each pool `osd pool ls detail`, its CRUSH rule and EC profile.
// Threading: on the client's thread (the CephPoller's).
#include "parse/cephenvironment.h"

namespace cm {

class RadosClient;

// What could not be read is left out and named in *problems (one line each).
CephEnvironment probeCephEnvironment(RadosClient &client, const QStringList &pools, QStringList *problems);

} // namespace cm
