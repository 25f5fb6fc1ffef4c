// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Exports of one run besides runMarkdown (Markdown) and SessionStore::runToJson (JSON):
// the same summary table as BBCode (plus an operations table for CephFS metadata and S3
// HEAD/DELETE/LIST steps), CSV with raw figures (one row per step, base units, then one
// row per such operation with its "op" column set), and a CrystalDiskMark-style text
// block for disk-fio runs. Pure.
#include "model/error.h"
#include "model/ratewords.h"
#include "report/runcompare.h"
#include "report/texttable.h"

namespace cm {

// A kind's rate words (IOPS, requests/s; Read/Write, GET/PUT); the defaults for an
// unknown kind.
RateWords rateWordsOf(const QString &kindId);
// "Read MB/s", "Read IOPS", "Write MB/s", "Write IOPS" in the kind's words ("GET
// requests/s").
QStringList figureHeaders(const RateWords &w);

TextTable runTable(const RunRecords &r); // Test | Node | Read MB/s | … | Lat p99
TextTable runOperationsTable(const RunRecords &r); // Test | Node | Operation | Ops/s | Count | Lat p50 | Lat p99
TextTable runCsvTable(const RunRecords &r);
// One line on the "(total)" rows of a run from several clients: what they sum, how the
// latency was merged, the largest start spread, and clients not counted; empty when the
// run has no total.
QString clusterTotalNote(const QList<StepRecord> &steps);
// CrystalDiskMark's layout: per node "[Read]" then "[Write]", one line per test
// ("  SEQ1M Q8T1    1234.56 MB/s [  1177.4 IOPS] <  6789.12 us>"), the label taken
// from the step parameters (rw, bs, iodepth, numjobs), values the mean over the
// repetitions, latency the mean completion latency. disk-fio runs only.
QString runCrystalText(const RunRecords &r, Error *error = nullptr);
// Markdown (runMarkdown), BBCode, CSV, CrystalText; JSON needs the store
// (SessionStore::runToJson) and gives an empty string here.
QString runExport(const RunRecords &r, ExportFormat format, bool redact, Error *error = nullptr);

} // namespace cm
