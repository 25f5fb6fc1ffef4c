// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The scaling series of a run (bench/scaling.h) as a bar chart: one group per test,
// one bar per number of clients with the cluster total (MB/s, or IOPS for small
// blocks), its change against one client, and the efficiency per client in the
// group's label (the vendor report's 4/8/12-node view). Pure.
#include "render/chartmodel.h"
#include "report/runcompare.h"

namespace cm::render {

// No groups when the run holds no scaling series.
BarChart buildScalingChart(const RunRecords &r);

} // namespace cm::render
