// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Schema of the session database, versioned with PRAGMA user_version.
//   1: sessions, runs, steps, series, samples
//   2: runs.last_sample_t (kept by appendSamples, so run lists need not scan samples),
//      runs.owner_token (boot id + process start time: a reused PID is not the owner)
//   3: runs.summary_json (repetition outcome of the run's steps);
//      step_outputs: raw tool output out of the steps rows. Columns stored after a
//      40 MB blob (error, started, finished) cost a walk of its overflow chain on
//      every read of a step: seconds for a one-hour run. steps.raw_output stays, NULL.
//   4: knob_journal: every knob an experiment changed, with its old value, written before
//      the change (tuning/knobjournal.h); experiments and experiment_runs: an
//      experiment's file and which run measured which variant (tuning/experimentstore.h)
#include "model/error.h"

#include <QLoggingCategory>
#include <QSqlDatabase>

Q_DECLARE_LOGGING_CATEGORY(lcStore)

namespace cm::storeschema {

inline constexpr int CurrentVersion = 4;

// PRAGMA user_version; -1 with *error set when the file cannot be read.
int version(const QSqlDatabase &db, Error *error = nullptr);

// Brings an open database from its version up to `target` in one IMMEDIATE
// transaction. A database newer than this build is refused, never touched.
Error migrate(const QSqlDatabase &db, int target = CurrentVersion);

} // namespace cm::storeschema
