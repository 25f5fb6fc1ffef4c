// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The footer of an exported chart from a saved run: the test (plan, kind, date,
// status), its parameters (those shared by every step once, then what varies), a
// cluster summary (nodes, kernel, tool versions, write cache) and the app version.
// Not redacted here: redactChart() covers the whole chart. Pure.
#include "render/chartmodel.h"
#include "report/runcompare.h"

namespace cm::render {

ChartFooter runFooter(const RunRecords &r);
QString runDateText(const RunInfo &r); // "2026-11-30 01:40 UTC" or "–"

} // namespace cm::render
