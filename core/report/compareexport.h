// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Exports of a RunCompare: Markdown and BBCode tables for forum posts (mean ± standard
// deviation per run, % change against the first run, Welch p, a significance mark,
// the differences between the runs), CSV with raw figures in base units, and JSON.
// Redaction (Redactor over RunCompare::hostNames) covers the whole text. Pure.
#include "report/runcompare.h"
#include "report/texttable.h"

namespace cm {

TextTable compareTable(const RunCompare &c); // display values
TextTable compareCsvTable(const RunCompare &c); // raw values, one row per test × figure
// CrystalText is not a compare format: it gives an empty string.
QString compareExport(const RunCompare &c, ExportFormat format, bool redact);

} // namespace cm
