// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Fast path for loading a run's samples: one sequential scan of a rowid range through
// SQLite's C API on the Qt connection's own handle. Through QSqlQuery the same scan
// costs several times more (a QVariant per column per row), and a one-hour run of 64
// series (230k rows) must open in well under 200 ms.
#include "model/error.h"
#include "store/sessionstore.h"

#include <QHash>
#include <QSqlDatabase>

namespace cm {

// Appends samples with rowid in [lo, hi] to out[index[series_id]] in rowid order;
// rows of series not in `index` are skipped. A NULL value reads as NaN.
Error readSampleRange(
    const QSqlDatabase &db, qint64 lo, qint64 hi, const QHash<qint64, qsizetype> &index, QList<SeriesData> &out);

} // namespace cm
