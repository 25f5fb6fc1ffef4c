// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Loads and prepares a comparison for the Compare tab. Runs on a worker thread
// (QtConcurrent) with its own SessionStore connection (docs/ARCHITECTURE.md §4: the UI thread
// never reads the database); returns plain values. Series are split by repetition,
// put on the test's own time axis and decimated here, not on the UI thread.
#include "compare/comparedata.h"

namespace cm::ui {

// `columns`: the plot width in pixels the overlay will have (min/max kept per column).
CompareData loadCompareData(const QString &storePath, const QList<RunId> &ids, int columns = 1200);

// The test's metrics in display order: fio figures first, then node metrics by name.
QStringList orderedMetrics(const QStringList &metrics);

} // namespace cm::ui
