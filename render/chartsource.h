// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Charts straight from the session store, for the CLI and the GUI: loads the run(s),
// builds the chart, and redacts it (host names, IP and MAC addresses) when asked.
// Call on the thread that owns the store.
#include "render/comparechart.h"
#include "render/runchart.h"
#include "render/scalingchart.h"
#include "report/redactor.h"

namespace cm::render {

struct RunChartData {
    RunRecords records;
    TimeChart chart;
};

Error loadRunChart(SessionStore &store, RunId id, bool redact, RunChartData *out);
// A run's scaling series (render/scalingchart.h); an error when the run has none.
Error loadScalingChart(SessionStore &store, RunId id, bool redact, BarChart *out);
// A run's nodes × resources strip (report/runstrip.h); an error when the run watched
// no node or OSD.
Error loadStripChart(SessionStore &store, RunId id, bool redact, StripChart *out);
StripChart buildStripChart(const RunRecords &r, const UsageStrip &strip);
// The runs' records are loaded too (the footer reads the baseline's parameters).
Error loadCompareChart(
    SessionStore &store, const QList<RunId> &ids, bool redact, BarChart *out, const CompareChartOptions &options = {});

} // namespace cm::render
