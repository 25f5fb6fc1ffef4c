// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The nodes × resources strip of a saved run (report/usagestrip.h): its node and OSD
// samples, its steps on the run's time axis, each step's bottleneck (the summary's,
// the cluster total's when there is one) framed on its row over the step, and the
// OSDs' places from the run summary's `ceph_osds`. Pure.
#include "report/runcompare.h"
#include "report/usagestrip.h"

namespace cm {

UsageStrip runUsageStrip(const RunRecords &r, const QJsonObject &runSummary, const QList<SeriesData> &series);

} // namespace cm
