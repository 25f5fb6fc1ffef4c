// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The bar chart of a comparison: per test its headline figure (MB/s when the test
// moves blocks of 64 KiB or more, else IOPS; per direction; optionally latency p99),
// one bar per run scaled within the group, the value at each bar and the % change
// against the first run, marked when Welch's test finds it significant. The footer
// names the baseline's parameters and cluster and what differs between the runs. Pure.
#include "render/chartmodel.h"
#include "report/runcompare.h"

namespace cm::render {

struct CompareChartOptions {
    bool latency = false; // also a "lat p99" group per test and direction
};

// records: the compared runs in RunCompare::runs order (the footer reads the first).
BarChart buildCompareChart(const RunCompare &c, const QList<RunRecords> &records, const CompareChartOptions &o = {});
// A redactor loaded with every name of the comparison.
void addCompareNames(Redactor &red, const RunCompare &c, const QList<RunRecords> &records);

} // namespace cm::render
