// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The time-series chart of one saved run: throughput, IOPS and latency (p50 solid,
// p99 dashed) per step and direction over the run's time axis, one legend entry (one
// colour) per step × target × direction. Panels without data are left out. Pure.
#include "render/chartmodel.h"
#include "report/runcompare.h"

namespace cm::render {

TimeChart buildRunChart(const RunRecords &r, const QList<SeriesData> &series);

} // namespace cm::render
